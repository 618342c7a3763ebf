import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Db } from '../../src/server/db/pool.ts';
import { loadResourceIntoDatastore } from '../../src/server/datastore/index.ts';
import { t, type MessageKey } from '../../src/server/i18n.ts';
import { createTestDatabase } from './helpers.ts';
import { dataFile, failure, scenarioContext, insertResources } from './datastore-helpers.ts';

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  db = createPool(database.url);
  drop = database.drop;
  await insertResources(db, [101, 102, 103, 104, 105, 106, 201, 202, 301, 501, 502]);
});

afterAll(async () => {
  await db.end();
  await drop();
});

async function columnTypes(table: string): Promise<Record<string, string>> {
  const { rows } = await db.query<{ column_name: string; data_type: string }>(
    "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'datastore' AND table_name = $1",
    [table],
  );
  return Object.fromEntries(rows.map((row) => [row.column_name, row.data_type]));
}

/**
 * Lambert-93 to longitude/latitude by the textbook formulas (Snyder, "Map projections", Lambert
 * conformal conic on the GRS80 ellipsoid), independently of the proj4 library the loader uses.
 */
function lambert93ToWgs84(x: number, y: number): [number, number] {
  const a = 6378137;
  const f = 1 / 298.257222101;
  const e = Math.sqrt(2 * f - f * f);
  const rad = Math.PI / 180;
  const m = (phi: number) => Math.cos(phi) / Math.sqrt(1 - e * e * Math.sin(phi) ** 2);
  const t = (phi: number) => Math.tan(Math.PI / 4 - phi / 2) / ((1 - e * Math.sin(phi)) / (1 + e * Math.sin(phi))) ** (e / 2);
  const [phi1, phi2, phi0, lambda0] = [49 * rad, 44 * rad, 46.5 * rad, 3 * rad];
  const n = (Math.log(m(phi1)) - Math.log(m(phi2))) / (Math.log(t(phi1)) - Math.log(t(phi2)));
  const F = m(phi1) / (n * t(phi1) ** n);
  const rho0 = a * F * t(phi0) ** n;
  const dx = x - 700000;
  const dy = rho0 - (y - 6600000);
  const rho = Math.sign(n) * Math.hypot(dx, dy);
  const tt = (rho / (a * F)) ** (1 / n);
  let phi = Math.PI / 2 - 2 * Math.atan(tt);
  for (let i = 0; i < 20; i += 1) phi = Math.PI / 2 - 2 * Math.atan(tt * ((1 - e * Math.sin(phi)) / (1 + e * Math.sin(phi))) ** (e / 2));
  return [(Math.atan2(dx, dy) / n + lambda0) / rad, phi / rad];
}

const plain = { columnX: null, columnY: null, crs: null, format: 'csv' };

