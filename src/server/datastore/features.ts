/**
 * A layer's features as GeoJSON: the rows of its datastore table whose geometry's box meets a box,
 * read through the GiST index (PostGIS `geom`, or `_bbox` without PostGIS), paged in the table's
 * order, geometries whole or simplified to a tolerance in degrees (PostGIS's
 * ST_SimplifyPreserveTopology, or simplify-js's Douglas-Peucker per ring without it).
 */
import type { Geometry, Position } from 'geojson';
import simplify from 'simplify-js';
import type { Db } from '../db/pool.ts';
import type { Storage } from './geometry.ts';
import type { Bbox } from './layers.ts';

export interface LayerTable {
  schema_name: string;
  table_name: string;
  storage: Storage | null;
}

export interface FeatureCollection {
  type: 'FeatureCollection';
  numberMatched: number;
  numberReturned: number;
  features: Array<{ type: 'Feature'; id: number; geometry: Geometry | null; properties: Record<string, unknown> }>;
}

/** The loader's own columns, never shown as properties. */
export const HIDDEN_COLUMNS = new Set(['_id', '_point', 'geom', '_bbox', 'lon', 'lat']);
/** Hidden from the columns users pick from (styles); lon/lat stay, as in the table. */
const LOADER_COLUMNS = new Set(['_id', '_point', 'geom', '_bbox']);

/** The table's columns as users see them (without the loader's own), or null when it is gone. */
export async function tableColumns(db: Pick<Db, 'query'>, layer: Pick<LayerTable, 'schema_name' | 'table_name'>): Promise<string[] | null> {
  const { rows } = await db.query<{ column_name: string }>(
    'SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
    [layer.schema_name, layer.table_name],
  );
  if (rows.length === 0) return null;
  return rows.map((row) => row.column_name).filter((name) => !LOADER_COLUMNS.has(name));
}

/** The tolerance in degrees of one pixel of a 256-pixel tile at the zoom level. */
export function zoomTolerance(zoom: number): number {
  return 360 / (256 * 2 ** zoom);
}

function simplifyLine(line: Position[], tolerance: number, minimum: number): Position[] {
  const kept = simplify(line.map(([x, y]) => ({ x, y })), tolerance).map(({ x, y }) => [x, y]);
  // A ring or line simplified below its minimum keeps its points.
  return kept.length >= minimum ? kept : line;
}

/** The geometry simplified ring by ring (points stay). */
export function simplifyGeometry(geometry: Geometry, tolerance: number): Geometry {
  switch (geometry.type) {
    case 'LineString':
      return { type: 'LineString', coordinates: simplifyLine(geometry.coordinates, tolerance, 2) };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: geometry.coordinates.map((line) => simplifyLine(line, tolerance, 2)) };
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.coordinates.map((ring) => simplifyLine(ring, tolerance, 4)) };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((polygon) => polygon.map((ring) => simplifyLine(ring, tolerance, 4))) };
    case 'GeometryCollection':
      return { type: 'GeometryCollection', geometries: geometry.geometries.map((part) => simplifyGeometry(part, tolerance)) };
    default:
      return geometry;
  }
}

export async function featuresInBox(db: Db, layer: LayerTable, box: Bbox | null, limit: number, offset: number, tolerance: number | null = null): Promise<FeatureCollection | null> {
  const client = await db.connect();
  try {
    const quote = (name: string) => client.escapeIdentifier(name);
    const table = `${quote(layer.schema_name)}.${quote(layer.table_name)}`;
    const present = await client.query("SELECT to_regclass($1) IS NOT NULL AS present", [table]);
    if (!present.rows[0].present) return null;
    const postgis = layer.storage === 'postgis';
    const params: unknown[] = box ? [...box] : [];
    const where = !box ? 't.geom IS NOT NULL' : postgis ? 't.geom && ST_MakeEnvelope($1, $2, $3, $4, 4326)' : 't._bbox && box(point($1, $2), point($3, $4))';
    let geometry = 't.geom';
    if (postgis) {
      if (tolerance !== null) params.push(tolerance);
      geometry = `ST_AsGeoJSON(${tolerance !== null ? `ST_SimplifyPreserveTopology(t.geom, $${params.length})` : 't.geom'}, 8)::json`;
    }
    const columns = ((await tableColumns(client, layer)) ?? []).filter((name) => !HIDDEN_COLUMNS.has(name));
    // The properties from the attribute columns only: the geometry is never turned into JSON twice.
    const properties = `to_jsonb(p) - '_id'`;
    const attributes = ['t."_id"', ...columns.map((name) => `t.${quote(name)}`)].join(', ');
    const { rows: counted } = await client.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM ${table} t WHERE ${where}`, box ? [...box] : []);
    const { rows } = await client.query<{ _id: number; geometry: Geometry | null; properties: Record<string, unknown> }>(
      `SELECT t."_id", ${geometry} AS geometry, (SELECT ${properties} FROM (SELECT ${attributes}) p) AS properties FROM ${table} t WHERE ${where}
        ORDER BY t."_id" LIMIT ${Math.trunc(limit)} OFFSET ${Math.trunc(offset)}`,
      params,
    );
    return {
      type: 'FeatureCollection',
      numberMatched: Number(counted[0].n),
      numberReturned: rows.length,
      features: rows.map((row) => ({
        type: 'Feature',
        id: Number(row._id),
        geometry: row.geometry && !postgis && tolerance !== null ? simplifyGeometry(row.geometry, tolerance) : row.geometry,
        properties: row.properties,
      })),
    };
  } finally {
    client.release();
  }
}
