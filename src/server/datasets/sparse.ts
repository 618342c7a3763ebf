/**
 * Dataset full-text search (French stemming, accents ignored, every word a prefix: "donnée eau"
 * finds "Données de l'eau"), and how a page of a list with few rows is read.
 *
 * A page in an indexed order is read by walking that order's index and keeping the rows that
 * pass the list's conditions, which stops early when they are common. When they are rare it
 * reads most of the index: a word no dataset holds, or an organisation with one dataset, reads
 * all 300,000 entries (2 s for a search, 30 ms for a filter). The planner cannot see it coming:
 * a prefix's or a small group's frequency is only estimated. The list's count (datasets/counts.ts,
 * made alongside) tells: under SPARSE_ROWS, the rows are found first, by whatever index their
 * conditions allow, and sorted.
 */
import type { Db } from '../db/pool.ts';
import { cappedCount, type PageIdsQuery, type SqlParams } from '../http/pagination.ts';

/** Below this many rows, a sort of the rows is cheaper than a walk along the order's index. */
export const SPARSE_ROWS = 1000;

/** The WHERE condition of a search, or null when it holds no word. */
export function datasetSearchCondition(search: string, params: SqlParams): string | null {
  const words = search.match(/[\p{L}\p{N}]+/gu)?.slice(0, 10) ?? [];
  if (words.length === 0) return null;
  const query = words.map((word) => `${word}:*`).join(' & ');
  return `d.search_vector @@ to_tsquery('french'::regconfig, immutable_unaccent(${params.add(query)}))`;
}

/**
 * Wraps the page reader of the datasets list (FROM `datasets d …`): a list with conditions and
 * few rows is read from those rows, kept apart by OFFSET 0 so that the planner does not fold
 * them back into a walk along the order's index.
 */
export function sparseListPageIds(db: Db, pageIds: (query: PageIdsQuery) => Promise<number[]>) {
  return async (query: PageIdsQuery): Promise<number[]> => {
    if (query.where === '') return pageIds(query);
    // The list's own count, or its rows counted up to the threshold.
    const rows = await (query.count ?? cappedCount(db, query, SPARSE_ROWS).then((counted) => counted.count));
    if (rows >= SPARSE_ROWS) return pageIds(query);
    // Only what the page's order reads: the rows are sorted, not read whole.
    const columns = new Set(['d.id', ...query.orderTerms.flatMap((term) => term.column.match(/\bd\.\w+/g) ?? [])]);
    return pageIds({ ...query, from: `(SELECT ${[...columns].join(', ')} FROM ${query.from} ${query.where} OFFSET 0) d`, where: '' });
  };
}
