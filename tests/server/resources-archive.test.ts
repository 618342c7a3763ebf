/**
 * A Shapefile zip is inspected before anything opens it (src/server/uploads/archive.ts), over real
 * HTTP to a real server process: a zip bomb (a few hundred kB holding 256 MiB of zeros, generated
 * as it is sent) ends its task FAILURE naming the limit, with the serving process's memory growing
 * by less than 100 MB; so does an entry expanding more than 100:1, and a zip without .shp/.shx/.dbf;
 * a real Shapefile zip goes through. Names leaving the folder and symbolic links are refused too.
 */
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../schemas/scenarios.ts';
import { createPool, type Db } from '../../src/server/db/pool.ts';
import { ArchiveError, checkShapefileEntries, inspectArchive } from '../../src/server/uploads/archive.ts';
import { createTestDatabase, TEST_DEMO_PASSWORD } from './helpers.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const MiB = 1024 * 1024;
const ARCHIVE_MAX_BYTES = 64 * MiB;
const BOUNDARY = '----publisharchive';
const ZEROS = Buffer.alloc(MiB);

let db: Db;
let drop: () => Promise<void>;
let dataDir: string;
let server: ServerProcess;
let authorization: string;
let scenarios: Record<string, number>;
let group: number;
let shp: number;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createPool(database.url);
  dataDir = mkdtempSync(path.join(tmpdir(), 'publish-archive-'));
  server = await startServerProcess({ databaseUrl: database.url, dataDir, env: { ARCHIVE_MAX_BYTES: String(ARCHIVE_MAX_BYTES) } });
  const signin = await fetch(`${server.origin}/fr/login/signin/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'editor', password: TEST_DEMO_PASSWORD }),
  });
  authorization = `JWT ${((await signin.json()) as { token: string }).token}`;
  scenarios = Object.fromEntries((await db.query('SELECT id, codename FROM scenarios')).rows.map((row) => [row.codename, row.id]));
  group = (await db.query("SELECT id FROM usergroups WHERE slug = 'metropole-cote-azurine'")).rows[0].id;
  shp = (await db.query("SELECT id FROM data_formats WHERE codename = 'shp'")).rows[0].id;
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await db?.end();
  await drop?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function api(method: string, url: string, body?: object): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.origin}${url}`, {
    method,
    headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** `bytes` zeros, made as they are read. */
function zeros(bytes: number): Readable {
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < bytes; sent += ZEROS.length) yield ZEROS.subarray(0, Math.min(ZEROS.length, bytes - sent));
    })(),
  );
}

type Entry = [name: string, content: Buffer | Readable];

/** A zip of the entries (deflated), written as it is read. */
function zip(entries: Entry[]): Readable {
  const file = new yazl.ZipFile();
  for (const [name, content] of entries) {
    if (Buffer.isBuffer(content)) file.addBuffer(content, name);
    else file.addReadStream(content, name);
  }
  file.end();
  return file.outputStream as Readable;
}

/** A new file-upload resource in Shapefile format; answers its source's id. */
async function shapefileSource(name: string): Promise<number> {
  const resource = await api('POST', '/fr/resource/resources/', { display_name: name, type: 'file-upload', usergroup_id: group });
  expect(resource.status, JSON.stringify(resource.body)).toBe(201);
  const source = await api('POST', '/fr/resource/file-upload/', { resource_id: resource.body.id, dataformat_id: shp });
  expect(source.status, JSON.stringify(source.body)).toBe(201);
  return source.body.id as number;
}

/** Uploads the zip over real HTTP in a multipart body, streamed. */
function upload(sourceId: number, filename: string, content: Readable): Promise<{ status: number; body: Record<string, unknown> }> {
  async function* body() {
    yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/zip\r\n\r\n`);
    for await (const chunk of content) yield chunk as Buffer;
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.origin}/fr/resource/file-upload/${sourceId}/file/`, {
      method: 'PUT',
      headers: { authorization, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }));
    });
    request.on('error', reject);
    Readable.from(body()).pipe(request);
  });
}

