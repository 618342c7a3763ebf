/**
 * The SLD the platform gives the map server, drawn by a real one: MapServer (Debian's
 * `cgi-mapserver`, run as a CGI) reads the layers from the PostGIS datastore with a mapfile
 * written here, applies the style's SLD given in a WMS GetMap (SLD_BODY), and the PNG's pixels
 * are checked where each class's features lie. Needs PostGIS (CI's second run) and `mapserv`;
 * without mapserv it is skipped with a warning, and fails under CI=true.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datastoreStorage, type Storage } from '../../src/server/datastore/geometry.ts';
import { loadResourceIntoDatastore } from '../../src/server/datastore/index.ts';
import { styleOf } from '../../src/admin/resources/styleConfig.ts';
import type { StyleConfig } from '../../src/admin/resources/resourcesApi.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';
import { dataFile, insertResources, scenarioContext } from './datastore-helpers.ts';
import { getMap as mapserverGetMap, hexOf, MAPSERV, mapfileOf, mapserverReady } from '../mapserver.ts';

/** The picture asked for: lon −0.5 to 7.5, lat −0.5 to 5.5, 50 pixels a degree. */
const BBOX = [-0.5, -0.5, 7.5, 5.5] as const;
const PER_DEGREE = 50;
const WIDTH = (BBOX[2] - BBOX[0]) * PER_DEGREE;
const HEIGHT = (BBOX[3] - BBOX[1]) * PER_DEGREE;
const WHITE = '#ffffff';
const OTHER = '#9e9e9e';

type Properties = Record<string, string | number>;
const feature = (geometry: object, properties: Properties) => ({ type: 'Feature', geometry, properties });
const square = (lon: number, lat: number, properties: Properties) =>
  feature({ type: 'Polygon', coordinates: [[[lon, lat], [lon + 1, lat], [lon + 1, lat + 1], [lon, lat + 1], [lon, lat]]] }, properties);

/** Four squares a degree wide along lat 0–1, at lon 0, 2, 4 and 6, of growing population. */
const POLYGONS = [5, 25, 60, 95].map((population, index) => square(index * 2, 0, { nom: `Commune ${index}`, population }));
/** Four lines along lat 2.5, from lon 2i to 2i + 1.5: two of listed kinds, two of others. */
const LINES = ['bus', 'tram', 'metro', 'ferry'].map((kind, index) => feature({ type: 'LineString', coordinates: [[index * 2, 2.5], [index * 2 + 1.5, 2.5]] }, { kind }));
/** Four points at lat 4.5, lon 2i + 0.5: two of listed kinds, two of others, all labelled. */
const POINTS = ['bus', 'tram', 'car', 'bike'].map((kind, index) => feature({ type: 'Point', coordinates: [index * 2 + 0.5, 4.5] }, { kind, nom: `Arrêt ${index}` }));

const CATEGORIES = [{ value: 'bus', color: '#e41a1c' }, { value: 'tram', color: '#377eb8' }];
const GRADUATED: StyleConfig = {
  kind: 'graduated', column: 'population', method: 'equal', palette: 'Set1', size: 6, opacity: 1,
  classes: [{ min: 0, max: 20, color: '#e41a1c' }, { min: 20, max: 50, color: '#377eb8' }, { min: 50, max: 100, color: '#4daf4a' }],
};
const CATEGORISED: StyleConfig = { kind: 'classified', column: 'kind', size: 10, opacity: 1, classes: CATEGORIES, other: OTHER };
const LABEL_COLOUR = '#ff00ff';
const LABELLED: StyleConfig = { ...CATEGORISED, size: 8, label: { column: 'nom', size: 14, color: LABEL_COLOUR, haloColor: WHITE, haloWidth: 1 } };

