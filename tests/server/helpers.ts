/**
 * Test harness: each test file gets its own database copied from the migrated, seeded template,
 * and a built app to call with inject(). `signIn` returns ready-made headers for the three ways a
 * client authenticates: session cookie (+ CSRF header), or API token.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type ServerConfig } from '../../src/server/config.ts';
import { createPool, type Db } from '../../src/server/db/pool.ts';
import { startTaskEngine, type TaskEngine } from '../../src/server/tasks/engine.ts';
import { QUALITY_QUEUE } from '../../src/server/tasks/queue.ts';
import { TEST_DEMO_PASSWORD } from './constants.ts';

export { TEST_DEMO_PASSWORD };

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A fake built admin app: index.html and one hashed asset, each with the build's brotli and gzip copies. */
export function staticFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'publish-static-'));
  mkdirSync(path.join(dir, 'assets'));
  const files = {
    'index.html': '<!doctype html><html><body><div id="root">admin app</div></body></html>',
    'assets/index-Ab12Cd34.js': 'console.log("app");',
  };
  for (const [name, body] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), body);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(body));
  }
  return dir;
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    // inject() calls come from "localhost": the public address the server writes in absolute URLs.
    ...loadConfig({ SECRET_KEY: 'test-secret-key-test-secret-key-0123456789', DATA_DIR: tmpdir(), LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost' }),
    // Every test signs in from one address: only rate-limit.test.ts tests the sign-in limits.
    signinRateLimit: 1000,
    signinAddressRateLimit: 1000,
    ...overrides,
  };
}

/** Copies the migrated, seeded template into a new database of this run and returns its URL. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `${inject('databasePrefix')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)} TEMPLATE ${admin.escapeIdentifier(inject('templateDatabase'))}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface SignedIn {
  userId: number;
  token: string;
  sessionId: string;
  csrfToken: string;
  /** Cookie header with the session and CSRF cookies. */
  cookie: string;
  /** Session cookie and the matching X-CSRFToken header: what the admin app sends. */
  sessionHeaders: Record<string, string>;
  /** Authorization: JWT <token>. */
  jwtHeaders: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: ServerConfig;
  /** The task engine, when started with `{ tasks: true }`. */
  tasks: TaskEngine | null;
  /** The database URL of this test file (to start worker processes on it). */
  databaseUrl: string;
  signIn(username: string, password?: string): Promise<SignedIn>;
  close(): Promise<void>;
}

export function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

export interface TestAppOptions {
  /** Start the task engine (fast polling); `runTasks: false` only queues, as with WORKERS=external. */
  tasks?: boolean | { runTasks?: boolean; pollingSeconds?: number; ownPool?: boolean };
}

export async function createTestApp(overrides: Partial<ServerConfig> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const db = createPool(database.url);
  const fixture = overrides.staticDir ? null : staticFixture();
  const merged = testConfig({ ...(fixture ? { staticDir: fixture } : {}), ...overrides });
  // Tasks read DATA_DIR, the storage, the outbound rules and the upload limit from their own copies: kept equal.
  const config = { ...merged, tasks: { ...merged.tasks, dataDir: merged.dataDir, storage: merged.storage, outbound: merged.outbound, uploadMaxBytes: merged.uploadMaxBytes, ...overrides.tasks } };
  const app = await buildApp({ db, config, logger: false });
  await app.ready();
  const taskOptions = typeof options.tasks === 'object' ? options.tasks : {};
  // `ownPool`: background work on a pool of its own, as the server has on its embedded database.
  const background = taskOptions.ownPool ? createPool(database.url) : db;
  const tasks = options.tasks
    ? await startTaskEngine({
        db: background,
        requestDb: db,
        config: config.tasks,
        runTasks: taskOptions.runTasks !== false,
        migrate: true,
        pollingSeconds: taskOptions.pollingSeconds ?? 0.5,
      })
    : null;

  async function signIn(username: string, password = TEST_DEMO_PASSWORD): Promise<SignedIn> {
    const response = await app.inject({ method: 'POST', url: '/fr/login/signin/', payload: { username, password } });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.statusCode} ${response.body}`);
    const sessionId = cookieValue(response, 'sessionid')!;
    const csrfToken = cookieValue(response, 'csrftoken')!;
    const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]);
    const cookie = `sessionid=${sessionId}; csrftoken=${csrfToken}`;
    const token = response.json<{ token: string }>().token;
    return {
      userId: rows[0].id,
      token,
      sessionId,
      csrfToken,
      cookie,
      sessionHeaders: { cookie, 'x-csrftoken': csrfToken },
      jwtHeaders: { authorization: `JWT ${token}` },
    };
  }

  return {
    app,
    db,
    config,
    tasks,
    databaseUrl: database.url,
    signIn,
    close: async () => {
      await app.close();
      await tasks?.stop();
      if (background !== db) await background.end();
      await db.end();
      await database.drop();
      if (fixture) await rm(fixture, { recursive: true, force: true });
    },
  };
}

/** Until the task engine has scored every dataset a save owed a score (quality/owed.ts). */
export async function scoresSettled(db: Pick<Db, 'query'>): Promise<void> {
  const owed = async () =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state < 'completed'`, [QUALITY_QUEUE])).rows[0].n;
  await expect.poll(owed, { timeout: 10_000 }).toBe(0);
}