describe('datastore load of a CSV', () => {
  it('infers typed columns from the values and loads every row', async () => {
    const csv = [
      'id,population,price,open,day,name,postcode,empty,"odd ""name"";drop"',
      '1,3000000000,1.5,true,2026-11-24,Lyon,01234,,x',
      '2,12,2,false,24/11/2026,"Saint-Étienne, Loire",69001,,y',
      '3,,-0.25e2,TRUE,,"multi',
      'line",42000,,z',
    ].join('\n');
    const { context, steps } = scenarioContext(db);
    const result = await loadResourceIntoDatastore(context, { ...plain, resourceId: 101, filePath: dataFile(csv) });
    expect(result).toEqual({ schemaName: 'datastore', tableName: 'resource_101', rows: 3, bbox: null, layerId: null });
    expect(await columnTypes('resource_101')).toEqual({
      _id: 'bigint', id: 'integer', population: 'bigint', price: 'double precision', open: 'boolean', day: 'date',
      name: 'text', postcode: 'text', empty: 'text', 'odd "name";drop': 'text',
    });
    const { rows } = await db.query('SELECT id, population, price, open, to_char(day, \'YYYY-MM-DD\') AS day, name, postcode, empty FROM datastore.resource_101 ORDER BY _id');
    expect(rows).toEqual([
      { id: 1, population: 3000000000, price: 1.5, open: true, day: '2026-11-24', name: 'Lyon', postcode: '01234', empty: null },
      { id: 2, population: 12, price: 2, open: false, day: '2026-11-24', name: 'Saint-Étienne, Loire', postcode: '69001', empty: null },
      { id: 3, population: null, price: -25, open: true, day: null, name: 'multi\nline', postcode: '42000', empty: null },
    ]);
    expect(steps.map((step) => step.code)).toEqual(['datastore.checking', 'datastore.analysed', 'datastore.loaded']);
    expect(steps[1].params).toEqual({ rows: 3, columns: 9, delimiter: ',' });
  });

  it('detects the semicolon delimiter and reads decimal commas as numbers', async () => {
    const csv = 'commune;surface;code\nLyon;47,87;69123\nVilleurbanne;14,52;69266\n';
    const { context, steps } = scenarioContext(db);
    const result = await loadResourceIntoDatastore(context, { ...plain, resourceId: 102, filePath: dataFile(csv) });
    expect(result?.rows).toBe(2);
    expect(steps[1].params.delimiter).toBe(';');
    expect(await columnTypes('resource_102')).toMatchObject({ commune: 'text', surface: 'double precision', code: 'integer' });
    const { rows } = await db.query('SELECT surface FROM datastore.resource_102 ORDER BY _id');
    expect(rows.map((row) => row.surface)).toEqual([47.87, 14.52]);
  });

  it('refuses a file that is not UTF-8, naming the line, and keeps no table', async () => {
    const bytes = Buffer.concat([Buffer.from('name,city\nok,Lyon\n'), Buffer.from('caf\xe9,Saint-\xc9tienne\n', 'latin1'), Buffer.from('end,Nice\n')]);
    const { context } = scenarioContext(db);
    const error = await failure(loadResourceIntoDatastore(context, { ...plain, resourceId: 103, filePath: dataFile(bytes) }));
    expect(error.code).toBe('datastore.notUtf8');
    expect(error.params).toEqual({ line: 3 });
    expect(await columnTypes('resource_103')).toEqual({});
  });

  it('names a missing X or Y column and refuses an unknown CRS', async () => {
    const file = dataFile('x,y\n1,2\n');
    const missing = await failure(loadResourceIntoDatastore(scenarioContext(db).context, { ...plain, resourceId: 104, filePath: file, columnX: 'x', columnY: 'lat', crs: 4326 }));
    expect(missing.code).toBe('datastore.columnMissing');
    expect(missing.params).toEqual({ column: 'lat' });
    const crs = await failure(loadResourceIntoDatastore(scenarioContext(db).context, { ...plain, resourceId: 104, filePath: file, columnX: 'x', columnY: 'y', crs: 9999 }));
    expect(crs.code).toBe('datastore.crsUnsupported');
  });

  it('answers null for a format it does not load', async () => {
    expect(await loadResourceIntoDatastore(scenarioContext(db).context, { ...plain, format: 'pdf', resourceId: 105, filePath: dataFile('%PDF') })).toBeNull();
  });

  it('treats column names from the file as data, not SQL', async () => {
    const csv = '"a""; DROP TABLE users; --",_id,lon,,"a""; DROP TABLE users; --"\n1,2,3,4,5\n';
    await loadResourceIntoDatastore(scenarioContext(db).context, { ...plain, resourceId: 106, filePath: dataFile(csv) });
    expect(Object.keys(await columnTypes('resource_106')).sort()).toEqual(['_id', '_id_2', 'a"; DROP TABLE users; --', 'a"; DROP TABLE users; --_2', 'column_4', 'lon_2'].sort());
    expect((await db.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBeGreaterThan(0);
  });
});

describe('datastore positions', () => {
  it('reprojects Lambert-93 X/Y to WGS 84, computes the bbox and makes a layer', async () => {
    // Lambert-93's origin is by definition at 3°E 46.5°N; (842 000, 6 519 000) is in Lyon's centre.
    const csv = 'name;x;y\norigin;700000;6600000\nLyon;842000;6519000\nbroken;abc;6519000\nempty;;\n';
    const { context, steps } = scenarioContext(db);
    const result = await loadResourceIntoDatastore(context, { resourceId: 201, filePath: dataFile(csv), format: 'csv', columnX: 'x', columnY: 'y', crs: 2154 });
    const { rows } = await db.query<{ name: string; lon: number | null; lat: number | null }>('SELECT name, lon, lat FROM datastore.resource_201 ORDER BY _id');
    expect(rows[0].lon).toBeCloseTo(3, 7);
    expect(rows[0].lat).toBeCloseTo(46.5, 7);
    const [lyonLon, lyonLat] = lambert93ToWgs84(842000, 6519000);
    expect(rows[1].lon).toBeCloseTo(lyonLon, 7);
    expect(rows[1].lat).toBeCloseTo(lyonLat, 7);
    // Lyon's centre, between Bellecour and the Part-Dieu.
    expect(rows[1].lon! > 4.8 && rows[1].lon! < 4.87 && rows[1].lat! > 45.73 && rows[1].lat! < 45.78).toBe(true);
    expect(rows.slice(2)).toEqual([
      { name: 'broken', lon: null, lat: null },
      { name: 'empty', lon: null, lat: null },
    ]);
    expect(result!.rows).toBe(4);
    expect(result!.bbox![0]).toBeCloseTo(3, 7);
    expect(result!.bbox![1]).toBeCloseTo(rows[1].lat!, 9);
    expect(result!.bbox![2]).toBeCloseTo(rows[1].lon!, 9);
    expect(result!.bbox![3]).toBeCloseTo(46.5, 7);
    const warning = steps.find((step) => step.code === 'datastore.positionsUnread');
    expect(warning).toEqual({ code: 'datastore.positionsUnread', params: { count: 2, line: 4 }, level: 'warning' });
    const layer = await db.query('SELECT resource_id, column_x, column_y, crs, feature_count, schema_name, table_name, bbox FROM geographic_layers WHERE id = $1', [result!.layerId]);
    expect(layer.rows[0]).toEqual({ resource_id: 201, column_x: 'x', column_y: 'y', crs: 2154, feature_count: 2, schema_name: 'datastore', table_name: 'resource_201', bbox: result!.bbox });

    // A second load updates the same layer; one without positions removes it.
    const again = await loadResourceIntoDatastore(scenarioContext(db).context, { resourceId: 201, filePath: dataFile('x,y\n4.85,45.75\n'), format: 'csv', columnX: 'x', columnY: 'y', crs: 4326 });
    expect(again!.layerId).toBe(result!.layerId);
    expect(again!.bbox).toEqual([4.85, 45.75, 4.85, 45.75]);
    await loadResourceIntoDatastore(scenarioContext(db).context, { ...plain, resourceId: 201, filePath: dataFile('x,y\n4.85,45.75\n') });
    expect((await db.query('SELECT 1 FROM geographic_layers WHERE resource_id = 201')).rowCount).toBe(0);
  });

  it('answers a box query from the spatial index', async () => {
    const lines = ['id,lon,lat'];
    for (let i = 0; i < 5000; i += 1) lines.push(`${i},${(-5 + (i % 100) * 0.13).toFixed(4)},${(42 + Math.floor(i / 100) * 0.18).toFixed(4)}`);
    await loadResourceIntoDatastore(scenarioContext(db).context, { resourceId: 202, filePath: dataFile(lines.join('\n')), format: 'csv', columnX: 'lon', columnY: 'lat', crs: 4326 });
    const client = await db.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const postgis = (await columnTypes('resource_202')).geom === 'USER-DEFINED';
      const where = postgis ? 'geom && ST_MakeEnvelope(4.8, 45.7, 4.9, 45.8, 4326)' : '_bbox && box(point(4.8, 45.7), point(4.9, 45.8))';
      const plan = await client.query(`EXPLAIN SELECT _id FROM datastore.resource_202 WHERE ${where}`);
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index|Bitmap/);
    } finally {
      client.release();
    }
  });
});

