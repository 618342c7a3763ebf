// What a browser downloads before the app's first screen: the entry chunk, every chunk it imports
// statically and their CSS, read from the build's manifest (vite `build.manifest`). Shared by the
// budget test (tests/unit/entry-budget.test.ts) and the bench (bench/run.mjs).
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The most the first download may weigh, gzip-compressed: what it weighs now, rounded up, so
 * that whatever makes it heavier fails the budget test. Lower it as the entry shrinks, down to the
 * goal (issue 53); docs/benchmarks.md says what the rest of it is.
 */
export const ENTRY_BUDGET_BYTES = 270 * 1024;
/** The project's goal for the first download, gzip-compressed. */
export const ENTRY_GOAL_BYTES = 150 * 1024;

const readJson = (outDir, file) => JSON.parse(readFileSync(join(outDir, '.vite', file), 'utf8'));

/** The files index.html makes the browser load at once: the entry, its static imports, their CSS. */
export function entryFiles(outDir) {
  const manifest = readJson(outDir, 'manifest.json');
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  return [...files];
}

/** A module's package (`@mui/material`), or its folder in the repository (`src/admin/layout`). */
export function packageOf(id, root) {
  const path = id.replace(/^\0/, '').split('?')[0];
  const inModules = path.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [scope, name] = path.slice(inModules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const local = relative(root, path).split('/');
  return local.slice(0, Math.min(local.length - 1, local[0] === 'src' ? 3 : 1)).join('/') || local.join('/');
}

/**
 * The first download's files with their size raw and gzip-compressed, its total, and the packages
 * that weigh most in it: each chunk's compressed size shared among its modules by their length.
 */
export function entryWeight(outDir, root = process.cwd()) {
  const modules = readJson(outDir, 'modules.json');
  const files = entryFiles(outDir).map((file) => {
    const body = readFileSync(join(outDir, file));
    return { file, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
  });
  const packages = new Map();
  for (const { file, gzip } of files) {
    const lengths = Object.entries(modules[file] ?? {});
    const total = lengths.reduce((sum, [, length]) => sum + length, 0);
    for (const [id, length] of lengths) {
      const name = packageOf(id, root);
      packages.set(name, (packages.get(name) ?? 0) + (gzip * length) / total);
    }
  }
  return {
    files,
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
    packages: [...packages].map(([name, gzip]) => ({ name, gzip: Math.round(gzip) })).sort((a, b) => b.gzip - a.gzip),
  };
}
