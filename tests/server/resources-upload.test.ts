/**
 * A 2 GB resource upload over real HTTP to a real server process goes to disk as it arrives: the
 * file is generated as it is sent (never held whole, never written as a fixture), the serving
 * process's peak resident memory (VmHWM, counted from the upload's start: start-up peaks higher,
 * before the server listens) stays under 200 MB, the stored file is the whole file,
 * and it is removed at the end.
 */
import http from 'node:http';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool, type Db } from '../../src/server/db/pool.ts';
import { storagePath } from '../../src/server/storage/disk.ts';
import { createTestDatabase, TEST_DEMO_PASSWORD } from './helpers.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const MiB = 1024 * 1024;
const FILE_BYTES = 2048 * MiB;
const BOUNDARY = '----publishresource';
const ROW = Buffer.from('12345;Relevé du compteur;7.2619;43.7045\n'.repeat(1600));

let db: Db;
let drop: () => Promise<void>;
let dataDir: string;
let server: ServerProcess;
let headers: Record<string, string>;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  db = createPool(database.url);
  dataDir = mkdtempSync(path.join(tmpdir(), 'publish-upload-'));
  // The platform's own schedules (quality, links) may fall due while the tests run: not during this
  // one, whose measure is the memory of the upload alone.
  await db.query("UPDATE scenario_execution_frequencies SET next_run_at = now() + interval '1 day'");
  server = await startServerProcess({ databaseUrl: database.url, dataDir });
  const signin = await fetch(`${server.origin}/fr/login/signin/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'editor', password: TEST_DEMO_PASSWORD }),
  });
  headers = { authorization: `JWT ${((await signin.json()) as { token: string }).token}`, 'content-type': 'application/json' };
});
afterAll(async () => {
  await server?.stop();
  await db?.end();
  await drop?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A CSV of `bytes` bytes (and a header line) in a multipart body, made piece by piece as it is sent. */
function* csvBody(bytes: number): Generator<Buffer> {
  yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="releves.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  yield Buffer.from('id;nom;x;y\n');
  for (let sent = 0; sent < bytes; sent += ROW.length) yield ROW.subarray(0, Math.min(ROW.length, bytes - sent));
  yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
}

async function post(url: string, body: object): Promise<{ id: number }> {
  const response = await fetch(`${server.origin}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: number };
}

it('streams a 2 GB CSV to disk with the server growing by less than 64 MB, then removes it', async () => {
  const group = (await db.query("SELECT id FROM usergroups WHERE slug = 'metropole-cote-azurine'")).rows[0].id;
  const csv = (await db.query("SELECT id FROM data_formats WHERE codename = 'csv'")).rows[0].id;
  const resource = await post('/fr/resource/resources/', { display_name: 'Relevés', type: 'file-upload', usergroup_id: group });
  const source = await post('/fr/resource/file-upload/', { resource_id: resource.id, dataformat_id: csv });

  const before = server.rss();
  const startupPeak = server.peakRss();
  server.resetPeakRss();
  const started = performance.now();
  const answer = await new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const request = http.request(`${server.origin}/fr/resource/file-upload/${source.id}/file/`, {
      method: 'PUT',
      headers: { authorization: headers.authorization, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }));
    });
    request.on('error', reject);
    Readable.from(csvBody(FILE_BYTES)).pipe(request);
  });
  const seconds = (performance.now() - started) / 1000;
  const peak = server.peakRss();
  console.log(`2 GB upload: ${seconds.toFixed(1)} s (${(FILE_BYTES / MiB / seconds).toFixed(0)} MB/s), server peak RSS ${(peak / MiB).toFixed(0)} MB (${(before / MiB).toFixed(0)} MB before, ${(startupPeak / MiB).toFixed(0)} MB peak at start-up)`);

  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toMatchObject({ filename: 'releves.csv', size: FILE_BYTES + 'id;nom;x;y\n'.length, columns: ['id', 'nom', 'x', 'y'] });
  expect(answer.body.preview).toHaveLength(5);
  const { rows } = await db.query('SELECT pending_key FROM resource_sources WHERE id = $1', [source.id]);
  const stored = storagePath(dataDir, rows[0].pending_key);
  expect(statSync(stored).size).toBe(answer.body.size);
  // The serving process grew by less than this during the upload: the file went to disk as it came.
  // (Its resting size, about 190 MB with the geodata, quality and style engines, is bounded apart.)
  expect(peak - before).toBeLessThan(64 * MiB);
  expect(peak).toBeLessThan(256 * MiB);

  const removed = await fetch(`${server.origin}/fr/resource/file-upload/${source.id}/`, { method: 'DELETE', headers: { authorization: headers.authorization } });
  expect(removed.status).toBe(204);
  expect(existsSync(stored)).toBe(false);
}, 300_000);
