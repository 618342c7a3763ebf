/**
 * The datastore: a resource's CSV, or geographic file read by GDAL (GeoJSON, zipped Shapefile,
 * GeoPackage, KML/KMZ, GML: geofile.ts), loaded into its own table, datastore.resource_<id>,
 * typed from its values. The file is read twice, streamed: once to check it (UTF-8, columns) and infer the
 * types, once to COPY it into a new table under a temporary name. Only when that table is complete
 * and indexed does one transaction drop the previous table and rename the new one, so a load that
 * fails or is killed leaves the previous table current (the temporary one is dropped by the next
 * load). Geometries are kept whole in WGS 84 (geometry.ts: a PostGIS `geom` column, or GeoJSON and
 * a box without PostGIS) under a GiST index: a geographic file's own, or with X/Y columns and a CRS
 * a point per row (with its lon/lat), and the resource gets a geographic layer. The layer lives in the platform's database, which
 * may not be the datastore's: it is saved just after the switch.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import QueryStream from 'pg-query-stream';
import type { Db } from '../db/pool.ts';
import type { ScenarioContext } from '../tasks/context.ts';
import { TaskFailure } from '../tasks/failure.ts';
import { columnNames, copyValue, MAX_COLUMNS, parseNumber, TypeInference, type ColumnType } from './columns.ts';
import { datastoreDb, DATASTORE_SCHEMA } from './connection.ts';
import { isSupportedCrs, toWgs84, type ToWgs84 } from './crs.ts';
import { csvRecords, detectDelimiter, readHeaderLine, type Delimiter } from './csv.ts';
import { checkUtf8, propertyText } from './geojson.ts';
import { chooseLayer, convertLayer, isGdalFormat, layerCrs, layerStats, openGeoFile, type GeoFile } from './geofile.ts';
import { columnGeometryType, datastoreStorage, extendBox, geometryColumnsSql, geometryFields, indexedColumn, projectGeometry, wktGeometry, type Geometry, type Storage } from './geometry.ts';
import { removeLayer, saveLayer, type Bbox } from './layers.ts';

export interface DatastoreLoadInput {
  resourceId: number;
  filePath: string;
  format: string /* data_formats.codename */;
  columnX: string | null;
  columnY: string | null;
  crs: number | null;
  /** A CSV column of WKT geometries (in `crs`), instead of X/Y. */
  columnGeometry?: string | null;
  /** The layer to load from a file of several (GeoPackage, zip of Shapefiles, KML folders). */
  layerName?: string | null;
  /** DATA_DIR: GDAL's jobs work in DATA_DIR/gdal (default: the file's folder's parent). */
  dataDir?: string;
}

export interface DatastoreLoadResult {
  schemaName: string;
  tableName: string;
  rows: number;
  bbox: [number, number, number, number] | null;
  layerId: number | null;
}

/** A table of the datastore copied into a resource's own table (a `datastore` resource). */
export interface TableLoadInput {
  resourceId: number;
  schemaName: string;
  tableName: string;
  /** Its columns, in order (attach.ts attachedColumns). */
  columns: string[];
  columnX: string | null;
  columnY: string | null;
  crs: number | null;
}

export const LOADABLE_FORMATS = ['csv', 'geojson', 'shp', 'zip', 'gpkg', 'kml', 'kmz', 'gml'] as const;

const DELIMITER_LABELS: Record<Delimiter, string> = { ',': ',', ';': ';', '\t': 'TAB', '|': '|' };
/** Rows sent to COPY per write. */
const BATCH_ROWS = 2000;

export function resourceTableName(resourceId: number): string {
  return `resource_${resourceId}`;
}

/** One row to load: its values in column order, and its X/Y when it has a readable position or its geometry (WGS 84). */
interface SourceRow {
  values: Array<string | undefined>;
  xy?: [number, number] | null;
  geometry?: Geometry | null;
}

/** What the first pass found: the columns and their types, and how to read the rows again. */
interface Analysis {
  names: string[];
  types: ColumnType[];
  rows: number;
  delimiter: string | null;
  /** The geometry column's type of a geographic file (null when it has no geometry). */
  geometryType?: string | null;
  /** The layer read from a geographic file, its CRS's EPSG code (null when it has none). */
  layer?: { name: string; crs: number | null };
  /** The rows again, streamed, for the COPY. */
  reread: () => AsyncIterable<SourceRow>;
  /** Frees what the reads hold (a table's connection), once the load is over. */
  close?: () => Promise<void>;
}