describe('datastore load of a GeoJSON FeatureCollection', () => {
  it('makes columns of the properties, keeps every geometry whole, and makes a layer of them', async () => {
    const collection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [4.8357, 45.764] }, properties: { nom: 'Lyon', population: 522250, capitale: false } },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [5.3698, 43.2965] }, properties: { nom: 'Marseille', population: 873076, tags: ['port'] } },
        { type: 'Feature', geometry: { type: 'LineString', coordinates: [[0, 0], [1, 1]] }, properties: { nom: 'Ligne', population: null } },
        { type: 'Feature', geometry: null, properties: { nom: 'Nulle part' } },
      ],
    };
    const { context, steps } = scenarioContext(db);
    const result = await loadResourceIntoDatastore(context, { ...plain, format: 'geojson', resourceId: 501, filePath: dataFile(JSON.stringify(collection, null, 1), 'geojson') });
    // The box of every geometry, the line's too.
    expect(result).toMatchObject({ rows: 4, bbox: [0, 0, 5.3698, 45.764] });
    expect(result!.layerId).toBeGreaterThan(0);
    const types = await columnTypes('resource_501');
    expect(types).toMatchObject({ _id: 'bigint', nom: 'text', population: 'integer', capitale: 'boolean', tags: 'text' });
    expect(types.geom === 'USER-DEFINED' || (types.geom === 'json' && types._bbox === 'box')).toBe(true);
    const { rows } = await db.query('SELECT nom, population, capitale, tags FROM datastore.resource_501 ORDER BY _id');
    expect(rows).toEqual([
      { nom: 'Lyon', population: 522250, capitale: false, tags: null },
      { nom: 'Marseille', population: 873076, capitale: null, tags: '["port"]' },
      { nom: 'Ligne', population: null, capitale: null, tags: null },
      { nom: 'Nulle part', population: null, capitale: null, tags: null },
    ]);
    const layer = await db.query('SELECT geometry_type, feature_count, crs FROM geographic_layers WHERE id = $1', [result!.layerId]);
    expect(layer.rows[0]).toEqual({ geometry_type: 'Geometry', feature_count: 3, crs: 4326 });
    expect(steps.find((step) => step.level === 'warning')).toEqual({ code: 'datastore.featuresUnplaced', params: { count: 1, line: 4 }, level: 'warning' });
    // A GeoJSON has no delimiter: its log speaks of features and properties.
    expect(steps[0].code).toBe('datastore.checkingFeatures');
    expect(steps.map((step) => t('fr', step.code as MessageKey, step.params)).join('\n')).not.toMatch(/séparateur/);
  });

  it('refuses malformed JSON and non-UTF-8 bytes, naming the line', async () => {
    const broken = await failure(loadResourceIntoDatastore(scenarioContext(db).context, { ...plain, format: 'geojson', resourceId: 502, filePath: dataFile('{"type": "FeatureCollection", "features": [{"type": ', 'geojson') }));
    expect(broken.code).toBe('datastore.jsonMalformed');
    const latin1 = Buffer.concat([Buffer.from('{"type": "FeatureCollection",\n"features": [\n{"type": "Feature", "properties": {"nom": "'), Buffer.from('Besan\xe7on', 'latin1'), Buffer.from('"}, "geometry": null}]}')]);
    const notUtf8 = await failure(loadResourceIntoDatastore(scenarioContext(db).context, { ...plain, format: 'geojson', resourceId: 502, filePath: dataFile(latin1, 'geojson') }));
    expect(notUtf8.code).toBe('datastore.notUtf8');
    expect(notUtf8.params).toEqual({ line: 3 });
  });
});

