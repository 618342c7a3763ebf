import pg from 'pg';

export type Db = pg.Pool;

// int8 (bigint ids, count(*)) as numbers: every value this application stores is far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** A connection pool; errors on idle clients (e.g. the server restarting) are logged, not fatal. */
export function createPool(connectionString: string, onError: (error: Error) => void = () => {}): Db {
  const pool = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 30_000, application_name: 'publish' });
  pool.on('error', onError);
  return pool;
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
