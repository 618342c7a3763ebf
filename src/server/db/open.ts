/**
 * Opens the platform's database as configured: an external PostgreSQL when DATABASE_URL is set,
 * otherwise the embedded one under DATA_DIR (started here), migrated to the latest schema.
 */
import type { Logger } from 'pino';
import type { ServerConfig } from '../config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';
import { migrate } from './migrate.ts';
import { createPool, endPool, type Db } from './pool.ts';

export interface OpenDatabase {
  db: Db;
  /**
   * The pool of background work (tasks, harvests, scores). On the embedded database its processes
   * run at a lower priority (BACKGROUND_NICE): on a busy machine, people's reads and saves go
   * first. An external database's processes are not this machine's to renice: the same pool.
   */
  background: Db;
  /** Migrations applied by this opening. */
  migrations: string[];
  /** Closes the pool, then stops the embedded PostgreSQL if this process started it. */
  close(): Promise<void>;
}

export async function openDatabase(config: ServerConfig, logger: Logger): Promise<OpenDatabase> {
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const pgLog = logger.child({ component: 'postgres' });
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.pgPort,
      log: { info: (m) => pgLog.info(m), warn: (m) => pgLog.warn(m), debug: (m) => pgLog.debug(m) },
    });
    databaseUrl = embedded.url;
  }
  const db = createPool(databaseUrl, (error) => logger.warn({ err: error }, 'idle database connection failed'), { listReads: config.listReads });
  const background =
    embedded && config.backgroundNice > 0
      ? createPool(databaseUrl, (error) => logger.warn({ err: error }, 'background database connection'), { nice: config.backgroundNice })
      : db;
  const close = async () => {
    if (background !== db) await endPool(background);
    await endPool(db);
    await embedded?.stop();
  };
  try {
    return { db, background, migrations: await migrate(db), close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}
