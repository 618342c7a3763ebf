/**
 * Where datastore tables live: the `datastore` schema of the database at DATASTORE_URL when set,
 * otherwise of the platform's own database. Set once per process (server and worker) from the
 * settings, since scenario handlers receive only the platform's pool.
 */
import { createPool, type Db } from '../db/pool.ts';

export const DATASTORE_SCHEMA = 'datastore';

let datastoreUrl: string | null = null;
let datastorePool: Db | null = null;

export function configureDatastore(url: string | null): void {
  if (url === datastoreUrl) return;
  void datastorePool?.end().catch(() => {});
  datastorePool = null;
  datastoreUrl = url;
}

/** The datastore database's name as the API shows it (never its URL, which holds credentials). */
export function datastoreDatabaseName(): string {
  if (!datastoreUrl) return 'datastore';
  try {
    const parsed = new URL(datastoreUrl);
    return decodeURIComponent(parsed.pathname.replace(/^\//, '')) || parsed.hostname;
  } catch {
    return 'default';
  }
}

/** The pool holding the datastore tables (the platform's when no DATASTORE_URL). */
export function datastoreDb(platform: Db): Db {
  if (!datastoreUrl) return platform;
  datastorePool ??= createPool(datastoreUrl);
  return datastorePool;
}

/** Closes the separate datastore pool, if one was opened (process stop, tests). */
export async function closeDatastore(): Promise<void> {
  const pool = datastorePool;
  datastorePool = null;
  await pool?.end();
}
