/**
 * Geographic files loaded through GDAL into layers of any geometry, read back as features and
 * vector tiles, inspected before loading, published on the (fake) map server. Runs in the storage
 * mode of the test database: core PostgreSQL (embedded) or PostGIS (DATABASE_URL to a server with
 * the extension, as CI's second run): both answer the same.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VectorTile } from '@mapbox/vector-tile';
import Protobuf from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../schemas/scenarios.ts';
import { gdalCall, startJob, type GdalLayer } from '../../src/server/datastore/gdal.ts';
import { inspectGeoFile } from '../../src/server/datastore/geofile.ts';
import { datastoreStorage, type Storage } from '../../src/server/datastore/geometry.ts';
import { loadResourceIntoDatastore, type DatastoreLoadInput } from '../../src/server/datastore/index.ts';
import { upgradeLegacyLayers } from '../../src/server/datastore/upgrade.ts';
import { storagePath } from '../../src/server/storage/disk.ts';
import { dataFile, failure, insertResources, scenarioContext } from './datastore-helpers.ts';
import { startGeoServerMock, type GeoServerMock, type PublishedFeatureType } from './geoserver-mock.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';
// @ts-expect-error -- a plain JavaScript tool of the fixtures
import { zipBuffer as zipOf } from '../fixtures/geo/tools.mjs';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'geo');
const fixture = (name: string) => path.join(fixtures, name);

let t: TestApp;
let geoserver: GeoServerMock;
let admin: SignedIn;
let editor: SignedIn;
let storage: Storage;

beforeAll(async () => {
  geoserver = await startGeoServerMock({
    // As GeoServer reads the table from PostGIS: the declared geometry must be the column's.
    checkTable: async (featureType: PublishedFeatureType) => {
      const { rows } = await t.db.query<{ type: string; srid: number }>(
        "SELECT type, srid FROM geometry_columns WHERE f_table_schema = 'datastore' AND f_table_name = $1 AND f_geometry_column = 'geom'",
        [featureType.name],
      );
      if (!rows[0]) return `no geometry column in ${featureType.name}`;
      const binding = featureType.attributes!.attribute!.find((attribute) => attribute.name === 'geom')?.binding;
      const expected = rows[0].type === 'GEOMETRY' ? 'Geometry' : rows[0].type.replace(/^MULTI/, 'Multi').replace(/(POINT|LINESTRING|POLYGON)$/, (word) => ({ POINT: 'Point', LINESTRING: 'LineString', POLYGON: 'Polygon' })[word]!);
      if (binding !== `org.locationtech.jts.geom.${expected}`) return `binding ${binding} for a ${rows[0].type} column`;
      if (rows[0].srid !== 4326) return `SRID ${rows[0].srid}`;
      return null;
    },
  });
  t = await createTestApp({ mapserverUrl: geoserver.url }, { tasks: true });
  admin = await t.signIn('admin');
  editor = await t.signIn('editor');
  await insertResources(t.db, [601, 602, 603, 604, 605, 606, 607, 608, 609, 610, 611, 613, 614]);
  storage = await datastoreStorage(t.db);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await geoserver?.close();
});

const get = (user: SignedIn, url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { ...user.jwtHeaders, ...headers } });

async function load(resourceId: number, file: string, format: string, options: Partial<DatastoreLoadInput> = {}) {
  const { context, steps } = scenarioContext(t.db);
  const result = await loadResourceIntoDatastore(context, { resourceId, filePath: file, format, columnX: null, columnY: null, crs: null, dataDir: t.config.dataDir, ...options });
  return { result: result!, steps };
}

async function layerOf(resourceId: number) {
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM geographic_layers WHERE resource_id = $1', [resourceId]);
  return (await get(admin, `/en/geospatial/geographiclayer/${rows[0].id}/`)).json();
}

function expectBox(actual: number[], expected: number[]) {
  expect(actual).toHaveLength(4);
  actual.forEach((value, index) => expect(value).toBeCloseTo(expected[index], 6));
}

/** The decoded tile's features of the layer's tile layer, with their properties. */
async function tileFeatures(layerId: number, codename: string, z: number, x: number, y: number) {
  const response = await get(admin, `/en/geospatial/geographiclayer/${layerId}/tiles/${z}/${x}/${y}.pbf`);
  if (response.statusCode === 204) return [];
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
  const tile = new VectorTile(new Protobuf(response.rawPayload));
  const layer = tile.layers[codename];
  return Array.from({ length: layer?.length ?? 0 }, (_, index) => layer.feature(index));
}

