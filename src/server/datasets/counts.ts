/**
 * Dataset counts that cost the same whatever the catalogue's size and its writes.
 *
 * What a user reaches by their groups' roles and the default level is a sum of the counts kept per
 * class (owner group × default level × published: migration 030, kept by the writing transaction),
 * plus the few datasets they reach through special permissions only, read on the grants' index
 * (visibility.ts grantedDatasetsSql). Lists filtered by those columns alone (organisation, publish,
 * default level, editable) and `datasets-count/` are counted so, exactly; so are the lists of one
 * topic, from the counts kept per topic and class (migration 048).
 *
 * A search or another filter is counted up to COUNT_CAP rows (pages.ts): an exact count below it,
 * else COUNT_CAP flagged as capped ("more than 1,000"). Counting 10,000 matches of a common word
 * reads about 8,000 table pages (70–90 ms at 300,000 datasets), 1,000 about 1,000 (10 ms).
 */
import type { AccessSubject } from '../../../schemas/access.ts';
import { datasets } from '../../../schemas/datasets.ts';
import type { Db } from '../db/pool.ts';
import { SqlParams, type QueryParams } from '../http/pagination.ts';
import { datasetEditCondition, datasetReachParts, grantedDatasetsSql } from './visibility.ts';

/** The filters a class count answers: on the owner, publish and default level columns only. */
export interface ClassFilter {
  /** One topic: counted per topic and class. */
  topic?: number;
  usergroup?: number;
  publish?: boolean;
  levels?: number[];
  editable?: boolean;
}

const CLASS_PARAMS = new Set(['usergroup_id', 'publish', 'default_permission_level__in', 'perms', 'topics__in']);

/** The list's query parameters that restrict it: its search, `id__in` (every entity list's) and the schema's filters. */
const RESTRICTING_PARAMS = ['search', 'id__in', ...Object.entries(datasets.list.filters).map(([name, filter]) => (filter.lookup === 'in' ? `${name}__in` : name))];

/** Whether a search holds a word: one without any (punctuation alone) searches nothing (pages.ts `datasetSearchCondition`). */
export const holdsSearchWords = (search: string) => /[\p{L}\p{N}]/u.test(search);

const single = (value: QueryParams[string]) => (Array.isArray(value) ? value[value.length - 1] : value)?.trim() ?? '';

/**
 * The class filter of a list request (its values already checked by the list), or null when it
 * searches or filters on something else.
 */
export function classFilterOf(query: QueryParams): ClassFilter | null {
  const filter: ClassFilter = {};
  for (const name of RESTRICTING_PARAMS) {
    const raw = Array.isArray(query[name]) ? (query[name] as string[]).join(',') : single(query[name]);
    if (raw === '' || (name === 'search' && !holdsSearchWords(raw))) continue;
    if (!CLASS_PARAMS.has(name)) return null;
    if (name === 'usergroup_id') filter.usergroup = Number(single(query[name]));
    else if (name === 'publish') filter.publish = ['true', '1'].includes(single(query[name]).toLowerCase());
    else if (name === 'default_permission_level__in') filter.levels = raw.split(',').filter((part) => part !== '').map(Number);
    else if (name === 'topics__in') {
      // Datasets of any of several topics are not a sum of their counts (one may hold two).
      const topics = [...new Set(raw.split(',').filter((part) => part.trim() !== '').map(Number))];
      if (topics.length !== 1) return null;
      filter.topic = topics[0];
    }
    else if (single(query[name]) === 'editable') filter.editable = true;
  }
  return filter;
}

