/**
 * How a layer's geometries are stored, in one of two modes chosen by the datastore database:
 * - `postgis` (the extension is there, or can be created): a `geom geometry(<type>, 4326)` column
 *   under a GiST index, the column GeoServer's PostGIS store publishes; rows are sent as EWKB;
 * - `plain` (core PostgreSQL, the embedded default): `geom json` (the GeoJSON geometry, whole)
 *   and its bounding box `_bbox box` under a GiST index.
 * Both keep the geometry whole, in WGS 84; the features, tiles and extent are read from either.
 */
import type { Geometry, Position } from 'geojson';
import wkx from 'wkx';
import type { Db } from '../db/pool.ts';
import { copyText } from './columns.ts';
import type { ToWgs84 } from './crs.ts';

export type Storage = 'postgis' | 'plain';
/** [minlon, minlat, maxlon, maxlat] in WGS 84. */
export type Bbox = [number, number, number, number];
export type { Geometry };

/** The column types of the geometry, by storage, and their COPY fields' count. */
export const GEOMETRY_COLUMNS = { postgis: ['geom'], plain: ['geom', '_bbox'] } as const;

const detected = new WeakMap<Db, Promise<Storage>>();

async function detect(db: Db): Promise<Storage> {
  const installed = async () => (await db.query("SELECT 1 FROM pg_extension WHERE extname = 'postgis'")).rowCount! > 0;
  if (await installed()) return 'postgis';
  try {
    await db.query('CREATE EXTENSION IF NOT EXISTS postgis');
  } catch {
    // Not available on this server (embedded PostgreSQL), or not allowed: core PostgreSQL it is.
  }
  return (await installed()) ? 'postgis' : 'plain';
}

/** The datastore database's storage mode, asked once per pool. */
export function datastoreStorage(db: Db): Promise<Storage> {
  let found = detected.get(db);
  if (!found) {
    found = detect(db);
    detected.set(db, found);
    found.catch(() => detected.delete(db));
  }
  return found;
}

/** Widens a bounding box with a geometry's coordinates; answers it (null while empty). */
export function extendBox(box: Bbox | null, geometry: Geometry | null): Bbox | null {
  let result = box;
  const visit = (position: Position) => {
    const [x, y] = position;
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    if (result === null) result = [x, y, x, y];
    else {
      if (x < result[0]) result[0] = x;
      if (y < result[1]) result[1] = y;
      if (x > result[2]) result[2] = x;
      if (y > result[3]) result[3] = y;
    }
  };
  const walk = (value: Geometry) => {
    switch (value.type) {
      case 'Point':
        visit(value.coordinates);
        break;
      case 'MultiPoint':
      case 'LineString':
        value.coordinates.forEach(visit);
        break;
      case 'MultiLineString':
      case 'Polygon':
        value.coordinates.forEach((ring) => ring.forEach(visit));
        break;
      case 'MultiPolygon':
        value.coordinates.forEach((polygon) => polygon.forEach((ring) => ring.forEach(visit)));
        break;
      case 'GeometryCollection':
        value.geometries.forEach(walk);
        break;
    }
  };
  if (geometry) walk(geometry);
  return result;
}

const FAMILIES: Record<string, string> = {
  Point: 'Point', MultiPoint: 'Point', LineString: 'LineString', MultiLineString: 'LineString', Polygon: 'Polygon', MultiPolygon: 'Polygon',
};

/**
 * The column's geometry type for the types found: the one type when there is one, the multi type
 * of one family (a Polygon goes into a MultiPolygon column as a one-part MultiPolygon), else
 * `Geometry`; null without any geometry.
 */
export function columnGeometryType(types: Iterable<string>): string | null {
  const found = [...new Set(types)];
  if (found.length === 0) return null;
  if (found.length === 1) return found[0] === 'GeometryCollection' ? 'Geometry' : found[0];
  const families = new Set(found.map((type) => FAMILIES[type] ?? type));
  if (families.size === 1 && FAMILIES[found[0]]) return `Multi${[...families][0]}`;
  return 'Geometry';
}

/** The geometry as the column takes it: a single part promoted into its multi type. */
function promoted(geometry: Geometry, columnType: string): Geometry {
  if (columnType === `Multi${geometry.type}` && geometry.type !== 'GeometryCollection') {
    return { type: columnType, coordinates: [geometry.coordinates] } as Geometry;
  }
  return geometry;
}

/** The COPY text fields of a geometry (or none) for the storage's columns. */
export function geometryFields(geometry: Geometry | null, box: Bbox | null, storage: Storage, columnType: string): string[] {
  if (storage === 'postgis') {
    if (geometry === null) return ['\\N'];
    const value = wkx.Geometry.parseGeoJSON(promoted(geometry, columnType));
    value.srid = 4326;
    return [value.toEwkb().toString('hex')];
  }
  if (geometry === null || box === null) return ['\\N', '\\N'];
  return [copyText(JSON.stringify(geometry)), `(${box[2]},${box[3]}),(${box[0]},${box[1]})`];
}

/** The column definitions of the geometry for the storage. */
export function geometryColumnsSql(storage: Storage, columnType: string): string[] {
  if (storage === 'postgis') return [`"geom" geometry(${columnType}, 4326)`];
  return ['"geom" json', '"_bbox" box'];
}

/** The spatial index's column. */
export function indexedColumn(storage: Storage): string {
  return storage === 'postgis' ? 'geom' : '_bbox';
}

/** A WKT (or EWKT) value as a GeoJSON geometry; null when empty or unreadable. */
export function wktGeometry(text: string | undefined): Geometry | null {
  const value = text?.trim();
  if (!value) return null;
  try {
    const geometry = wkx.Geometry.parse(value).toGeoJSON() as Geometry;
    return extendBox(null, geometry) === null ? null : geometry;
  } catch {
    return null;
  }
}

/** The geometry with every position projected (to WGS 84); null when one falls outside the world. */
export function projectGeometry(geometry: Geometry, project: ToWgs84): Geometry | null {
  let outside = false;
  const position = (value: Position): Position => {
    const projected = project(value[0], value[1]);
    if (!projected) outside = true;
    return projected ?? value;
  };
  const walk = (value: Geometry): Geometry => {
    switch (value.type) {
      case 'Point':
        return { type: 'Point', coordinates: position(value.coordinates) };
      case 'MultiPoint':
        return { type: 'MultiPoint', coordinates: value.coordinates.map(position) };
      case 'LineString':
        return { type: 'LineString', coordinates: value.coordinates.map(position) };
      case 'MultiLineString':
        return { type: 'MultiLineString', coordinates: value.coordinates.map((line) => line.map(position)) };
      case 'Polygon':
        return { type: 'Polygon', coordinates: value.coordinates.map((ring) => ring.map(position)) };
      case 'MultiPolygon':
        return { type: 'MultiPolygon', coordinates: value.coordinates.map((polygon) => polygon.map((ring) => ring.map(position))) };
      case 'GeometryCollection':
        return { type: 'GeometryCollection', geometries: value.geometries.map(walk) };
    }
  };
  const result = walk(geometry);
  return outside ? null : result;
}
