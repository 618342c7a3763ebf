/**
 * Scheduled runs (scenario_execution_frequencies): when each is next due, and the tick that
 * queues the due ones. The tick takes due rows with one UPDATE … RETURNING inside its transaction,
 * so two processes ticking at once never queue the same run twice.
 */
import { CronExpressionParser } from 'cron-parser';
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/pool.ts';
import { queueTasks } from './store.ts';

/** The next time a cron expression fires after `from`; null when it is not a valid expression. */
export function nextRun(cron: string, from: Date = new Date()): Date | null {
  try {
    return CronExpressionParser.parse(cron, { currentDate: from }).next().toDate();
  } catch {
    return null;
  }
}

export function isValidCron(cron: string): boolean {
  return cron.trim().split(/\s+/).length === 5 && nextRun(cron) !== null;
}

/** Queues every due run (trigger 'schedule') and moves it to its next time; answers the new task ids. */
export async function queueDueRuns(db: Db, timeLimitSeconds: number): Promise<number[]> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<{ id: number; scenario_id: number; codename: string; object_class: string; object_id: number; cron: string }>(
      `WITH due AS (
         SELECT f.id FROM scenario_execution_frequencies f WHERE f.next_run_at <= now() FOR UPDATE SKIP LOCKED
       )
       UPDATE scenario_execution_frequencies f SET next_run_at = NULL
         FROM due, scenarios s, schedulers c
        WHERE f.id = due.id AND s.id = f.scenario_id AND c.id = f.scheduler_id
        RETURNING f.id, f.scenario_id, s.codename, f.object_class, f.object_id, c.cron`,
    );
    if (rows.length === 0) return [];
    const ids = await queueTasks(
      db,
      rows.map((row) => ({
        action: row.codename,
        scenarioId: row.scenario_id,
        objectClass: row.object_class,
        objectId: row.object_id,
        trigger: 'schedule' as const,
        createdBy: null,
        timeLimitSeconds,
      })),
      client,
    );
    await client.query(
      `UPDATE scenario_execution_frequencies f SET next_run_at = x.next_run_at, last_task_id = x.task_id
         FROM jsonb_to_recordset($1::jsonb) AS x(id integer, next_run_at timestamptz, task_id bigint) WHERE f.id = x.id`,
      [JSON.stringify(rows.map((row, index) => ({ id: row.id, next_run_at: nextRun(row.cron)?.toISOString() ?? null, task_id: ids[index] })))],
    );
    return ids;
  });
}
