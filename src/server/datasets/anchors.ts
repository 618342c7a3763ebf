/**
 * Deep pages of dataset lists start from a remembered row instead of skipping every row before
 * them. OFFSET n reads n rows (for an editor, checking each private one against the special
 * permissions) on every call; here, like counts (datasets/counts.ts), what a page read is kept
 * while `dataset_data_version` has not moved: per list query (its text and values, so its
 * filters, search, ordering and the user's visibility condition), the key of the rows at the
 * positions pages ended on. A later page starts after the nearest remembered row before it, with
 * a keyset condition (http/keyset.ts) that an index bounds, and skips only the rows between.
 *
 * The ids of each page read are kept too: the same page asked again at the same data version (a
 * list reopened, paged back, refreshed, or opened by another user with the same visibility) costs
 * a look at the version instead of its walk along the index.
 *
 * Pages stay exactly those of OFFSET: each page query reads the data version in its own snapshot,
 * and a page that started from a remembered row of another version is read again from the start.
 */
import type { Db } from '../db/pool.ts';
import { keyColumns, keysetAfter, type RowKey } from '../http/keyset.ts';
import { orderByClause, SqlParams, type PageIdsQuery } from '../http/pagination.ts';

/** Lists remembered per database pool, and rows per list; the oldest go first. */
const MAX_LISTS = 1000;
const MAX_ROWS_PER_LIST = 100;

/** Pages whose ids are kept, per database pool; the oldest go first. */
const MAX_PAGES = 2000;

interface Cache {
  version: string | null;
  /** List key → position (1-based, in the list's order) → that row's key. */
  lists: Map<string, Map<number, RowKey>>;
  /** List key, offset and size → the page's ids, read at `version`. */
  pages: Map<string, number[]>;
}

const caches = new WeakMap<Db, Cache>();

function cacheOf(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { version: null, lists: new Map(), pages: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

interface Read {
  ids: number[];
  /** The data version the page was read at; null when no row came back. */
  version: string | null;
  /** Position → key of the rows worth remembering: the one before the page and the page's last. */
  keys: Map<number, RowKey>;
}

type KeyedRow = { id: number; data_version: string } & Record<string, string | null>;

/** The page after `start` (the row at position `position`), or from the list's start without one. */
async function readPage(db: Db, query: PageIdsQuery, notNull: ReadonlySet<string>, position: number, start: RowKey | undefined): Promise<Read> {
  const params = new SqlParams();
  params.values.push(...query.values);
  const conditions = query.where === '' ? [] : [`(${query.where.replace(/^WHERE /, '')})`];
  if (start) conditions.push(...keysetAfter(query.orderTerms, start, params, notNull));
  // One row more, the one before the page, when rows are skipped: the same page comes back to it.
  const skipped = query.offset - position;
  const before = skipped > 0 ? 1 : 0;
  const { rows } = await db.query<KeyedRow>(
    `SELECT ${query.id} AS id, ${keyColumns(query.orderTerms).join(', ')}, (SELECT version FROM dataset_data_version) AS data_version
       FROM ${query.from} ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
       ${orderByClause(query.orderTerms)} LIMIT ${params.add(query.limit + before)} OFFSET ${params.add(skipped - before)}`,
    params.values,
  );
  const keyOf = (row: KeyedRow): RowKey => query.orderTerms.map((_, index) => row[`key_${index}`]);
  const keys = new Map<number, RowKey>();
  if (before && rows.length > 0) keys.set(query.offset, keyOf(rows[0]));
  if (rows.length > before) keys.set(query.offset + rows.length - before, keyOf(rows[rows.length - 1]));
  return { ids: rows.slice(before).map((row) => row.id), version: rows[0]?.data_version ?? null, keys };
}

function remember(cache: Cache, listKey: string, pageKey: string, read: Read): void {
  if (read.version === null) return;
  if (cache.version === null || BigInt(read.version) > BigInt(cache.version)) {
    cache.version = read.version;
    cache.lists.clear();
    cache.pages.clear();
  } else if (read.version !== cache.version) {
    // Read on an older snapshot than the cache's: right for that request only.
    return;
  }
  cache.pages.delete(pageKey);
  if (cache.pages.size >= MAX_PAGES) cache.pages.delete(cache.pages.keys().next().value!);
  cache.pages.set(pageKey, read.ids);
  const rows = cache.lists.get(listKey) ?? new Map<number, RowKey>();
  cache.lists.delete(listKey);
  if (cache.lists.size >= MAX_LISTS) cache.lists.delete(cache.lists.keys().next().value!);
  cache.lists.set(listKey, rows);
  for (const [position, key] of read.keys) {
    rows.delete(position);
    if (rows.size >= MAX_ROWS_PER_LIST) rows.delete(rows.keys().next().value!);
    rows.set(position, key);
  }
}

/**
 * ListSource.pageIds of the dataset lists: pages equal to LIMIT/OFFSET's, started from remembered
 * rows. `notNull`: the ordering expressions that are never null (their pages start on an index bound).
 */
export function anchoredPageIds(db: Db, notNull: ReadonlySet<string>): (query: PageIdsQuery) => Promise<number[]> {
  return async (query) => {
    const cache = cacheOf(db);
    const listKey = `${query.id}\u0000${query.from}\u0000${query.where}\u0000${orderByClause(query.orderTerms)}\u0000${JSON.stringify(query.values)}`;
    const pageKey = `${listKey}\u0000${query.offset}\u0000${query.limit}`;
    const version = cache.version;
    // The same page read at the current data version: the same ids.
    const kept = cache.pages.get(pageKey);
    if (kept && version !== null) {
      const { rows } = await db.query<{ version: string }>('SELECT version FROM dataset_data_version');
      if (rows[0].version === version && cache.version === version) return kept;
    }
    let position = 0;
    let start: RowKey | undefined;
    for (const [known, key] of cache.lists.get(listKey) ?? []) {
      if (known <= query.offset && known > position) [position, start] = [known, key];
    }
    let read = await readPage(db, query, notNull, position, start);
    // Read on another version than the remembered row's (or nothing came back): from the start.
    if (start && read.version !== version) read = await readPage(db, query, notNull, 0, undefined);
    remember(cache, listKey, pageKey, read);
    return read.ids;
  };
}