/** Runs the source's create scenario and waits for its end. */
async function create(sourceId: number): Promise<Task> {
  const started = await api('POST', `/fr/resource/file-upload/${sourceId}/_scenarios/${scenarios['create-file-upload']}/run/?asynchrone=true`, {});
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  for (let i = 0; i < 600; i += 1) {
    const task = (await api('GET', `/fr/dashboard/task-queue-track/${started.body.id}/`)).body as unknown as Task;
    if (['SUCCESS', 'FAILURE', 'REVOKED'].includes(task.status)) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the task did not end');
}

async function currentFile(sourceId: number) {
  return (await db.query('SELECT storage_key, pending_key FROM resource_sources WHERE id = $1', [sourceId])).rows[0];
}

const SHAPEFILE: Entry[] = [
  ['couche/arrets.shp', Buffer.concat([Buffer.from([0x00, 0x00, 0x27, 0x0a]), Buffer.alloc(96, 7)])],
  ['couche/arrets.shx', Buffer.concat([Buffer.from([0x00, 0x00, 0x27, 0x0a]), Buffer.alloc(96, 3)])],
  ['couche/arrets.dbf', Buffer.from('\u0003 arrets dbf '.repeat(20))],
  ['couche/arrets.prj', Buffer.from('GEOGCS["WGS 84"]')],
];

describe('Shapefile archives', () => {
  it('refuses a zip bomb from its central directory, naming the limit, in bounded memory', async () => {
    const sourceId = await shapefileSource('Bombe');
    const before = server.rss();
    server.resetPeakRss();
    const uploaded = await upload(sourceId, 'bombe.zip', zip([['arrets.shp', zeros(256 * MiB)], ...SHAPEFILE.slice(1)]));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.size as number).toBeLessThan(1 * MiB);
    const task = await create(sourceId);
    const growth = server.peakRss() - before;
    console.log(`zip bomb of ${uploaded.body.size} bytes: server peak RSS ${(server.peakRss() / MiB).toFixed(0)} MB, ${(growth / MiB).toFixed(0)} MB over before`);
    expect(task).toMatchObject({
      status: 'FAILURE',
      error: `Une fois décompressé, le contenu de l'archive dépasserait la limite de ${ARCHIVE_MAX_BYTES} octets : elle est refusée.`,
    });
    expect(growth).toBeLessThan(100 * MiB);
    // Refused, the upload is dropped: nothing became the resource's file.
    expect(await currentFile(sourceId)).toEqual({ storage_key: null, pending_key: null });
  }, 120_000);

  it('refuses an entry that expands more than 100 times, under the size limit', async () => {
    const sourceId = await shapefileSource('Compressée');
    expect((await upload(sourceId, 'couche.zip', zip([['arrets.shp', zeros(16 * MiB)], ...SHAPEFILE.slice(1)]))).status).toBe(200);
    expect(await create(sourceId)).toMatchObject({
      status: 'FAILURE',
      error: "Le fichier « arrets.shp » de l'archive se décompresse en plus de 100 fois sa taille compressée : l'archive est refusée comme possible bombe zip.",
    });
  }, 60_000);

  it('refuses a zip that holds no Shapefile, and takes one that does', async () => {
    const other = await shapefileSource('Sans couche');
    expect((await upload(other, 'donnees.zip', zip([['donnees.csv', Buffer.from('a;b\n1;2\n')], ['arrets.dbf', Buffer.from('dbf')]]))).status).toBe(200);
    expect(await create(other)).toMatchObject({
      status: 'FAILURE',
      error: "L'archive n'est pas un Shapefile : elle ne contient aucun fichier .shp accompagné de ses fichiers .shx et .dbf de même nom.",
    });

    // A real Shapefile, which the datastore then loads (a fake one would be refused by GDAL).
    const good = await shapefileSource('Arrêts');
    const real = readFileSync(fileURLToPath(new URL('../fixtures/geo/districts-l93.zip', import.meta.url)));
    expect((await upload(good, 'arrets.zip', Readable.from([real]))).status).toBe(200);
    expect(await create(good)).toMatchObject({ status: 'SUCCESS' });
    expect((await currentFile(good)).storage_key).toEqual(expect.any(String));
  }, 60_000);
});

describe('archive inspection', () => {
  /** Writes the zip of the entries to a file; `rename` changes names in place (same length), as a hostile tool would. */
  async function zipFile(entries: Entry[], options: { rename?: [string, string]; symlink?: string } = {}): Promise<string> {
    const file = new yazl.ZipFile();
    for (const [name, content] of entries) file.addBuffer(content as Buffer, name, name === options.symlink ? { mode: 0o120777 } : {});
    file.end();
    const chunks: Buffer[] = [];
    for await (const chunk of file.outputStream) chunks.push(chunk as Buffer);
    let bytes = Buffer.concat(chunks);
    if (options.rename) {
      const [from, to] = options.rename.map((name) => Buffer.from(name));
      let at = bytes.indexOf(from);
      while (at !== -1) {
        to.copy(bytes, at);
        at = bytes.indexOf(from, at + 1);
      }
      bytes = Buffer.from(bytes);
    }
    const target = path.join(dataDir, `inspect-${Math.random().toString(36).slice(2)}.zip`);
    writeFileSync(target, bytes);
    return target;
  }
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof ArchiveError ? [error.code, error.params] : error));

  it('refuses names leaving the folder, absolute names and symbolic links; counts entries', async () => {
    const shape = SHAPEFILE.slice(0, 3);
    expect(await refusal(inspectArchive(await zipFile([...shape, ['xx/xx/passwd', Buffer.from('x')]], { rename: ['xx/xx/', '../../'] }), { maxBytes: MiB }))).toEqual([
      'archive.unsafeName',
      { name: '../../passwd' },
    ]);
    expect(await refusal(inspectArchive(await zipFile([...shape, ['xetc/passwd', Buffer.from('x')]], { rename: ['xetc/', '/etc/'] }), { maxBytes: MiB }))).toEqual([
      'archive.unsafeName',
      { name: '/etc/passwd' },
    ]);
    expect(await refusal(inspectArchive(await zipFile([...shape, ['lien', Buffer.from('/etc/passwd')]], { symlink: 'lien' }), { maxBytes: MiB }))).toEqual([
      'archive.symlink',
      { name: 'lien' },
    ]);
    expect(await refusal(inspectArchive(await zipFile(shape), { maxBytes: MiB, maxEntries: 2 }))).toEqual(['archive.tooManyEntries', { max: 2 }]);
    const entries = await inspectArchive(await zipFile(SHAPEFILE), { maxBytes: MiB });
    expect(entries.map((entry) => entry.name)).toEqual(SHAPEFILE.map(([name]) => name));
    expect(() => checkShapefileEntries(entries)).not.toThrow();
    expect(await refusal(inspectArchive(path.join(dataDir, 'missing.zip'), { maxBytes: MiB }))).toMatchObject({ code: 'ENOENT' });
  });
});
