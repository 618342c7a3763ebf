// Starts the real server from a production build on a fresh data directory, for benchmarks.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;
export const demoPassword = 'bench-demo-password';

export function buildApp() {
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
}

/** A fresh data directory; the embedded PostgreSQL runs as another user and must reach it. */
export function createDataDir() {
  const dataDir = mkdtempSync(join(tmpdir(), 'publish-bench-'));
  chmodSync(dataDir, 0o755);
  return dataDir;
}

const serverEnv = (dataDir) => ({ ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_PASSWORD: demoPassword, SKIP_BUILD: '1', LOG_LEVEL: 'warn' });

/**
 * Fills a data directory with the demo platform and a large synthetic population (`npm run
 * seed:large`): users and organisations, and `datasets` datasets (none unless asked).
 */
export function seedLarge(dataDir, { users = 50_000, organisations = 5_000, datasets = 0 } = {}) {
  const seeded = spawnSync(join(root, 'node_modules/.bin/tsx'), [join(root, 'src/server/seed-large.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...serverEnv(dataDir), SEED_USERS: String(users), SEED_ORGANISATIONS: String(organisations), SEED_DATASETS: String(datasets) },
  });
  if (seeded.status !== 0) throw new Error('seed:large failed');
}

/**
 * The large catalogue's data directory: BENCH_DATA_DIR, kept afterwards, or a fresh one seeded now
 * with `datasets` datasets, removed with the server.
 */
export function largeCatalogue(datasets) {
  const reuse = process.env.BENCH_DATA_DIR;
  if (reuse) return { dataDir: reuse, keep: true };
  const dataDir = createDataDir();
  console.log(`\nSeeding ${datasets} datasets over 500 organisations (with 50,000 users and 5,000 organisations)…`);
  seedLarge(dataDir, { datasets });
  return { dataDir, keep: false };
}

/** Starts the server (its process is `pid`); `stop` removes the data directory unless `keep`. */
export async function startServer({ port = 18282, dataDir = createDataDir(), keep = false } = {}) {
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...serverEnv(dataDir), PORT: String(port) },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the login service and returns the JWT for `Authorization: JWT …`. */
export async function signIn(baseUrl, username) {
  const response = await fetch(`${baseUrl}/fr/login/signin/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: demoPassword }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username} failed: ${response.status}`);
  return (await response.json()).token;
}

/** The machine's processor time, busy and in all, from /proc/stat (Linux). */
function processorTimes() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = fields[3] + fields[4]; // idle + iowait
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/**
 * Waits until the machine's processors have been mostly idle (under `threshold` busy) for two
 * seconds in a row: background work left by what came before (owed scores, autovacuum) has ended.
 * Gives up after `limitSeconds` and says so. Returns the seconds waited.
 */
export async function untilIdle({ threshold = 0.15, limitSeconds = 300 } = {}) {
  const started = performance.now();
  let quiet = 0;
  let before = processorTimes();
  while (quiet < 2) {
    if ((performance.now() - started) / 1000 > limitSeconds) {
      console.log(`  (the machine was still busy after ${limitSeconds} s)`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = processorTimes();
    const busy = (now.busy - before.busy) / Math.max(1, now.total - before.total);
    quiet = busy < threshold ? quiet + 1 : 0;
    before = now;
  }
  return (performance.now() - started) / 1000;
}

export const median = (values) => percentile(values, 50);
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Latencies of one GET under concurrent load, from every response (not autocannon's buckets). */
export async function measure(autocannon, url, { headers = {}, connections = 10, seconds = 5 } = {}) {
  const latencies = [];
  const instance = autocannon({ url, headers, connections, duration: seconds });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    perSecond: Math.round(result.requests.average),
    errors: result.non2xx + result.errors,
  };
}
