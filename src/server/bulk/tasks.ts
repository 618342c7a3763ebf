/**
 * The tasks of a bulk change and of its undo. The change writes in batches, each in one
 * transaction that locks its datasets, judges them again (rights, "already so"), records their
 * state before and after (bulk_snapshots), writes and adds their activity entries; progress is a
 * step per batch. A task run again (recovered, retried) carries on after the datasets it already
 * recorded. The undo puts back, in batches too, the state before of every dataset that still holds
 * what the change left and that its author may still change, and says which it could not.
 */
import type pg from 'pg';
import { BULK_TASK_ACTION, BULK_UNDO_TASK_ACTION, type BulkAction } from '../../../schemas/bulk.ts';
import { canEditDataset } from '../../../schemas/access.ts';
import { loadAuthUser } from '../auth/users.ts';
import { inTransaction, type Db } from '../db/pool.ts';
import type { Changes } from '../datasets/store.ts';
import type { MessageKey } from '../i18n.ts';
import type { ScenarioHandler } from '../tasks/context.ts';
import { TaskFailure } from '../tasks/failure.ts';
import { BULK_SPECS, sameState, shown, type BulkActionSpec, type Params, type State } from './actions.ts';
import { planChanges, visibleRows } from './plan.ts';

/** Datasets written per transaction. */
export const BULK_BATCH = 200;
/** Datasets an undo names in its timeline when it could not restore them (the rest are counted). */
const NAMED_FAILURES = 50;

interface Operation {
  task_id: number;
  action: BulkAction;
  params: Record<string, unknown>;
  dataset_ids: number[];
  created_by: number | null;
}

async function loadOperation(db: Db, condition: string, taskId: number): Promise<Operation> {
  const { rows } = await db.query<Operation>(`SELECT task_id, action, params, dataset_ids, created_by FROM bulk_operations WHERE ${condition} = $1`, [taskId]);
  if (!rows[0] || !Object.hasOwn(BULK_SPECS, rows[0].action)) throw new TaskFailure('task.objectGone');
  return rows[0];
}

function batches<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += BULK_BATCH) result.push(items.slice(index, index + BULK_BATCH));
  return result;
}

type Named = (shown: Record<string, unknown>) => Record<string, unknown>;

/** How the activity entries of `spec`'s changes name what their states hold by id (the same states when they need no names). */
const activityNamer = async (spec: BulkActionSpec, client: pg.PoolClient, params: Params): Promise<Named> =>
  spec.activityNames ? spec.activityNames(client, params) : (shown) => shown;

/** Each field the state change touches, with its old and new value (an activity entry). */
function activityChanges(spec: BulkActionSpec, before: State, after: State, operation: number, named: Named): Changes {
  const old = named(shown(spec, before) ?? {});
  const value = named(shown(spec, after) ?? {});
  const changes: Changes = { bulk_task: { old: null, new: operation } };
  for (const field of new Set([...Object.keys(old), ...Object.keys(value)])) {
    if (JSON.stringify(old[field]) !== JSON.stringify(value[field])) changes[field] = { old: old[field] ?? null, new: value[field] ?? null };
  }
  return changes;
}

async function recordActivities(client: pg.PoolClient, entries: Array<{ datasetId: number; userId: number | null; action: string; changes: Changes }>) {
  if (entries.length === 0) return;
  await client.query(
    `INSERT INTO dataset_activity (dataset_id, user_id, action, changes)
     SELECT e.dataset_id, e.user_id, e.action, e.changes FROM json_to_recordset($1::json) AS e(dataset_id integer, user_id integer, action text, changes jsonb)
      WHERE EXISTS (SELECT 1 FROM datasets d WHERE d.id = e.dataset_id)`,
    [JSON.stringify(entries.map((entry) => ({ dataset_id: entry.datasetId, user_id: entry.userId, action: entry.action, changes: entry.changes })))],
  );
}

const lockDatasets = (client: pg.PoolClient, ids: number[]) => client.query('SELECT id FROM datasets WHERE id = ANY($1::integer[]) ORDER BY id FOR UPDATE', [ids]);

