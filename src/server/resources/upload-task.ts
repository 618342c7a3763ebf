/**
 * An upload is a task while its bytes arrive: STARTED on the resource (so `_processing` shows it
 * PENDING), its heartbeat kept by the serving process. If that process stops mid-way, the task
 * engine's recovery ends it FAILURE with `resource.uploadInterrupted` (the task's
 * interrupted_error) and removes the temporary file it names; the previous file stays current,
 * since only a complete upload is ever recorded on the source.
 */
import type pg from 'pg';
import type { Db } from '../db/pool.ts';
import { stepJson } from '../tasks/store.ts';

export const UPLOAD_ACTION = 'upload-file-upload';
const INTERRUPTED = JSON.stringify({ code: 'resource.uploadInterrupted', params: {} });

export interface UploadTask {
  /** Records the complete upload's end (in the transaction that records the file). */
  succeed(client: pg.PoolClient): Promise<void>;
  /** Records a refused upload, already acknowledged: the caller had the refusal as the answer. */
  refuse(): Promise<void>;
}

/** Starts the task of an upload writing `temporary` (the storage's temporary file name). */
export async function startUploadTask(
  db: Db,
  options: { resourceId: number; userId: number; temporary: string; worker: string; heartbeatSeconds: number },
): Promise<UploadTask> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO task_queue_track (status, action, object_class, object_id, kwargs, trigger, created_by, attempt, worker, heartbeat_at, interrupted_error, timeline)
     VALUES ('STARTED', $1, 'resource', $2, jsonb_build_object('temporary', $3::text), 'user', $4, 1, $5, now(), $6::jsonb, $7::jsonb)
     RETURNING id`,
    [UPLOAD_ACTION, options.resourceId, options.temporary, options.userId, options.worker, INTERRUPTED, stepJson('resource.uploadStarted')],
  );
  const id = rows[0].id;
  const heartbeat = setInterval(() => {
    db.query(`UPDATE task_queue_track SET heartbeat_at = now() WHERE id = $1 AND status = 'STARTED'`, [id]).catch(() => {});
  }, options.heartbeatSeconds * 1000);
  heartbeat.unref();
  let ended = false;
  const end = async (client: Pick<Db, 'query'>, status: 'SUCCESS' | 'FAILURE') => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    const error = status === 'FAILURE' ? { code: 'resource.uploadRefused', params: {} } : null;
    await client.query(
      `UPDATE task_queue_track SET status = $2, end_date = now(), heartbeat_at = now(), error = $3::jsonb,
              acknowledged_at = CASE WHEN $2 = 'FAILURE' THEN now() END, acknowledged_by = CASE WHEN $2 = 'FAILURE' THEN created_by END,
              timeline = timeline || $4::jsonb
        WHERE id = $1 AND status = 'STARTED'`,
      [id, status, error ? JSON.stringify(error) : null, error ? stepJson(error.code, {}, 'error') : stepJson('task.succeeded')],
    );
  };
  return {
    succeed: (client) => end(client, 'SUCCESS'),
    refuse: () => end(db, 'FAILURE'),
  };
}