/** First pass over a CSV: UTF-8, the header has the X/Y columns, and the columns get types. */
async function analyseCsv(context: ScenarioContext, input: DatastoreLoadInput): Promise<Analysis> {
  const delimiter = detectDelimiter(await readHeaderLine(input.filePath));
  let header: string[] | null = null;
  let inference: TypeInference | null = null;
  let rows = 0;
  for await (const record of csvRecords(input.filePath, delimiter, context.signal)) {
    if (header === null) {
      header = record;
      if (header.length > MAX_COLUMNS) throw new TaskFailure('datastore.tooManyColumns', { count: header.length, max: MAX_COLUMNS });
      inference = new TypeInference(header.length, delimiter !== ',');
      continue;
    }
    inference!.add(record);
    rows += 1;
  }
  if (header === null) throw new TaskFailure('datastore.emptyFile');
  const xIndex = input.columnX === null ? -1 : header.indexOf(input.columnX);
  const yIndex = input.columnY === null ? -1 : header.indexOf(input.columnY);
  if (input.columnX !== null && xIndex === -1) throw new TaskFailure('datastore.columnMissing', { column: input.columnX });
  if (input.columnY !== null && yIndex === -1) throw new TaskFailure('datastore.columnMissing', { column: input.columnY });
  const wktIndex = input.columnGeometry ? header.indexOf(input.columnGeometry) : -1;
  if (input.columnGeometry && wktIndex === -1) throw new TaskFailure('datastore.columnMissing', { column: input.columnGeometry });
  const decimalComma = delimiter !== ',';
  const width = header.length;
  const records = async function* () {
    let first = true;
    for await (const record of csvRecords(input.filePath, delimiter, context.signal)) {
      if (first) first = false;
      else yield record;
    }
  };
  // A WKT column: its geometry types make the column's type (a second read, only then).
  let geometryType: string | null | undefined;
  if (wktIndex !== -1) {
    const types = new Set<string>();
    for await (const record of records()) {
      const geometry = wktGeometry(record[wktIndex]);
      if (geometry) types.add(geometry.type);
    }
    geometryType = columnGeometryType(types);
  }
  return {
    names: columnNames(header),
    types: inference!.result(),
    rows,
    delimiter: DELIMITER_LABELS[delimiter],
    geometryType,
    reread: async function* () {
      for await (const record of records()) {
        const values = record.length > width ? record.slice(0, width) : record;
        if (wktIndex !== -1) {
          yield { values, geometry: wktGeometry(record[wktIndex]) };
          continue;
        }
        const x = xIndex === -1 ? null : parseNumber(record[xIndex] ?? '', decimalComma);
        const y = yIndex === -1 ? null : parseNumber(record[yIndex] ?? '', decimalComma);
        yield { values, xy: x === null || y === null ? null : [x, y] };
      }
    },
  };
}

