/**
 * The kinds of objects scenarios run on, and what the task engine asks of each: does the object
 * exist and what is it called, which of them a user sees (SQL, for task lists), and who may run
 * scenarios on one (and so retry, cancel or acknowledge its tasks).
 */
import { administeredGroupIds, type AccessSubject } from '../../../schemas/access.ts';
import type { Db } from '../db/pool.ts';
import { datasetEditCondition, datasetReachCondition } from '../datasets/visibility.ts';
import type { SqlParams } from '../http/pagination.ts';

export interface ObjectClass {
  /** The object's display name, or null when it does not exist. */
  name(db: Pick<Db, 'query'>, id: number): Promise<string | null>;
  /** SQL of the display name of the object whose id is `idSql` (for task lists). */
  nameSql(idSql: string): string;
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
  nameSql: (idSql) => `(SELECT d.display_name FROM datasets d WHERE d.id = ${idSql})`,
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

/** Indexers: seen and run by superusers and the delegated administrators (role 2) of their usergroup. */
const remoteapiindex: ObjectClass = {
  async name(db, id) {
    const { rows } = await db.query<{ name: string }>('SELECT name FROM remote_api_indexes WHERE id = $1', [id]);
    return rows[0]?.name ?? null;
  },
  nameSql: (idSql) => `(SELECT ri.name FROM remote_api_indexes ri WHERE ri.id = ${idSql})`,
  visibleSql(idSql, user, params) {
    return remoteapiindex.runnableSql(idSql, user, params);
  },
  runnableSql(idSql, user, params) {
    if (user.is_superuser) return null;
    return `EXISTS (SELECT 1 FROM remote_api_indexes ri WHERE ri.id = ${idSql} AND ri.usergroup_id = ANY(${params.add(administeredGroupIds(user))}::integer[]))`;
  },
};

export const OBJECT_CLASSES: Record<string, ObjectClass> = { dataset, remoteapiindex };

export function objectClass(name: string): ObjectClass | null {
  return Object.hasOwn(OBJECT_CLASSES, name) ? OBJECT_CLASSES[name] : null;
}