const applyBulk: ScenarioHandler = {
  async run({ db, taskId, step }) {
    const operation = await loadOperation(db, 'task_id', taskId);
    const spec = BULK_SPECS[operation.action];
    const user = operation.created_by === null ? null : await loadAuthUser(db, operation.created_by);
    if (!user) throw new TaskFailure('task.objectGone');
    const { rows: recorded } = await db.query<{ dataset_id: number }>('SELECT dataset_id FROM bulk_snapshots WHERE task_id = $1', [taskId]);
    const done = new Set(recorded.map((row) => row.dataset_id));
    const total = operation.dataset_ids.length;
    let changed = done.size;
    let skipped = 0;
    let processed = done.size;
    for (const batch of batches(operation.dataset_ids.filter((id) => !done.has(id)))) {
      const counts = await inTransaction(db, async (client) => {
        await lockDatasets(client, batch);
        // Rights and states as they are now: a dataset gone or out of reach since the preview is skipped.
        const rows = await visibleRows(client, user, batch);
        const plan = await planChanges(client, spec, operation.params, rows);
        const ids = plan.changes.map((change) => change.row.id);
        if (ids.length > 0) {
          await spec.write(client, plan.changes.map((change) => ({ id: change.row.id, to: change.after })), operation.params);
          // What the change left, read back (a keyword may take the case of the tag it joined).
          const after = await spec.read(client, ids, operation.params);
          const snapshots = plan.changes.map((change) => ({
            dataset_id: change.row.id,
            display_name: change.row.display_name,
            before: change.before,
            after: after.get(change.row.id) ?? null,
          }));
          await client.query(
            `INSERT INTO bulk_snapshots (task_id, dataset_id, display_name, before, after)
             SELECT $1, s.dataset_id, s.display_name, s.before, s.after FROM json_to_recordset($2::json) AS s(dataset_id integer, display_name text, before jsonb, after jsonb)`,
            [taskId, JSON.stringify(snapshots)],
          );
          const named = await activityNamer(spec, client, operation.params);
          await recordActivities(
            client,
            snapshots.map((snapshot) => ({
              datasetId: snapshot.dataset_id,
              userId: user.id,
              action: 'bulk',
              changes: activityChanges(spec, snapshot.before, snapshot.after, taskId, named),
            })),
          );
        }
        return { changed: ids.length, skipped: batch.length - ids.length };
      });
      changed += counts.changed;
      skipped += counts.skipped;
      processed += batch.length;
      await step('bulk.progress', { done: processed, total });
    }
    // The undo window starts when the change is complete.
    await db.query(`UPDATE bulk_operations SET undo_until = now() + make_interval(secs => undo_seconds) WHERE task_id = $1`, [taskId]);
    await step('bulk.applied', { changed, skipped });
  },
};

interface Snapshot {
  dataset_id: number;
  display_name: string;
  before: State;
  after: State;
}

/** Why an undo left a dataset (bulk_snapshots.undo_reason), as its timeline says it. */
const UNDO_REASONS: Record<string, MessageKey> = {
  changedSince: 'bulk.changedSince',
  restoreFailed: 'bulk.restoreFailed',
  forbidden: 'bulk.undoForbidden',
};

/** The owning group of each dataset of `ids` still there. */
async function currentOwners(client: pg.PoolClient, ids: number[]): Promise<Map<number, number>> {
  const { rows } = await client.query<{ id: number; usergroup_id: number }>('SELECT id, usergroup_id FROM datasets WHERE id = ANY($1::integer[])', [ids]);
  return new Map(rows.map((row) => [row.id, row.usergroup_id]));
}

/** The owning group of a deleted dataset, from its snapshot before the deletion (bulk/deletion.ts). */
function deletedOwner(before: State): number | null {
  const owner = (before as { row?: { usergroup_id?: unknown } } | null)?.row?.usergroup_id;
  return typeof owner === 'number' ? owner : null;
}

