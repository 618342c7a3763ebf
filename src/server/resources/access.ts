/** What a user may do with one resource or one dataset: 'none' (404), 'see', or 'edit'. */
import type { AccessSubject } from '../../../schemas/access.ts';
import { PERMISSION_LEVEL } from '../../../schemas/constants.ts';
import { resourceEditCondition, resourceReachCondition } from '../datasets/resource-visibility.ts';
import { datasetEditCondition, datasetReachCondition } from '../datasets/visibility.ts';
import type { Db } from '../db/pool.ts';
import { SqlParams } from '../http/pagination.ts';

export type Reach = 'none' | 'see' | 'edit';

async function reach(db: Db, table: string, alias: string, id: number, visible: string | null, editable: string | null, params: SqlParams): Promise<Reach> {
  const { rows } = await db.query<{ visible: boolean; editable: boolean }>(
    `SELECT ${visible ?? 'true'} AS visible, ${editable ?? 'true'} AS editable FROM ${table} ${alias} WHERE ${alias}.id = ${params.add(id)}`,
    params.values,
  );
  if (!rows[0]?.visible) return 'none';
  return rows[0].editable ? 'edit' : 'see';
}

export function resourceReach(db: Db, user: AccessSubject, id: number): Promise<Reach> {
  const params = new SqlParams();
  return reach(db, 'resources', 'r', id, resourceReachCondition('r', user, params), resourceEditCondition('r', user, params), params);
}

export function datasetReach(db: Db, user: AccessSubject, id: number): Promise<Reach> {
  const params = new SqlParams();
  return reach(db, 'datasets', 'd', id, datasetReachCondition('d', user, params), datasetEditCondition('d', user, params), params);
}

/**
 * Whether a dataset holding the resource opens it to the user at `level` at least (its editors and
 * superusers always): 'consultation' to see its data (rows, maps), 'download' to take its file.
 */
export async function resourceOpensAt(db: Db, user: AccessSubject, id: number, level: number): Promise<boolean> {
  const params = new SqlParams();
  const condition = resourceReachCondition('r', user, params, level);
  if (condition === null) return true;
  const { rows } = await db.query<{ allowed: boolean }>(`SELECT ${condition} AS allowed FROM resources r WHERE r.id = ${params.add(id)}`, params.values);
  return rows[0]?.allowed === true;
}

/** Whether the user may download the resource's data: its editors, or a dataset it is in open to them at 'download'. */
export function canDownloadResource(db: Db, user: AccessSubject, id: number): Promise<boolean> {
  return resourceOpensAt(db, user, id, PERMISSION_LEVEL.download);
}
