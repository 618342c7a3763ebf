// Browser end-to-end tests: build the admin app, then let Playwright start a real server on a
// fresh embedded database (a new data directory each run) and drive Debian's Chromium against it.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'publish-e2e-'));
chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as another user and must reach it
const env = { ...process.env, E2E_DATA_DIR: dataDir };
delete env.DATABASE_URL; // the browser tests always run on their own embedded database
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;

let status = run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
if (status === 0) {
  status = run(join(root, 'node_modules/.bin/playwright'), ['test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)]);
}
rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
