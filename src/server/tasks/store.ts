/**
 * Task rows (task_queue_track): queueing new ones with their pg-boss jobs, and reading them in the
 * shape of schemas/scenarios.ts Task, translated for the reader and with what the reader may do.
 */
import type pg from 'pg';
import type { AccessSubject } from '../../../schemas/access.ts';
import { BULK_TASK_ACTION, BULK_UNDO_TASK_ACTION } from '../../../schemas/bulk.ts';
import type { Locale } from '../../../schemas/constants.ts';
import type { Task, TaskStep, TaskTarget, TaskTrigger } from '../../../schemas/scenarios.ts';
import { inTransaction, type Db } from '../db/pool.ts';
import { SqlParams } from '../http/pagination.ts';
import { t, type MessageKey } from '../i18n.ts';
import { OBJECT_CLASSES } from './objects.ts';
import { newJobIds, sendTaskJobs } from './queue.ts';

export interface NewTask {
  action: string;
  scenarioId: number | null;
  objectClass: string;
  objectId: number | null;
  target?: TaskTarget | null;
  kwargs?: Record<string, unknown>;
  trigger: TaskTrigger;
  createdBy: number | null;
  retryOf?: number | null;
  timeLimitSeconds: number;
}

/** What wakes this process's engine (tasks/engine.ts registers it), by pool: for queued tasks, and for scores owed. */
export interface EngineWakers {
  tasks: () => void;
  scores: () => void;
}
const wakers = new WeakMap<Db, EngineWakers>();
export function onTaskQueued(db: Db, wake: EngineWakers | null): void {
  if (wake) wakers.set(db, wake);
  else wakers.delete(db);
}

/**
 * Inserts the tasks PENDING with their jobs, in one transaction (on `client` when given): a task
 * without its job or a job without its task never commits. Answers the new task ids in order.
 */
export async function queueTasks(db: Db, tasks: NewTask[], client?: pg.PoolClient): Promise<number[]> {
  if (tasks.length === 0) return [];
  const work = async (c: pg.PoolClient) => {
    const jobIds = newJobIds(tasks.length);
    const { rows } = await c.query<{ id: number; job_id: string }>(
      `INSERT INTO task_queue_track (status, action, scenario_id, object_class, object_id, target, kwargs, trigger, created_by, retry_of, job_id)
       SELECT 'PENDING', x.action, x.scenario_id, x.object_class, x.object_id, x.target, COALESCE(x.kwargs, '{}'), x.trigger, x.created_by, x.retry_of, x.job_id
         FROM jsonb_to_recordset($1::jsonb) AS x(action text, scenario_id integer, object_class text, object_id integer,
              target jsonb, kwargs jsonb, trigger text, created_by integer, retry_of bigint, job_id uuid, n bigint)
        ORDER BY x.n
       RETURNING id, job_id`,
      [
        JSON.stringify(
          tasks.map((task, index) => ({
            action: task.action,
            scenario_id: task.scenarioId,
            object_class: task.objectClass,
            object_id: task.objectId,
            target: task.target ?? null,
            kwargs: task.kwargs ?? {},
            trigger: task.trigger,
            created_by: task.createdBy,
            retry_of: task.retryOf ?? null,
            job_id: jobIds[index],
            n: index,
          })),
        ),
      ],
    );
    // RETURNING follows the insertion order; the job ids pair each row with its own task anyway.
    const order = new Map(jobIds.map((jobId, index) => [jobId, index]));
    const sorted = [...rows].sort((a, b) => order.get(a.job_id)! - order.get(b.job_id)!);
    await sendTaskJobs(c, sorted.map((row, index) => ({ taskId: row.id, jobId: row.job_id, timeLimitSeconds: tasks[index].timeLimitSeconds })));
    return sorted.map((row) => row.id);
  };
  const ids = client ? await work(client) : await inTransaction(db, work);
  if (!client) wakers.get(db)?.tasks();
  return ids;
}

/** Advisory lock class of the runs people ask for ('runs'). */
const USER_RUNS_LOCK = 0x72756e73;

/**
 * Queues a run someone asked for (a scenario run, a retry), unless the same run — scenario,
 * object, target and kwargs — already waits in the queue: that one is answered instead. Asking
 * again before it starts changes nothing it will do, and a run may be heavy (a download of
 * gigabytes, a harvest): a double click, or a script in a loop, would otherwise fill the queue
 * whose workers every organisation's tasks wait for.
 */
