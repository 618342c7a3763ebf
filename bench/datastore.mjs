// The datastore: a generated CSV of BENCH_DATASTORE_ROWS rows (default 1,000,000) with Lambert-93
// X/Y loaded into a resource's table (rows/s, the loading process's peak memory), then the
// GeoJSON features of city-sized boxes on that table read over HTTP (p50/p95).
// Figures only: nothing here passes or fails.
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { createDataDir, percentile, root, signIn, startServer } from './server.mjs';

const ROWS = Number(process.env.BENCH_DATASTORE_ROWS ?? 1_000_000);
const QUERIES = Number(process.env.BENCH_FEATURE_QUERIES ?? 200);
const RESOURCE_ID = 900001;

register();
const { createPool } = await import(join(root, 'src/server/db/pool.ts'));
const { loadResourceIntoDatastore } = await import(join(root, 'src/server/datastore/index.ts'));

/** Points spread over mainland France in Lambert-93 (x 100–1200 km, y 6050–7100 km), deterministic. */
async function writeCsv(file) {
  const out = createWriteStream(file);
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  out.write('id;name;kind;value;day;x;y\n');
  for (let i = 1; i <= ROWS; i += 1) {
    const line = `${i};Point ${i};${['bus', 'tram', 'metro'][i % 3]};${(random() * 1000).toFixed(2).replace('.', ',')};2026-${String(1 + (i % 12)).padStart(2, '0')}-15;${(100000 + random() * 1100000).toFixed(1)};${(6050000 + random() * 1050000).toFixed(1)}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const dir = mkdtempSync(join(tmpdir(), 'publish-bench-datastore-'));
const file = join(dir, 'points.csv');
const dataDir = createDataDir();
const server = await startServer({ port: 18285, dataDir });
const { port, password } = JSON.parse(readFileSync(join(dataDir, 'pg-credentials.json'), 'utf8'));
const db = createPool(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/publish`);

try {
  await writeCsv(file);
  const megabytes = statSync(file).size / 1024 / 1024;
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const context = { db, taskId: 0, objectId: RESOURCE_ID, kwargs: {}, signal: new AbortController().signal, step: async () => {} };
  const start = performance.now();
  const result = await loadResourceIntoDatastore(context, { resourceId: RESOURCE_ID, filePath: file, format: 'csv', columnX: 'x', columnY: 'y', crs: 2154 });
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  console.log(`datastore: ${result.rows} rows (${megabytes.toFixed(0)} MB CSV, Lambert-93 X/Y) checked, typed, copied and indexed in ${seconds.toFixed(1)} s: ${(result.rows / seconds).toFixed(0)} rows/s, loader peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB`);

  // Boxes of 0.1° × 0.07° (a city) at random places in the data's bbox, 1000 features a page at most.
  const token = await signIn(server.baseUrl, 'admin');
  const headers = { authorization: `JWT ${token}` };
  const [minLon, minLat, maxLon, maxLat] = result.bbox;
  const times = [];
  let matched = 0;
  for (let i = 0; i < QUERIES; i += 1) {
    const lon = minLon + Math.random() * (maxLon - minLon - 0.1);
    const lat = minLat + Math.random() * (maxLat - minLat - 0.07);
    const bbox = [lon, lat, lon + 0.1, lat + 0.07].map((v) => v.toFixed(5)).join(',');
    const begin = performance.now();
    const response = await fetch(`${server.baseUrl}/fr/geospatial/geographiclayer/${result.layerId}/features/?bbox=${bbox}&limit=1000`, { headers });
    const body = await response.json();
    times.push(performance.now() - begin);
    matched += body.numberMatched;
  }
  console.log(`datastore: GeoJSON features of a 0.1° × 0.07° box on that table over ${QUERIES} requests (${(matched / QUERIES).toFixed(0)} features each on average): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`);
} finally {
  await db.end();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
