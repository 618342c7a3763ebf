// Browser end-to-end tests: build the admin app, then let Playwright start a real server on a
// fresh embedded database (a new data directory each run) and drive Debian's Chromium against it.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'publish-e2e-'));
chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as another user and must reach it
// A free port unless one is given, so two runs on one machine never reach each other's server.
const freePort = () => new Promise((resolve, reject) => {
  const server = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
const env = { ...process.env, E2E_DATA_DIR: dataDir, E2E_PORT: process.env.E2E_PORT ?? String(await freePort()) };
delete env.DATABASE_URL; // the browser tests always run on their own embedded database
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;

let status = run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
if (status === 0) {
  status = run(join(root, 'node_modules/.bin/playwright'), ['test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)]);
}
rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
