/**
 * A real platform server process (`node scripts/start.mjs`, the server in that one process) on a
 * test database, for the tests that measure its memory or kill it: its pid is the serving process,
 * so /proc/<pid>/status is the honest measure of what serving costs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { staticFixture } from './helpers.ts';

export interface ServerProcess {
  origin: string;
  pid: number;
  /** VmHWM: the most resident memory the process ever had, in bytes. */
  peakRss(): number;
  /** VmRSS: resident memory now, in bytes. */
  rss(): number;
  /** Brings VmHWM down to the memory resident now (clear_refs 5), so peakRss measures from here. */
  resetPeakRss(): void;
  /** Signals the process and waits for its end; answers its exit code (null when a signal ended it). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

function statusBytes(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** Starts the server on `databaseUrl` (already migrated) and `dataDir`; resolves once it listens. */
export async function startServerProcess(options: { databaseUrl: string; dataDir: string; env?: Record<string, string> }): Promise<ServerProcess> {
  const staticDir = staticFixture();
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      STATIC_DIR: staticDir,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))).then((code) => {
    rmSync(staticDir, { recursive: true, force: true });
    return code;
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /is running at (http:\/\/[^/\s]+)\//.exec(output);
      if (found) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
  const pid = child.pid!;
  return {
    origin,
    pid,
    peakRss: () => statusBytes(pid, 'VmHWM'),
    rss: () => statusBytes(pid, 'VmRSS'),
    resetPeakRss: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
