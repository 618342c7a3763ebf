/**
 * Worker processes (`src/server/worker.ts`, WORKERS=external) on the test database: a worker
 * SIGKILLed during a task leaves it to the recovery of the next start, which runs it again to
 * SUCCESS (and fails it, with the reason, if that happens twice); two workers share 1,000 tasks,
 * none run twice, none lost.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queueTasks, type NewTask } from '../../src/server/tasks/store.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { WorkerProcesses } from './worker-processes.ts';

let t: TestApp;
const processes = new WorkerProcesses(() => t.databaseUrl, { WORKER_CONCURRENCY: '2', TASK_DIAGNOSTIC_SCENARIOS: '1' });

beforeAll(async () => {
  // The server only queues: the workers run.
  t = await createTestApp({}, { tasks: { runTasks: false } });
});
afterAll(async () => {
  await processes.stopAll();
  await t?.close();
});



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
  const first = await processes.start();
  const [id] = await queueTasks(t.db, [sleepTask(4)]);
  expect((await waitFor(() => status(id), (row) => row.status === 'STARTED')).status).toBe('STARTED');
  await processes.stop(first, 'SIGKILL');
  // Older than TASK_STALE_SECONDS: the next start re-queues it and runs it again.
  await sleep(2500);
  const second = await processes.start();
  const recovered = await waitFor(() => status(id), (row) => row.status === 'SUCCESS', 30);
  expect(recovered.status).toBe('SUCCESS');
  expect(recovered.attempt).toBe(2);
  expect(recovered.timeline.map((step: { code: string }) => step.code)).toContain('task.workerStopped');

  // Killed twice: FAILURE with the reason, never left STARTED.
  const [again] = await queueTasks(t.db, [sleepTask(30)]);
  await waitFor(() => status(again), (row) => row.status === 'STARTED');
  await processes.stop(second, 'SIGKILL');
  await sleep(2500);
  const third = await processes.start();
  await waitFor(() => status(again), (row) => row.attempt === 2 && row.status === 'STARTED');
  await processes.stop(third, 'SIGKILL');
  await sleep(2500);
  const fourth = await processes.start();
  const failed = await waitFor(() => status(again), (row) => row.status === 'FAILURE');
  expect(failed.status).toBe('FAILURE');
  expect(failed.error).toEqual({ code: 'task.workerLost', params: {} });
  await processes.stop(fourth, 'SIGTERM');
}, 120_000);

it('runs 1,000 tasks on two workers: every one once, none lost', async () => {
  const ids = await queueTasks(t.db, Array.from({ length: 1000 }, () => ({ action: 'noop', scenarioId: null, objectClass: 'diagnostic', objectId: null, trigger: 'system' as const, createdBy: null, timeLimitSeconds: 60 })));
  expect(ids).toHaveLength(1000);
  const pair = await Promise.all([processes.start(), processes.start()]);
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
  for (const worker of pair) {
    await processes.stop(worker, 'SIGTERM');
  }
}, 150_000);
