/**
 * The task engine of one process: pg-boss started over the process's pool, the workers running
 * queued tasks (WORKER_CONCURRENCY of them, unless this process only queues), and the minute tick
 * (pg-boss schedule: one process of the cluster gets each tick) that recovers tasks and queues
 * scheduled runs. The server starts it after migrating; `npm run worker` processes too.
 */
import { hostname } from 'node:os';
import type PgBoss from 'pg-boss';
import type { TaskConfig } from '../config.ts';
import type { Db } from '../db/pool.ts';
import { assessOwed } from '../quality/owed.ts';
import { createBoss, createQueues, QUALITY_QUEUE, TASK_QUEUE, TICK_QUEUE } from './queue.ts';
import { handBackTasks, recoverTasks } from './recovery.ts';
import { runTask } from './runner.ts';
import { queueDueRuns } from './schedules.ts';
import { onTaskQueued } from './store.ts';

export interface EngineOptions {
  db: Db;
  config: TaskConfig;
  /** Run queued tasks in this process (the server with WORKERS=inline, every worker process). */
  runTasks: boolean;
  /** Install or upgrade pg-boss's schema and queues (the server only). */
  migrate: boolean;
  /** How often an idle worker looks for jobs. Default 2 s (tests: 0.5). */
  pollingSeconds?: number;
  /**
   * The pool requests write on, when background work has its own (`db`, db/open.ts): tasks queued
   * and scores owed through it wake this engine too, or they would wait for the next poll.
   */
  requestDb?: Db;
  log?: { warn: (object: object, message: string) => void; error: (object: object, message: string) => void };
}

export interface TaskEngine {
  /** Recovery and due schedules now (what the minute tick does). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/** How long a score owed by a save waits for those of the next saves before the scorer wakes. */
const SCORER_WAKE_MS = 300;
/** How many owed scores the scorer takes at once (assessed together: one read of their inputs). */
const SCORER_BATCH = 25;
/** How long a stop lets running tasks end before it hands them back (within pg-boss's 8 s). */
const STOP_GRACE_MS = 5_000;
/** How long stop() waits, after pg-boss's own wait, for handlers still ending. */
const LATE_HANDLER_MS = 10_000;

export async function startTaskEngine(options: EngineOptions): Promise<TaskEngine> {
  const { db, config } = options;
  const pollingSeconds = options.pollingSeconds ?? 2;
  const wakingPools = [...new Set([db, options.requestDb ?? db])];
  const boss: PgBoss = createBoss(db, { migrate: options.migrate, pollingSeconds });
  boss.on('error', (error) => options.log?.error({ err: error }, 'task queue error'));
  await boss.start();
  if (options.migrate) {
    await createQueues(boss);
    await boss.schedule(TICK_QUEUE, '* * * * *', {}, { retryLimit: 0, expireInSeconds: 300 });
  }

  // The handlers still running: stop() waits for them, so that pg-boss's answer to their job
  // (which it does not await) reaches the pool before the pool closes.
  const running = new Set<Promise<unknown>>();
  const tracked =
    <T,>(handler: (jobs: T) => Promise<void>) =>
    (jobs: T): Promise<void> => {
      const run = handler(jobs);
      running.add(run);
      return run.finally(() => running.delete(run));
    };

  const tick = async () => {
    await recoverTasks(db, { staleSeconds: config.staleSeconds, timeLimitSeconds: config.timeLimitSeconds, dataDir: config.dataDir, storage: config.storage });
    await queueDueRuns(db, config.timeLimitSeconds);
  };
  await boss.work(
    TICK_QUEUE,
    { pollingIntervalSeconds: Math.max(pollingSeconds, 5) },
    tracked(async () => {
      await tick();
    }),
  );

  const workerIds: string[] = [];
  let scorerWake: NodeJS.Timeout | null = null;
  const worker = `${hostname()}:${process.pid}`;
  const stopping = new AbortController();
  if (options.runTasks) {
    const runner = {
      db,
      worker,
      config,
      log: options.log,
      stopping: stopping.signal,
    };
    // One pg-boss worker per concurrent task: each fetches one job at a time.
    for (let index = 0; index < config.concurrency; index += 1) {
      let ownId = '';
      ownId = await boss.work<{ taskId: number }>(
        TASK_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: pollingSeconds },
        tracked(async ([job]: PgBoss.Job<{ taskId: number }>[]) => {
          await runTask(runner, job.data.taskId);
          // pg-boss waits a whole polling interval between fetches even after a job: with work
          // waiting, fetch the next one at once.
          boss.notifyWorker(ownId);
        }),
      );
      workerIds.push(ownId);
    }
    // Quality scores owed by saves, a batch at a time (a dataset saved twice is scored once).
    let scorerId = '';
    scorerId = await boss.work<{ datasetId: number }>(
      QUALITY_QUEUE,
      { batchSize: SCORER_BATCH, pollingIntervalSeconds: pollingSeconds },
      tracked(async (jobs: PgBoss.Job<{ datasetId: number }>[]) => {
        await assessOwed(db, jobs.map((job) => job.data.datasetId));
        // A full batch means more are owed (a burst of saves): the next batch at once, not a whole
        // polling interval later, or a backlog would drain slower than saves can owe it.
        if (jobs.length === SCORER_BATCH) boss.notifyWorker(scorerId);
      }),
    );
    const wakers = {
      // A task queued by this process starts at once instead of at the next poll.
      tasks: () => workerIds.forEach((id) => boss.notifyWorker(id)),
      // A score owed by a save here is taken shortly after, with those owed by the saves of that
      // moment: one fetch and one assessment for them all, not one each (10 saves a second).
      scores: () => {
        scorerWake ??= setTimeout(() => {
          scorerWake = null;
          boss.notifyWorker(scorerId);
        }, SCORER_WAKE_MS);
      },
    };
    for (const pool of wakingPools) onTaskQueued(pool, wakers);
  }

  // Whatever a previous process left behind.
  await tick().catch((error) => options.log?.warn({ err: error }, 'task recovery failed'));

  return {
    tick,
    async stop() {
      for (const pool of wakingPools) onTaskQueued(pool, null);
      if (scorerWake) clearTimeout(scorerWake);
      // Running tasks get a few seconds to end; the rest is handed back, queued for another process.
      // Their jobs are answered before the pool closes: an answer after it would fail in pg-boss.
      const handBack = setTimeout(() => stopping.abort(), STOP_GRACE_MS);
      await boss.stop({ graceful: true, close: false, timeout: 8_000 });
      clearTimeout(handBack);
      stopping.abort();
      // pg-boss stops waiting after its timeout; a handler still ending (a tool that is slow to
      // quit) is given a while more, then a turn of the event loop for pg-boss to send its answer.
      await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => setTimeout(resolve, LATE_HANDLER_MS).unref())]);
      await new Promise((resolve) => setImmediate(resolve));
      if (options.runTasks) {
        await handBackTasks(db, worker, config.timeLimitSeconds).catch((error: unknown) => options.log?.warn({ err: error }, 'tasks not handed back (recovered later)'));
      }
    },
  };
}
