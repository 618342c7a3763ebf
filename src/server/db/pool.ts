import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import pLimit from 'p-limit';
import pg from 'pg';

export type Db = pg.Pool;

// int8 (bigint ids, count(*)) as numbers: every value this application stores is far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

type Slot = <T>(work: () => Promise<T>) => Promise<T>;
const listReadSlots = new WeakMap<Db, Slot>();
/** Each pool's connections, until each has closed (endPool). */
const connections = new WeakMap<Db, Set<Promise<void>>>();

/**
 * A connection pool; errors on idle clients (e.g. the server restarting) are logged, not fatal.
 * `listReads`: how many list reads run at once on it (listReadSlot).
 * `nice`: the processor priority given to each of its connections' PostgreSQL processes, for a
 * database on this machine that this process may renice (the embedded one).
 */
export function createPool(
  connectionString: string,
  onError: (error: Error) => void = () => {},
  { listReads = 4, nice = 0 }: { listReads?: number; nice?: number } = {},
): Db {
  // Connections are kept for ten idle minutes: a new PostgreSQL process maps the shared buffers page
  // by page as it first touches them, which makes its first lists of a large catalogue slower.
  // Named statements (prepared()) are lookups by ids: planned once per connection, a generic plan,
  // rather than planned again at each call for the ids it is given. Others are planned every time.
  // Table scans start at the table's first page (not where another scan of it is): a search's
  // bounded count tells its matches' density by how far into the table it read (datasets/pages.ts).
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    idleTimeoutMillis: 600_000,
    application_name: 'publish',
    options: '-c plan_cache_mode=force_generic_plan -c synchronize_seqscans=off',
  });
  // pg-pool hangs the idle client on its error: logged whole, it would spell out the connection
  // (its prepared statements, its cancel key). The message and code say what happened.
  pool.on('error', (error) => {
    delete (error as Error & { client?: unknown }).client;
    onError(error);
  });
  if (nice > 0) pool.on('connect', (client) => renice(client, nice, onError));
  const open = new Set<Promise<void>>();
  pool.on('connect', (client) => {
    const closed = new Promise<void>((resolve) => client.once('end', () => resolve()));
    open.add(closed);
    void closed.then(() => open.delete(closed));
  });
  connections.set(pool, open);
  listReadSlots.set(pool, pLimit(listReads));
  return pool;
}

/**
 * Ends a pool once its connections have closed. pg-pool's end() asks them to close and returns:
 * a database stopped right after would end them itself, each then failing with an error.
 */
export async function endPool(pool: Db): Promise<void> {
  await pool.end();
  await Promise.all(connections.get(pool) ?? []);
}

/**
 * Lowers the priority of a connection's PostgreSQL process (its pid, told by the server at
 * connection). Each PostgreSQL process leads its own session, and where the system groups the
 * processors' time by session (Linux's autogroup) a process's nice only counts within its group:
 * the group's nice is lowered too.
 */
function renice(client: pg.PoolClient, nice: number, onError: (error: Error) => void): void {
  const pid = (client as unknown as { processID: number | null }).processID;
  if (!pid) return;
  try {
    setPriority(pid, nice);
    const autogroup = `/proc/${pid}/autogroup`;
    if (existsSync(autogroup)) writeFileSync(autogroup, String(nice));
  } catch (error) {
    onError(new Error(`PostgreSQL process ${pid} keeps its priority: ${(error as Error).message}`));
  }
}

/**
 * Runs a list read (its statements, one after the other) when one of the pool's list slots is
 * free. Reads beyond them wait here, not in the database: the processors stay shared by a few
 * reads, and writes, which take no slot, are not queued behind every reader.
 */
export function listReadSlot(db: Db): Slot {
  return listReadSlots.get(db) ?? ((work) => work());
}

/**
 * A statement prepared once per connection, named after its text: what every request asks with
 * the same text (and other values) is not planned again each time (createPool: a generic plan).
 * For statements whose best plan does not depend on their values: lookups by ids.
 */
export function prepared(text: string, values: unknown[]): pg.QueryConfig {
  return { name: `q-${createHash('sha256').update(text).digest('hex').slice(0, 32)}`, text, values };
}

/** Runs `work` inside one transaction on one client: all its writes commit together or not at all. */
export async function inTransaction<T>(db: Db, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