/** Conditions of a class filter on `alias`: a datasets row, or a dataset_class_counts or dataset_topic_class_counts row. */
function filterConditions(alias: string, user: AccessSubject, filter: ClassFilter, params: SqlParams, counted: boolean): string[] {
  const conditions: string[] = [];
  if (filter.topic !== undefined) {
    // A granted dataset's row (grantedDatasetsSql) holds the dataset's id, not its topics: the
    // topic's datasets are read once from its links' index (not each grant's dataset row).
    const topic = params.add(filter.topic);
    conditions.push(counted ? `${alias}.topic_id = ${topic}` : `${alias}.id IN (SELECT l.dataset_id FROM dataset_topics l WHERE l.topic_id = ${topic})`);
  }
  if (filter.usergroup !== undefined) conditions.push(`${alias}.usergroup_id = ${params.add(filter.usergroup)}`);
  if (filter.publish !== undefined) conditions.push(`COALESCE(${alias}.publish, true) = ${params.add(filter.publish)}`);
  if (filter.levels) conditions.push(`${alias}.default_permission_level = ANY(${params.add(filter.levels)}::integer[])`);
  const editable = filter.editable ? datasetEditCondition(alias, user, params) : null;
  if (editable) conditions.push(editable);
  return conditions;
}

const where = (conditions: (string | null)[]) => {
  const kept = conditions.filter((condition) => condition !== null);
  return kept.length > 0 ? `WHERE ${kept.join(' AND ')}` : '';
};

/** SQL of the number of datasets the user reaches matching `filter`, from the class counts. */
export function visibleCountSql(user: AccessSubject, filter: ClassFilter, params: SqlParams): string {
  const { classes } = datasetReachParts('c', user, params);
  const counts = filter.topic === undefined ? 'dataset_class_counts' : 'dataset_topic_class_counts';
  const fromClasses = `(SELECT COALESCE(sum(c.datasets), 0) FROM ${counts} c ${where([classes, ...filterConditions('c', user, filter, params, true)])})`;
  // What the user may change is theirs by class.
  if (classes === null || filter.editable) return fromClasses;
  // Reached through a special permission only: outside the classes already counted, read from the
  // grants' index with their datasets' columns (migration 042).
  const d = datasetReachParts('d', user, params);
  return `${fromClasses} + (SELECT count(DISTINCT d.id) FROM (${grantedDatasetsSql(user, params)}) d ${where([`NOT ${d.classes}`, ...filterConditions('d', user, filter, params, false)])})`;
}

/** The number of datasets the user reaches matching `filter`, exact, without reading them. */
export async function visibleDatasetCount(db: Db, user: AccessSubject, filter: ClassFilter = {}): Promise<number> {
  const params = new SqlParams();
  const { rows } = await db.query<{ count: string }>(`SELECT ${visibleCountSql(user, filter, params)} AS count`, params.values);
  return Number(rows[0].count);
}

/** A topic's datasets the user reaches matching `filter` (which names the topic), and all the topic's datasets. */
export async function topicDatasetCounts(db: Db, user: AccessSubject, filter: ClassFilter & { topic: number }): Promise<{ count: number; topicRows: number }> {
  const params = new SqlParams();
  const { rows } = await db.query<{ count: string; topic_rows: string }>(
    `SELECT ${visibleCountSql(user, filter, params)} AS count,
            (SELECT COALESCE(sum(c.datasets), 0) FROM dataset_topic_class_counts c WHERE c.topic_id = ${params.add(filter.topic)}) AS topic_rows`,
    params.values,
  );
  return { count: Number(rows[0].count), topicRows: Number(rows[0].topic_rows) };
}

/** `datasets-count/`: the platform's datasets, those the user may change and those they see. */
export async function datasetCounts(db: Db, user: AccessSubject): Promise<{ count: number; editable: number; viewable: number }> {
  const params = new SqlParams();
  const { rows } = await db.query<{ count: string; editable: string; viewable: string }>(
    `SELECT (SELECT COALESCE(sum(c.datasets), 0) FROM dataset_class_counts c) AS count,
            ${visibleCountSql(user, { editable: true }, params)} AS editable,
            ${visibleCountSql(user, {}, params)} AS viewable`,
    params.values,
  );
  return { count: Number(rows[0].count), editable: Number(rows[0].editable), viewable: Number(rows[0].viewable) };
}