/** The tile of z containing lon/lat. */
function tileOf(lon: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return [x, y];
}

describe('the storage mode', () => {
  // CI's second run sets EXPECT_POSTGIS: its PostgreSQL has PostGIS, which must then be used.
  it.runIf(process.env.EXPECT_POSTGIS === '1')('is PostGIS when the datastore database has the extension', () => {
    expect(storage).toBe('postgis');
  });
});

describe('geographic files become layers', () => {
  it('loads a zipped Shapefile of polygons in Lambert-93 with every feature, its encoding, and the right box', async () => {
    const { result, steps } = await load(601, fixture('districts-l93.zip'), 'shp');
    expect(result.rows).toBe(3);
    // The districts' corners (WGS 84) come back through Lambert-93.
    expectBox(result.bbox!, [4.81, 45.73, 4.89, 45.78]);
    expect(steps.find((step) => step.code === 'geo.layerOpened')?.params).toEqual({ layer: 'arrondissements', crs: 'EPSG:2154' });
    const layer = await layerOf(601);
    expect(layer).toMatchObject({ resource_id: 601, crs: 2154, feature_count: 3, geometry_type: 'MultiPolygon', storage, source_layer: 'arrondissements', column_x: null });
    const features = (await get(admin, `/en/geospatial/geographiclayer/${layer.id}/features/`)).json();
    expect(features.numberMatched).toBe(3);
    expect(features.features.map((feature: { properties: { nom: string } }) => feature.properties.nom)).toEqual(['Lyon 1er', 'Lyon 2e', 'Lyon 3e — Préfecture']);
    expect(features.features[2].properties).toEqual({ code: '69383', nom: 'Lyon 3e — Préfecture', surface: 6.36 });
    expect(features.features[2].geometry.type).toBe('MultiPolygon');
    expect(features.features[2].geometry.coordinates).toHaveLength(2);
    const [x, y] = tileOf(4.83, 45.77, 12);
    const inTile = await tileFeatures(layer.id, 'resource_601', 12, x, y);
    expect(inTile.map((feature) => feature.properties.nom)).toContain('Lyon 1er');
    expect(inTile.every((feature) => feature.type === 3)).toBe(true);
  });

  it('asks for the CRS of a Shapefile without .prj, and loads it with the CRS given', async () => {
    const missing = await failure(load(602, fixture('districts-noprj.zip'), 'shp'));
    expect(missing.code).toBe('geo.crsMissing');
    expect(missing.params).toEqual({ layer: 'arrondissements' });
    const { result } = await load(602, fixture('districts-noprj.zip'), 'shp', { crs: 2154 });
    expectBox(result.bbox!, [4.81, 45.73, 4.89, 45.78]);
    expect((await layerOf(602)).crs).toBe(2154);
  });

  it('refuses a GeoPackage of two layers with their list, and loads the layer chosen', async () => {
    const refused = await failure(load(603, fixture('network.gpkg'), 'gpkg'));
    expect(refused.code).toBe('geo.layerChoice');
    expect(refused.params).toEqual({ count: 2, layers: 'arrets, lignes' });
    const unknown = await failure(load(603, fixture('network.gpkg'), 'gpkg', { layerName: 'bus' }));
    expect(unknown.code).toBe('geo.layerUnknown');
    const { result } = await load(603, fixture('network.gpkg'), 'gpkg', { layerName: 'lignes' });
    expect(result.rows).toBe(2);
    expectBox(result.bbox!, [4.8322, 45.73, 4.87, 45.77]);
    const layer = await layerOf(603);
    expect(layer).toMatchObject({ crs: 2154, geometry_type: 'LineString', source_layer: 'lignes', feature_count: 2 });
    const features = (await get(admin, `/en/geospatial/geographiclayer/${layer.id}/features/?bbox=4.85,45.72,4.9,45.75`)).json();
    expect(features.features.map((feature: { properties: { ligne: string } }) => feature.properties.ligne)).toEqual(['B']);
    // One degree of tolerance leaves each line its two ends.
    const simplified = (await get(admin, `/en/geospatial/geographiclayer/${layer.id}/features/?simplify=0.5`)).json();
    expect(simplified.features.map((feature: { geometry: { coordinates: unknown[] } }) => feature.geometry.coordinates.length)).toEqual([2, 2]);
    const whole = (await get(admin, `/en/geospatial/geographiclayer/${layer.id}/features/?zoom=18`)).json();
    expect(whole.features[0].geometry.coordinates).toHaveLength(3);
  });

  it('refuses a zip of two Shapefiles with their list', async () => {
    const refused = await failure(load(604, fixture('two-shapefiles.zip'), 'zip'));
    expect(refused.code).toBe('geo.layerChoice');
    expect(refused.params).toEqual({ count: 2, layers: 'arrondissements, arrets' });
    const { result } = await load(604, fixture('two-shapefiles.zip'), 'zip', { layerName: 'arrets' });
    expect(result.rows).toBe(2);
    expect((await layerOf(604)).geometry_type).toBe('Point');
  });

  it('loads a KML of lines', async () => {
    const { result } = await load(605, fixture('lines.kml'), 'kml');
    expect(result.rows).toBe(2);
    expectBox(result.bbox!, [4.8322, 45.73, 4.87, 45.77]);
    const layer = await layerOf(605);
    expect(layer).toMatchObject({ geometry_type: 'LineString', crs: 4326, feature_count: 2 });
    const features = (await get(admin, `/en/geospatial/geographiclayer/${layer.id}/features/`)).json();
    expect(features.features.map((feature: { properties: { Name: string } }) => feature.properties.Name)).toEqual(['A', 'B']);
    const [x, y] = tileOf(4.86, 45.74, 13);
    expect((await tileFeatures(layer.id, 'resource_605', 13, x, y)).map((feature) => [feature.type, feature.properties.Name])).toContainEqual([2, 'B']);
    expect(await tileFeatures(layer.id, 'resource_605', 13, ...tileOf(2.35, 48.85, 13))).toEqual([]);
  });

  it('loads a GeoJSON of zones, roads and a point with every geometry, its box of them all', async () => {
    const { result, steps } = await load(606, fixture('mixed.geojson'), 'geojson');
    expect(result.rows).toBe(6);
    expectBox(result.bbox!, [4.7, 45.65, 4.95, 45.9]);
    expect(steps.find((step) => step.level === 'warning')).toEqual({ code: 'datastore.featuresUnplaced', params: { count: 1, line: 6 }, level: 'warning' });
    const layer = await layerOf(606);
    expect(layer).toMatchObject({ geometry_type: 'Geometry', feature_count: 5 });
    const features = (await get(admin, `/en/geospatial/geographiclayer/${layer.id}/features/`)).json();
    expect(features.features.map((feature: { geometry: { type: string } }) => feature.geometry.type)).toEqual(['Polygon', 'MultiPolygon', 'LineString', 'MultiLineString', 'Point']);
    // A tile over the first zone holds the zone, the roads and the point.
    const inTile = await tileFeatures(layer.id, 'resource_606', 10, ...tileOf(4.82, 45.72, 10));
    expect(inTile.map((feature) => feature.properties.nom).sort()).toEqual(['Point', 'Route', 'Routes', 'Zone', 'Zones'].sort());
  });

  it('loads a CSV of WKT geometries in Lambert-93', async () => {
    const csv = 'nom;wkt\nZone;POLYGON((842000 6519000,843000 6519000,843000 6520000,842000 6520000,842000 6519000))\nRoute;LINESTRING(840000 6518000,845000 6522000)\nVide;\n';
    const incomplete = await failure(load(614, dataFile(csv), 'csv', { columnGeometry: 'wkt' }));
    expect(incomplete.code).toBe('datastore.positionIncomplete');
    const { result, steps } = await load(614, dataFile(csv), 'csv', { columnGeometry: 'wkt', crs: 2154 });
    expect(result.rows).toBe(3);
    // Lyon's centre, as the Lambert-93 X/Y test places it.
    expect(result.bbox![0] > 4.78 && result.bbox![2] < 4.9 && result.bbox![1] > 45.7 && result.bbox![3] < 45.8).toBe(true);
    expect(steps.find((step) => step.level === 'warning')).toEqual({ code: 'datastore.positionsUnread', params: { count: 1, line: 4 }, level: 'warning' });
    const layer = await layerOf(614);
    expect(layer).toMatchObject({ geometry_type: 'Geometry', crs: 2154, feature_count: 2, column_x: null });
    const features = (await get(admin, `/en/geospatial/geographiclayer/${layer.id}/features/`)).json();
    expect(features.features.map((feature: { geometry: { type: string }; properties: object }) => [feature.geometry.type, feature.properties])).toEqual([
      ['Polygon', { nom: 'Zone', wkt: 'POLYGON((842000 6519000,843000 6519000,843000 6520000,842000 6520000,842000 6519000))' }],
      ['LineString', { nom: 'Route', wkt: 'LINESTRING(840000 6518000,845000 6522000)' }],
    ]);
  });

  it('repairs invalid geometries with a warning', async () => {
    const { result, steps } = await load(607, fixture('bowtie.geojson'), 'geojson');
    expect(result.rows).toBe(2);
    expect(steps.find((step) => step.code === 'geo.geometriesRepaired')).toEqual({ code: 'geo.geometriesRepaired', params: { count: 1 }, level: 'warning' });
    const features = (await get(admin, `/en/geospatial/geographiclayer/${(await layerOf(607)).id}/features/`)).json();
    // The bow tie becomes two triangles.
    expect(features.features[0].geometry.type).toBe('MultiPolygon');
    expect(features.features[0].geometry.coordinates).toHaveLength(2);
  });

  it('names what is wrong with a broken zip and keeps the previous table', async () => {
    await load(608, fixture('districts-l93.zip'), 'shp');
    const cases: Array<[string, string, Record<string, string>]> = [
      [fixture('no-shapefile.zip'), 'geo.zipWithoutShp', { files: 'LISEZMOI.txt' }],
      [fixture('districts-nodbf.zip'), 'geo.shpWithoutCompanion', { name: 'arrondissements.shp', missing: '.dbf' }],
      [dataFile(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100, 7)]), 'zip'), 'archive.unreadable', {}],
      // The archive's limits are checked before GDAL opens it: no `..` in a name.
      [dataFile(zipOf([{ name: '../arrondissements.shp', data: Buffer.alloc(10) }]), 'zip'), 'archive.unsafeName', { name: '../arrondissements.shp' }],
    ];
    for (const [file, code, params] of cases) {
      const error = await failure(load(608, file, 'shp'));
      expect(error.code, file).toBe(code);
      expect(error.params).toEqual(params);
    }
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM datastore.resource_608');
    expect(rows[0].n).toBe(3);
    const message = await t.app.inject({ url: '/fr/geospatial/geographiclayer/0/' });
    expect(message.statusCode).toBe(401);
  });
});

