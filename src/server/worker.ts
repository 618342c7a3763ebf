/**
 * `npm run worker`: a process that runs queued tasks (WORKERS=external, or more hands beside an
 * inline server). It opens the server's database — DATABASE_URL, or the embedded PostgreSQL a
 * server started under DATA_DIR — and never migrates: it waits for a server to have migrated,
 * then fails clearly; it refuses a database a newer version migrated. SIGTERM/SIGINT stop it after its running tasks (a few seconds at most; the
 * rest is recovered).
 */
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from './config.ts';
import { NewerDatabaseError, schemaState } from './db/migrate.ts';
import { closeDatastore, configureDatastore } from './datastore/connection.ts';
import { createPool, type Db } from './db/pool.ts';
import { configureMapserver } from './mapserver/client.ts';
import { stopOnSignals } from './shutdown.ts';
import { startTaskEngine } from './tasks/engine.ts';

const WAIT_SECONDS = 60;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The embedded database of a server running on DATA_DIR (its port and password are in DATA_DIR). */
async function embeddedUrl(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'pg-credentials.json');
  let credentials: { port?: number; password?: string };
  try {
    credentials = JSON.parse(await readFile(file, 'utf8')) as typeof credentials;
  } catch {
    throw new Error(`No database: set DATABASE_URL, or start the server first with the same DATA_DIR (${dataDir})`);
  }
  return `postgres://postgres:${encodeURIComponent(credentials.password ?? '')}@127.0.0.1:${credentials.port}/publish`;
}

/** Waits until the server has applied every migration this code knows (pg-boss's schema included). */
async function waitForSchema(db: Db): Promise<void> {
  let problem = '';
  for (let waited = 0; waited <= WAIT_SECONDS; waited += 1) {
    let state;
    try {
      state = await schemaState(db);
    } catch (error) {
      problem = (error as Error).message;
      await sleep(1000);
      continue;
    }
    // A newer version migrated the database: waiting will not help.
    if (state.unknown.length > 0) throw new NewerDatabaseError(state.unknown);
    const { missing } = state;
    try {
      const boss = await db.query("SELECT 1 FROM pg_tables WHERE schemaname = 'pgboss' AND tablename = 'version'");
      if (missing.length === 0 && boss.rowCount) return;
      problem = missing.length > 0 ? `migrations ${missing.join(', ')} not applied` : 'the task queue is not installed';
    } catch (error) {
      problem = (error as Error).message;
    }
    await sleep(1000);
  }
  throw new Error(`The database is not ready (${problem}): start the server, which migrates it, then the workers`);
}

async function main() {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  // Background work yields the processors to the server's requests (BACKGROUND_NICE): the embedded
  // database's processes it uses (an external database's are not ours), and this process, whose
  // nice counts only among the processes of its session where Linux groups them (autogroup).
  if (config.backgroundNice > 0) {
    try {
      setPriority(config.backgroundNice);
    } catch (error) {
      logger.warn({ err: error }, 'the worker keeps its processor priority');
    }
  }
  const nice = config.databaseUrl ? 0 : config.backgroundNice;
  const db = createPool(config.databaseUrl ?? (await embeddedUrl(config.dataDir)), (error) => logger.warn({ err: error }, 'idle database connection failed'), { nice });
  try {
    await waitForSchema(db);
  } catch (error) {
    await db.end();
    throw error;
  }
  configureDatastore(config.datastoreUrl);
  configureMapserver(config.mapserverUrl, config.mapserverDatastoreUrl ?? config.datastoreUrl ?? config.databaseUrl);
  const engine = await startTaskEngine({ db, config: config.tasks, runTasks: true, migrate: false, log: logger });
  logger.info({ concurrency: config.tasks.concurrency }, 'worker started');
  console.log(`Publish worker ${process.pid} is running ${config.tasks.concurrency} task(s) at a time`);

  stopOnSignals(logger, async () => {
    await engine.stop();
    await db.end();
    await closeDatastore();
  });
}

main().catch((error: unknown) => {
  console.error('Publish worker failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
