// `npm run bench`: builds the app for production, starts a real server and prints figures.
// Figures only: nothing here passes or fails.
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { rmSync } from 'node:fs';
import { printEntryWeight, screenLoads } from './screens.mjs';
import { buildApp, createDataDir, measure, seedLarge, signIn, startServer } from './server.mjs';

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);

async function currentUserUnderLoad(baseUrl) {
  const token = await signIn(baseUrl, 'admin');
  const r = await measure(autocannon, `${baseUrl}/fr/login/`, { headers: { authorization: `JWT ${token}` }, connections: 20, seconds: LOAD_SECONDS });
  console.log(`GET /fr/login/, 20 connections for ${LOAD_SECONDS} s: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${r.perSecond} req/s, ${r.errors} errors`);
}

buildApp();
printEntryWeight();
const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  await screenLoads(browser, server.baseUrl);
  await currentUserUnderLoad(server.baseUrl);
} finally {
  await browser.close();
  await server.stop();
}

await import('./lists.mjs');
// The two dataset benches share one large catalogue, seeded once (unless BENCH_DATA_DIR names one).
if (!process.env.BENCH_DATA_DIR) {
  const dataDir = createDataDir();
  console.log(`\nSeeding ${process.env.BENCH_DATASETS ?? 300_000} datasets over 500 organisations (with 50,000 users and 5,000 organisations)…`);
  const started = performance.now();
  seedLarge(dataDir, { datasets: Number(process.env.BENCH_DATASETS ?? 300_000) });
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  process.env.BENCH_DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
await import('./datasets.mjs');
await import('./realistic.mjs');
await import('./tasks.mjs');
await import('./datastore.mjs');
await import('./geodata.mjs');
await import('./harvest.mjs');
await import('./uploads.mjs');
await import('./links.mjs');