describe('files of another kind than their format', () => {
  it('refuses a file GDAL would read as another kind, such as a virtual layer naming a file of the server, and shows nothing of it', async () => {
    await insertResources(t.db, [616]);
    // A file only the server can read, which a virtual layer (OGR VRT) names by its path in GDAL's mount of the host.
    const secret = dataFile('secret-word,other\nhidden,1\n', 'csv');
    const stem = path.basename(secret, '.csv');
    const virtual = `<OGRVRTDataSource><OGRVRTLayer name="stolen"><SrcDataSource>CSV:/output${secret}</SrcDataSource><SrcLayer>${stem}</SrcLayer></OGRVRTLayer></OGRVRTDataSource>`;
    const cases: Array<[string, string]> = [
      [dataFile(virtual, 'gml'), 'gml'],
      [dataFile(virtual, 'kml'), 'kml'],
      [dataFile(zipOf([{ name: 'doc.kml', data: Buffer.from(virtual) }]), 'kmz'), 'kmz'],
      [dataFile(zipOf([{ name: 'a.shp', data: Buffer.from(virtual) }, { name: 'a.shx', data: Buffer.alloc(100) }, { name: 'a.dbf', data: Buffer.alloc(100) }]), 'zip'), 'shp'],
    ];
    for (const [file, format] of cases) {
      const error = await failure(load(616, file, format));
      expect(error.code, format).toBe('geo.unreadable');
      expect(JSON.stringify(error.params), format).not.toContain('secret-word');
    }
  });
});

