// `npm run bench`: builds the app for production, starts a real server and prints figures.
// Figures only: nothing here passes or fails.
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { rmSync } from 'node:fs';
import { buildApp, createDataDir, kb, measure, median, seedLarge, signIn, startServer } from './server.mjs';

const HOME_RUNS = Number(process.env.BENCH_HOME_RUNS ?? 7);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);

async function homePage(browser, baseUrl) {
  // What a first visit downloads: every script and stylesheet, raw and gzip-compressed.
  const context = await browser.newContext();
  const page = await context.newPage();
  const assets = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') assets.push({ type, body: await response.body().catch(() => Buffer.alloc(0)) });
  });
  await page.goto(`${baseUrl}/publish/fr/home/`, { waitUntil: 'networkidle' });
  await context.close();
  const sum = (type, f) => assets.filter((a) => a.type === type).reduce((total, a) => total + f(a.body), 0);
  for (const type of ['script', 'stylesheet']) {
    const label = type === 'script' ? 'JavaScript' : 'CSS';
    console.log(`home page ${label}: ${assets.filter((a) => a.type === type).length} files, ${kb(sum(type, (b) => b.length))}, ${kb(sum(type, (b) => gzipSync(b).length))} gzip`);
  }

  // Time until the home page is usable: a cold context each run, until the welcome heading shows.
  const times = [];
  for (let run = 0; run < HOME_RUNS; run++) {
    const cold = await browser.newContext();
    const coldPage = await cold.newPage();
    const start = performance.now();
    await coldPage.goto(`${baseUrl}/publish/fr/home/`);
    await coldPage.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
    times.push(performance.now() - start);
    await cold.close();
  }
  console.log(`home page usable after: median ${median(times).toFixed(0)} ms over ${HOME_RUNS} cold loads`);
}

async function currentUserUnderLoad(baseUrl) {
  const token = await signIn(baseUrl, 'admin');
  const r = await measure(autocannon, `${baseUrl}/fr/login/`, { headers: { authorization: `JWT ${token}` }, connections: 20, seconds: LOAD_SECONDS });
  console.log(`GET /fr/login/, 20 connections for ${LOAD_SECONDS} s: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${r.perSecond} req/s, ${r.errors} errors`);
}

buildApp();
const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  await homePage(browser, server.baseUrl);
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
