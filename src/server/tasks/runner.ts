/**
 * Runs one task for a delivered job. The claim is a conditional UPDATE (PENDING → STARTED), so a
 * task runs once however many times its job is delivered; every later write (steps, heartbeat,
 * the end) counts only while the attempt this worker claimed is still the task's.
 */
import type { TaskConfig } from '../config.ts';
import type { Db } from '../db/pool.ts';
import type { MessageKey } from '../i18n.ts';
import { TaskFailure, type StepParams } from './failure.ts';
import { scenarioHandler } from './scenarios.ts';
import { stepJson, wakeScorer } from './store.ts';
import { oweAssessmentsOf } from '../quality/owed.ts';

export interface RunnerOptions {
  db: Db;
  worker: string;
  /** Read at each run: the limits in force then. */
  config: TaskConfig;
  log?: { warn: (object: object, message: string) => void };
  /**
   * Aborted when this process stops: a task still running then is left STARTED for the stop's
   * hand-back (recovery.ts) and the job answered at once, while the process's connections are open.
   */
  stopping?: AbortSignal;
}

interface Claimed {
  id: number;
  action: string;
  object_class: string;
  object_id: number | null;
  kwargs: Record<string, unknown>;
  attempt: number;
}

/** Claims the task for this worker: the row, or null when it is not PENDING (done, running, revoked). */
async function claim(db: Db, taskId: number, worker: string): Promise<Claimed | null> {
  const { rows } = await db.query<Claimed>(
    `UPDATE task_queue_track SET status = 'STARTED', attempt = attempt + 1, worker = $2, heartbeat_at = now(),
            timeline = timeline || jsonb_build_array(jsonb_build_object('date', now(), 'level', 'info', 'code', 'task.started',
              'params', jsonb_build_object('attempt', attempt + 1)))
      WHERE id = $1 AND status = 'PENDING'
      RETURNING id, action, object_class, object_id, kwargs, attempt`,
    [taskId, worker],
  );
  return rows[0] ?? null;
}

/** Writes the end if the attempt still owns the task; answers whether it did. */
async function finish(db: Db, task: Claimed, status: 'SUCCESS' | 'FAILURE', step: string, error: { code: string; params: StepParams } | null): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE task_queue_track SET status = $3, end_date = now(), heartbeat_at = now(), error = $4::jsonb, timeline = timeline || $5::jsonb
      WHERE id = $1 AND attempt = $2 AND status = 'STARTED'`,
    [task.id, task.attempt, status, error ? JSON.stringify(error) : null, step],
  );
  return (rowCount ?? 0) > 0;
}

export async function runTask(options: RunnerOptions, taskId: number): Promise<void> {
  const { db } = options;
  const task = await claim(db, taskId, options.worker);
  if (!task) return;
  const handler = scenarioHandler(task.action, options.config.diagnosticScenarios);
  if (!handler) {
    const error = { code: 'task.unknownScenario', params: { codename: task.action } };
    await finish(db, task, 'FAILURE', stepJson(error.code, error.params, 'error'), error);
    return;
  }
  const limit = handler.timeLimitSeconds ?? options.config.timeLimitSeconds;
  const controller = new AbortController();
  let lost = false;
  const heartbeat = setInterval(() => {
    db.query(`UPDATE task_queue_track SET heartbeat_at = now() WHERE id = $1 AND attempt = $2 AND status = 'STARTED'`, [task.id, task.attempt])
      .then(({ rowCount }) => {
        // Recovered or revoked elsewhere: stop working for nothing.
        if (!rowCount) {
          lost = true;
          controller.abort();
        }
      })
      .catch(() => {});
  }, options.config.heartbeatSeconds * 1000);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limit * 1000);
  });
  const { stopping } = options;
  let onStop: (() => void) | undefined;
  const stopped = new Promise<'stopped'>((resolve) => {
    onStop = () => resolve('stopped');
    if (stopping?.aborted) onStop();
    else stopping?.addEventListener('abort', onStop, { once: true });
  });
  try {
    const step = async (code: MessageKey, params: StepParams = {}, level: 'info' | 'warning' | 'error' = 'info') => {
      await db.query(`UPDATE task_queue_track SET timeline = timeline || $3::jsonb WHERE id = $1 AND attempt = $2 AND status = 'STARTED'`, [
        task.id,
        task.attempt,
        stepJson(code, params, level),
      ]);
    };
    const outcome = await Promise.race([
      handler.run({ db, config: options.config, taskId: task.id, objectId: task.object_id, kwargs: task.kwargs ?? {}, signal: controller.signal, step }).then(() => 'done' as const),
      timeout,
      stopped,
    ]);
    if (lost) return;
    if (outcome === 'stopped') {
      // Handed back by the stop; the scenario sees its signal and ends on its own.
      controller.abort();
      return;
    }
    if (outcome === 'timeout') {
      controller.abort();
      const error = { code: 'task.timeLimit', params: { seconds: limit } };
      await finish(db, task, 'FAILURE', stepJson(error.code, error.params, 'error'), error);
    } else if (await finish(db, task, 'SUCCESS', stepJson('task.succeeded'), null)) {
      // What the scenario changed (a resource loaded, a layer published) changes its datasets' scores.
      await oweAssessmentsOf(db, task.object_class, task.object_id)
        .then(() => wakeScorer(db))
        .catch((error: unknown) => options.log?.warn({ err: error, taskId }, 'scores of the datasets not owed'));
    }
  } catch (caught) {
    if (lost || stopping?.aborted) return;
    const error =
      caught instanceof TaskFailure
        ? { code: caught.code, params: caught.params }
        : { code: 'task.error', params: { message: caught instanceof Error ? caught.message : String(caught) } };
    if (!(caught instanceof TaskFailure)) options.log?.warn({ err: caught, taskId }, 'task failed');
    await finish(db, task, 'FAILURE', stepJson(error.code, error.params, 'error'), error).catch(() => {});
  } finally {
    clearInterval(heartbeat);
    clearTimeout(timer);
    if (onStop) stopping?.removeEventListener('abort', onStop);
  }
}