describe('the files GDAL reads', () => {
  it('are those of the job\'s folder alone: a name climbing out of it, or naming another job\'s file or one of the server, reads nothing', async () => {
    const secret = path.join(t.config.dataDir, 'secret.geojson');
    writeFileSync(secret, JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { word: 'secret-word' }, geometry: { type: 'Point', coordinates: [1, 2] } }] }));
    const other = await startJob(t.config.dataDir, secret, 'geojson');
    const job = await startJob(t.config.dataDir, fixture('mixed.geojson'), 'geojson');
    const layers = (file: string, vsi: string | null = null) => gdalCall<GdalLayer[]>('layers', job.dir, { file, vsi });
    try {
      expect((await layers(job.source)).map((layer) => layer.name)).toEqual(['source']);
      const attempts: Array<[string, string | null]> = [
        ['../../secret.geojson', null],
        [secret, null],
        [`../${path.basename(other.dir)}/source.geojson`, null],
        [`${job.source}/../../${path.basename(other.dir)}/source.geojson`, 'vsizip'],
        [`/vsizip/${secret}`, null],
      ];
      for (const [file, vsi] of attempts) {
        const error = await layers(file, vsi).then(() => null, (caught: Error) => caught);
        expect(error, file).toBeInstanceOf(Error);
        expect(error!.message, file).not.toContain('secret-word');
      }
    } finally {
      await job.remove();
      await other.remove();
    }
  });

  it('show nothing of a file of the server that a GML or a KML links to', async () => {
    await insertResources(t.db, [619]);
    const secret = dataFile(
      '<?xml version="1.0"?><ns:FeatureCollection xmlns:ns="http://example.com/ns" xmlns:gml="http://www.opengis.net/gml"><gml:featureMember><ns:Hidden gml:id="h1"><ns:word>secret-word</ns:word><ns:geom><gml:Point gml:id="p1" srsName="EPSG:4326"><gml:pos>45 4.8</gml:pos></gml:Point></ns:geom></ns:Hidden></gml:featureMember></ns:FeatureCollection>',
      'gml',
    );
    const links = [secret, `/output${secret}`, `../../${path.basename(secret)}`];
    const gml = `<?xml version="1.0"?><ns:FeatureCollection xmlns:ns="http://example.com/ns" xmlns:gml="http://www.opengis.net/gml" xmlns:xlink="http://www.w3.org/1999/xlink">${links
      .map((link, index) => `<gml:featureMember><ns:Stop gml:id="s${index}"><ns:name>a</ns:name><ns:word xlink:href="${link}#h1"/><ns:geom><gml:Point srsName="EPSG:4326"><gml:pos>45 4.8</gml:pos></gml:Point></ns:geom></ns:Stop></gml:featureMember><gml:featureMember xlink:href="${link}#h1"/>`)
      .join('')}</ns:FeatureCollection>`;
    const kml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${links.map((link) => `<NetworkLink><Link><href>${link}</href></Link></NetworkLink>`).join('')}<Placemark><name>a</name><Point><coordinates>4.8,45</coordinates></Point></Placemark></Document></kml>`;
    for (const [content, format] of [[gml, 'gml'], [kml, 'kml']]) {
      const loaded = await load(619, dataFile(content, format), format).then(() => null, (error: unknown) => error);
      expect(JSON.stringify(loaded) ?? '', format).not.toContain('secret-word');
      const layer = await layerOf(619);
      const features = (await get(admin, `/en/geospatial/geographiclayer/${layer.id}/features/`)).body;
      expect(features, format).not.toContain('secret-word');
    }
  });
});

describe('layer names', () => {
  it('are read as names, even those starting with a dash as ogr2ogr\'s options do', async () => {
    await insertResources(t.db, [617, 618]);
    // Points in Lambert-93, read in WGS 84 with the options given along with the layer.
    const point = (x: number) => ({ type: 'Feature', properties: { x }, geometry: { type: 'Point', coordinates: [x, 6519000] } });
    const crs = { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::2154' } };
    for (const name of ['-dim', '-a "quoted\\" name']) {
      const geojson = dataFile(JSON.stringify({ type: 'FeatureCollection', name, crs, features: [point(842000), point(843000)] }), 'geojson');
      const { result } = await load(617, geojson, 'geojson');
      expect(result.rows, name).toBe(2);
      expect(result.bbox![0], name).toBeCloseTo(4.83, 1);
      expect(await layerOf(617), name).toMatchObject({ source_layer: name, feature_count: 2, geometry_type: 'Point' });
    }
    // A KML of two folders, the one chosen named as an option without value: its own features only, not every layer's.
    const placemark = (geometry: string) => `<Placemark>${geometry}</Placemark>`;
    const lines = [4.8, 4.9].map((x) => placemark(`<LineString><coordinates>${x},45 ${x + 0.1},45.1</coordinates></LineString>`)).join('');
    const stop = placemark('<Point><coordinates>4.85,45.05</coordinates></Point>');
    const kml = `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder><name>-explodecollections</name>${lines}</Folder><Folder><name>arrets</name>${stop}</Folder></Document></kml>`;
    const kmlFile = dataFile(kml, 'kml');
    const chosen = await load(618, kmlFile, 'kml', { layerName: '-explodecollections' });
    expect(chosen.result.rows).toBe(2);
    expect(await layerOf(618)).toMatchObject({ source_layer: '-explodecollections', feature_count: 2, geometry_type: 'LineString' });
    const place = { dataDir: t.config.dataDir, archiveMaxBytes: t.config.tasks.archiveMaxBytes };
    const inspected = await inspectGeoFile(place, kmlFile, 'kml', { layerName: '-explodecollections', crs: null });
    expect(inspected.preview!.features).toHaveLength(2);
  });
});

describe('styles', () => {
  it('draw areas, lines or points after the layer\'s geometry', async () => {
    const style = async (resourceId: number) => {
      const layer = await layerOf(resourceId);
      const created = await t.app.inject({ method: 'POST', url: `/en/geospatial/geographiclayer/${layer.id}/style/`, headers: admin.jwtHeaders, payload: { display_name: 'Défaut' } });
      return created.json<{ sld: string }>().sld;
    };
    const areas = await style(601);
    expect(areas).toContain('<PolygonSymbolizer><Fill><CssParameter name="fill">#1f78b4</CssParameter><CssParameter name="fill-opacity">0.8</CssParameter>');
    expect(areas).not.toContain('PointSymbolizer');
    const lines = await style(605);
    expect(lines).toContain('<LineSymbolizer><Stroke><CssParameter name="stroke">#1f78b4</CssParameter><CssParameter name="stroke-width">3</CssParameter>');
    expect(lines).not.toContain('PolygonSymbolizer');
    const mixed = await style(606);
    expect(['PolygonSymbolizer', 'LineSymbolizer', 'PointSymbolizer'].every((name) => mixed.includes(`<${name}>`))).toBe(true);
  });
});

describe('vector tiles', () => {
  it('answer with caching headers that change with each load, to readers of the layer only', async () => {
    await load(609, fixture('districts-l93.zip'), 'shp');
    const layer = await layerOf(609);
    const [x, y] = tileOf(4.83, 45.77, 12);
    const url = `/en/geospatial/geographiclayer/${layer.id}/tiles/12/${x}/${y}.pbf`;
    const first = await get(admin, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect((await get(admin, url, { 'if-none-match': etag })).statusCode).toBe(304);
    await load(609, fixture('districts-l93.zip'), 'shp');
    const reloaded = await get(admin, url, { 'if-none-match': etag });
    expect(reloaded.statusCode).toBe(200);
    expect(reloaded.headers.etag).not.toBe(etag);
    // Far from Lyon: no feature.
    expect((await get(admin, `/en/geospatial/geographiclayer/${layer.id}/tiles/12/0/0.pbf`)).statusCode).toBe(204);
    expect((await get(editor, url)).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    for (const bad of ['23/0/0.pbf', '2/4/0.pbf', '2/0/1.png', '2/0/x.pbf']) {
      const response = await get(admin, `/en/geospatial/geographiclayer/${layer.id}/tiles/${bad}`);
      expect(response.statusCode, bad).toBe(400);
    }
    expect((await get(admin, `/en/geospatial/geographiclayer/${layer.id}/tiles/23/0/0.pbf`)).json()).toEqual({ tile: ['Expected z/x/y.pbf with 0 ≤ z ≤ 22 and x, y within the zoom level.'] });
    expect((await get(admin, `/en/geospatial/geographiclayer/${layer.id}/features/?simplify=2`)).statusCode).toBe(400);
    expect((await get(admin, `/en/geospatial/geographiclayer/${layer.id}/features/?zoom=40`)).statusCode).toBe(400);
  });
});

describe('publishing on the map server', () => {
  it('sends the feature type of the geometry column, or says PostGIS is needed', async () => {
    await load(610, fixture('districts-l93.zip'), 'shp');
    const layer = await layerOf(610);
    const scenarios = (await get(admin, `/fr/geospatial/geographiclayer/${layer.id}/_scenarios/`)).json();
    const run = await t.app.inject({ method: 'POST', url: `/en/geospatial/geographiclayer/${layer.id}/_scenarios/${scenarios[0].id}/run/`, headers: admin.jwtHeaders, payload: {} });
    const task = run.json<Task>();
    if (storage === 'plain') {
      expect(task.status).toBe('FAILURE');
      expect(task.error).toBe('Publishing a layer on the map server needs a PostGIS datastore: point DATASTORE_URL to a database with PostGIS, then load the resource again.');
      expect(geoserver.featureTypes.has('resource_610')).toBe(false);
      return;
    }
    expect(task.status, JSON.stringify(task)).toBe('SUCCESS');
    const published = geoserver.featureTypeBodies.get('resource_610')!;
    expect(published).toMatchObject({ name: 'resource_610', srs: 'EPSG:4326', nativeCRS: 'EPSG:4326', projectionPolicy: 'FORCE_DECLARED' });
    expect(published.attributes!.attribute!.find((attribute) => attribute.name === 'geom')).toMatchObject({ binding: 'org.locationtech.jts.geom.MultiPolygon' });
    expect(published.attributes!.attribute!.find((attribute) => attribute.name === 'nom')).toMatchObject({ binding: 'java.lang.String' });
    expect(published.latLonBoundingBox!.minx).toBeCloseTo(4.81, 6);
    const { rows } = await t.db.query("SELECT type, srid FROM geometry_columns WHERE f_table_schema = 'datastore' AND f_table_name = 'resource_610'");
    expect(rows).toEqual([{ type: 'MULTIPOLYGON', srid: 4326 }]);
    // Published again after a reload: described again.
    const again = await t.app.inject({ method: 'POST', url: `/en/geospatial/geographiclayer/${layer.id}/_scenarios/${scenarios[0].id}/run/`, headers: admin.jwtHeaders, payload: {} });
    expect(again.json<Task>().status).toBe('SUCCESS');
    expect(geoserver.requests.filter((request) => request.url.includes('/featuretypes/resource_610?')).map((request) => request.method)).toEqual(['PUT']);
  });
});

/** An uploaded file not yet made current, as PUT file-upload/{id}/file/ leaves it; answers the source's id. */
async function stageUpload(resourceId: number, name: string, format: string): Promise<number> {
  const key = `ab/${String(resourceId).padStart(32, '0')}`;
  mkdirSync(path.dirname(storagePath(t.config.dataDir, key)), { recursive: true });
  copyFileSync(fixture(name), storagePath(t.config.dataDir, key));
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO resource_sources (resource_id, kind, dataformat_id, pending_key, pending_size, filename)
     SELECT $1, 'file-upload', id, $2, $3, $4 FROM data_formats WHERE codename = $5 RETURNING id`,
    [resourceId, key, readFileSync(fixture(name)).length, name, format],
  );
  return rows[0].id;
}

