/**
 * A layer's Mapbox Vector Tiles (z/x/y in Web Mercator, extent 4096, buffer 64): one tile layer
 * named after the layer's codename, the feature id its `_id`, its properties the attribute columns.
 * With PostGIS: ST_AsMVT over ST_AsMVTGeom (clipped, snapped to the tile's grid). Without it: the
 * rows whose box meets the tile (at most MAX_PLAIN_TILE_FEATURES) sliced by geojson-vt and encoded
 * by vt-pbf. Tiles made are kept in a small cache of the process, keyed by the layer's load time,
 * so a reload never serves an old tile.
 */
import type { Feature } from 'geojson';
import type { Db } from '../db/pool.ts';
import { HIDDEN_COLUMNS, type LayerTable } from './features.ts';

export const MAX_ZOOM = 22;
const EXTENT = 4096;
const BUFFER = 64;
/** Without PostGIS, a tile is made of at most this many features (the first ones by `_id`). */
export const MAX_PLAIN_TILE_FEATURES = 50_000;
const CACHE_BYTES = 64 * 1024 * 1024;

export interface TileLayer extends LayerTable {
  id: number;
  codename: string;
  updated_at: Date;
}

export interface Tile {
  data: Buffer;
  /** Features left out past MAX_PLAIN_TILE_FEATURES. */
  truncated: boolean;
}

export function validTile(z: number, x: number, y: number): boolean {
  return Number.isInteger(z) && z >= 0 && z <= MAX_ZOOM && Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < 2 ** z && y < 2 ** z;
}

/** The tile's [west, south, east, north] in degrees, widened by `margin` of its size. */
function tileBox(z: number, x: number, y: number, margin: number): [number, number, number, number] {
  const n = 2 ** z;
  const lon = (column: number) => (column / n) * 360 - 180;
  const lat = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  const clampLat = (value: number) => Math.max(-85.0511287798, Math.min(85.0511287798, value));
  return [Math.max(-180, lon(x - margin)), clampLat(lat(y + 1 + margin)), Math.min(180, lon(x + 1 + margin)), clampLat(lat(y - margin))];
}

async function attributeColumns(db: Pick<Db, 'query'>, layer: LayerTable): Promise<Array<{ name: string; type: string }>> {
  const { rows } = await db.query<{ column_name: string; data_type: string }>(
    'SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
    [layer.schema_name, layer.table_name],
  );
  return rows.filter((row) => !HIDDEN_COLUMNS.has(row.column_name)).map((row) => ({ name: row.column_name, type: row.data_type }));
}

const MVT_TYPES = new Set(['integer', 'bigint', 'double precision', 'boolean', 'text']);

async function postgisTile(db: Db, layer: TileLayer, z: number, x: number, y: number): Promise<Tile> {
  const client = await db.connect();
  try {
    const quote = (name: string) => client.escapeIdentifier(name);
    const columns = await attributeColumns(client, layer);
    // ST_AsMVT takes numbers, booleans and text: other types (dates) as text.
    const attributes = columns.map(({ name, type }) => (MVT_TYPES.has(type) ? `t.${quote(name)}` : `t.${quote(name)}::text AS ${quote(name)}`));
    const { rows } = await client.query<{ tile: Buffer }>(
      `WITH bounds AS (SELECT ST_TileEnvelope($1, $2, $3) AS envelope)
       SELECT ST_AsMVT(m.*, $4, ${EXTENT}, 'mvt_geom', '_id') AS tile FROM (
         SELECT t."_id", ${[...attributes, ''].join(', ')}
                ST_AsMVTGeom(ST_Transform(t.geom, 3857), bounds.envelope, ${EXTENT}, ${BUFFER}, true) AS mvt_geom
           FROM ${quote(layer.schema_name)}.${quote(layer.table_name)} t, bounds
          WHERE t.geom && ST_Transform(ST_Expand(bounds.envelope, (ST_XMax(bounds.envelope) - ST_XMin(bounds.envelope)) * ${BUFFER / EXTENT}), 4326)
       ) m WHERE m.mvt_geom IS NOT NULL`,
      [z, x, y, layer.codename],
    );
    return { data: rows[0]?.tile ?? Buffer.alloc(0), truncated: false };
  } finally {
    client.release();
  }
}

async function plainTile(db: Db, layer: TileLayer, z: number, x: number, y: number): Promise<Tile> {
  const client = await db.connect();
  try {
    const quote = (name: string) => client.escapeIdentifier(name);
    const columns = (await attributeColumns(client, layer)).map(({ name }) => `t.${quote(name)}`);
    const [west, south, east, north] = tileBox(z, x, y, BUFFER / EXTENT);
    const { rows } = await client.query<{ _id: string; geometry: Feature['geometry']; properties: Record<string, unknown> }>(
      `SELECT t."_id", t.geom AS geometry, (SELECT to_jsonb(p) FROM (SELECT ${columns.length ? columns.join(', ') : 'NULL AS "_"'}) p) AS properties
         FROM ${quote(layer.schema_name)}.${quote(layer.table_name)} t
        WHERE t._bbox && box(point($1, $2), point($3, $4)) ORDER BY t."_id" LIMIT ${MAX_PLAIN_TILE_FEATURES + 1}`,
      [west, south, east, north],
    );
    const truncated = rows.length > MAX_PLAIN_TILE_FEATURES;
    const features: Feature[] = rows.slice(0, MAX_PLAIN_TILE_FEATURES).map((row) => ({
      type: 'Feature',
      id: Number(row._id),
      geometry: row.geometry,
      // vt-pbf writes strings, numbers and booleans; nulls are left out.
      properties: Object.fromEntries(Object.entries(columns.length ? row.properties : {}).filter(([, value]) => value !== null)),
    }));
    if (features.length === 0) return { data: Buffer.alloc(0), truncated };
    // The slicer is loaded with the first tile of a layer without PostGIS.
    const [{ default: GeoJSONVT }, { default: vtpbf }] = await Promise.all([import('geojson-vt'), import('vt-pbf')]);
    const index = new GeoJSONVT({ type: 'FeatureCollection', features }, { maxZoom: z, indexMaxZoom: 0, indexMaxPoints: 0, tolerance: 3, extent: EXTENT, buffer: BUFFER });
    const tile = index.getTile(z, x, y);
    if (!tile || tile.features.length === 0) return { data: Buffer.alloc(0), truncated };
    return { data: Buffer.from(vtpbf.fromGeojsonVt({ [layer.codename]: tile }, { version: 2 })), truncated };
  } finally {
    client.release();
  }
}

/** Tiles made lately, by layer, load time and z/x/y (least recently used dropped past CACHE_BYTES). */
const cache = new Map<string, Tile>();
let cachedBytes = 0;

function remember(key: string, tile: Tile): void {
  cache.set(key, tile);
  cachedBytes += tile.data.length;
  for (const [oldest, value] of cache) {
    if (cachedBytes <= CACHE_BYTES) break;
    cache.delete(oldest);
    cachedBytes -= value.data.length;
  }
}

/** The layer's tile z/x/y (empty data when no feature meets it). */
export async function layerTile(db: Db, layer: TileLayer, z: number, x: number, y: number): Promise<Tile> {
  const key = `${layer.id}:${layer.updated_at.getTime()}:${z}/${x}/${y}`;
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const tile = layer.storage === 'postgis' ? await postgisTile(db, layer, z, x, y) : await plainTile(db, layer, z, x, y);
  remember(key, tile);
  return tile;
}

/** Empties the cache (tests, benches measuring cold tiles). */
export function forgetTiles(): void {
  cache.clear();
  cachedBytes = 0;
}