export async function queueUserRun(db: Db, task: NewTask): Promise<number> {
  const { id, queued } = await inTransaction(db, async (client) => {
    // Two identical requests at once: the second finds the first's task.
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [USER_RUNS_LOCK, task.objectId ?? 0]);
    const { rows } = await client.query<{ id: number }>(
      `SELECT id FROM task_queue_track
        WHERE status = 'PENDING' AND object_class = $1 AND object_id IS NOT DISTINCT FROM $2 AND action = $3
          AND scenario_id IS NOT DISTINCT FROM $4 AND target IS NOT DISTINCT FROM $5::jsonb AND kwargs = $6::jsonb
        ORDER BY id LIMIT 1`,
      [task.objectClass, task.objectId, task.action, task.scenarioId, task.target ? JSON.stringify(task.target) : null, JSON.stringify(task.kwargs ?? {})],
    );
    if (rows[0]) return { id: rows[0].id, queued: false };
    return { id: (await queueTasks(db, [task], client))[0], queued: true };
  });
  if (queued) wakeTaskEngine(db);
  return id;
}

/** Wakes this process's engine after tasks were queued on a caller's client (once it committed). */
export function wakeTaskEngine(db: Db): void {
  wakers.get(db)?.tasks();
}

/** Tells this process's engine that a committed save owes a score (quality/owed.ts). */
export function wakeScorer(db: Db): void {
  wakers.get(db)?.scores();
}

interface StoredStep {
  date: string;
  level: TaskStep['level'];
  code: string;
  params?: Record<string, string | number>;
}

interface TaskRow {
  id: number;
  status: Task['status'];
  action: string;
  action_labels: Record<string, string> | null;
  object_class: string;
  object_id: number | null;
  object_name: string | null;
  target: TaskTarget | null;
  target_name: string | null;
  timeline: StoredStep[];
  warnings: unknown[];
  error: { code: string; params?: Record<string, string | number> } | null;
  trigger: Task['trigger'];
  created_by: string | null;
  retry_of: number | null;
  acknowledged: boolean;
  start_date: Date;
  end_date: Date | null;
  runnable: boolean;
  /** False for a task that cannot run again (an upload). */
  rerunnable: boolean;
  /** A bulk change's (or its undo's) number of datasets: its object, which has no id of its own. */
  bulk_count: number | null;
}

/** A stored code in the reader's language; a code no catalogue knows (older or newer servers) shows as is. */
function translate(locale: Locale, code: string, params?: Record<string, string | number>): string {
  try {
    return t(locale, code as MessageKey, params);
  } catch {
    return code;
  }
}

/** The name of a task's action: its scenario's label, else the catalogue's `task.action.<action>` (tasks run without a scenario, like uploads), else the action. */
export function actionLabel(locale: Locale, action: string, labels: Record<string, string> | null | undefined): string {
  const label = labels?.[locale] ?? labels?.fr;
  if (label) return label;
  const key = `task.action.${action}`;
  const translated = translate(locale, key);
  return translated === key ? action : translated;
}

const targetPkSql = (alias: string) => `(CASE WHEN ${alias}.target->>'pk' ~ '^[0-9]{1,9}$' THEN (${alias}.target->>'pk')::integer END)`;

/** Condition on `tq` true when the user may see the task: superusers all; else its object, its target, or their own. */
export function taskVisibleSql(user: AccessSubject & { id: number }, params: SqlParams): string | null {
  if (user.is_superuser) return null;
  const parts = [`tq.created_by = ${params.add(user.id)}`];
  for (const [name, objectClass] of Object.entries(OBJECT_CLASSES)) {
    const cls = params.add(name);
    const own = objectClass.visibleSql('tq.object_id', user, params) ?? 'true';
    const target = objectClass.visibleSql(targetPkSql('tq'), user, params) ?? 'true';
    parts.push(`(tq.object_class = ${cls} AND ${own})`, `(tq.target->>'model' = ${cls} AND ${target})`);
  }
  return `(${parts.join(' OR ')})`;
}

/**
 * Condition on `tq` true for a dataset's tasks (`datasetIdSql`): run on it, on its behalf
 * (`kwargs.target`), on what belongs to it (its resources, their links, layers and styles:
 * ObjectClass.ofDatasetSql), and the bulk changes of it and their undos (bulk_operations).
 */
export function datasetTasksSql(datasetIdSql: string): string {
  const parts = [
    `(tq.object_class = 'dataset' AND tq.object_id = ${datasetIdSql})`,
    `(tq.target->>'model' = 'dataset' AND tq.target->>'pk' = ${datasetIdSql}::text)`,
  ];
  for (const [name, objectClass] of Object.entries(OBJECT_CLASSES)) {
    if (objectClass.ofDatasetSql) parts.push(`(tq.object_class = '${name}' AND tq.object_id IN (${objectClass.ofDatasetSql(datasetIdSql)}))`);
  }
  // On the GIN index of bulk_operations.dataset_ids (migration 058).
  const bulks = `FROM bulk_operations b WHERE b.dataset_ids @> ARRAY[${datasetIdSql}::integer]`;
  parts.push(`tq.id IN (SELECT b.task_id ${bulks} UNION ALL SELECT b.undo_task_id ${bulks})`);
  return `(${parts.join(' OR ')})`;
}

