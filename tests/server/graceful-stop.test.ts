/**
 * A server process told to stop (SIGTERM, what a container platform sends) while a request is
 * still arriving finishes that request, answering it in full, before it exits with code 0; the
 * file that request uploaded is stored and recorded. A task still running at the stop is handed back
 * for another process, and the process still exits with code 0 once its connections are closed.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool, type Db } from '../../src/server/db/pool.ts';
import { queueTasks } from '../../src/server/tasks/store.ts';
import { createTestDatabase, TEST_DEMO_PASSWORD } from './helpers.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const BOUNDARY = '----publishgraceful';
let db: Db;
let drop: () => Promise<void>;
let dataDir: string;
let server: ServerProcess;
let databaseUrl: string;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  databaseUrl = database.url;
  db = createPool(database.url);
  await db.query("UPDATE scenario_execution_frequencies SET next_run_at = now() + interval '1 day'");
  dataDir = mkdtempSync(path.join(tmpdir(), 'publish-graceful-'));
  server = await startServerProcess({ databaseUrl: database.url, dataDir, env: { WORKERS: 'external' } });
}, 60_000);
afterAll(async () => {
  await server?.stop('SIGKILL');
  await db?.end();
  await drop?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('finishes the request in flight before it exits, with code 0', async () => {
  const signin = await fetch(`${server.origin}/fr/login/signin/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'editor', password: TEST_DEMO_PASSWORD }),
  });
  const authorization = `JWT ${((await signin.json()) as { token: string }).token}`;
  const post = async (url: string, body: object) =>
    ((await (await fetch(`${server.origin}${url}`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { id: number }).id;
  const group = (await db.query("SELECT id FROM usergroups WHERE slug = 'metropole-cote-azurine'")).rows[0].id;
  const csv = (await db.query("SELECT id FROM data_formats WHERE codename = 'csv'")).rows[0].id;
  const resource = await post('/fr/resource/resources/', { display_name: 'Relevés', type: 'file-upload', usergroup_id: group });
  const source = await post('/fr/resource/file-upload/', { resource_id: resource, dataformat_id: csv });

  const request = http.request(`${server.origin}/fr/resource/file-upload/${source}/file/`, {
    method: 'PUT',
    headers: { authorization, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    request.on('error', reject);
  });
  request.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="releves.csv"\r\nContent-Type: text/csv\r\n\r\nid;nom\n`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  // Told to stop while the upload is half sent: the rest still arrives and is answered.
  const stopped = server.stop('SIGTERM');
  for (let row = 1; row <= 5; row += 1) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    request.write(`${row};Compteur ${row}\n`);
  }
  request.end(`\r\n--${BOUNDARY}--\r\n`);
  const { status, body } = await answer;
  expect(status, body).toBe(200);
  expect(JSON.parse(body)).toMatchObject({ filename: 'releves.csv', columns: ['id', 'nom'] });
  expect(await stopped).toBe(0);
  const { rows } = await db.query('SELECT pending_key, pending_size FROM resource_sources WHERE id = $1', [source]);
  expect(rows[0].pending_key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
  expect(Number(rows[0].pending_size)).toBe('id;nom\n'.length + [1, 2, 3, 4, 5].map((row) => `${row};Compteur ${row}\n`.length).reduce((a, b) => a + b));
}, 60_000);

it('hands back a task that keeps querying when told to stop, and still exits with code 0', async () => {
  const runner = await startServerProcess({ databaseUrl, dataDir, env: { WORKERS: 'inline', TASK_DIAGNOSTIC_SCENARIOS: '1' } });
  try {
    const [id] = await queueTasks(db, [
      { action: 'busy', scenarioId: null, objectClass: 'diagnostic', objectId: null, kwargs: { seconds: 60 }, trigger: 'system', createdBy: null, timeLimitSeconds: 120 },
    ]);
    const status = async () => (await db.query('SELECT status, attempt, worker, timeline FROM task_queue_track WHERE id = $1', [id])).rows[0];
    let task = await status();
    for (let i = 0; i < 150 && task.status !== 'STARTED'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      task = await status();
    }
    expect(task.status).toBe('STARTED');
    const asked = Date.now();
    expect(await runner.stop('SIGTERM')).toBe(0);
    expect(Date.now() - asked).toBeLessThan(15_000);
    const after = await status();
    expect(after).toMatchObject({ status: 'PENDING', attempt: 1, worker: null });
    expect(after.timeline.map((step: { code: string }) => step.code)).toContain('task.workerStopped');
  } finally {
    await runner.stop('SIGKILL');
  }
}, 60_000);
