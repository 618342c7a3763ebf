/**
 * Dataset counts, reused while the data they read is unchanged. Counting the datasets a user sees
 * reads a large share of the table (a superuser's list, every dataset; an editor's, every dataset
 * open to search and theirs), which no index can make cheap enough for each page: the answer of
 * a count query is kept, per query text and values, for as long as `dataset_data_version` (bumped
 * in the same transaction by every write to a table these counts read: migration
 * 007_datasets_performance.sql) has not moved. Counts stay exact: a count made on a snapshot of
 * version v is the count of every snapshot of version v.
 *
 * A count reading a table not listed there (a new filter) must add that table's trigger.
 */
import type { Db } from '../db/pool.ts';

/** Entries kept per database pool; the oldest go first. */
const MAX_ENTRIES = 2000;

interface Cache {
  version: string | null;
  rows: Map<string, Record<string, unknown>>;
  /** Counts being made, per data version and key: a list and its page reader ask at once. */
  pending: Map<string, Promise<Record<string, unknown>>>;
}

const caches = new WeakMap<Db, Cache>();

function cacheOf(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { version: null, rows: new Map(), pending: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The one row of `text` (a count query over the dataset tables, e.g. `SELECT count(*) AS count …`),
 * answered from the cache when the data has not changed since it was made.
 */
export async function cachedCountRow<T extends Record<string, unknown>>(db: Db, text: string, values: unknown[]): Promise<T> {
  const cache = cacheOf(db);
  const key = `${text}\u0000${JSON.stringify(values)}`;
  const { rows: versions } = await db.query<{ version: string }>('SELECT version FROM dataset_data_version');
  const current = versions[0].version;
  if (current === cache.version) {
    const hit = cache.rows.get(key);
    if (hit) return hit as T;
  }
  const pendingKey = `${current}\u0000${key}`;
  let pending = cache.pending.get(pendingKey);
  if (!pending) {
    pending = countAndKeep(db, cache, key, text, values).finally(() => cache.pending.delete(pendingKey));
    cache.pending.set(pendingKey, pending);
  }
  return (await pending) as T;
}

async function countAndKeep(db: Db, cache: Cache, key: string, text: string, values: unknown[]): Promise<Record<string, unknown>> {
  // The version and the count from one snapshot.
  const { rows } = await db.query<Record<string, unknown> & { dataset_data_version: string }>(
    `SELECT v.version AS dataset_data_version, c.* FROM dataset_data_version v, (${text}) c`,
    values,
  );
  const { dataset_data_version: version, ...row } = rows[0];
  if (cache.version === null || BigInt(version) > BigInt(cache.version)) {
    cache.version = version;
    cache.rows.clear();
  } else if (version !== cache.version) {
    // Made on an older snapshot than the cache's: right for this request only.
    return row;
  }
  if (cache.rows.size >= MAX_ENTRIES) cache.rows.delete(cache.rows.keys().next().value!);
  cache.rows.set(key, row);
  return row;
}

/** `count(*)` of a list's FROM and WHERE, reused while the data is unchanged (ListSource.count). */
export async function cachedCount(db: Db, text: string, values: unknown[]): Promise<number> {
  const row = await cachedCountRow<{ count: string | number }>(db, text, values);
  return Number(row.count);
}
