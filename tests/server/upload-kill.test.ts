/**
 * A server process SIGKILLed in the middle of a large upload: its half file never becomes the
 * source's file (the previous one stays current), and once the server is started again on the same
 * data the half file is gone and the resource shows the upload's FAILURE with its reason.
 */
import http from 'node:http';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool, type Db } from '../../src/server/db/pool.ts';
import { storagePath } from '../../src/server/storage/disk.ts';
import { createTestDatabase, TEST_DEMO_PASSWORD } from './helpers.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const MiB = 1024 * 1024;
const BOUNDARY = '----publishkill';
const ROW = Buffer.from('1;Relevé;7.2619;43.7045\n'.repeat(2000));
// Fast staleness, so the restarted server recovers the killed upload at once.
const ENV = { TASK_STALE_SECONDS: '2', TASK_HEARTBEAT_SECONDS: '1' };

let db: Db;
let drop: () => Promise<void>;
let databaseUrl: string;
let dataDir: string;
const servers: ServerProcess[] = [];
let authorization: string;

beforeAll(async () => {
  const database = await createTestDatabase();
  ({ drop, url: databaseUrl } = database);
  db = createPool(databaseUrl);
  dataDir = mkdtempSync(path.join(tmpdir(), 'publish-upload-kill-'));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  await db?.end();
  await drop?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function start(): Promise<ServerProcess> {
  const server = await startServerProcess({ databaseUrl, dataDir, env: ENV });
  servers.push(server);
  return server;
}

async function call(server: ServerProcess, method: string, url: string, body?: object): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${server.origin}${url}`, {
    method,
    headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** The temporary files under the storage root, with their sizes. */
function temporaryFiles(): { name: string; size: number }[] {
  const root = path.join(dataDir, 'files');
  let folders: string[] = [];
  try {
    folders = readdirSync(root);
  } catch {
    return [];
  }
  return folders.flatMap((folder) =>
    readdirSync(path.join(root, folder))
      .filter((name) => name.endsWith('.partial'))
      .map((name) => ({ name, size: statSync(path.join(root, folder, name)).size })),
  );
}

/** A multipart CSV body that never ends on its own: the upload is still running when the server dies. */
function* endlessCsv(): Generator<Buffer> {
  yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="gros.csv"\r\nContent-Type: text/csv\r\n\r\nn;nom;x;y\n`);
  for (;;) yield ROW;
}

it('a server SIGKILLed mid-upload keeps the previous file current, and after restart removes the half file and shows the FAILURE', async () => {
  let server = await start();
  const signin = await fetch(`${server.origin}/fr/login/signin/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'editor', password: TEST_DEMO_PASSWORD }),
  });
  authorization = `JWT ${((await signin.json()) as { token: string }).token}`;
  const group = (await db.query("SELECT id FROM usergroups WHERE slug = 'metropole-cote-azurine'")).rows[0].id;
  const csv = (await db.query("SELECT id FROM data_formats WHERE codename = 'csv'")).rows[0].id;
  const create = (await db.query("SELECT id FROM scenarios WHERE codename = 'create-file-upload'")).rows[0].id;
  const resource = (await call(server, 'POST', '/fr/resource/resources/', { display_name: 'Compteurs', type: 'file-upload', usergroup_id: group })).json;
  const source = (await call(server, 'POST', '/fr/resource/file-upload/', { resource_id: resource.id, dataformat_id: csv })).json;

  // A first, complete file made current by the create scenario.
  const first = 'n;nom;x;y\n1;Gare;7.26;43.70\n';
  const form = new FormData();
  form.append('file', new Blob([first], { type: 'text/csv' }), 'compteurs.csv');
  const uploaded = await fetch(`${server.origin}/fr/resource/file-upload/${source.id}/file/`, { method: 'PUT', headers: { authorization }, body: form });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const run = await call(server, 'POST', `/fr/resource/file-upload/${source.id}/_scenarios/${create}/run/`, {});
  expect(run.json.status, String(run.json.error)).toBe('SUCCESS');
  const current = (await db.query('SELECT storage_key, pending_key FROM resource_sources WHERE id = $1', [source.id])).rows[0];
  expect(current.pending_key).toBeNull();

  // A large upload, killed once tens of megabytes of it are on disk.
  const body = Readable.from(endlessCsv());
  const request = http.request(`${server.origin}/fr/resource/file-upload/${source.id}/file/`, {
    method: 'PUT',
    headers: { authorization, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  request.on('error', () => body.destroy());
  body.pipe(request);
  const deadline = Date.now() + 60_000;
  while (!temporaryFiles().some((file) => file.size > 32 * MiB) && Date.now() < deadline) await sleep(50);
  const running = await call(server, 'GET', `/en/resource/resources/${resource.id}/`);
  expect(running.json._processing).toMatchObject([{ action: 'upload-file-upload', action_label: 'File upload', state: 'PENDING', message: null }, { action: 'create-file-upload' }]);
  await server.stop('SIGKILL');
  body.destroy();

  // The half file is on disk, under its temporary name only: the source still names the first file.
  const halves = temporaryFiles();
  expect(halves).toHaveLength(1);
  expect(halves[0].size).toBeGreaterThan(32 * MiB);
  expect((await db.query('SELECT storage_key, pending_key FROM resource_sources WHERE id = $1', [source.id])).rows[0]).toEqual(current);

  // Started again on the same data, once the killed upload's heartbeat is stale.
  await sleep(2500);
  server = await start();
  expect(temporaryFiles()).toEqual([]);
  const after = await call(server, 'GET', `/en/resource/resources/${resource.id}/`);
  expect(after.json._processing).toMatchObject([
    {
      action: 'upload-file-upload',
      state: 'FAILURE',
      message: 'Upload interrupted: the server stopped before it had received the whole file. The previous file stays in place; send the file again.',
      acknowledged: false,
    },
    { action: 'create-file-upload', state: 'SUCCESS' },
  ]);
  const french = await call(server, 'GET', `/fr/resource/resources/${resource.id}/`);
  expect((french.json._processing as { message: string }[])[0].message).toMatch(/^Téléversement interrompu/);
  expect(after.json.size).toBe(Buffer.byteLength(first));
  expect(statSync(storagePath(dataDir, current.storage_key)).size).toBe(Buffer.byteLength(first));

  // The failure is acknowledged like any task's; an upload cannot be retried (its bytes are gone).
  const taskId = (after.json._processing as { task_id: number }[])[0].task_id;
  const task = await call(server, 'GET', `/en/dashboard/task-queue-track/${taskId}/`);
  expect(task.json).toMatchObject({ status: 'FAILURE', can_retry: false, can_acknowledge: true });
  expect(await call(server, 'POST', `/en/dashboard/task-queue-track/${taskId}/retry/`, {})).toEqual({ status: 400, json: { detail: 'An upload cannot be retried: send the file again.' } });
  expect((await call(server, 'POST', `/en/dashboard/task-queue-track/${taskId}/acknowledge/`, {})).status).toBe(200);
  expect((await call(server, 'GET', `/en/resource/resources/${resource.id}/`)).json._processing).toMatchObject([{ action: 'create-file-upload' }]);
}, 180_000);
