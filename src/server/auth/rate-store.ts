/**
 * The store of @fastify/rate-limit kept in PostgreSQL (table rate_counters): every process of the
 * platform counts the same attempts, and a restart forgets none. One statement per attempt opens a
 * window or adds to it atomically; windows over for an hour are removed now and then.
 */
import type { Db } from '../db/pool.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

const PRUNE_EVERY_MS = 60_000;
/** Milliseconds left in the window. */
const TTL = `GREATEST(0, ceil(extract(epoch FROM window_end - clock_timestamp()) * 1000))::integer AS ttl`;

/** The store class @fastify/rate-limit instantiates (option `store`), over `db`. */
export function pgRateStore(db: Db) {
  let prunedAt = 0;
  const prune = () => {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    db.query(`DELETE FROM rate_counters WHERE window_end < now() - interval '1 hour'`).catch(() => {});
  };

  return class PgRateStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      prune();
      db.query<{ hits: number; ttl: number }>(
        `INSERT INTO rate_counters AS c (key, hits, window_end) VALUES ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN c.window_end <= clock_timestamp() THEN 1 ELSE c.hits + 1 END,
           window_end = CASE WHEN c.window_end <= clock_timestamp() THEN EXCLUDED.window_end ELSE c.window_end END
         RETURNING hits, ${TTL}`,
        [key, Math.trunc(timeWindow)],
      ).then(
        ({ rows }) => callback(null, { current: rows[0].hits, ttl: rows[0].ttl }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback) {
      db.query<{ hits: number; ttl: number }>(`SELECT hits, ${TTL} FROM rate_counters WHERE key = $1 AND window_end > clock_timestamp()`, [key]).then(
        ({ rows }) => callback(null, rows[0] ? { current: rows[0].hits, ttl: rows[0].ttl } : { current: 0, ttl: 0 }),
        (error: Error) => callback(error),
      );
    }

    /** Every limiter shares the table: their keys differ (signin-throttle.ts prefixes them). */
    child() {
      return this;
    }
  };
}