describe('the resource scenarios', () => {
  it('load the layer named by the source, give the resource and its dataset the box of every geometry', async () => {
    const sourceId = await stageUpload(613, 'network.gpkg', 'gpkg');
    const scenarioIds = Object.fromEntries((await t.db.query('SELECT id, codename FROM scenarios')).rows.map((row) => [row.codename, row.id]));
    const run = (codename: string) => t.app.inject({ method: 'POST', url: `/en/resource/file-upload/${sourceId}/_scenarios/${scenarioIds[codename]}/run/`, headers: admin.jwtHeaders, payload: {} });
    const refused = (await run('create-file-upload')).json<Task>();
    expect(refused).toMatchObject({ status: 'FAILURE', error: "The file has 2 layers: choose one in the source's layer name (arrets, lignes)." });
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `/en/resource/file-upload/${sourceId}/`, headers: admin.jwtHeaders, payload });
    expect((await patch({ layer_name: 'x'.repeat(201) })).json()).toEqual({ layer_name: ['Expected a layer name of at most 200 characters.'] });
    expect((await patch({ layer_name: 'lignes' })).json()).toMatchObject({ layer_name: 'lignes' });
    const loaded = (await run('update-file-upload')).json<Task>();
    expect(loaded.status, loaded.error ?? '').toBe('SUCCESS');
    const resource = (await get(admin, '/en/resource/resources/613/')).json();
    expect(resource.geographic).toBe(true);
    expectBox(resource.bbox, [4.8322, 45.73, 4.87, 45.77]);
    // A dataset's coverage "computed on the data" is that box.
    const group = (await t.db.query<{ usergroup_id: number }>('SELECT usergroup_id FROM resources WHERE id = 613')).rows[0].usergroup_id;
    const dataset = await t.app.inject({ method: 'POST', url: '/en/dataset/datasets/', headers: admin.jwtHeaders, payload: { display_name: 'Réseau', usergroup: group } });
    await t.db.query('INSERT INTO resource_datasets (resource_id, dataset_id, type) VALUES (613, $1, 1)', [dataset.json().id]);
    const computed = await t.app.inject({ method: 'PATCH', url: `/en/dataset/datasets/${dataset.json().id}/`, headers: admin.jwtHeaders, payload: { geographic_coverage: 'computed' } });
    expect(computed.statusCode, computed.body).toBe(200);
    expectBox(computed.json().bbox, [4.8322, 45.73, 4.87, 45.77]);
  });
});

