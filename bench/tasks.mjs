// The task queue: throughput of the noop scenario (tasks queued in batches, run by the server
// process, WORKERS=inline) and the latency of a publication run, from its 202 to its SUCCESS.
// Figures only: nothing here passes or fails.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { createDataDir, percentile, root, signIn, startServer } from './server.mjs';

const TASKS = Number(process.env.BENCH_TASKS ?? 2000);
const RUNS = Number(process.env.BENCH_TASK_RUNS ?? 50);
const CONCURRENCY = process.env.BENCH_WORKER_CONCURRENCY ?? '4';

// The diagnostic scenarios (noop) exist only with this flag; the server inherits the environment.
process.env.TASK_DIAGNOSTIC_SCENARIOS = '1';
process.env.WORKER_CONCURRENCY = CONCURRENCY;

register();
const { createPool } = await import(join(root, 'src/server/db/pool.ts'));
const { queueTasks } = await import(join(root, 'src/server/tasks/store.ts'));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const dataDir = createDataDir();
const server = await startServer({ port: 18284, dataDir });
const { port, password } = JSON.parse(readFileSync(join(dataDir, 'pg-credentials.json'), 'utf8'));
const db = createPool(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/publish`);

try {
  // Throughput: TASKS noop tasks queued in batches of 500, until the last one succeeds.
  const noop = { action: 'noop', scenarioId: null, objectClass: 'diagnostic', objectId: null, trigger: 'system', createdBy: null, timeLimitSeconds: 60 };
  const start = performance.now();
  const ids = [];
  for (let queued = 0; queued < TASKS; queued += 500) ids.push(...(await queueTasks(db, Array.from({ length: Math.min(500, TASKS - queued) }, () => noop))));
  const queuedAfter = performance.now() - start;
  for (;;) {
    const { rows } = await db.query("SELECT count(*)::integer AS n FROM task_queue_track WHERE id = ANY($1::bigint[]) AND status = 'SUCCESS'", [ids]);
    if (rows[0].n === ids.length) break;
    await sleep(50);
  }
  const seconds = (performance.now() - start) / 1000;
  console.log(`tasks: ${TASKS} noop tasks queued in ${queuedAfter.toFixed(0)} ms, all SUCCESS after ${seconds.toFixed(1)} s: ${(TASKS / seconds).toFixed(0)} tasks/s (WORKER_CONCURRENCY ${CONCURRENCY}, one process)`);

  // Latency: publish-dataset runs one after the other, from the 202 to SUCCESS.
  const token = await signIn(server.baseUrl, 'admin');
  const headers = { authorization: `JWT ${token}`, 'content-type': 'application/json' };
  const dataset = (await db.query("SELECT id FROM datasets WHERE codename = 'lycees-de-la-region'")).rows[0].id;
  const scenario = (await db.query("SELECT id FROM scenarios WHERE codename = 'publish-dataset'")).rows[0].id;
  const latencies = [];
  for (let run = 0; run < RUNS; run += 1) {
    const response = await fetch(`${server.baseUrl}/fr/dataset/datasets/${dataset}/_scenarios/${scenario}/run/?asynchrone=true`, { method: 'POST', headers, body: '{}' });
    const accepted = performance.now();
    const task = await response.json();
    for (;;) {
      const { rows } = await db.query('SELECT status FROM task_queue_track WHERE id = $1', [task.id]);
      if (rows[0].status === 'SUCCESS' || rows[0].status === 'FAILURE') break;
      await sleep(5);
    }
    latencies.push(performance.now() - accepted);
  }
  console.log(`tasks: publish-dataset from 202 to SUCCESS over ${RUNS} runs: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms`);
} finally {
  await db.end();
  await server.stop();
}
