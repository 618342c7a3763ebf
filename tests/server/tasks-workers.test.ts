/**
 * Worker processes (`src/server/worker.ts`, WORKERS=external) on the test database: a worker
 * SIGKILLed during a task leaves it to the recovery of the next start, which runs it again to
 * SUCCESS (and fails it, with the reason, if that happens twice); two workers share 1,000 tasks,
 * none run twice, none lost.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queueTasks, type NewTask } from '../../src/server/tasks/store.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  // The server only queues: the workers run.
  t = await createTestApp({}, { tasks: { runTasks: false } });
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await t?.close();
});

function startWorker(): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'src/server/worker.ts'], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: {
      ...process.env,
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: tmpdir(),
      SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
      WORKERS: 'external',
      WORKER_CONCURRENCY: '2',
      TASK_DIAGNOSTIC_SCENARIOS: '1',
      TASK_STALE_SECONDS: '2',
      TASK_HEARTBEAT_SECONDS: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    // Its own process group: npx, tsx and node are killed together.
    detached: true,
  });
  children.add(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('is running')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    /* already gone */
  }
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const status = async (id: number) => (await t.db.query('SELECT status, attempt, timeline, error FROM task_queue_track WHERE id = $1', [id])).rows[0];

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, seconds = 30): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(200);
  }
}

const sleepTask = (seconds: number): NewTask => ({ action: 'sleep', scenarioId: null, objectClass: 'diagnostic', objectId: null, kwargs: { seconds }, trigger: 'system', createdBy: null, timeLimitSeconds: 60 });

it('recovers a task whose worker was SIGKILLed: run again to SUCCESS, or FAILURE the second time', async () => {
  const first = await startWorker();
  const [id] = await queueTasks(t.db, [sleepTask(4)]);
  expect((await waitFor(() => status(id), (row) => row.status === 'STARTED')).status).toBe('STARTED');
  await killGroup(first, 'SIGKILL');
  children.delete(first);
  // Older than TASK_STALE_SECONDS: the next start re-queues it and runs it again.
  await sleep(2500);
  const second = await startWorker();
  const recovered = await waitFor(() => status(id), (row) => row.status === 'SUCCESS', 30);
  expect(recovered.status).toBe('SUCCESS');
  expect(recovered.attempt).toBe(2);
  expect(recovered.timeline.map((step: { code: string }) => step.code)).toContain('task.workerStopped');

  // Killed twice: FAILURE with the reason, never left STARTED.
  const [again] = await queueTasks(t.db, [sleepTask(30)]);
  await waitFor(() => status(again), (row) => row.status === 'STARTED');
  await killGroup(second, 'SIGKILL');
  children.delete(second);
  await sleep(2500);
  const third = await startWorker();
  await waitFor(() => status(again), (row) => row.attempt === 2 && row.status === 'STARTED');
  await killGroup(third, 'SIGKILL');
  children.delete(third);
  await sleep(2500);
  const fourth = await startWorker();
  const failed = await waitFor(() => status(again), (row) => row.status === 'FAILURE');
  expect(failed.status).toBe('FAILURE');
  expect(failed.error).toEqual({ code: 'task.workerLost', params: {} });
  await killGroup(fourth, 'SIGTERM');
  children.delete(fourth);
}, 120_000);

it('runs 1,000 tasks on two workers: every one once, none lost', async () => {
  const ids = await queueTasks(t.db, Array.from({ length: 1000 }, () => ({ action: 'noop', scenarioId: null, objectClass: 'diagnostic', objectId: null, trigger: 'system' as const, createdBy: null, timeLimitSeconds: 60 })));
  expect(ids).toHaveLength(1000);
  const workers = await Promise.all([startWorker(), startWorker()]);
  const counts = await waitFor(
    async () => (await t.db.query<{ status: string; n: number }>('SELECT status, count(*)::integer AS n FROM task_queue_track WHERE id = ANY($1::bigint[]) GROUP BY status', [ids])).rows,
    (rows) => rows.length === 1 && rows[0].status === 'SUCCESS' && rows[0].n === 1000,
    90,
  );
  expect(counts).toEqual([{ status: 'SUCCESS', n: 1000 }]);
  // Run once: one claim each, and both workers took part.
  const runs = await t.db.query<{ attempts: number; workers: number }>(
    'SELECT max(attempt)::integer AS attempts, count(DISTINCT worker)::integer AS workers FROM task_queue_track WHERE id = ANY($1::bigint[])',
    [ids],
  );
  expect(runs.rows[0]).toEqual({ attempts: 1, workers: 2 });
  const started = await t.db.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM task_queue_track, jsonb_array_elements(timeline) step WHERE id = ANY($1::bigint[]) AND step->>'code' = 'task.started'`,
    [ids],
  );
  expect(started.rows[0].n).toBe(1000);
  for (const worker of workers) {
    await killGroup(worker, 'SIGTERM');
    children.delete(worker);
  }
}, 150_000);
