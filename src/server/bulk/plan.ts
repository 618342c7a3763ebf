/**
 * Which datasets of a selection a bulk change changes, and which it leaves out and why: the same
 * judgement for the preview, the apply call and the task that writes (which judges again, on the
 * rows it locked).
 */
import type pg from 'pg';
import type { AccessSubject } from '../../../schemas/access.ts';
import type { BulkSkipReason } from '../../../schemas/bulk.ts';
import { datasetEditCondition, datasetReachCondition } from '../datasets/visibility.ts';
import { SqlParams } from '../http/pagination.ts';
import { sameState, type BaseRow, type BulkActionSpec, type Params, type State } from './actions.ts';

type Queryable = Pick<pg.PoolClient, 'query'>;

/** The datasets of `ids` the user sees (in id order), with what the plan needs of them. */
export async function visibleRows(db: Queryable, user: AccessSubject, ids: readonly number[]): Promise<BaseRow[]> {
  const params = new SqlParams();
  const list = params.add(ids);
  const visible = datasetReachCondition('d', user, params);
  const editable = datasetEditCondition('d', user, params) ?? 'true';
  const { rows } = await db.query<BaseRow>(
    `SELECT d.id, d.display_name, d.usergroup_id, d.geographic_coverage, ${editable} AS editable,
            EXISTS (SELECT 1 FROM harvested_records hr WHERE hr.dataset_id = d.id) AS harvested
       FROM datasets d WHERE d.id = ANY(${list}::integer[])${visible ? ` AND ${visible}` : ''} ORDER BY d.id`,
    params.values,
  );
  return rows;
}

export interface PlannedChange {
  row: BaseRow;
  before: State;
  after: State;
}

export interface Plan {
  changes: PlannedChange[];
  skipped: Array<{ row: BaseRow; reason: BulkSkipReason }>;
}

/** Splits the rows into changes (with their states before and after) and skipped ones. */
export async function planChanges(client: pg.PoolClient, spec: BulkActionSpec, params: Params, rows: BaseRow[]): Promise<Plan> {
  const plan: Plan = { changes: [], skipped: [] };
  const candidates = rows.filter((row) => {
    if (row.editable) return true;
    plan.skipped.push({ row, reason: 'forbidden' });
    return false;
  });
  const states = candidates.length > 0 ? await spec.read(client, candidates.map((row) => row.id), params) : new Map<number, State>();
  for (const row of candidates) {
    if (!states.has(row.id)) continue;
    const reason = spec.skip?.(row, params) ?? null;
    if (reason) {
      plan.skipped.push({ row, reason });
      continue;
    }
    const before = states.get(row.id)!;
    const after = spec.plan(before, params);
    if (sameState(spec, before, after)) plan.skipped.push({ row, reason: 'unchanged' });
    else plan.changes.push({ row, before, after });
  }
  plan.skipped.sort((a, b) => a.row.id - b.row.id);
  return plan;
}
