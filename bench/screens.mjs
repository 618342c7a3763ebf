// Cold loads of the app's first screens in headless Chromium: each run a fresh browser context
// (empty cache), timed from the address typed to the screen usable, with what it downloaded.
import { gzipSync } from 'node:zlib';
import { ENTRY_BUDGET_BYTES, ENTRY_GOAL_BYTES, entryWeight } from '../scripts/entryWeight.mjs';
import { demoPassword, kb, median, percentile, root } from './server.mjs';

const RUNS = Number(process.env.BENCH_SCREEN_RUNS ?? 10);

/** The build's first download against its budget, and the packages that weigh most in it. */
export function printEntryWeight() {
  const weight = entryWeight(`${root}dist`, root);
  console.log(`first download (entry and its static imports): ${weight.files.length} files, ${kb(weight.gzip)} gzip (budget ${kb(ENTRY_BUDGET_BYTES)}, goal ${kb(ENTRY_GOAL_BYTES)})`);
  console.log(`  heaviest in it (gzip, each chunk shared among its modules by length): ${weight.packages.slice(0, 12).map((entry) => `${entry.name} ${kb(entry.gzip)}`).join(', ')}`);
}

/** Signs in through the login service's form once; the cookies every signed-in cold load starts with. */
async function signedInState(browser, baseUrl) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/fr/login/signin/?next=/publish/fr/home/`);
  await page.locator('input[name=username]').fill('admin');
  await page.locator('input[name=password]').fill(demoPassword);
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/publish\/fr\/home\/$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** The first dataset of the list, as the superuser sees it. */
async function firstDataset(browser, baseUrl, storageState) {
  const context = await browser.newContext({ storageState });
  const response = await context.request.get(`${baseUrl}/fr/dataset/datasets/?page_size=1`);
  const { results } = await response.json();
  await context.close();
  return results[0];
}

/** `RUNS` cold loads of one screen: times to usable, and the scripts and styles of the first run. */
async function coldLoads(browser, { name, path, storageState, usable }, baseUrl) {
  const times = [];
  let downloaded;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ storageState });
    const page = await context.newPage();
    const assets = [];
    page.on('requestfinished', (request) => {
      const type = request.resourceType();
      if (run !== 0 || (type !== 'script' && type !== 'stylesheet')) return;
      const sent = request.sizes().then((sizes) => sizes.responseBodySize);
      const body = request.response().then((response) => response.body());
      assets.push(Promise.all([sent, body]).then(([bytes, content]) => ({ bytes, gzip: gzipSync(content, { level: 9 }).length }), () => ({ bytes: 0, gzip: 0 })));
    });
    const start = performance.now();
    await page.goto(`${baseUrl}${path}`);
    await usable(page);
    times.push(performance.now() - start);
    if (run === 0) {
      const sizes = await Promise.all(assets);
      const sum = (key) => sizes.reduce((total, size) => total + size[key], 0);
      downloaded = { files: sizes.length, bytes: sum('bytes'), gzip: sum('gzip') };
    }
    await context.close();
  }
  console.log(
    `${name}: median ${median(times).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms over ${RUNS} cold loads; ` +
      `${downloaded.files} scripts and styles, ${kb(downloaded.bytes)} as sent, ${kb(downloaded.gzip)} gzip -9`,
  );
}

export async function screenLoads(browser, baseUrl) {
  const storageState = await signedInState(browser, baseUrl);
  const dataset = await firstDataset(browser, baseUrl, storageState);
  const screens = [
    {
      name: 'anonymous home (its sign-in link)',
      path: '/publish/',
      usable: (page) => page.locator('main a[href*="/login/signin/"]').waitFor(),
    },
    {
      name: 'sign-in form (/publish/, then its sign-in link)',
      path: '/publish/',
      usable: async (page) => {
        await page.locator('main a[href*="/login/signin/"]').click();
        await page.locator('input[name=username]').waitFor();
      },
    },
    {
      name: 'signed-in home (the Data entry of the header)',
      path: '/publish/fr/home/',
      storageState,
      usable: (page) => page.locator('header a[href$="/publish/fr/data/"]').waitFor(),
    },
    {
      name: 'datasets list (its first row)',
      path: '/publish/fr/data/datasets/',
      storageState,
      usable: (page) => page.locator('table tbody tr').first().waitFor(),
    },
    {
      name: 'a dataset page (its title)',
      path: `/publish/fr/data/datasets/${dataset.id}/`,
      storageState,
      usable: (page) => page.getByRole('heading', { level: 1, name: dataset.display_name }).waitFor(),
    },
  ];
  for (const screen of screens) await coldLoads(browser, screen, baseUrl);
}

// `node bench/screens.mjs`: this part alone, on the demo platform or on BENCH_DATA_DIR's catalogue.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { chromium } = await import('@playwright/test');
  const { buildApp, startServer } = await import('./server.mjs');
  buildApp();
  printEntryWeight();
  const dataDir = process.env.BENCH_DATA_DIR;
  const server = await startServer(dataDir ? { dataDir, keep: true } : {});
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    await screenLoads(browser, server.baseUrl);
  } finally {
    await browser.close();
    await server.stop();
  }
}
