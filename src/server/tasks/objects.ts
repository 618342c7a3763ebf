/**
 * The kinds of objects scenarios run on, and what the task engine asks of each: does the object
 * exist and what is it called, which of them a user sees (SQL, for task lists), and who may run
 * scenarios on one (and so retry, cancel or acknowledge its tasks).
 */
import { administeredGroupIds, type AccessSubject } from '../../../schemas/access.ts';
import type { Db } from '../db/pool.ts';
import { layerEditSql, layerVisibleSql } from '../datastore/access.ts';
import { datasetEditCondition, datasetReachCondition } from '../datasets/visibility.ts';
import { resourceEditCondition, resourceReachCondition } from '../datasets/resource-visibility.ts';
import type { SqlParams } from '../http/pagination.ts';

export interface ObjectClass {
  /** The object's display name, or null when it does not exist. */
  name(db: Pick<Db, 'query'>, id: number): Promise<string | null>;
  /** SQL expression of the display name of the object of an id expression. */
  nameSql(idSql: string): string;
  /** SQL condition on an object id expression true when the user sees it; null = sees all. */
  visibleSql(idSql: string, user: AccessSubject, params: SqlParams): string | null;
  /** SQL condition true when the user may run scenarios on it; null = may on all. */
  runnableSql(idSql: string, user: AccessSubject, params: SqlParams): string | null;
  /**
   * SQL subquery of the ids of the datasets a run on the object may be filed under besides the
   * object itself (`kwargs.target`): the datasets it belongs to. Absent: none.
   */
  targetDatasetsSql?(idSql: string): string;
  /**
   * SQL subquery of the ids of the objects of this kind that belong to the dataset of an id
   * expression (its resources, their links, layers and styles): their tasks are among the
   * dataset's. Absent: none belongs to a dataset.
   */
  ofDatasetSql?(datasetIdSql: string): string;
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

// A resource: read and changed as resources are (datasets/resource-visibility.ts).
const resource: ObjectClass = {
  async name(db, id) {
    const { rows } = await db.query<{ display_name: string }>('SELECT display_name FROM resources WHERE id = $1', [id]);
    return rows[0]?.display_name ?? null;
  },
  nameSql: (idSql) => `(SELECT r.display_name FROM resources r WHERE r.id = ${idSql})`,
  visibleSql(idSql, user, params) {
    const condition = resourceReachCondition('r', user, params);
    return condition === null ? null : `EXISTS (SELECT 1 FROM resources r WHERE r.id = ${idSql} AND ${condition})`;
  },
  runnableSql(idSql, user, params) {
    const condition = resourceEditCondition('r', user, params);
    return condition === null ? null : `EXISTS (SELECT 1 FROM resources r WHERE r.id = ${idSql} AND ${condition})`;
  },
  targetDatasetsSql: (idSql) => `SELECT rd.dataset_id FROM resource_datasets rd WHERE rd.resource_id = ${idSql}`,
  ofDatasetSql: (datasetIdSql) => `SELECT rd.resource_id FROM resource_datasets rd WHERE rd.dataset_id = ${datasetIdSql}`,
};

// A resource in a dataset: seen with the dataset, its publication changed by the dataset's editors.
const resourcedataset: ObjectClass = {
  async name(db, id) {
    const { rows } = await db.query<{ name: string }>(
      `SELECT r.display_name || ' — ' || d.display_name AS name FROM resource_datasets rd
         JOIN resources r ON r.id = rd.resource_id JOIN datasets d ON d.id = rd.dataset_id WHERE rd.id = $1`,
      [id],
    );
    return rows[0]?.name ?? null;
  },
  nameSql: (idSql) => `(SELECT r.display_name || ' — ' || d.display_name FROM resource_datasets rd
    JOIN resources r ON r.id = rd.resource_id JOIN datasets d ON d.id = rd.dataset_id WHERE rd.id = ${idSql})`,
  visibleSql(idSql, user, params) {
    const condition = datasetReachCondition('d', user, params);
    return condition === null ? null : `EXISTS (SELECT 1 FROM resource_datasets rd JOIN datasets d ON d.id = rd.dataset_id WHERE rd.id = ${idSql} AND ${condition})`;
  },
  runnableSql(idSql, user, params) {
    const condition = datasetEditCondition('d', user, params);
    return condition === null ? null : `EXISTS (SELECT 1 FROM resource_datasets rd JOIN datasets d ON d.id = rd.dataset_id WHERE rd.id = ${idSql} AND ${condition})`;
  },
  targetDatasetsSql: (idSql) => `SELECT rd.dataset_id FROM resource_datasets rd WHERE rd.id = ${idSql}`,
  ofDatasetSql: (datasetIdSql) => `SELECT rd.id FROM resource_datasets rd WHERE rd.dataset_id = ${datasetIdSql}`,
};

/** A geographic layer: who reaches it is decided in datastore/access.ts. */
const geographiclayer: ObjectClass = {
  async name(db, id) {
    const { rows } = await db.query<{ display_name: string }>('SELECT display_name FROM geographic_layers WHERE id = $1', [id]);
    return rows[0]?.display_name ?? null;
  },
  nameSql: (idSql) => `(SELECT gl.display_name FROM geographic_layers gl WHERE gl.id = ${idSql})`,
  visibleSql: layerVisibleSql,
  runnableSql: layerEditSql,
  // The layers of the dataset's resources.
  ofDatasetSql: (datasetIdSql) => `SELECT gl.id FROM geographic_layers gl JOIN resource_datasets rd ON rd.resource_id = gl.resource_id WHERE rd.dataset_id = ${datasetIdSql}`,
};

/** A layer's style: the access of its layer. */
const style: ObjectClass = {
  async name(db, id) {
    const { rows } = await db.query<{ display_name: string }>('SELECT display_name FROM layer_styles WHERE id = $1', [id]);
    return rows[0]?.display_name ?? null;
  },
  nameSql: (idSql) => `(SELECT s.display_name FROM layer_styles s WHERE s.id = ${idSql})`,
  visibleSql(idSql, user, params) {
    const condition = layerVisibleSql('s.layer_id', user, params);
    return condition === null ? null : `EXISTS (SELECT 1 FROM layer_styles s WHERE s.id = ${idSql} AND ${condition})`;
  },
  runnableSql(idSql, user, params) {
    const condition = layerEditSql('s.layer_id', user, params);
    return condition === null ? null : `EXISTS (SELECT 1 FROM layer_styles s WHERE s.id = ${idSql} AND ${condition})`;
  },
  // The styles of the layers of the dataset's resources.
  ofDatasetSql: (datasetIdSql) => `SELECT s.id FROM layer_styles s WHERE s.layer_id IN (${geographiclayer.ofDatasetSql!(datasetIdSql)})`,
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

export const OBJECT_CLASSES: Record<string, ObjectClass> = { dataset, resource, resourcedataset, geographiclayer, style, remoteapiindex };

export function objectClass(name: string): ObjectClass | null {
  return Object.hasOwn(OBJECT_CLASSES, name) ? OBJECT_CLASSES[name] : null;
}