describe('inspection before loading', () => {
  it('answers the layers of a GeoPackage, their geometry types, counts and CRS, and the first features of the one chosen', async () => {
    await stageUpload(611, 'network.gpkg', 'gpkg');
    const url = '/en/resource/611/inspect/';
    const inspected = (await get(admin, url)).json();
    expect(inspected).toMatchObject({ format: 'gpkg', layer: null, needs_layer: true, needs_crs: false, preview: null });
    expect(inspected.layers).toEqual([
      { name: 'arrets', feature_count: 2, geometry_types: { Point: 2 }, empty_geometries: 0, invalid_geometries: 0, crs: 4326, crs_name: 'WGS 84', columns: ['nom'] },
      { name: 'lignes', feature_count: 2, geometry_types: { LineString: 2 }, empty_geometries: 0, invalid_geometries: 0, crs: 2154, crs_name: 'RGF93 v1 / Lambert-93', columns: ['ligne', 'couleur'] },
    ]);
    const chosen = (await get(admin, `${url}?layer_name=lignes`)).json();
    expect(chosen.layer).toBe('lignes');
    expect(chosen.preview.features).toHaveLength(2);
    expect(chosen.preview.features[0].properties).toEqual({ ligne: 'A', couleur: 'rouge' });
    expect(chosen.preview.features[0].geometry.coordinates[0][0]).toBeCloseTo(4.8322, 6);
    const unknown = await get(admin, `${url}?layer_name=bus`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: 'The file has no layer “bus” (its layers: arrets, lignes).' });
    expect((await get(admin, `${url}?crs=1234`)).statusCode).toBe(400);
    expect((await get(editor, url)).statusCode).toBe(404);
    expect((await get(admin, '/en/resource/999999/inspect/')).statusCode).toBe(404);
  });

  it('answers 503 past its time limit, and stops its GDAL work so the next inspection runs', async () => {
    await insertResources(t.db, [615]);
    await stageUpload(615, 'network.gpkg', 'gpkg');
    const url = '/en/resource/615/inspect/?layer_name=lignes';
    const previous = t.config.inspectTimeLimitSeconds;
    t.config.inspectTimeLimitSeconds = 0.001;
    try {
      const late = await get(admin, url);
      expect(late.statusCode).toBe(503);
      expect(late.json()).toEqual({
        detail: 'Inspecting the file exceeded its time limit of 0.001 s and was stopped: the file may be too large to inspect, or the server busy; try again later, or load the resource directly.',
      });
    } finally {
      t.config.inspectTimeLimitSeconds = previous;
    }
    const inspected = await get(admin, url);
    expect(inspected.statusCode, inspected.body).toBe(200);
    expect(inspected.json()).toMatchObject({ format: 'gpkg', layer: 'lignes', needs_layer: false });
  });
});

