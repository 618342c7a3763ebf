/**
 * Entry point: `tsx src/server/main.ts`. Starts the database (embedded unless DATABASE_URL),
 * migrates, seeds demo data into an empty database, listens, and shuts down cleanly on
 * SIGTERM/SIGINT (exit code 0).
 */
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { randomPassword } from './auth/passwords.ts';
import { deleteExpiredSessions } from './auth/sessions.ts';
import { loadConfig } from './config.ts';
import { NewerDatabaseError } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { preparePlatformData } from './db/prepare.ts';
import type { SeedResult } from './db/seed.ts';
import { seedDemoResources } from './db/seedResources.ts';
import { stopOnSignals } from './shutdown.ts';
import { storageOf } from './storage/index.ts';
import { startTaskEngine, type TaskEngine } from './tasks/engine.ts';

async function main() {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });

  const { db, background, migrations, close } = await openDatabase(config, logger);
  if (migrations.length > 0) logger.info({ migrations }, 'database migrated');
  let app: FastifyInstance | null = null;
  let tasks: TaskEngine | null = null;
  /** Closes what is open, in order: HTTP server, task engine, pool, embedded PostgreSQL. */
  const stopAll = async () => {
    await app?.close();
    await tasks?.stop();
    await close();
  };

  const demoPassword = config.demoPassword ?? randomPassword();
  let seed: SeedResult;
  try {
    seed = await preparePlatformData(db, { password: demoPassword, termsVersion: config.termsVersion, dataDir: config.dataDir });
    await deleteExpiredSessions(db);
    // Halves of files a crash left behind (never any resource's file).
    await storageOf(config).sweep();
    // WORKERS=external: this process only queues; `npm run worker` processes run the tasks.
    tasks = await startTaskEngine({ db: background, requestDb: db, config: config.tasks, runTasks: config.tasks.workers === 'inline', migrate: true, log: logger });
    // Queued once the engine's tables exist; run by the engine like any resource's scenario.
    if (seed.seeded) await seedDemoResources(db, { timeLimitSeconds: config.tasks.timeLimitSeconds });
    app = await buildApp({ db, config, logger });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Leave nothing running behind a failed start (e.g. the port is taken).
    await stopAll().catch(() => {});
    throw error;
  }

  stopOnSignals(logger, stopAll);

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  // Plain stdout lines, in one write, so scripts and people find them among the JSON logs.
  const lines = [`Publish is running at http://${host}:${port}/publish/`];
  if (seed.seeded) {
    lines.push(`Demo accounts: ${seed.usernames.join(', ')}`);
    lines.push(
      config.demoPassword
        ? 'Demo password: the value of DEMO_PASSWORD'
        : `Demo password (shown once, not stored): ${demoPassword}`,
    );
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  // A database a newer version migrated: its own message says what to do.
  console.error('Publish failed to start:', error instanceof NewerDatabaseError ? error.message : error);
  process.exit(1);
});
