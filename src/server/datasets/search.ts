/**
 * Dataset full-text search: French stemming, accents ignored, every word a prefix ("donnée eau"
 * finds "Données de l'eau"), and the way a searched page is read.
 *
 * A page in an indexed order is read by walking that order's index and keeping the rows that
 * match, which stops early when matches are common. When they are rare it reads most of the
 * index (a word no dataset holds: every row, about 2 s at 300,000 datasets), and the planner
 * cannot know in advance: a prefix's frequency is only estimated. The list's count, known first
 * and reused (datasets/counts.ts), tells: under SPARSE_MATCHES, the page is sorted from the
 * matches the full-text index finds instead.
 */
import type { Db } from '../db/pool.ts';
import type { PageIdsQuery, SqlParams } from '../http/pagination.ts';
import { cachedCount } from './counts.ts';

/** Below this many matches a sort of the matches is cheaper than a walk along the order's index. */
export const SPARSE_MATCHES = 1000;

const searchSql = (placeholder: string) => `d.search_vector @@ to_tsquery('french'::regconfig, immutable_unaccent(${placeholder}))`;
const SEARCH_PATTERN = /d\.search_vector @@ to_tsquery\('french'::regconfig, immutable_unaccent\(\$\d+\)\)/;

/** The WHERE condition of a search, or null when it holds no word. */
export function datasetSearchCondition(search: string, params: SqlParams): string | null {
  const words = search.match(/[\p{L}\p{N}]+/gu)?.slice(0, 10) ?? [];
  if (words.length === 0) return null;
  return searchSql(params.add(words.map((word) => `${word}:*`).join(' & ')));
}

/**
 * Wraps a list's page reader: a searched list with few matches is read from the matches, kept
 * apart by OFFSET 0 so the planner does not fold them back into the walk along the index.
 */
export function searchAwarePageIds(db: Db, pageIds: (query: PageIdsQuery) => Promise<number[]>) {
  return async (query: PageIdsQuery): Promise<number[]> => {
    const search = SEARCH_PATTERN.exec(query.where)?.[0];
    if (!search || !query.from.startsWith('datasets d ')) return pageIds(query);
    // The same text and values as the list's own count: answered from the cache, or counted once.
    const matches = await cachedCount(db, `SELECT count(*) AS count FROM ${query.from} ${query.where}`, query.values);
    if (matches >= SPARSE_MATCHES) return pageIds(query);
    const from = `(SELECT * FROM datasets d WHERE ${search} OFFSET 0) d ${query.from.slice('datasets d '.length)}`;
    return pageIds({ ...query, from });
  };
}