describe('datastore replacement', () => {
  const first = 'n\n1\n2\n3\n';

  async function current() {
    return (await db.query('SELECT n FROM datastore.resource_301 ORDER BY _id')).rows.map((row) => row.n);
  }

  it('keeps the previous table current when a load dies during COPY', async () => {
    await loadResourceIntoDatastore(scenarioContext(db).context, { ...plain, resourceId: 301, filePath: dataFile(first) });
    // The file changes between the check and the copy: COPY then meets a value its column refuses.
    const file = dataFile(`n\n${Array.from({ length: 50_000 }, (_, i) => i).join('\n')}\n`);
    const { context } = scenarioContext(db, { onStep: (code) => code === 'datastore.analysed' && writeFileSync(file, `n\n4\nfive\n`) });
    await expect(loadResourceIntoDatastore(context, { ...plain, resourceId: 301, filePath: file })).rejects.toThrow(/integer/);
    expect(await current()).toEqual([1, 2, 3]);
  });

  it('keeps the previous table current when the task is aborted, and the next load clears what was left', async () => {
    const controller = new AbortController();
    const { context } = scenarioContext(db, { signal: controller.signal, onStep: (code) => code === 'datastore.analysed' && controller.abort() });
    await expect(loadResourceIntoDatastore(context, { ...plain, resourceId: 301, filePath: dataFile('n\n7\n8\n') })).rejects.toThrow();
    expect(await current()).toEqual([1, 2, 3]);
    const leftovers = "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'datastore' AND tablename LIKE 'resource\\_301\\_\\_load%'";
    expect((await db.query(leftovers)).rows[0].n).toBeGreaterThan(0);
    await loadResourceIntoDatastore(scenarioContext(db).context, { ...plain, resourceId: 301, filePath: dataFile('n\n9\n') });
    expect(await current()).toEqual([9]);
    expect((await db.query(leftovers)).rows[0].n).toBe(0);
  });
});
