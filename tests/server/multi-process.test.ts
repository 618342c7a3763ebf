/**
 * Several machines: two server processes (WORKERS=external) and two `npm run worker` processes on
 * one PostgreSQL and one object store (s3rver), each server with its own empty DATA_DIR, behind a
 * round-robin proxy. A user signs in on one process and works on the other; a file uploaded through
 * one is downloaded through the other; 100 tasks run exactly once; sign-in attempts spread over
 * both processes are throttled at the configured limit; SIGKILLing a server and a worker mid-work
 * loses no acknowledged write and no task.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool, type Db } from '../../src/server/db/pool.ts';
import { queueTasks } from '../../src/server/tasks/store.ts';
import { multipart } from './accounts-helpers.ts';
import { createTestDatabase, TEST_DEMO_PASSWORD } from './helpers.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { WorkerProcesses } from './worker-processes.ts';

const SIGNIN_LIMIT = 6;
let databaseUrl: string;
let drop: () => Promise<void>;
let db: Db;
let s3: S3TestServer;
const dataDirs: string[] = [];
const servers: ServerProcess[] = [];
let workers: WorkerProcesses;
let proxy: http.Server;
let front: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A round-robin proxy over the servers still listed; a server that does not answer is a 502. */
function startProxy(): Promise<string> {
  let next = 0;
  proxy = http.createServer((request, response) => {
    const target = servers[next++ % servers.length];
    const upstream = http.request(`${target.origin}${request.url}`, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  const database = await createTestDatabase();
  databaseUrl = database.url;
  drop = database.drop;
  db = createPool(databaseUrl);
  await db.query("UPDATE scenario_execution_frequencies SET next_run_at = now() + interval '1 day'");
  s3 = await startS3Server();
  const env = {
    ...s3.env('cluster/'),
    WORKERS: 'external',
    SIGNIN_RATE_LIMIT: String(SIGNIN_LIMIT),
    SIGNIN_ADDRESS_RATE_LIMIT: '1000',
    TASK_STALE_SECONDS: '2',
    TASK_HEARTBEAT_SECONDS: '1',
    TASK_DIAGNOSTIC_SCENARIOS: '1',
  };
  for (let index = 0; index < 2; index += 1) dataDirs.push(mkdtempSync(path.join(tmpdir(), `publish-node${index}-`)));
  // Started together: the migrations run once (advisory lock), both serve.
  servers.push(...(await Promise.all(dataDirs.map((dataDir) => startServerProcess({ databaseUrl, dataDir, env })))));
  workers = new WorkerProcesses(() => databaseUrl, { ...env, WORKER_CONCURRENCY: '2' });
  await Promise.all([workers.start(), workers.start()]);
  front = await startProxy();
}, 90_000);

afterAll(async () => {
  proxy?.close();
  await workers?.stopAll();
  await Promise.all(servers.map((server) => server.stop()));
  await db?.end();
  await drop?.();
  await s3?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function signIn(origin: string, username: string, password = TEST_DEMO_PASSWORD) {
  const response = await fetch(`${origin}/fr/login/signin/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]);
  const csrf = cookies.find((cookie) => cookie.startsWith('csrftoken='))?.slice('csrftoken='.length) ?? '';
  return { status: response.status, session: { cookie: cookies.join('; '), 'x-csrftoken': csrf } };
}

it('serves one user on any process: signed in on one, working on the other, a file uploaded on one downloaded from the other', async () => {
  const [a, b] = servers;
  const { status, session } = await signIn(a.origin, 'editor');
  expect(status).toBe(200);
  // The session opened by A is known to B, and B accepts its writes (CSRF included).
  expect((await fetch(`${b.origin}/fr/login/session/`, { headers: session })).status).toBe(200);
  const json = { ...session, 'content-type': 'application/json' };
  const group = (await db.query("SELECT id FROM usergroups WHERE slug = 'metropole-cote-azurine'")).rows[0].id;
  const csv = (await db.query("SELECT id FROM data_formats WHERE codename = 'csv'")).rows[0].id;
  const resource = await fetch(`${b.origin}/fr/resource/resources/`, { method: 'POST', headers: json, body: JSON.stringify({ display_name: 'Compteurs', type: 'file-upload', usergroup_id: group }) });
  expect(resource.status, await resource.clone().text()).toBe(201);
  const resourceId = ((await resource.json()) as { id: number }).id;
  const source = (await (await fetch(`${a.origin}/fr/resource/file-upload/`, { method: 'POST', headers: json, body: JSON.stringify({ resource_id: resourceId, dataformat_id: csv }) })).json()) as { id: number };

  // Uploaded through A (to the object store), made current by a worker, downloaded through B.
  const content = `id;nom;x;y\n${Array.from({ length: 2000 }, (_, i) => `${i};Compteur ${i};7.26;43.70`).join('\n')}\n`;
  const body = multipart(Buffer.from(content), 'compteurs.csv');
  const uploaded = await fetch(`${a.origin}/fr/resource/file-upload/${source.id}/file/`, { method: 'PUT', headers: { ...session, ...body.headers }, body: body.payload });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const scenario = (await db.query("SELECT id FROM scenarios WHERE codename = 'create-file-upload'")).rows[0].id;
  const run = await fetch(`${b.origin}/fr/resource/file-upload/${source.id}/_scenarios/${scenario}/run/?asynchrone=true`, { method: 'POST', headers: json, body: '{}' });
  expect(run.status).toBe(202);
  const taskId = ((await run.json()) as { id: number }).id;
  let state = '';
  for (let i = 0; i < 150 && !['SUCCESS', 'FAILURE'].includes(state); i += 1) {
    await sleep(200);
    state = (await db.query('SELECT status FROM task_queue_track WHERE id = $1', [taskId])).rows[0].status;
  }
  expect(state).toBe('SUCCESS');
  const downloaded = await fetch(`${b.origin}/fr/resource/file-upload/${source.id}/file/`, { headers: session });
  expect(downloaded.status).toBe(200);
  expect(await downloaded.text()).toBe(content);
  const range = await fetch(`${a.origin}/fr/resource/file-upload/${source.id}/file/`, { headers: { ...session, range: 'bytes=0-9' } });
  expect(range.status).toBe(206);
  expect(await range.text()).toBe('id;nom;x;y');
  // Both processes are ready (database, migrations, object store).
  for (const server of servers) expect((await fetch(`${server.origin}/ready`)).status).toBe(200);
}, 60_000);

it('throttles sign-in attempts spread over both processes at the configured limit', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < SIGNIN_LIMIT + 3; i += 1) statuses.push((await signIn(front, 'member', 'wrong-password')).status);
  // Every attempt past the limit is refused, whichever process answers: they count together.
  expect(statuses).toEqual([...Array(SIGNIN_LIMIT).fill(400), 429, 429, 429]);
  expect((await signIn(servers[0].origin, 'member')).status).toBe(429);
  expect((await signIn(servers[1].origin, 'member')).status).toBe(429);
}, 60_000);

type Counts = Array<{ status: string; n: number }>;

async function settle(ids: number[], total: number): Promise<Counts> {
  let rows: Counts = [];
  for (let i = 0; i < 300; i += 1) {
    rows = (await db.query<{ status: string; n: number }>('SELECT status, count(*)::integer AS n FROM task_queue_track WHERE id = ANY($1::bigint[]) GROUP BY status', [ids])).rows;
    if (rows.length === 1 && rows[0].status === 'SUCCESS' && rows[0].n === total) break;
    await sleep(200);
  }
  return rows;
}

const newTask = (action: string, kwargs: Record<string, unknown> = {}) => ({
  action, scenarioId: null, objectClass: 'diagnostic', objectId: null, kwargs, trigger: 'system' as const, createdBy: null, timeLimitSeconds: 60,
});

it('runs 100 tasks queued for two workers, each exactly once', async () => {
  const ids = await queueTasks(db, Array.from({ length: 100 }, () => newTask('noop')));
  expect(await settle(ids, 100)).toEqual([{ status: 'SUCCESS', n: 100 }]);
  const runs = await db.query<{ attempts: number; steps: number; workers: number }>(
    `SELECT max(attempt)::integer AS attempts, count(DISTINCT worker)::integer AS workers,
            (SELECT count(*)::integer FROM task_queue_track t, jsonb_array_elements(t.timeline) AS step WHERE t.id = ANY($1::bigint[]) AND step->>'code' = 'task.noop') AS steps
       FROM task_queue_track WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  // One claim and one run each, whichever worker took it (one may be quick enough to take them all).
  expect(runs.rows[0]).toMatchObject({ attempts: 1, steps: 100 });
  expect(runs.rows[0].workers).toBeGreaterThanOrEqual(1);
}, 60_000);

it('loses no acknowledged write or task when a server and a worker are killed mid-work', async () => {
  const ids = await queueTasks(db, Array.from({ length: 6 }, () => newTask('sleep', { seconds: 3 })));
  const { session } = await signIn(front, 'admin');
  const headers = { ...session, 'content-type': 'application/json' };

  // Writes through the proxy while a server and a worker die.
  const acknowledged: number[] = [];
  let writing = true;
  const writer = (async () => {
    for (let i = 0; writing; i += 1) {
      const response = await fetch(`${front}/fr/dataset/contacts/`, { method: 'POST', headers, body: JSON.stringify({ name: `Contact ${i}`, email: `contact${i}@example.org` }) }).catch(() => null);
      if (response?.status === 201) acknowledged.push(((await response.json()) as { id: number }).id);
      else await response?.text().catch(() => '');
    }
  })();
  // A task is running on some worker: kill that worker, and one server.
  let running: { worker: string } | undefined;
  for (let i = 0; i < 100 && !running; i += 1) {
    await sleep(100);
    running = (await db.query("SELECT worker FROM task_queue_track WHERE id = ANY($1::bigint[]) AND status = 'STARTED' LIMIT 1", [ids])).rows[0];
  }
  expect(running).toBeDefined();
  const victim = workers.byPid(Number(running!.worker.split(':').pop()));
  expect(victim).toBeDefined();
  await sleep(300);
  const killedServer = servers[1];
  await Promise.all([workers.stop(victim!, 'SIGKILL'), killedServer.stop('SIGKILL')]);
  servers.splice(1, 1);
  await sleep(1500);
  writing = false;
  await writer;
  // A replacement worker (what an orchestrator starts) recovers what the dead one held.
  await sleep(1000);
  await workers.start();

  expect(await settle(ids, 6)).toEqual([{ status: 'SUCCESS', n: 6 }]);
  // Some ran twice: the ones the dead worker held, each re-run once to SUCCESS.
  const retried = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM task_queue_track WHERE id = ANY($1::bigint[]) AND attempt = 2', [ids]);
  expect(retried.rows[0].n).toBeGreaterThan(0);

  // Every write a client was told succeeded is there.
  expect(acknowledged.length).toBeGreaterThan(0);
  const stored = await db.query<{ id: number }>('SELECT id FROM contacts WHERE id = ANY($1::int[])', [acknowledged]);
  expect(stored.rows.length).toBe(acknowledged.length);
  // The survivor serves on.
  expect((await fetch(`${front}/ready`)).status).toBe(200);
}, 100_000);

it('hands a running task back when its worker is stopped (SIGTERM), for another worker to finish', async () => {
  const [id] = await queueTasks(db, [newTask('sleep', { seconds: 12 })]);
  const task = async () =>
    (await db.query<{ status: string; worker: string | null; attempt: number; codes: string[] }>(
      "SELECT status, worker, attempt, ARRAY(SELECT step->>'code' FROM jsonb_array_elements(timeline) AS step) AS codes FROM task_queue_track WHERE id = $1",
      [id],
    )).rows[0];
  let first = await task();
  for (let i = 0; i < 100 && first.status !== 'STARTED'; i += 1) {
    await sleep(100);
    first = await task();
  }
  expect(first.status).toBe('STARTED');
  const stopped = Date.now();
  await workers.stop(workers.byPid(Number(first.worker!.split(':').pop()))!, 'SIGTERM');
  // Its heartbeat went on while it waited for the task (8 s): only the hand-back queues it again,
  // well before the task could end by itself.
  let after = await task();
  for (let i = 0; i < 150 && after.attempt < 2; i += 1) {
    await sleep(100);
    after = await task();
  }
  expect(after.attempt).toBe(2);
  expect(Date.now() - stopped).toBeLessThan(15_000);
  expect(after.worker).not.toBe(first.worker);
  expect(after.codes.filter((code) => code === 'task.workerStopped')).toHaveLength(1);
  expect(await settle([id], 1)).toEqual([{ status: 'SUCCESS', n: 1 }]);
}, 90_000);
