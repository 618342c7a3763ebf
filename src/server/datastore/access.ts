/**
 * Who may see and change a geographic layer (and so its styles, features and scenarios).
 *
 * TO WIRE AT MERGE with the resources tables (migration 011): a layer is seen by whoever reads its
 * resource (readers of a dataset it is linked to, editors of its usergroup, superusers) and changed
 * by whoever writes the resource (editors of its usergroup, superusers). Until then only
 * superusers reach layers. Every route and the task engine ask here, and only here.
 */
import type { AccessSubject } from '../../../schemas/access.ts';
import type { Db } from '../db/pool.ts';
import type { SqlParams } from '../http/pagination.ts';

export type LayerAccess = 'none' | 'see' | 'edit';

/** SQL condition on a layer id expression, true when the user sees the layer; null = sees all. */
export function layerVisibleSql(_idSql: string, user: AccessSubject, _params: SqlParams): string | null {
  return user.is_superuser ? null : 'false';
}

/** SQL condition on a layer id expression, true when the user may change the layer; null = all. */
export function layerEditSql(_idSql: string, user: AccessSubject, _params: SqlParams): string | null {
  return user.is_superuser ? null : 'false';
}

/** 'none' (answered 404, also when the layer does not exist), 'see' or 'edit'. */
export async function layerAccess(db: Pick<Db, 'query'>, layerId: number, user: AccessSubject): Promise<LayerAccess> {
  const { rowCount } = await db.query('SELECT 1 FROM geographic_layers WHERE id = $1', [layerId]);
  if (!rowCount) return 'none';
  return user.is_superuser ? 'edit' : 'none';
}
