/**
 * One PostgreSQL for the whole server test run: an embedded cluster in a temporary directory, or
 * the external server named by DATABASE_URL. A template database is migrated and seeded once;
 * each test file then copies it (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
 */
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/server/db/embedded.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { createPool } from '../../src/server/db/pool.ts';
import { preparePlatformData } from '../../src/server/db/prepare.ts';
import { installBossSchema } from '../../src/server/tasks/queue.ts';
import { TEST_DEMO_PASSWORD, TEST_TERMS_VERSION } from './constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Maintenance connection (database "postgres" or DATABASE_URL) to create test databases. */
    pgAdminUrl: string;
    templateDatabase: string;
    /** Prefix of every database this run creates, so teardown can drop leftovers. */
    databasePrefix: string;
    externalDatabase: boolean;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const prefix = `publish_test_${runId}`;
  const templateDatabase = `${prefix}_template`;
  let embedded: EmbeddedDatabase | null = null;
  let tempDir: string | null = null;
  let adminUrl = process.env.DATABASE_URL;

  if (!adminUrl) {
    tempDir = await mkdtemp(path.join(tmpdir(), 'publish-tests-'));
    // The embedded server runs as user "postgres" when tests run as root: let it in.
    await chmod(tempDir, 0o711);
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'data'),
      port: await freePort(),
      // Throwaway cluster: durability is not needed, speed is.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '200' },
    });
    adminUrl = embedded.adminUrl;
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(templateDatabase)}`);
  const templatePool = createPool(withDatabase(adminUrl, templateDatabase));
  await migrate(templatePool);
  await preparePlatformData(templatePool, { password: TEST_DEMO_PASSWORD, termsVersion: TEST_TERMS_VERSION });
  // The task queue's schema (pg-boss), as a server installs it at start.
  await installBossSchema(templatePool);
  // The platform's own schedules (nightly quality, hourly links) would fall due at some hour of a
  // run and add their tasks to what a test counts; the tests of schedules set their own times.
  await templatePool.query("UPDATE scenario_execution_frequencies SET next_run_at = now() + interval '30 days' WHERE object_class = 'platform'");
  await templatePool.end();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);
  project.provide('databasePrefix', prefix);
  project.provide('externalDatabase', embedded === null);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${prefix}%`,
    ]);
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(datname)} WITH (FORCE)`);
    }
    await admin.end();
    await embedded?.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
