/**
 * Who may see and change a geographic layer (and so its styles, features and scenarios): the
 * access of its resource. Whoever reads the resource (readers of a dataset it is linked to,
 * editors of its usergroup, superusers) sees the layer; whoever writes the resource (editors of
 * its usergroup, superusers) changes it. Every route and the task engine ask here, and only here.
 */
import type { AccessSubject } from '../../../schemas/access.ts';
import type { Db } from '../db/pool.ts';
import { resourceEditCondition, resourceReachCondition } from '../datasets/resource-visibility.ts';
import { SqlParams } from '../http/pagination.ts';

export type LayerAccess = 'none' | 'listed' | 'see' | 'edit';

function throughResource(idSql: string, condition: string | null): string | null {
  return condition === null
    ? null
    : `EXISTS (SELECT 1 FROM geographic_layers gla JOIN resources r ON r.id = gla.resource_id WHERE gla.id = ${idSql} AND ${condition})`;
}

/** SQL condition on a layer id expression, true when the user sees the layer; null = sees all. */
export function layerVisibleSql(idSql: string, user: AccessSubject, params: SqlParams): string | null {
  return throughResource(idSql, resourceReachCondition('r', user, params));
}

/** SQL condition on a layer id expression, true when the user may change the layer; null = all. */
export function layerEditSql(idSql: string, user: AccessSubject, params: SqlParams): string | null {
  return throughResource(idSql, resourceEditCondition('r', user, params));
}

/**
 * 'none' (answered 404, also when the layer does not exist), 'see' or 'edit'. With `dataLevel`,
 * seeing the layer's data (its features, its tiles) also needs a dataset holding its resource to
 * open it at that level (or editing it): below, the layer is 'listed', its name and styles only.
 */
export async function layerAccess(db: Pick<Db, 'query'>, layerId: number, user: AccessSubject, dataLevel?: number): Promise<LayerAccess> {
  const params = new SqlParams();
  const id = params.add(layerId);
  const visible = layerVisibleSql(id, user, params) ?? 'true';
  const data = dataLevel === undefined ? 'true' : (throughResource(id, resourceReachCondition('r', user, params, dataLevel)) ?? 'true');
  const editable = layerEditSql(id, user, params) ?? 'true';
  const { rows } = await db.query<{ visible: boolean; editable: boolean; data: boolean }>(
    `SELECT ${visible} AS visible, ${editable} AS editable, ${data} AS data FROM geographic_layers WHERE id = ${id}`,
    params.values,
  );
  if (!rows[0]?.visible) return 'none';
  if (rows[0].editable) return 'edit';
  return rows[0].data ? 'see' : 'listed';
}
