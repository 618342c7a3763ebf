/**
 * Real `npm run worker` processes for the recovery tests: each in its own process group (npx, tsx
 * and node are signalled together), tracked so a test file can stop whatever it left running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';

export class WorkerProcesses {
  private readonly running = new Set<ChildProcess>();

  constructor(
    private readonly databaseUrl: () => string,
    private readonly env: Record<string, string> = {},
  ) {}

  /** Starts a worker on the test database; resolves once it says it is running. */
  start(): Promise<ChildProcess> {
    const child = spawn('npx', ['tsx', 'src/server/worker.ts'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: {
        ...process.env,
        DATABASE_URL: this.databaseUrl(),
        DATA_DIR: tmpdir(),
        SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
        WORKERS: 'external',
        TASK_STALE_SECONDS: '2',
        TASK_HEARTBEAT_SECONDS: '1',
        LOG_LEVEL: 'warn',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    this.running.add(child);
    return new Promise((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('is running')) resolve(child);
      });
      child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    });
  }

  /** The running worker whose process (or a child of it: npx, tsx, node) has this pid. */
  byPid(pid: number): ChildProcess | undefined {
    return [...this.running].find((child) => {
      if (child.pid === pid) return true;
      try {
        // The worker's node process is in the child's process group.
        return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[2] === String(child.pid);
      } catch {
        return false;
      }
    });
  }

  /** Signals the worker's whole process group and waits for it to end. */
  stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<unknown> {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      /* already gone */
    }
    this.running.delete(child);
    return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
  }

  stopAll(): Promise<unknown> {
    return Promise.all([...this.running].map((child) => this.stop(child)));
  }
}
