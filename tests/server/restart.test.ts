/**
 * The real server process: SIGKILL leaves its PostgreSQL running; the next start must take over
 * the data directory with nothing committed lost, and SIGTERM must stop everything with exit 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { freePort } from '../../src/server/db/embedded.ts';
import { staticFixture } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'restart-test-password';
const running = new Set<ChildProcess>();

function startServer(dataDir: string, staticDir: string, port: number): { child: ChildProcess; output: () => string; ready: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD: PASSWORD,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Publish is running at')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
  return { child, output: () => output, ready };
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** After a failure: stop the servers still running, then any PostgreSQL a killed one left behind. */
async function cleanUp(dataDir: string) {
  for (const child of running) {
    child.kill('SIGTERM');
    await exited(child);
  }
  const pid = Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
  if (pid > 0) {
    try {
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100 && process.kill(pid, 0); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    } catch {
      // already gone
    }
  }
}

describe.skipIf(inject('externalDatabase'))('server restart after SIGKILL', () => {
  it('comes back on the same data directory with committed writes, and stops cleanly on SIGTERM', async () => {
    const tempDir = await mkdtemp(path.join(tmpdir(), 'publish-restart-'));
    await chmod(tempDir, 0o711);
    const dataDir = path.join(tempDir, 'data');
    const staticDir = staticFixture();
    try {
      const port = await freePort();
      const first = startServer(dataDir, staticDir, port);
      await first.ready;
      expect(first.output()).toContain(`http://127.0.0.1:${port}/publish/`);
      expect(first.output()).toContain('Demo accounts: admin, referent, editor, member, newcomer');
      const base = `http://127.0.0.1:${port}`;

      const signin = await fetch(`${base}/fr/login/signin/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'member', password: PASSWORD }),
      });
      expect(signin.status).toBe(200);
      const { token } = (await signin.json()) as { token: string };
      const saved = await fetch(`${base}/fr/login/profile/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
        body: JSON.stringify({ first_name: 'Survivor', last_name: 'Laurent', email: 'member@demo.publish.example' }),
      });
      expect(saved.status).toBe(200);

      first.child.kill('SIGKILL');
      expect((await exited(first.child)).signal).toBe('SIGKILL');

      const second = startServer(dataDir, staticDir, port);
      await second.ready;
      // Seeding happens once: the second start finds the data.
      expect(second.output()).toContain('left running by a previous server process');
      expect(second.output()).not.toContain('Demo accounts');
      const me = await fetch(`${base}/fr/login/`, { headers: { authorization: `JWT ${token}` } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { first_name: string }).first_name).toBe('Survivor');
      expect((await fetch(`${base}/health`)).status).toBe(200);

      second.child.kill('SIGTERM');
      expect(await exited(second.child)).toEqual({ code: 0, signal: null });
      // The database was stopped too: a third start does not have to take it over.
      const third = startServer(dataDir, staticDir, port);
      await third.ready;
      expect(third.output()).not.toContain('left running');
      third.child.kill('SIGTERM');
      expect((await exited(third.child)).code).toBe(0);
    } finally {
      await cleanUp(dataDir);
      await rm(tempDir, { recursive: true, force: true });
      await rm(staticDir, { recursive: true, force: true });
    }
  }, 90_000);
});