describe('layers of points made before', () => {
  it('move to the storage of whole geometries when the server starts', async () => {
    await t.db.query('CREATE TABLE datastore.resource_612 ("_id" bigint PRIMARY KEY, nom text, lon double precision, lat double precision, "_point" point)');
    await t.db.query("INSERT INTO datastore.resource_612 VALUES (1, 'Bellecour', 4.8322, 45.7578, point(4.8322, 45.7578)), (2, 'nulle part', NULL, NULL, NULL)");
    await insertResources(t.db, [612]);
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO geographic_layers (resource_id, display_name, codename, column_x, column_y, crs, bbox, feature_count, schema_name, table_name)
       VALUES (612, 'Arrêts', 'resource_612', 'x', 'y', 4326, '{4.8322,45.7578,4.8322,45.7578}', 1, 'datastore', 'resource_612') RETURNING id`,
    );
    expect(await upgradeLegacyLayers(t.db)).toBe(1);
    const layer = (await get(admin, `/en/geospatial/geographiclayer/${rows[0].id}/`)).json();
    expect(layer).toMatchObject({ storage, geometry_type: 'Point' });
    const features = (await get(admin, `/en/geospatial/geographiclayer/${rows[0].id}/features/?bbox=4.8,45.7,4.9,45.8`)).json();
    expect(features.features).toEqual([{ type: 'Feature', id: 1, geometry: { type: 'Point', coordinates: [4.8322, 45.7578] }, properties: { nom: 'Bellecour' } }]);
    expect(await upgradeLegacyLayers(t.db)).toBe(0);
  });
});