/** SELECT list of a task for `user` (alias tq): labels, names and whether they may act on it. */
export function taskSelectSql(user: AccessSubject, params: SqlParams): string {
  const names: string[] = [];
  const targetNames: string[] = [];
  const runnable: string[] = [];
  for (const [name, objectClass] of Object.entries(OBJECT_CLASSES)) {
    const cls = params.add(name);
    const visible = objectClass.visibleSql('tq.object_id', user, params) ?? 'true';
    names.push(`WHEN tq.object_class = ${cls} AND ${visible} THEN ${objectClass.nameSql('tq.object_id')}`);
    // The target's name too, under the same rule: only an object the reader sees is named.
    const targetPk = targetPkSql('tq');
    const targetVisible = objectClass.visibleSql(targetPk, user, params) ?? 'true';
    targetNames.push(`WHEN tq.target->>'model' = ${cls} AND ${targetPk} IS NOT NULL AND ${targetVisible} THEN ${objectClass.nameSql(targetPk)}`);
    runnable.push(`(tq.object_class = ${cls} AND ${objectClass.runnableSql('tq.object_id', user, params) ?? 'true'})`);
  }
  // Tasks on no registered object (diagnostics) are the superusers'.
  const mayRun = user.is_superuser ? 'true' : `(${runnable.join(' OR ')})`;
  return `tq.id, tq.status, tq.action, s.labels AS action_labels, tq.object_class, tq.object_id,
    CASE ${names.join(' ')} ELSE NULL END AS object_name,
    tq.target, CASE ${targetNames.join(' ')} ELSE NULL END AS target_name, tq.timeline, tq.warnings, tq.error, tq.trigger, u.username AS created_by, tq.retry_of,
    tq.acknowledged_at IS NOT NULL AS acknowledged, tq.start_date, tq.end_date, ${mayRun} AS runnable,
    tq.interrupted_error IS NULL AS rerunnable,
    CASE WHEN tq.action IN ('${BULK_TASK_ACTION}', '${BULK_UNDO_TASK_ACTION}') THEN
      (SELECT cardinality(b.dataset_ids) FROM bulk_operations b WHERE b.task_id = tq.id OR b.undo_task_id = tq.id LIMIT 1) END AS bulk_count`;
}

export const TASK_FROM = 'task_queue_track tq LEFT JOIN scenarios s ON s.id = tq.scenario_id LEFT JOIN users u ON u.id = tq.created_by';

export function presentTask(row: TaskRow, locale: Locale): Task {
  return {
    id: row.id,
    status: row.status,
    action: row.action,
    action_label: actionLabel(locale, row.action, row.action_labels),
    object_class: row.object_class,
    object_id: row.object_id,
    object_name: row.object_name ?? (row.bulk_count === null ? null : t(locale, 'task.bulkObject', { count: row.bulk_count })),
    target: row.target,
    target_name: row.target ? row.target_name : null,
    timeline: (row.timeline ?? []).map((step) => ({
      // Steps written by SQL (now()) and by the runner (toISOString) read alike.
      date: new Date(step.date).toISOString(),
      level: step.level,
      message: translate(locale, step.code, step.params),
    })),
    warnings: (row.warnings ?? []).map(String),
    error: row.error ? translate(locale, row.error.code, row.error.params) : null,
    trigger: row.trigger,
    created_by: row.created_by,
    retry_of: row.retry_of,
    acknowledged: row.acknowledged,
    start_date: row.start_date.toISOString(),
    end_date: row.end_date?.toISOString() ?? null,
    can_retry: row.runnable && row.rerunnable !== false && (row.status === 'FAILURE' || row.status === 'REVOKED'),
    can_cancel: row.runnable && row.status === 'PENDING',
    can_acknowledge: row.runnable && row.status === 'FAILURE' && !row.acknowledged,
  };
}

export type { TaskRow };

/** One task as `user` sees it, or null when it does not exist or they may not see it. */
export async function loadTask(db: Pick<Db, 'query'>, id: number, user: AccessSubject & { id: number }, locale: Locale): Promise<Task | null> {
  const params = new SqlParams();
  const select = taskSelectSql(user, params);
  const visible = taskVisibleSql(user, params);
  const { rows } = await db.query<TaskRow>(
    `SELECT ${select} FROM ${TASK_FROM} WHERE tq.id = ${params.add(id)}${visible ? ` AND ${visible}` : ''}`,
    params.values,
  );
  return rows[0] ? presentTask(rows[0], locale) : null;
}

/** A timeline step as stored. */
export function stepJson(code: string, params: Record<string, string | number> = {}, level: TaskStep['level'] = 'info'): string {
  return JSON.stringify([{ date: new Date().toISOString(), level, code, params }]);
}
