// Geographic layers: a generated GeoPackage of `--rows` polygons (default 1,000,000; or
// BENCH_GEODATA_ROWS) in Lambert-93, made by the bench itself with GDAL, loaded into a resource's
// table through GDAL (rows/s, the loading process's peak memory, the GDAL worker's included), then
// vector tiles read over HTTP at zooms 8, 12 and 16, each tile first cold then warm (p50/p95).
// The datastore is the server's own database (core PostgreSQL: GeoJSON + box storage, tiles by
// geojson-vt), or with DATASTORE_URL set a PostGIS database (geometry column, ST_AsMVT).
// Figures only: nothing here passes or fails. Quick check: `node bench/geodata.mjs --rows 20000`.
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { ogr2ogr } from '../tests/fixtures/geo/tools.mjs';
import { createDataDir, percentile, root, signIn, startServer } from './server.mjs';

const { values: args } = parseArgs({ options: { rows: { type: 'string' }, tiles: { type: 'string' } } });
const ROWS = Number(args.rows ?? process.env.BENCH_GEODATA_ROWS ?? 1_000_000);
const TILES = Number(args.tiles ?? process.env.BENCH_GEODATA_TILES ?? 50);
const RESOURCE_ID = 900002;

register();
const { createPool } = await import(join(root, 'src/server/db/pool.ts'));
const { configureDatastore, closeDatastore, datastoreDb } = await import(join(root, 'src/server/datastore/connection.ts'));
const { datastoreStorage } = await import(join(root, 'src/server/datastore/geometry.ts'));
const { loadResourceIntoDatastore } = await import(join(root, 'src/server/datastore/index.ts'));
const { stopGdal } = await import(join(root, 'src/server/datastore/gdal.ts'));

let seed = 7;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

/** Parcels of about 100 m, hexagons, over mainland France (lon −1.5…7.5, lat 43.5…49.5), deterministic. */
async function writePolygons(file) {
  const out = createWriteStream(file);
  for (let i = 1; i <= ROWS; i += 1) {
    const lon = -1.5 + random() * 9;
    const lat = 43.5 + random() * 6;
    const r = 0.0005 + random() * 0.001;
    const ring = Array.from({ length: 7 }, (_, k) => [Number((lon + r * Math.cos((k % 6) * (Math.PI / 3))).toFixed(6)), Number((lat + r * 0.7 * Math.sin((k % 6) * (Math.PI / 3))).toFixed(6))]);
    const feature = { type: 'Feature', properties: { id: i, nature: ['bati', 'jardin', 'voirie'][i % 3], surface: Number((r * r * 1e8).toFixed(1)) }, geometry: { type: 'Polygon', coordinates: [ring] } };
    if (!out.write(`${JSON.stringify(feature)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** The tile of zoom z containing lon/lat. */
function tileOf(lon, lat, z) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [Math.floor(((lon + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)];
}

const dir = mkdtempSync(join(tmpdir(), 'publish-bench-geodata-'));
const dataDir = createDataDir();
const server = await startServer({ port: 18287, dataDir });
const { port, password } = JSON.parse(readFileSync(join(dataDir, 'pg-credentials.json'), 'utf8'));
const db = createPool(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/publish`);
configureDatastore(process.env.DATASTORE_URL ?? null);

try {
  await writePolygons(join(dir, 'parcels.geojsonl'));
  await ogr2ogr(join(dir, 'parcels.geojsonl'), ['-f', 'GPKG', '-nln', 'parcelles', '-t_srs', 'EPSG:2154', '-nlt', 'POLYGON'], join(dir, 'parcels'));
  const megabytes = statSync(join(dir, 'parcels.gpkg')).size / 1024 / 1024;
  const storage = await datastoreStorage(datastoreDb(db));
  const { rows: groups } = await db.query('SELECT id FROM usergroups ORDER BY id LIMIT 1');
  await db.query(`INSERT INTO resources (id, display_name, codename, type, usergroup_id) VALUES ($1, 'Parcelles', 'bench-parcelles', 'file-upload', $2) ON CONFLICT (id) DO NOTHING`, [RESOURCE_ID, groups[0].id]);

  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const start = performance.now();
  // BENCH_GEODATA_STEPS=1 prints when each step of the load ends.
  const step = async (code) => process.env.BENCH_GEODATA_STEPS && console.log(`  ${((performance.now() - start) / 1000).toFixed(1)} s ${code}`);
  const context = { db, taskId: 0, objectId: RESOURCE_ID, kwargs: {}, config: { dataDir, archiveMaxBytes: 1e12 }, signal: new AbortController().signal, step };
  const result = await loadResourceIntoDatastore(context, { resourceId: RESOURCE_ID, filePath: join(dir, 'parcels.gpkg'), format: 'gpkg', columnX: null, columnY: null, crs: null });
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  console.log(`geodata (${storage}): ${result.rows} polygons (${megabytes.toFixed(0)} MB GeoPackage, Lambert-93) read by GDAL, reprojected, checked, copied and indexed in ${seconds.toFixed(1)} s: ${(result.rows / seconds).toFixed(0)} rows/s, loader peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB`);

  const token = await signIn(server.baseUrl, 'admin');
  const headers = { authorization: `JWT ${token}` };
  for (const z of [8, 12, 16]) {
    // Tiles under random parcels: distinct ones, each asked cold (first time) then warm (again).
    const tiles = new Map();
    while (tiles.size < TILES) {
      const [x, y] = tileOf(-1.5 + random() * 9, 43.5 + random() * 6, z);
      tiles.set(`${x}/${y}`, [x, y]);
    }
    const timings = { cold: [], warm: [] };
    let bytes = 0;
    for (const pass of ['cold', 'warm']) {
      for (const [x, y] of tiles.values()) {
        const begin = performance.now();
        const response = await fetch(`${server.baseUrl}/fr/geospatial/geographiclayer/${result.layerId}/tiles/${z}/${x}/${y}.pbf`, { headers });
        const body = Buffer.from(await response.arrayBuffer());
        timings[pass].push(performance.now() - begin);
        if (pass === 'cold') bytes += body.length;
      }
    }
    const figures = (times) => `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`;
    console.log(`geodata (${storage}): tiles at zoom ${z}, ${tiles.size} tiles (${(bytes / tiles.size / 1024).toFixed(1)} KB each on average): cold ${figures(timings.cold)}; warm ${figures(timings.warm)}`);
  }
} finally {
  await stopGdal();
  await closeDatastore();
  await db.end();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
