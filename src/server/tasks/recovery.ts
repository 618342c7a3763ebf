/**
 * Tasks left behind by a worker that stopped (killed, host lost) or by a job that vanished. Run
 * at every start and on the cluster-wide minute tick; every change is a conditional UPDATE, so
 * recoveries running at once on several processes do each thing once.
 */
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/pool.ts';
import { storageOf, type StoragePlace } from '../storage/index.ts';
import { BOSS_SCHEMA, sendTaskJobs, TASK_QUEUE } from './queue.ts';

export interface RecoveryResult {
  requeued: number[];
  failed: number[];
  resent: number[];
}

export async function recoverTasks(db: Db, options: { staleSeconds: number; timeLimitSeconds: number } & StoragePlace): Promise<RecoveryResult> {
  const stale = options.staleSeconds;
  // A running task whose worker stopped reporting: queued once more, with a step saying why…
  const requeued = await inTransaction(db, async (client) => {
    const { rows } = await client.query<{ id: number; job_id: string }>(
      `UPDATE task_queue_track SET status = 'PENDING', worker = NULL, job_id = gen_random_uuid(),
              timeline = timeline || jsonb_build_array(jsonb_build_object('date', now(), 'level', 'warning', 'code', 'task.workerStopped', 'params', '{}'::jsonb))
        WHERE status = 'STARTED' AND attempt < 2 AND interrupted_error IS NULL AND heartbeat_at < now() - make_interval(secs => $1)
        RETURNING id, job_id`,
      [stale],
    );
    await sendTaskJobs(client, rows.map((row) => ({ taskId: row.id, jobId: row.job_id, timeLimitSeconds: options.timeLimitSeconds })));
    return rows.map((row) => row.id);
  });
  // …and failed the next time it happens; a task that cannot run again (an upload) at once, with
  // its own reason, and the half file it was writing removed.
  const { rows: failedRows } = await db.query<{ id: number; temporary: string | null }>(
    `UPDATE task_queue_track SET status = 'FAILURE', end_date = now(), error = COALESCE(interrupted_error, '{"code": "task.workerLost", "params": {}}'::jsonb),
            timeline = timeline || jsonb_build_array(jsonb_build_object('date', now(), 'level', 'error',
              'code', COALESCE(interrupted_error->>'code', 'task.workerLost'), 'params', COALESCE(interrupted_error->'params', '{}'::jsonb)))
      WHERE status = 'STARTED' AND (attempt >= 2 OR interrupted_error IS NOT NULL) AND heartbeat_at < now() - make_interval(secs => $1)
      RETURNING id, kwargs->>'temporary' AS temporary`,
    [stale],
  );
  for (const row of failedRows) await storageOf(options).removeTemporary(row.temporary);
  // A queued task whose job is gone (deleted, expired while a dead worker held it): a new job.
  const resent = await inTransaction(db, async (client) => {
    const { rows } = await client.query<{ id: number; job_id: string }>(
      `UPDATE task_queue_track tq SET job_id = gen_random_uuid()
        WHERE tq.status = 'PENDING' AND tq.start_date < now() - make_interval(secs => $1)
          AND NOT EXISTS (SELECT 1 FROM ${BOSS_SCHEMA}.job j WHERE j.name = $2 AND j.id = tq.job_id
                AND (j.state IN ('created', 'retry') OR (j.state = 'active' AND j.started_on > now() - make_interval(secs => $1))))
        RETURNING tq.id, tq.job_id`,
      [stale, TASK_QUEUE],
    );
    await sendTaskJobs(client, rows.map((row) => ({ taskId: row.id, jobId: row.job_id, timeLimitSeconds: options.timeLimitSeconds })));
    return rows.map((row) => row.id);
  });
  return { requeued, failed: failedRows.map((row) => row.id), resent };
}

/**
 * A stopping process hands its running tasks back: queued again at once (a new job, the next
 * attempt), rather than waiting for their heartbeat to go stale. Whatever the stopped run still
 * writes is ignored, since it no longer owns the attempt. Uploads cannot run again: left to recovery.
 */
export async function handBackTasks(db: Db, worker: string, timeLimitSeconds: number): Promise<number[]> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<{ id: number; job_id: string }>(
      `UPDATE task_queue_track SET status = 'PENDING', worker = NULL, job_id = gen_random_uuid(),
              timeline = timeline || jsonb_build_array(jsonb_build_object('date', now(), 'level', 'warning', 'code', 'task.workerStopped', 'params', '{}'::jsonb))
        WHERE status = 'STARTED' AND worker = $1 AND interrupted_error IS NULL
        RETURNING id, job_id`,
      [worker],
    );
    await sendTaskJobs(client, rows.map((row) => ({ taskId: row.id, jobId: row.job_id, timeLimitSeconds })));
    return rows.map((row) => row.id);
  });
}