const undoBulk: ScenarioHandler = {
  async run({ db, taskId, step }) {
    const operation = await loadOperation(db, 'undo_task_id', taskId);
    const spec = BULK_SPECS[operation.action];
    const user = operation.created_by === null ? null : await loadAuthUser(db, operation.created_by);
    if (!user) throw new TaskFailure('task.objectGone');
    const { rows: pending } = await db.query<Snapshot>(
      'SELECT dataset_id, display_name, before, after FROM bulk_snapshots WHERE task_id = $1 AND restored IS NULL ORDER BY dataset_id',
      [operation.task_id],
    );
    const total = pending.length;
    let processed = 0;
    for (const batch of batches(pending)) {
      await inTransaction(db, async (client) => {
        const ids = batch.map((snapshot) => snapshot.dataset_id);
        await lockDatasets(client, ids);
        const current = await spec.read(client, ids, operation.params);
        const owners = await currentOwners(client, ids);
        const outcomes: Array<{ dataset_id: number; restored: boolean; reason: string | null }> = [];
        const restored: Snapshot[] = [];
        for (const snapshot of batch) {
          // Only a dataset its author may still change (rights as they are now, not as they were);
          // one gone since, and not by this change, is left to the next check.
          const owner = owners.get(snapshot.dataset_id) ?? deletedOwner(snapshot.before);
          if (owner !== null && !canEditDataset(user, { usergroup: owner })) {
            outcomes.push({ dataset_id: snapshot.dataset_id, restored: false, reason: 'forbidden' });
            continue;
          }
          // Only a dataset still as the change left it: anything since would be lost.
          if (!sameState(spec, current.get(snapshot.dataset_id) ?? null, snapshot.after)) {
            outcomes.push({ dataset_id: snapshot.dataset_id, restored: false, reason: 'changedSince' });
            continue;
          }
          await client.query('SAVEPOINT bulk_undo');
          try {
            await spec.write(client, [{ id: snapshot.dataset_id, to: snapshot.before }], operation.params);
            await client.query('RELEASE SAVEPOINT bulk_undo');
            outcomes.push({ dataset_id: snapshot.dataset_id, restored: true, reason: null });
            restored.push(snapshot);
          } catch {
            // The database refuses it now (a codename taken since, an owner deleted): the rest goes on.
            await client.query('ROLLBACK TO SAVEPOINT bulk_undo');
            outcomes.push({ dataset_id: snapshot.dataset_id, restored: false, reason: 'restoreFailed' });
          }
        }
        await client.query(
          `UPDATE bulk_snapshots s SET restored = o.restored, undo_reason = o.reason
             FROM json_to_recordset($2::json) AS o(dataset_id integer, restored boolean, reason text)
            WHERE s.task_id = $1 AND s.dataset_id = o.dataset_id`,
          [operation.task_id, JSON.stringify(outcomes)],
        );
        const named = await activityNamer(spec, client, operation.params);
        await recordActivities(
          client,
          restored.map((snapshot) => ({
            datasetId: snapshot.dataset_id,
            userId: operation.created_by,
            action: 'bulk-undo',
            changes: activityChanges(spec, snapshot.after, snapshot.before, operation.task_id, named),
          })),
        );
      });
      processed += batch.length;
      await step('bulk.progress', { done: processed, total });
    }
    const { rows: failed } = await db.query<{ dataset_id: number; display_name: string; undo_reason: string }>(
      'SELECT dataset_id, display_name, undo_reason FROM bulk_snapshots WHERE task_id = $1 AND restored = false ORDER BY dataset_id',
      [operation.task_id],
    );
    for (const row of failed.slice(0, NAMED_FAILURES)) {
      await step(UNDO_REASONS[row.undo_reason] ?? 'bulk.changedSince', { name: row.display_name, id: row.dataset_id }, 'warning');
    }
    const { rows: counts } = await db.query<{ restored: number }>(
      'SELECT count(*) FILTER (WHERE restored)::integer AS restored FROM bulk_snapshots WHERE task_id = $1',
      [operation.task_id],
    );
    await step('bulk.undone', { restored: counts[0].restored, failed: failed.length }, failed.length > 0 ? 'warning' : 'info');
  },
};

export const BULK_SCENARIOS: Record<string, ScenarioHandler> = {
  [BULK_TASK_ACTION]: applyBulk,
  [BULK_UNDO_TASK_ACTION]: undoBulk,
};