/** The features of a GeoJSON text sequence (GDAL's output), one per line. */
async function* sequenceFeatures(filePath: string, signal: AbortSignal): AsyncGenerator<{ properties: Record<string, unknown>; geometry: Geometry | null }> {
  const lines = createInterface({ input: createReadStream(filePath, { highWaterMark: 1024 * 1024, signal }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    const feature = JSON.parse(line) as { properties?: Record<string, unknown> | null; geometry?: Geometry | null };
    yield { properties: feature.properties ?? {}, geometry: feature.geometry ?? null };
  }
}

/**
 * First pass over a geographic file: GDAL opens it, the layer and its CRS are chosen, its invalid
 * geometries counted (and repaired in the conversion), and the layer written in WGS 84 as GeoJSON
 * text sequence; its properties become typed columns and its geometry types the column's type.
 */
async function analyseGdal(context: ScenarioContext, input: DatastoreLoadInput): Promise<Analysis> {
  const format = input.format.toLowerCase();
  if (format === 'geojson') await checkUtf8(input.filePath, context.signal);
  const place = { dataDir: input.dataDir ?? context.config.dataDir, archiveMaxBytes: context.config.archiveMaxBytes };
  let file: GeoFile | null = await openGeoFile(place, input.filePath, format, context.signal);
  try {
    const layer = chooseLayer(file.layers, input.layerName ?? null);
    const crs = layerCrs(layer, input.crs);
    await context.step('geo.layerOpened', { layer: layer.name, crs: crs.code === null ? '—' : `EPSG:${crs.code}` });
    const stats = await layerStats(layer, format, context.signal);
    if (stats.invalid > 0) await context.step('geo.geometriesRepaired', { count: stats.invalid }, 'warning');
    const converted = await convertLayer(file.job, layer, { format, sourceCrs: crs.source, makeValid: stats.invalid > 0, output: 'features' }, context.signal);

    const keys = new Map<string, number>();
    const inference = new TypeInference(0, false);
    const types = new Set<string>();
    let rows = 0;
    const valuesOf = (properties: Record<string, unknown>, grow: boolean) => {
      const values: Array<string | undefined> = [];
      for (const [key, value] of Object.entries(properties)) {
        let index = keys.get(key);
        if (index === undefined) {
          if (!grow) continue;
          if (keys.size >= MAX_COLUMNS) throw new TaskFailure('datastore.tooManyColumns', { count: keys.size + 1, max: MAX_COLUMNS });
          index = keys.size;
          keys.set(key, index);
        }
        values[index] = propertyText(value);
      }
      return values;
    };
    for await (const feature of sequenceFeatures(converted, context.signal)) {
      inference.add(valuesOf(feature.properties, true));
      if (feature.geometry) types.add(feature.geometry.type);
      rows += 1;
    }
    if (rows === 0) throw new TaskFailure('datastore.emptyFile');
    const width = keys.size;
    const job = file;
    file = null;
    // A field the file types as text stays text (codes such as "69383"); others get the narrowest type of their values.
    const textFields = new Set(layer.fields.filter((field) => field.type === 'String' || field.type === 'StringList').map((field) => field.name));
    const inferred = inference.result(width);
    return {
      names: columnNames([...keys.keys()]),
      types: [...keys.keys()].map((key, index) => (textFields.has(key) ? 'text' : inferred[index])),
      rows,
      delimiter: null,
      geometryType: columnGeometryType(types),
      layer: { name: layer.name, crs: crs.code },
      reread: async function* () {
        for await (const feature of sequenceFeatures(converted, context.signal)) {
          const values = valuesOf(feature.properties, false);
          values.length = width;
          yield { values, geometry: feature.geometry };
        }
      },
      close: () => job.job.remove(),
    };
  } finally {
    await file?.job.remove();
  }
}

/**
 * Reads a datastore table as text, streamed through cursors, on one connection in one REPEATABLE
 * READ snapshot: both passes see the same rows, and a reload of the table waits for the copy.
 */
class TableReader {
  private client: pg.PoolClient | null = null;
  private broken: Error | undefined;

  constructor(
    private readonly context: ScenarioContext,
    private readonly input: TableLoadInput,
  ) {}

  async open(): Promise<void> {
    this.client = await datastoreDb(this.context.db).connect();
    await this.client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  }

  async *records(): AsyncGenerator<Array<string | null>> {
    const client = this.client!;
    const { schemaName, tableName, columns } = this.input;
    const quote = (name: string) => client.escapeIdentifier(name);
    const rows = new QueryStream(`SELECT ${columns.map((column) => `${quote(column)}::text`).join(', ')} FROM ${quote(schemaName)}.${quote(tableName)}`, [], {
      batchSize: 1000,
      rowMode: 'array',
    });
    let complete = false;
    try {
      client.query(rows);
      for await (const row of rows as AsyncIterable<Array<string | null>>) {
        this.context.signal.throwIfAborted();
        yield row;
      }
      complete = true;
    } catch (error) {
      this.broken = error as Error;
      if ((error as { code?: string }).code === '42P01') throw new TaskFailure('datastore.tableGone', { table: `${schemaName}.${tableName}` });
      throw error;
    } finally {
      // A cursor left open mid-way: the connection is closed rather than reused.
      if (!complete) this.broken ??= new Error('table read interrupted');
      rows.destroy();
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    if (!this.broken) await client.query('ROLLBACK').catch((error: Error) => (this.broken = error));
    client.release(this.broken);
  }
}

/** First pass over a datastore table: its columns get types from their values, as a CSV's would. */
async function analyseTable(context: ScenarioContext, input: TableLoadInput): Promise<Analysis> {
  if (input.columns.length === 0) throw new TaskFailure('datastore.tableGone', { table: `${input.schemaName}.${input.tableName}` });
  if (input.columns.length > MAX_COLUMNS) throw new TaskFailure('datastore.tooManyColumns', { count: input.columns.length, max: MAX_COLUMNS });
  const inference = new TypeInference(input.columns.length, false);
  const asValues = (row: Array<string | null>) => row.map((value) => value ?? undefined);
  const reader = new TableReader(context, input);
  let rows = 0;
  try {
    await reader.open();
    for await (const row of reader.records()) {
      inference.add(asValues(row));
      rows += 1;
    }
  } catch (error) {
    await reader.close();
    throw error;
  }
  const xIndex = input.columnX === null ? -1 : input.columns.indexOf(input.columnX);
  const yIndex = input.columnY === null ? -1 : input.columns.indexOf(input.columnY);
  if ((input.columnX !== null && xIndex === -1) || (input.columnY !== null && yIndex === -1)) {
    await reader.close();
    throw new TaskFailure('datastore.columnMissing', { column: xIndex === -1 ? input.columnX! : input.columnY! });
  }
  return {
    names: columnNames(input.columns),
    types: inference.result(),
    rows,
    delimiter: null,
    reread: async function* () {
      for await (const row of reader.records()) {
        const x = xIndex === -1 ? null : parseNumber(row[xIndex] ?? '', false);
        const y = yIndex === -1 ? null : parseNumber(row[yIndex] ?? '', false);
        yield { values: asValues(row), xy: x === null || y === null ? null : [x, y] };
      }
    },
    close: () => reader.close(),
  };
}

/** How the rows are placed: by X/Y projected to WGS 84, or by their own geometry (a CSV's WKT projected too); with the storage of the geometry. */
interface Placement {
  project: ToWgs84 | null;
  /** True for X/Y (lon/lat columns kept), false for geometries. */
  xy: boolean;
  geometryType: string | null;
  storage: Storage;
}

interface CopyStats {
  rows: number;
  unplaced: number;
  firstUnplaced: number | null;
  bbox: Bbox | null;
}

/** The COPY text lines of the rows, in batches; counts the rows without a position and widens the box. */
async function* copyLines(analysis: Analysis, placement: Placement, stats: CopyStats): AsyncGenerator<string> {
  const { project, xy, geometryType, storage } = placement;
  let batch: string[] = [];
  for await (const row of analysis.reread()) {
    stats.rows += 1;
    const fields = [String(stats.rows)];
    for (let index = 0; index < analysis.types.length; index += 1) fields.push(copyValue(row.values[index], analysis.types[index]));
    if (project && !xy) row.geometry = row.geometry ? projectGeometry(row.geometry, project) : null;
    if (project && xy) {
      const lonLat = row.xy ? project(row.xy[0], row.xy[1]) : null;
      if (lonLat) fields.push(String(lonLat[0]), String(lonLat[1]));
      else fields.push('\\N', '\\N');
      row.geometry = lonLat ? { type: 'Point', coordinates: lonLat } : null;
    }
    if (geometryType !== null) {
      const box = extendBox(null, row.geometry ?? null);
      if (box === null) {
        // Kept without a position rather than with a wrong one.
        stats.unplaced += 1;
        stats.firstUnplaced ??= stats.rows;
      } else {
        stats.bbox = extendBox(stats.bbox, { type: 'MultiPoint', coordinates: [[box[0], box[1]], [box[2], box[3]]] });
      }
      fields.push(...geometryFields(box === null ? null : row.geometry!, box, storage, geometryType));
    }
    batch.push(fields.join('\t'));
    if (batch.length >= BATCH_ROWS) {
      yield `${batch.join('\n')}\n`;
      batch = [];
    }
  }
  if (batch.length > 0) yield `${batch.join('\n')}\n`;
}

/** Serialises the loads of one resource (across processes); released with the connection. */
async function lockResource(client: pg.PoolClient, resourceId: number): Promise<void> {
  await client.query("SELECT pg_advisory_lock(hashtext('publish.datastore'), $1)", [resourceId]);
}

/** Drops what a killed load of this resource left behind (its temporary tables). */
async function dropLeftovers(client: pg.PoolClient, resourceId: number): Promise<void> {
  const { rows } = await client.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = $1 AND tablename LIKE $2",
    [DATASTORE_SCHEMA, `${resourceTableName(resourceId)}\\_\\_load\\_%`],
  );
  for (const { tablename } of rows) await client.query(`DROP TABLE IF EXISTS ${client.escapeIdentifier(DATASTORE_SCHEMA)}.${client.escapeIdentifier(tablename)}`);
}

/** The CRS of the X/Y positions or WKT geometries, or null for none: they need X and Y (or the WKT column) and a CRS. */
function positionCrs(input: PlacedInput): number | null {
  const wantsPosition = input.columnX !== null || input.columnY !== null || input.crs !== null || !!input.columnGeometry;
  if (!wantsPosition) return null;
  const placed = input.columnGeometry ? input.columnX === null && input.columnY === null : input.columnX !== null && input.columnY !== null;
  if (!placed || input.crs === null) throw new TaskFailure('datastore.positionIncomplete');
  return input.crs;
}

type PlacedInput = Pick<DatastoreLoadInput, 'resourceId' | 'columnX' | 'columnY' | 'crs' | 'columnGeometry'>;
/** What is loaded: the lines of a CSV, the layer of a geographic file, the rows of another table. */
type SourceKind = 'csv' | 'gdal' | 'table';
/** What the first pass checks, told in the source's own terms: only a CSV has a delimiter. */
const CHECKING = { csv: 'datastore.checking', gdal: 'datastore.checkingFeatures', table: 'datastore.checkingTable' } as const;

/** Loads what `analyse` reads (a file, or another table) into the resource's table. */
async function loadTable(context: ScenarioContext, input: PlacedInput, kind: SourceKind, analyse: () => Promise<Analysis>): Promise<DatastoreLoadResult> {
  const crs = kind === 'gdal' ? null : positionCrs(input);
  if (crs !== null && !isSupportedCrs(crs)) throw new TaskFailure('datastore.crsUnsupported', { crs: String(crs) });
  const project = crs === null ? null : toWgs84(crs);
  await context.step(CHECKING[kind]);
  const analysis = await analyse();
  try {
    const xy = project !== null && analysis.geometryType === undefined;
    const geometryType = xy ? 'Point' : (analysis.geometryType ?? null);
    if (geometryType !== null && !GEOMETRY_TYPES.has(geometryType)) throw new TaskFailure('geo.geometryUnsupported', { type: geometryType });
    const storage = await datastoreStorage(datastoreDb(context.db));
    return await copyAnalysed(context, input, kind, crs ?? analysis.layer?.crs ?? null, { project, xy, geometryType, storage }, analysis);
  } finally {
    await analysis.close?.();
  }
}

const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'Geometry']);
const UNPLACED = { csv: 'datastore.positionsUnread', gdal: 'datastore.featuresUnplaced', table: 'datastore.rowsUnplaced' } as const;

