/**
 * The datastore: a resource's CSV or GeoJSON FeatureCollection loaded into its own table,
 * datastore.resource_<id>, typed from its values. The file is read twice, streamed: once to check it (UTF-8, columns) and infer the
 * types, once to COPY it into a new table under a temporary name. Only when that table is complete
 * and indexed does one transaction drop the previous table and rename the new one, so a load that
 * fails or is killed leaves the previous table current (the temporary one is dropped by the next
 * load). With X/Y columns and a CRS every row gets lon/lat in WGS 84 and a point under a GiST
 * index, and the resource a geographic layer. The layer lives in the platform's database, which
 * may not be the datastore's: it is saved just after the switch.
 */
import { randomBytes } from 'node:crypto';
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
import { geojsonFeatures, propertyText } from './geojson.ts';
import { removeLayer, saveLayer, type Bbox } from './layers.ts';

export interface DatastoreLoadInput {
  resourceId: number;
  filePath: string;
  format: string /* data_formats.codename */;
  columnX: string | null;
  columnY: string | null;
  crs: number | null;
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

export const LOADABLE_FORMATS = ['csv', 'geojson'] as const;

const DELIMITER_LABELS: Record<Delimiter, string> = { ',': ',', ';': ';', '\t': 'TAB', '|': '|' };
/** Rows sent to COPY per write. */
const BATCH_ROWS = 2000;

export function resourceTableName(resourceId: number): string {
  return `resource_${resourceId}`;
}

/** One row to load: its values in column order, and its X/Y when it has a readable position. */
interface SourceRow {
  values: Array<string | undefined>;
  xy: [number, number] | null;
}

/** What the first pass found: the columns and their types, and how to read the rows again. */
interface Analysis {
  names: string[];
  types: ColumnType[];
  rows: number;
  delimiter: string | null;
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
  const decimalComma = delimiter !== ',';
  const width = header.length;
  return {
    names: columnNames(header),
    types: inference!.result(),
    rows,
    delimiter: DELIMITER_LABELS[delimiter],
    reread: async function* () {
      let first = true;
      for await (const record of csvRecords(input.filePath, delimiter, context.signal)) {
        if (first) {
          first = false;
          continue;
        }
        const x = xIndex === -1 ? null : parseNumber(record[xIndex] ?? '', decimalComma);
        const y = yIndex === -1 ? null : parseNumber(record[yIndex] ?? '', decimalComma);
        yield { values: record.length > width ? record.slice(0, width) : record, xy: x === null || y === null ? null : [x, y] };
      }
    },
  };
}

/** First pass over a GeoJSON FeatureCollection: the properties become columns, typed. */
async function analyseGeojson(context: ScenarioContext, input: DatastoreLoadInput): Promise<Analysis> {
  const keys = new Map<string, number>();
  const inference = new TypeInference(0, false);
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
  for await (const feature of geojsonFeatures(input.filePath, context.signal)) {
    inference.add(valuesOf(feature.properties, true));
    rows += 1;
  }
  if (rows === 0) throw new TaskFailure('datastore.emptyFile');
  const width = keys.size;
  return {
    names: columnNames([...keys.keys()]),
    types: inference.result(width),
    rows,
    delimiter: null,
    reread: async function* () {
      for await (const feature of geojsonFeatures(input.filePath, context.signal)) {
        const values = valuesOf(feature.properties, false);
        values.length = width;
        yield { values, xy: feature.point };
      }
    },
  };
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

/** The COPY text lines of the rows, in batches; counts the rows whose position cannot be read. */
async function* copyLines(
  analysis: Analysis,
  project: ToWgs84 | null,
  stats: { rows: number; unplaced: number; firstUnplaced: number | null },
): AsyncGenerator<string> {
  let batch: string[] = [];
  for await (const row of analysis.reread()) {
    stats.rows += 1;
    const fields = [String(stats.rows)];
    for (let index = 0; index < analysis.types.length; index += 1) fields.push(copyValue(row.values[index], analysis.types[index]));
    if (project) {
      const lonLat = row.xy === null ? null : project(row.xy[0], row.xy[1]);
      if (lonLat) {
        fields.push(String(lonLat[0]), String(lonLat[1]), `(${lonLat[0]},${lonLat[1]})`);
      } else {
        // Kept without a position rather than with a wrong one.
        stats.unplaced += 1;
        stats.firstUnplaced ??= stats.rows;
        fields.push('\\N', '\\N', '\\N');
      }
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

/** The CRS of the positions, or null for none: a CSV needs X, Y and a CRS; GeoJSON is WGS 84 unless told. */
function positionCrs(input: PlacedInput, geojson: boolean): number | null {
  if (geojson) return input.crs ?? 4326;
  const wantsPosition = input.columnX !== null || input.columnY !== null || input.crs !== null;
  if (!wantsPosition) return null;
  if (input.columnX === null || input.columnY === null || input.crs === null) throw new TaskFailure('datastore.positionIncomplete');
  return input.crs;
}

type PlacedInput = Pick<DatastoreLoadInput, 'resourceId' | 'columnX' | 'columnY' | 'crs'>;
/** What is loaded: the lines of a CSV, the features of a GeoJSON, the rows of another table. */
type SourceKind = 'csv' | 'geojson' | 'table';

/** Loads what `analyse` reads (a file, or another table) into the resource's table. */
async function loadTable(context: ScenarioContext, input: PlacedInput, kind: SourceKind, analyse: () => Promise<Analysis>): Promise<DatastoreLoadResult> {
  const geojson = kind === 'geojson';
  const crs = positionCrs(input, geojson);
  if (crs !== null && !isSupportedCrs(crs)) throw new TaskFailure('datastore.crsUnsupported', { crs: String(crs) });
  const project = crs === null ? null : toWgs84(crs);
  await context.step('datastore.checking');
  const analysis = await analyse();
  try {
    return await copyAnalysed(context, input, kind, crs, project, analysis);
  } finally {
    await analysis.close?.();
  }
}

/** The second pass: the rows copied into a new table, indexed, then switched in; the layer saved. */
async function copyAnalysed(context: ScenarioContext, input: PlacedInput, kind: SourceKind, crs: number | null, project: ToWgs84 | null, analysis: Analysis): Promise<DatastoreLoadResult> {
  const geojson = kind === 'geojson';
  if (analysis.delimiter !== null) await context.step('datastore.analysed', { rows: analysis.rows, columns: analysis.names.length, delimiter: analysis.delimiter });
  else await context.step(geojson ? 'datastore.featuresRead' : 'datastore.tableRead', { rows: analysis.rows, columns: analysis.names.length });

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
    if (project) columns.push('"lon" double precision', '"lat" double precision', '"_point" point');
    await client.query(`CREATE TABLE ${schema}.${quote(loading)} (${columns.join(', ')})`);

    const stats = { rows: 0, unplaced: 0, firstUnplaced: null as number | null };
    const copy = client.query(copyFrom(`COPY ${schema}.${quote(loading)} FROM STDIN`));
    try {
      await pipeline(Readable.from(copyLines(analysis, project, stats)), copy, { signal: context.signal });
    } catch (error) {
      // The connection is mid-COPY: it goes back to the pool only to be closed.
      broken = error as Error;
      throw error;
    }
    context.signal.throwIfAborted();

    await client.query(`ALTER TABLE ${schema}.${quote(loading)} ADD PRIMARY KEY ("_id")`);
    let bbox: Bbox | null = null;
    if (project) {
      await client.query(`CREATE INDEX ON ${schema}.${quote(loading)} USING gist ("_point")`);
      const { rows } = await client.query<{ box: Bbox | null }>(
        `SELECT CASE WHEN count(lon) = 0 THEN NULL ELSE ARRAY[min(lon), min(lat), max(lon), max(lat)] END AS box FROM ${schema}.${quote(loading)}`,
      );
      bbox = rows[0].box;
      // Lines of a CSV count its header; GeoJSON features count from 1.
      const line = (stats.firstUnplaced ?? 0) + (kind === 'csv' ? 1 : 0);
      const unplaced = { csv: 'datastore.positionsUnread', geojson: 'datastore.featuresUnplaced', table: 'datastore.rowsUnplaced' } as const;
      if (stats.unplaced > 0) await context.step(unplaced[kind], { count: stats.unplaced, line }, 'warning');
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
    if (project) {
      layerId = await saveLayer(context.db, {
        resourceId: input.resourceId, columnX: input.columnX, columnY: input.columnY, crs: crs!, bbox,
        featureCount: stats.rows - stats.unplaced, schemaName: DATASTORE_SCHEMA, tableName,
      });
      await context.step('datastore.layerSaved', { count: stats.rows - stats.unplaced });
    } else if (await removeLayer(context.db, input.resourceId)) {
      await context.step('datastore.layerRemoved');
    }
    return { schemaName: DATASTORE_SCHEMA, tableName, rows: stats.rows, bbox, layerId };
  } finally {
    // Releasing with an error closes the connection (and its advisory lock with it).
    const discard = broken ?? (context.signal.aborted ? new Error('aborted') : undefined);
    if (!discard) await client.query("SELECT pg_advisory_unlock(hashtext('publish.datastore'), $1)", [input.resourceId]).catch(() => {});
    client.release(discard);
  }
}

/** Loads the file into the resource's datastore table (replacing it atomically); null when the format is not loadable. Throws TaskFailure (src/server/tasks/scenarios.ts) with a readable reason. */
export async function loadResourceIntoDatastore(context: ScenarioContext, input: DatastoreLoadInput): Promise<DatastoreLoadResult | null> {
  switch (input.format.toLowerCase()) {
    case 'csv':
      return loadTable(context, input, 'csv', () => analyseCsv(context, input));
    case 'geojson':
      return loadTable(context, input, 'geojson', () => analyseGeojson(context, input));
    default:
      return null;
  }
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
