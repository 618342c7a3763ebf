// `npm start`: build the admin app when its sources changed since the last build, then run the
// platform server in this same process (so SIGTERM and Ctrl-C reach it directly).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { register } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'dist', 'index.html');
const appSources = ['src/admin', 'i18n', 'schemas', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

function buildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return appSources.some((source) => newestMtime(join(root, source)) > built);
}

if (process.env.SKIP_BUILD !== '1' && buildIsStale()) {
  console.log('Building the admin app…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

register();
await import(join(root, 'src/server/main.ts'));