let t: TestApp;
let admin: SignedIn;
let storage: Storage;
let dir: string;
const layers = new Map<string, { table: string; style: number; sld: string }>();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  storage = await datastoreStorage(t.db);
  if (storage !== 'postgis' || !MAPSERV) return;
  dir = mkdtempSync(path.join(tmpdir(), 'publish-mapserver-'));
  await insertResources(t.db, [721, 722, 723]);
  const sets: Array<[string, number, unknown[], StyleConfig]> = [['polygons', 721, POLYGONS, GRADUATED], ['lines', 722, LINES, CATEGORISED], ['points', 723, POINTS, LABELLED]];
  for (const [name, resourceId, features, config] of sets) {
    const file = dataFile(JSON.stringify({ type: 'FeatureCollection', features }), 'geojson');
    const { context } = scenarioContext(t.db);
    const result = await loadResourceIntoDatastore(context, { resourceId, filePath: file, format: 'geojson', columnX: null, columnY: null, crs: null, dataDir: t.config.dataDir });
    const layerId = result!.layerId!;
    const { rows } = await t.db.query<{ table_name: string; geometry_type: string }>('SELECT table_name, geometry_type FROM geographic_layers WHERE id = $1', [layerId]);
    const created = await t.app.inject({ method: 'POST', url: `/fr/geospatial/geographiclayer/${layerId}/style/`, headers: admin.jwtHeaders, payload: { display_name: name } });
    const style = created.json<{ id: number }>().id;
    // The editor's style, saved as the app saves it: its SLD is what the map server is given.
    layers.set(name, { table: rows[0].table_name, style, sld: await saveStyle(style, config, rows[0].geometry_type) });
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A mapfile with one PostGIS layer per table, each named as its style (an SLD's NamedLayer styles the layer of its name). */
function mapfile(): string {
  const url = new URL(t.config.datastoreUrl ?? t.databaseUrl);
  const connection = `host=${url.hostname} port=${url.port || 5432} dbname=${decodeURIComponent(url.pathname.slice(1))} user=${decodeURIComponent(url.username)}${url.password ? ` password=${decodeURIComponent(url.password)}` : ''}`;
  const layer = ({ table, style }: { table: string; style: number }) => `
  LAYER
    NAME "publish_style_${style}"
    TYPE ${table === layers.get('polygons')!.table ? 'POLYGON' : table === layers.get('lines')!.table ? 'LINE' : 'POINT'}
    STATUS ON
    CONNECTIONTYPE POSTGIS
    CONNECTION "${connection}"
    DATA "geom FROM (SELECT row_number() OVER () AS _uid, * FROM datastore.${table}) AS features USING UNIQUE _uid USING SRID=4326"
    PROJECTION "init=epsg:4326" END
    METADATA "wms_title" "${table}" "wms_include_items" "all" END
    CLASS STYLE COLOR 0 0 0 END END
  END`;
  return mapfileOf({ extent: BBOX, width: WIDTH, height: HEIGHT, projection: 'epsg:4326', layers: [...layers.values()].map(layer).join('\n') });
}

/** The RGB pixels of MapServer's WMS GetMap of the layer, styled by the SLD. */
async function getMap(style: number, sld: string): Promise<(lon: number, lat: number) => string> {
  const pixels = await mapserverGetMap({ dir, mapfile: mapfile(), layer: `publish_style_${style}`, sld, bbox: BBOX, width: WIDTH, height: HEIGHT, srs: 'EPSG:4326' });
  return (lon, lat) => hexOf(pixels.at((lon - BBOX[0]) * PER_DEGREE, (BBOX[3] - lat) * PER_DEGREE));
}

/** Saves the editor's config as the style, answering the SLD the map server is given. */
async function saveStyle(style: number, config: StyleConfig, geometryType: string): Promise<string> {
  const saved = await t.app.inject({ method: 'PUT', url: `/fr/geospatial/style/${style}/config/`, headers: admin.jwtHeaders, payload: { config: styleOf(config, geometryType, 'style') } });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<{ sld: string }>().sld;
}

/** Whether a pixel of the colour is drawn in the box (lon/lat) around a point. */
function drawnNear(pixel: (lon: number, lat: number) => string, colour: string, [minLon, minLat, maxLon, maxLat]: number[]): boolean {
  for (let lon = minLon; lon <= maxLon; lon += 1 / PER_DEGREE) for (let lat = minLat; lat <= maxLat; lat += 1 / PER_DEGREE) if (pixel(lon, lat) === colour) return true;
  return false;
}

describe('styles drawn by MapServer', () => {
  const ready = () => {
    if (storage !== 'postgis') return false;
    return mapserverReady('the SLD rendering by MapServer');
  };

  it('draws a graduated polygon layer in the colour of each class, and nothing between the polygons', async (context) => {
    if (!ready()) return context.skip();
    const { style, sld } = layers.get('polygons')!;
    const pixel = await getMap(style, sld);
    expect([0.5, 2.5, 4.5, 6.5].map((lon) => pixel(lon, 0.5))).toEqual(['#e41a1c', '#377eb8', '#4daf4a', '#4daf4a']);
    expect([1.5, 3.5, 5.5].map((lon) => pixel(lon, 0.5))).toEqual([WHITE, WHITE, WHITE]);
    expect(pixel(3, 3.5)).toBe(WHITE);
  });

  it('draws a categorised line layer in the colour of each listed value, the other values in theirs', async (context) => {
    if (!ready()) return context.skip();
    const { style, sld } = layers.get('lines')!;
    const pixel = await getMap(style, sld);
    expect([0.75, 2.75, 4.75, 6.75].map((lon) => pixel(lon, 2.5))).toEqual(['#e41a1c', '#377eb8', OTHER, OTHER]);
    expect([1.75, 3.75, 5.75].map((lon) => pixel(lon, 2.5))).toEqual([WHITE, WHITE, WHITE]);
    expect([0.75, 2.75].map((lon) => pixel(lon, 2.8))).toEqual([WHITE, WHITE]);
  });

  it('draws a labelled point layer: each point in its class colour or the other values one, under its label', async (context) => {
    if (!ready()) return context.skip();
    const { style, sld } = layers.get('points')!;
    const pixel = await getMap(style, sld);
    // Both MapServer and the app's map centre a point's label on it: the marker shows around the text.
    const marker = (lon: number) => [lon - 0.16, 4.34, lon + 0.16, 4.66];
    const colours = ['#e41a1c', '#377eb8', OTHER, OTHER];
    [0.5, 2.5, 4.5, 6.5].forEach((lon, index) => {
      expect([...new Set(colours)].filter((colour) => drawnNear(pixel, colour, marker(lon))), `point at ${lon}`).toEqual([colours[index]]);
      expect(drawnNear(pixel, LABEL_COLOUR, [lon - 1, 3.9, lon + 1, 5.1]), `label at ${lon}`).toBe(true);
    });
    expect(drawnNear(pixel, LABEL_COLOUR, [0, 0, 7, 3])).toBe(false);
    expect(pixel(1.5, 4.5)).toBe(WHITE);
  });

  it("draws a style only between its zooms, MapServer's scale then being the platform's", async (context) => {
    if (!ready()) return context.skip();
    const { style } = layers.get('polygons')!;
    // The picture's scale is about 1:7,950,000 (0.02° a pixel at the equator, 0.28 mm pixels), zoom
    // 6.14; at MapServer's default 72 dpi it would be 1:6,300,000, zoom 6.47, on the other side of 6.2.
    const drawn = async (zoom: { min?: number; max?: number }) => (await getMap(style, await saveStyle(style, { ...GRADUATED, zoom }, 'Polygon')))(0.5, 0.5) !== WHITE;
    expect(await drawn({ min: 6, max: 7 })).toBe(true);
    expect(await drawn({ max: 6.2 })).toBe(true);
    expect(await drawn({ min: 6.2 })).toBe(false);
    expect(await drawn({ max: 6 })).toBe(false);
  });
});
