import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_BUDGET_BYTES, entryFiles, entryWeight } from '../../scripts/entryWeight.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = mkdtempSync(path.join(tmpdir(), 'publish-entry-'));

/** The production build, as `npm run build` makes it (its own process: not the tests' mode), into a directory of its own. */
beforeAll(() => {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const built = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
}, 180_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("the app's first download", () => {
  it('stays within its budget, gzip-compressed: the entry, what it imports statically and their CSS', () => {
    const weight = entryWeight(outDir, root);
    const heaviest = weight.packages.slice(0, 8).map((entry) => `${entry.name} ${(entry.gzip / 1024).toFixed(1)} KB`);
    expect(weight.gzip, `first download ${(weight.gzip / 1024).toFixed(1)} KB; heaviest: ${heaviest.join(', ')}`).toBeLessThanOrEqual(ENTRY_BUDGET_BYTES);
  });

  it('leaves the screens and the other languages to chunks of their own', () => {
    const first = entryFiles(outDir).join(' ');
    for (const screen of ['DatasetList', 'DatasetEdit', 'SchemaList', 'HomePage', 'LayerMap', 'ResourceWizard']) expect(first).not.toContain(screen);
    const weight = entryWeight(outDir, root);
    for (const lazy of ['@zxcvbn-ts/core', 'maplibre-gl', 'leaflet', 'ra-language-english', 'react-hook-form', 'geostyler-sld-parser']) {
      expect(weight.packages.map((entry) => entry.name)).not.toContain(lazy);
    }
  });
});