/** The second pass: the rows copied into a new table, indexed, then switched in; the layer saved. */
async function copyAnalysed(context: ScenarioContext, input: PlacedInput, kind: SourceKind, crs: number | null, placement: Placement, analysis: Analysis): Promise<DatastoreLoadResult> {
  const { xy, geometryType, storage } = placement;
  if (analysis.delimiter !== null) await context.step('datastore.analysed', { rows: analysis.rows, columns: analysis.names.length, delimiter: analysis.delimiter });
  else await context.step(kind === 'gdal' ? 'datastore.featuresRead' : 'datastore.tableRead', { rows: analysis.rows, columns: analysis.names.length });

  const tableName = resourceTableName(input.resourceId);
  const client = await datastoreDb(context.db).connect();
  let broken: Error | undefined;
  try {
    const quote = (name: string) => client.escapeIdentifier(name);
    const schema = quote(DATASTORE_SCHEMA);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await lockResource(client, input.resourceId);
    await dropLeftovers(client, input.resourceId);

    const loading = `${tableName}__load_${randomBytes(4).toString('hex')}`;
    const columns = [`"_id" bigint NOT NULL`, ...analysis.names.map((name, index) => `${quote(name)} ${analysis.types[index]}`)];
    if (xy) columns.push('"lon" double precision', '"lat" double precision');
    if (geometryType !== null) columns.push(...geometryColumnsSql(storage, geometryType));
    await client.query(`CREATE TABLE ${schema}.${quote(loading)} (${columns.join(', ')})`);

    const stats: CopyStats = { rows: 0, unplaced: 0, firstUnplaced: null, bbox: null };
    const copy = client.query(copyFrom(`COPY ${schema}.${quote(loading)} FROM STDIN`));
    try {
      await pipeline(Readable.from(copyLines(analysis, placement, stats)), copy, { signal: context.signal });
    } catch (error) {
      // The connection is mid-COPY: it goes back to the pool only to be closed.
      broken = error as Error;
      throw error;
    }
    context.signal.throwIfAborted();

    await client.query(`ALTER TABLE ${schema}.${quote(loading)} ADD PRIMARY KEY ("_id")`);
    const placed = geometryType !== null && stats.rows > stats.unplaced;
    if (geometryType !== null) {
      await client.query(`CREATE INDEX ON ${schema}.${quote(loading)} USING gist (${quote(indexedColumn(storage))})`);
      // Lines of a CSV count its header; features and rows count from 1.
      const line = (stats.firstUnplaced ?? 0) + (kind === 'csv' ? 1 : 0);
      if (stats.unplaced > 0) await context.step(UNPLACED[kind], { count: stats.unplaced, line }, 'warning');
    }
    await client.query(`ANALYZE ${schema}.${quote(loading)}`);
    context.signal.throwIfAborted();

    // The switch: the previous table stays current until this commits.
    await client.query('BEGIN');
    try {
      await client.query(`DROP TABLE IF EXISTS ${schema}.${quote(tableName)}`);
      await client.query(`ALTER TABLE ${schema}.${quote(loading)} RENAME TO ${quote(tableName)}`);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
    await context.step('datastore.loaded', { rows: stats.rows, table: `${DATASTORE_SCHEMA}.${tableName}` });

    let layerId: number | null = null;
    if (geometryType !== null && (xy || placed)) {
      layerId = await saveLayer(context.db, {
        resourceId: input.resourceId, columnX: xy ? input.columnX : null, columnY: xy ? input.columnY : null, crs, bbox: stats.bbox,
        featureCount: stats.rows - stats.unplaced, schemaName: DATASTORE_SCHEMA, tableName,
        geometryType, storage, sourceLayer: analysis.layer?.name ?? null,
      });
      await context.step('datastore.layerSaved', { count: stats.rows - stats.unplaced });
    } else if (await removeLayer(context.db, input.resourceId)) {
      await context.step('datastore.layerRemoved');
    }
    return { schemaName: DATASTORE_SCHEMA, tableName, rows: stats.rows, bbox: stats.bbox, layerId };
  } finally {
    // Releasing with an error closes the connection (and its advisory lock with it).
    const discard = broken ?? (context.signal.aborted ? new Error('aborted') : undefined);
    if (!discard) await client.query("SELECT pg_advisory_unlock(hashtext('publish.datastore'), $1)", [input.resourceId]).catch(() => {});
    client.release(discard);
  }
}

/** Loads the file into the resource's datastore table (replacing it atomically); null when the format is not loadable. Throws TaskFailure (src/server/tasks/scenarios.ts) with a readable reason. */
export async function loadResourceIntoDatastore(context: ScenarioContext, input: DatastoreLoadInput): Promise<DatastoreLoadResult | null> {
  const format = input.format.toLowerCase();
  if (format === 'csv') return loadTable(context, input, 'csv', () => analyseCsv(context, input));
  if (isGdalFormat(format)) return loadTable(context, input, 'gdal', () => analyseGdal(context, input));
  return null;
}

/** Whether loadResourceIntoDatastore reads files of this format (the others answer null without reading). */
export function readsFormat(format: string): boolean {
  const lower = format.toLowerCase();
  return lower === 'csv' || isGdalFormat(lower);
}

/** Copies a table of the datastore into the resource's own table, placed with its X/Y columns and CRS like a CSV. */
export async function loadTableIntoDatastore(context: ScenarioContext, input: TableLoadInput): Promise<DatastoreLoadResult> {
  return loadTable(context, input, 'table', () => analyseTable(context, input));
}

/** Drops a deleted resource's datastore table (the datastore may be another database: after the commit). */
export async function dropResourceTable(platform: Db, resourceId: number): Promise<void> {
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  await datastoreDb(platform).query(`DROP TABLE IF EXISTS ${quoted(DATASTORE_SCHEMA)}.${quoted(resourceTableName(resourceId))}`);
}
