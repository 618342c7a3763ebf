/**
 * pg-boss over the server's own pool (one driver, one pool): it carries only "run task N"
 * messages; the task rows (task_queue_track) say what ran. Jobs are inserted on the caller's
 * client, so a task row and its job commit together or not at all.
 */
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Db } from '../db/pool.ts';

/** The queue of task runs, and the queue of the cluster-wide minute tick (recovery, schedules). */
export const TASK_QUEUE = 'scenario';
export const TICK_QUEUE = 'scenario-tick';
/** Datasets whose quality score a save has made owed (quality/owed.ts). */
export const QUALITY_QUEUE = 'quality-assess';
export const BOSS_SCHEMA = 'pgboss';

/** Every queue pg-boss must know before a job is sent to it. */
const QUEUES = [TASK_QUEUE, TICK_QUEUE, QUALITY_QUEUE];

/** Creates the queues (the server at start; tests in their template). */
export async function createQueues(boss: PgBoss): Promise<void> {
  for (const name of QUEUES) await boss.createQueue(name, { name, retryLimit: 0 } as PgBoss.Queue);
}

type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/** pg-boss's `db` adapter: its SQL runs through our pool or one client (a transaction). */
export function bossDb(db: Queryable) {
  return { executeSql: (text: string, values?: unknown[]) => db.query(text, values as unknown[]) };
}

export function createBoss(db: Db, options: { migrate: boolean; pollingSeconds: number }): PgBoss {
  return new PgBoss({
    db: bossDb(db),
    schema: BOSS_SCHEMA,
    migrate: options.migrate,
    // Our recovery (tasks/recovery.ts) supervises tasks; pg-boss only archives its own jobs.
    supervise: true,
    schedule: true,
    pollingIntervalSeconds: options.pollingSeconds,
  } as PgBoss.ConstructorOptions);
}

/** Installs or upgrades pg-boss's schema on a database (the server does it at start; tests in their template). */
export async function installBossSchema(db: Db): Promise<void> {
  const boss = createBoss(db, { migrate: true, pollingSeconds: 2 });
  await boss.start();
  await createQueues(boss);
  await boss.stop({ graceful: false, close: false });
}

/** A job per task on `client`; answers the job ids in order. The task rows must carry them. */
export function newJobIds(count: number): string[] {
  return Array.from({ length: count }, () => randomUUID());
}

/** Inserts jobs on `client`, so they commit with the caller's transaction. */
export async function insertJobs(client: Queryable, jobs: PgBoss.JobInsert[]): Promise<void> {
  if (jobs.length === 0) return;
  // Without a started instance: insert() needs only the SQL and the adapter.
  const boss = new PgBoss({ db: bossDb(client), schema: BOSS_SCHEMA } as PgBoss.ConstructorOptions);
  await boss.insert(jobs);
}

/** Inserts the "run task N" jobs with the given ids (expiring after the task's time limit and a margin). */
export async function sendTaskJobs(client: Queryable, jobs: Array<{ jobId: string; taskId: number; timeLimitSeconds: number }>): Promise<void> {
  await insertJobs(
    client,
    jobs.map((job) => ({
      id: job.jobId,
      name: TASK_QUEUE,
      data: { taskId: job.taskId },
      retryLimit: 0,
      // Longer than the task may run: pg-boss must not give the job up while the task is running.
      expireInSeconds: Math.min(job.timeLimitSeconds + 120, 23 * 3600),
    })),
  );
}
