/**
 * Hostile uploads: multipart bodies that try to make the server buffer without bound (many or
 * large fields, many parts, oversize files, several at once over real HTTP), and images that are
 * not what their first bytes say (huge dimensions, bytes appended, metadata, damaged data).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupIds, multipart, TINY_PDF, TINY_PNG } from './accounts-helpers.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: SignedIn;
let g: Record<string, number>;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  g = await groupIds(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

const MiB = 1024 * 1024;
const thumbnailPath = () => `/en/usergroup/user-groups/${g['reseau-des-geomaticiens']}/thumbnail/`;
const conventionPath = () => `/fr/organisation/organisations/${g['region-sud-mediterranee']}/convention/`;

interface HostileBody {
  fields?: number;
  fieldBytes?: number;
  /** The file part (field `file`), after the fields. */
  file?: { bytes: number; head?: Buffer };
}

const BOUNDARY = '----publishhostile';
const FILLER = Buffer.alloc(64 * 1024, 'a');

/** Yields a multipart body piece by piece, so the test never holds it whole. */
function* hostileBody({ fields = 0, fieldBytes = 0, file }: HostileBody): Generator<Buffer> {
  for (let index = 0; index < fields; index++) {
    yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="field${index}"\r\n\r\n`);
    for (let sent = 0; sent < fieldBytes; sent += FILLER.length) yield FILLER.subarray(0, Math.min(FILLER.length, fieldBytes - sent));
    yield Buffer.from('\r\n');
  }
  if (file) {
    yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`);
    const head = file.head ?? Buffer.alloc(0);
    yield head;
    for (let sent = head.length; sent < file.bytes; sent += FILLER.length) yield FILLER.subarray(0, Math.min(FILLER.length, file.bytes - sent));
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

function bodyLength(body: HostileBody): number {
  let length = 0;
  for (const piece of hostileBody(body)) length += piece.length;
  return length;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

/** Sends a streamed body over real HTTP (chunked unless declareLength) and resolves with the answer. */
function send(path: string, body: HostileBody, { declareLength = false } = {}): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${path}`, {
      method: 'PUT',
      headers: {
        ...admin.jwtHeaders,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(declareLength ? { 'content-length': String(bodyLength(body)) } : {}),
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: response.statusCode!, body: JSON.parse(text) as Record<string, unknown>, ms: Date.now() - started });
      });
    });
    // The server may answer and stop reading before the whole body is sent.
    request.on('error', reject);
    Readable.from(hostileBody(body)).pipe(request);
  });
}

describe('multipart uploads are read in bounded memory', () => {
  it('refuses hundreds of large fields before the file quickly, whether the length is declared or not', async () => {
    const hostile = { fields: 300, fieldBytes: 256 * 1024, file: { bytes: 100, head: TINY_PNG } };
    const streamed = await send(thumbnailPath(), hostile);
    expect(streamed.status).toBe(413);
    expect(streamed.body).toEqual({ detail: 'The upload holds too many parts: send the file alone.' });
    expect(streamed.ms).toBeLessThan(5000);

    const declared = await send(thumbnailPath(), hostile, { declareLength: true });
    expect(declared.status).toBe(400);
    expect(declared.body).toEqual({ file: ['The image must not exceed 2 MB.'] });
    expect(declared.ms).toBeLessThan(5000);
  });

  it('refuses too many parts, even small ones', async () => {
    const answer = await send(conventionPath(), { fields: 50, fieldBytes: 10, file: { bytes: TINY_PDF.length, head: TINY_PDF } });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ detail: "L'envoi contient trop de parties : envoyez le fichier seul." });
  });

  it('refuses an oversize file as soon as it goes over the limit of its route', async () => {
    const image = await send(thumbnailPath(), { file: { bytes: 50 * MiB, head: TINY_PNG } });
    expect(image).toMatchObject({ status: 400, body: { file: ['The image must not exceed 2 MB.'] } });
    const pdf = await send(conventionPath(), { file: { bytes: 11 * MiB, head: TINY_PDF } });
    expect(pdf).toMatchObject({ status: 400, body: { file: ['Le fichier ne doit pas dépasser 10 Mo.'] } });
    // Under its own limit, a 3 MB PDF is accepted where an image of that size is not.
    const accepted = await send(conventionPath(), { file: { bytes: 3 * MiB, head: TINY_PDF } });
    expect(accepted.status).toBe(200);
  });

  it('answers a clean 400 for a body without the file', async () => {
    const put = (payload: string | Buffer | object, contentType?: string, locale = 'en') =>
      t.app.inject({
        method: 'PUT',
        url: thumbnailPath().replace('/en/', `/${locale}/`),
        headers: { ...admin.jwtHeaders, ...(contentType ? { 'content-type': contentType } : {}) },
        payload,
      });
    const missing = { file: ['No file was submitted.'] };

    const json = await put({ file: 'x' });
    expect([json.statusCode, json.json()]).toEqual([400, missing]);
    const otherName = multipart(TINY_PNG, 'logo.png', { field: 'image' });
    const renamed = await put(otherName.payload, otherName.headers['content-type']);
    expect([renamed.statusCode, renamed.json()]).toEqual([400, missing]);
    const onlyFields = await put(`--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n`, 'multipart/form-data; boundary=x');
    expect([onlyFields.statusCode, onlyFields.json()]).toEqual([400, missing]);
    const empty = await put('', 'multipart/form-data; boundary=x');
    expect([empty.statusCode, empty.json()]).toEqual([400, missing]);

    const bigJson = await put({ file: 'x'.repeat(2 * MiB) }, undefined, 'fr');
    expect([bigJson.statusCode, bigJson.json()]).toEqual([413, { detail: 'La requête est trop volumineuse.' }]);

    const noBoundary = await put('--x--\r\n', 'multipart/form-data', 'it');
    expect([noBoundary.statusCode, noBoundary.json()]).toEqual([400, { file: ["Non è stato possibile leggere l'invio."] }]);
    const cut = await put(`--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${'z'.repeat(100)}`, 'multipart/form-data; boundary=x');
    expect(cut.statusCode).toBe(400);
  });

  it("answers a clean 400 at once for a resource's file cut before its closing boundary, and leaves no upload running", async () => {
    const call = (method: 'POST' | 'PUT', url: string, payload: object | string, contentType?: string) =>
      t.app.inject({ method, url, headers: { ...admin.jwtHeaders, ...(contentType ? { 'content-type': contentType } : {}) }, payload });
    const csv = (await t.db.query<{ id: number }>("SELECT id FROM data_formats WHERE codename = 'csv'")).rows[0].id;
    const resource = (await call('POST', '/en/resource/resources/', { codename: 'coupe', display_name: 'Coupé', usergroup_id: g['region-sud-mediterranee'] })).json<{ id: number }>();
    const source = (await call('POST', '/en/resource/file-upload/', { resource_id: resource.id, dataformat_id: csv })).json<{ id: number }>();
    const cut = call('PUT', `/en/resource/file-upload/${source.id}/file/`, `--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nnom;x\nA;1\n`, 'multipart/form-data; boundary=x');
    const answer = await Promise.race([cut, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))]);
    expect(answer?.statusCode).toBe(400);
    expect(answer?.json()).toEqual({ file: ['The upload could not be read.'] });
    const { rows } = await t.db.query("SELECT status FROM task_queue_track WHERE object_class = 'resource' AND object_id = $1", [resource.id]);
    expect(rows.map((row) => row.status)).not.toContain('STARTED');
  });

  it('keeps the memory bounded under five concurrent hostile uploads, and still answers afterwards', async () => {
    const peak = { rss: process.memoryUsage().rss };
    const before = peak.rss;
    const sampler = setInterval(() => {
      peak.rss = Math.max(peak.rss, process.memoryUsage().rss);
    }, 20);
    let answers: Answer[];
    try {
      answers = await Promise.all(
        Array.from({ length: 5 }, () => send(thumbnailPath(), { fields: 200, fieldBytes: 512 * 1024, file: { bytes: 100, head: TINY_PNG } })),
      );
      // Let the server drop what the clients were still sending.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      clearInterval(sampler);
    }
    // 5 × 100 MB were sent; what the server kept of them must stay small.
    expect((peak.rss - before) / MiB).toBeLessThan(150);
    expect(answers.map((answer) => answer.status)).toEqual([413, 413, 413, 413, 413]);

    expect((await fetch(`${origin}/health`)).status).toBe(200);
    const logo = await send(thumbnailPath(), { file: { bytes: TINY_PNG.length, head: TINY_PNG } });
    expect(logo.status).toBe(200);
  });
});

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A one-colour black-and-white PNG of any size: a 20000×20000 one is about 50 KB. */
function solidPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = zlib.deflateSync(Buffer.alloc((1 + Math.ceil(width / 8)) * height), { level: 9 });
  return Buffer.concat([TINY_PNG.subarray(0, 8), pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Inserts a chunk right after IHDR (signature 8 bytes + IHDR 25 bytes). */
function withChunk(png: Buffer, chunk: Buffer): Buffer {
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
}

describe('images are decoded, bounded and re-encoded', () => {
  const upload = (bytes: Buffer, filename: string, locale = 'en') => {
    const body = multipart(bytes, filename, { type: 'image/png' });
    return t.app.inject({ method: 'PUT', url: thumbnailPath().replace('/en/', `/${locale}/`), headers: { ...admin.jwtHeaders, ...body.headers }, payload: body.payload });
  };
  const stored = async () => {
    const response = await t.app.inject({ url: thumbnailPath(), headers: admin.jwtHeaders });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  it('refuses an image over 4096 × 4096 pixels, however small its file', async () => {
    const huge = solidPng(20000, 20000);
    expect(huge.length).toBeLessThan(2 * MiB);
    const en = await upload(huge, 'huge.png');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ file: ['The image must not exceed 4096 × 4096 pixels.'] });
    const fr = await upload(solidPng(5000, 10), 'wide.png', 'fr');
    expect(fr.json()).toEqual({ file: ["L'image ne doit pas dépasser 4096 × 4096 pixels."] });
    const it_ = await upload(solidPng(10, 4097), 'tall.png', 'it');
    expect(it_.json()).toEqual({ file: ["L'immagine non deve superare 4096 × 4096 pixel."] });
    expect((await upload(solidPng(4096, 4096), 'max.png')).statusCode).toBe(200);
  });

  it('stores a JPEG without what was appended after its end or its metadata', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'EXIF-SECRET-OWNER' } } })
      .toBuffer();
    expect(jpeg.includes('EXIF-SECRET-OWNER')).toBe(true);
    const payload = Buffer.concat([jpeg, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const response = await upload(payload, 'photo.jpg');
    expect(response.statusCode).toBe(200);
    const bytes = await stored();
    expect(bytes.includes('<script>')).toBe(false);
    expect(bytes.includes('EXIF-SECRET-OWNER')).toBe(false);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
  });

  it('stores a PNG without its text chunks or EXIF', async () => {
    const png = await sharp({ create: { width: 16, height: 8, channels: 4, background: '#ff000080' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'EXIF-SECRET-OWNER' } } })
      .toBuffer();
    const tagged = withChunk(png, pngChunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>', 'latin1')));
    expect(tagged.includes('<script>')).toBe(true);
    expect((await upload(tagged, 'logo.png')).statusCode).toBe(200);
    const bytes = await stored();
    expect(bytes.includes('<script>')).toBe(false);
    expect(bytes.includes('EXIF-SECRET-OWNER')).toBe(false);
    expect(bytes.includes('tEXt')).toBe(false);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 16, height: 8 });
  });

  it('refuses a damaged or truncated image with a valid signature', async () => {
    const noise = await sharp(Buffer.from(Array.from({ length: 64 * 64 * 3 }, (_, index) => (index * 7919) % 251)), { raw: { width: 64, height: 64, channels: 3 } })
      .png()
      .toBuffer();
    const truncated = await upload(noise.subarray(0, Math.floor(noise.length * 0.6)), 'cut.png', 'fr');
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({ file: ["L'image est illisible : le fichier est endommagé ou incomplet."] });
    const signatureOnly = await upload(Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.from('garbage after the signature')]), 'fake.png');
    expect(signatureOnly.statusCode).toBe(400);
    expect(signatureOnly.json()).toEqual({ file: ['The image cannot be read: the file is damaged or incomplete.'] });
  });
});
