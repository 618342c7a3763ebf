/**
 * The kinds of objects scenarios run on, and what the task engine asks of each: does the object
 * exist and what is it called, which of them a user sees (SQL, for task lists), and who may run
 * scenarios on one (and so retry, cancel or acknowledge its tasks).
 */
import type { AccessSubject } from '../../../schemas/access.ts';
import type { Db } from '../db/pool.ts';
import { layerEditSql, layerVisibleSql } from '../datastore/access.ts';
import { datasetEditCondition, datasetReachCondition } from '../datasets/visibility.ts';
import type { SqlParams } from '../http/pagination.ts';

export interface ObjectClass {
  /** The object's display name, or null when it does not exist. */
  name(db: Pick<Db, 'query'>, id: number): Promise<string | null>;
  /** SQL condition on an object id expression true when the user sees it; null = sees all. */
  visibleSql(idSql: string, user: AccessSubject, params: SqlParams): string | null;
  /** SQL condition true when the user may run scenarios on it; null = may on all. */
  runnableSql(idSql: string, user: AccessSubject, params: SqlParams): string | null;
}

const dataset: ObjectClass = {
  async name(db, id) {
    const { rows } = await db.query<{ display_name: string }>('SELECT display_name FROM datasets WHERE id = $1', [id]);
    return rows[0]?.display_name ?? null;
  },
  visibleSql(idSql, user, params) {
    const condition = datasetReachCondition('d', user, params);
    return condition === null ? null : `EXISTS (SELECT 1 FROM datasets d WHERE d.id = ${idSql} AND ${condition})`;
  },
  // Editors of the owner and superusers: the same as any write to the dataset.
  runnableSql(idSql, user, params) {
    const condition = datasetEditCondition('d', user, params);
    return condition === null ? null : `EXISTS (SELECT 1 FROM datasets d WHERE d.id = ${idSql} AND ${condition})`;
  },
};

/** A geographic layer: who reaches it is decided in datastore/access.ts. */
const geographiclayer: ObjectClass = {
  async name(db, id) {
    const { rows } = await db.query<{ display_name: string }>('SELECT display_name FROM geographic_layers WHERE id = $1', [id]);
    return rows[0]?.display_name ?? null;
  },
  visibleSql: layerVisibleSql,
  runnableSql: layerEditSql,
};

/** A layer's style: the access of its layer. */
const style: ObjectClass = {
  async name(db, id) {
    const { rows } = await db.query<{ display_name: string }>('SELECT display_name FROM layer_styles WHERE id = $1', [id]);
    return rows[0]?.display_name ?? null;
  },
  visibleSql(idSql, user, params) {
    const condition = layerVisibleSql('s.layer_id', user, params);
    return condition === null ? null : `EXISTS (SELECT 1 FROM layer_styles s WHERE s.id = ${idSql} AND ${condition})`;
  },
  runnableSql(idSql, user, params) {
    const condition = layerEditSql('s.layer_id', user, params);
    return condition === null ? null : `EXISTS (SELECT 1 FROM layer_styles s WHERE s.id = ${idSql} AND ${condition})`;
  },
};

export const OBJECT_CLASSES: Record<string, ObjectClass> = { dataset, geographiclayer, style };

export function objectClass(name: string): ObjectClass | null {
  return Object.hasOwn(OBJECT_CLASSES, name) ? OBJECT_CLASSES[name] : null;
}
