/**
 * The create and update scenarios of resources, by codename (`create-<kind>`, `update-<kind>`):
 * - file-upload: the uploaded file becomes the resource's file;
 * - file-download: its URL is fetched (src/server/http/outbound.ts) into storage;
 * - ftp: the chosen file of the organisation's FTP folder is copied into storage;
 * - href: the link is checked to answer (HEAD, else GET);
 * - datastore: the attached table is copied into the resource's own table (datastore/attach.ts
 *   says which tables may be attached), placed with its X/Y columns and CRS;
 * - geoserver: the mirrored layer or layer group is checked on the map server and its box read.
 * A stored file is checked against its format, then a CSV or a geographic file (GeoJSON, zipped
 * Shapefile, GeoPackage, KML/KMZ, GML) goes to the datastore, which gives the resource its
 * bounding box (of all its geometries). Failures are TaskFailure with readable reasons.
 */
import type { Readable } from 'node:stream';
import { mapserverFailure } from '../datastore/apply.ts';
import { attachedColumns } from '../datastore/attach.ts';
import { LOADABLE_FORMATS, loadResourceIntoDatastore, loadTableIntoDatastore, readsFormat, type DatastoreLoadResult } from '../datastore/index.ts';
import { inTransaction } from '../db/pool.ts';
import { mapserverClient, type MapserverLayerType } from '../mapserver/client.ts';
import { fetchOutbound, OutboundError, type OutboundOptions } from '../http/outbound.ts';
import type { MessageKey } from '../i18n.ts';
import { StorageLimitError, storageOf } from '../storage/index.ts';
import type { ScenarioContext, ScenarioHandler } from '../tasks/context.ts';
import { TaskFailure } from '../tasks/failure.ts';
import { ArchiveError, checkShapefileEntries, inspectArchive, isZip, ZIP_SIGNATURE_BYTES } from '../uploads/archive.ts';
import { keptFileName } from '../uploads/checks.ts';
import { ContentError, contentInspector, type ContentSummary } from './content.ts';
import { recogniseSourceFormat } from './formats.ts';
import { openFtpFile } from './ftp.ts';

interface SourceRow {
  id: number;
  resource_id: number;
  kind: string;
  usergroup_id: number;
  format: string | null;
  href: string | null;
  filename: string | null;
  storage_key: string | null;
  pending_key: string | null;
  pending_size: string | null;
  column_x: string | null;
  column_y: string | null;
  column_geometry: string | null;
  crs: number | null;
  schema_name: string | null;
  table_name: string | null;
  layer_name: string | null;
  options: { layer_type?: MapserverLayerType };
}

async function sourceOf({ db, objectId }: ScenarioContext): Promise<SourceRow> {
  const { rows } = await db.query<SourceRow & { has_source: boolean }>(
    `SELECT s.id, r.id AS resource_id, s.kind, r.usergroup_id, f.codename AS format, s.href, s.filename, s.storage_key,
            s.pending_key, s.pending_size, s.column_x, s.column_y, s.column_geometry, s.crs, s.schema_name, s.table_name, s.layer_name, s.options,
            s.id IS NOT NULL AS has_source
       FROM resources r LEFT JOIN resource_sources s ON s.resource_id = r.id LEFT JOIN data_formats f ON f.id = s.dataformat_id
      WHERE r.id = $1`,
    [objectId],
  );
  if (!rows[0]) throw new TaskFailure('task.objectGone');
  if (!rows[0].has_source) throw new TaskFailure('task.resourceSourceMissing');
  return rows[0];
}

function outboundFailure(error: unknown, url: string, maxBytes: number): unknown {
  if (!(error instanceof OutboundError)) return error;
  if (error.code === 'http-status') return new TaskFailure('outbound.http-status', { url, status: error.status ?? 0 });
  return new TaskFailure(`outbound.${error.code}` as MessageKey, { url, max: maxBytes });
}

/** The file name the answering URL ends with, decoded when its escapes are UTF-8, else as written. */
function downloadedName(url: string): string | null {
  const last = new URL(url).pathname.split('/').pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // Escapes of another encoding (Latin-1 '%E9'): the name stays as the address writes it.
  }
  return keptFileName(name) || null;
}

function outboundOptions(context: ScenarioContext): OutboundOptions {
  const { outbound, uploadMaxBytes } = context.config;
  return { allowPrivate: outbound.allowPrivate, timeoutMs: outbound.timeoutMs, maxRedirects: outbound.maxRedirects, maxBytes: uploadMaxBytes, signal: context.signal };
}

/** Streams into storage with the content checks of the format; answers the new key, its size and summary. */
async function storeChecked(context: ScenarioContext, stream: Readable, format: string | null) {
  const inspector = contentInspector(format);
  let stored;
  try {
    stored = await storageOf(context.config).write(stream, { maxBytes: context.config.uploadMaxBytes, inspect: (chunk) => inspector.inspect(chunk), signal: context.signal });
  } catch (error) {
    if (error instanceof ContentError) throw new TaskFailure(error.code, error.params);
    if (error instanceof StorageLimitError) throw new TaskFailure('resource.fileTooLarge', { max: error.maxBytes });
    throw error;
  }
  try {
    return { ...stored, summary: inspector.finish() };
  } catch (error) {
    await storageOf(context.config).delete(stored.key);
    if (error instanceof ContentError) throw new TaskFailure(error.code, error.params);
    throw error;
  }
}

/**
 * A zip archive that a format opens (a Shapefile) is inspected before it becomes the resource's
 * file: its limits (uploads/archive.ts), then that it holds a Shapefile. A bare .shp passes.
 */
async function checkArchive(context: ScenarioContext, format: string | null, key: string): Promise<void> {
  if (format !== 'shp') return;
  const storage = storageOf(context.config);
  if (!isZip(await storage.head(key, ZIP_SIGNATURE_BYTES))) return;
  try {
    await storage.withLocalFile(key, async (path) => checkShapefileEntries(await inspectArchive(path, { maxBytes: context.config.archiveMaxBytes })));
  } catch (error) {
    if (error instanceof ArchiveError) throw new TaskFailure(error.code, error.params);
    throw error;
  }
}

/** Drops a refused file: a new one, or the source's pending upload while it still is. */
async function dropRefused(context: ScenarioContext, source: SourceRow, key: string, pending: boolean) {
  if (pending) {
    const { rowCount } = await context.db.query('UPDATE resource_sources SET pending_key = NULL, pending_size = NULL WHERE id = $1 AND pending_key = $2', [source.id, key]);
    if (!rowCount) return;
  }
  await storageOf(context.config).delete(key);
}

/**
 * Makes a file the resource's current one, in one transaction, removes the previous one, then
 * loads it. `file.key` null takes the source's pending upload as it is at that moment (a newer
 * upload may have replaced the one seen when the task started).
 */
async function makeCurrent(context: ScenarioContext, source: SourceRow, file: { key: string | null; size: number; filename: string | null; summary: ContentSummary | null }) {
  let refused: string | null = null;
  const current = await inTransaction(context.db, async (client) => {
    const { rows } = await client.query<{ storage_key: string | null; pending_key: string | null; pending_size: string | null }>(
      `SELECT storage_key, pending_key, pending_size FROM resource_sources WHERE id = $1 FOR UPDATE`,
      [source.id],
    );
    if (!rows[0]) throw new TaskFailure('task.objectGone');
    const key = file.key ?? rows[0].pending_key;
    if (!key) throw new TaskFailure('task.resourceNoFile');
    try {
      await checkArchive(context, source.format, key);
    } catch (error) {
      refused = key;
      throw error;
    }
    const size = file.key ? file.size : Number(rows[0].pending_size ?? 0);
    await client.query(
      `UPDATE resource_sources SET storage_key = $2, filename = COALESCE($3, filename),
              columns = COALESCE($4::jsonb, columns), preview = COALESCE($5::jsonb, preview),
              pending_size = CASE WHEN pending_key = $2 THEN NULL ELSE pending_size END,
              pending_key = CASE WHEN pending_key = $2 THEN NULL ELSE pending_key END, updated_at = now()
        WHERE id = $1`,
      [source.id, key, file.filename, file.summary ? JSON.stringify(file.summary.columns) : null, file.summary ? JSON.stringify(file.summary.preview) : null],
    );
    await client.query(
      `UPDATE resources r SET size = $2, last_update = now(), dataformat_id = s.dataformat_id FROM resource_sources s WHERE s.id = $1 AND r.id = s.resource_id`,
      [source.id, size],
    );
    return { key, size, previous: rows[0].storage_key };
  }).catch(async (error: unknown) => {
    if (refused) await dropRefused(context, source, refused, file.key === null);
    throw error;
  });
  if (current.previous && current.previous !== current.key) await storageOf(context.config).delete(current.previous);
  await context.step('task.resourceFileCurrent', { filename: file.filename ?? source.filename ?? '', size: current.size });
  await loadDatastore(context, source, current.key);
}

async function loadDatastore(context: ScenarioContext, source: SourceRow, key: string) {
  const format = source.format ?? '';
  // The datastore reads a local file: the stored one, or a copy of it from object storage.
  const result = !readsFormat(format)
    ? null
    : await storageOf(context.config).withLocalFile(key, (filePath) =>
        loadResourceIntoDatastore(context, {
          resourceId: source.resource_id,
          filePath,
          format,
          columnX: source.column_x,
          columnY: source.column_y,
          columnGeometry: source.column_geometry,
          crs: source.crs,
          layerName: source.layer_name,
          dataDir: context.config.dataDir,
        }),
      );
  if (!result) {
    if (source.format !== null && (LOADABLE_FORMATS as readonly string[]).includes(source.format)) await context.step('task.resourceNotLoaded');
    return;
  }
  await recordLoad(context, source, result, true);
}

/**
 * The resource's box and layer after a load. A file's source names the table it was loaded into;
 * a datastore source keeps naming the table it was attached to.
 */
async function recordLoad(context: ScenarioContext, source: SourceRow, result: DatastoreLoadResult, nameTable: boolean) {
  await inTransaction(context.db, async (client) => {
    await client.query(`UPDATE resources SET bbox = $2, geographic = $3, last_update = now() WHERE id = $1`, [source.resource_id, result.bbox, result.bbox !== null]);
    // The layer made of the table, shown in the resource's `rel`.
    await client.query(
      `UPDATE resource_sources SET schema_name = CASE WHEN $5 THEN $2 ELSE schema_name END, table_name = CASE WHEN $5 THEN $3 ELSE table_name END,
              options = options - 'layer_id' || COALESCE(jsonb_build_object('layer_id', $4::integer), '{}'), updated_at = now() WHERE id = $1`,
      [source.id, result.schemaName, result.tableName, result.layerId, nameTable],
    );
  });
}

const fileUpload = (create: boolean): ScenarioHandler => ({
  async run(context) {
    const source = await sourceOf(context);
    if (source.pending_key) {
      // The upload was checked when it arrived (routes/resource-sources.ts); its summary is stored.
      await makeCurrent(context, source, { key: null, size: 0, filename: null, summary: null });
    } else if (!create && source.storage_key) {
      // Same file, new settings (X/Y columns, CRS): loaded again.
      await loadDatastore(context, source, source.storage_key);
      await context.db.query('UPDATE resources SET last_update = now() WHERE id = $1', [source.resource_id]);
    } else {
      throw new TaskFailure('task.resourceNoFile');
    }
  },
});

const fileDownload: ScenarioHandler = {
  async run(context) {
    const source = await sourceOf(context);
    const url = source.href ?? '';
    await context.step('task.resourceDownloading', { url });
    const options = outboundOptions(context);
    let response;
    try {
      response = await fetchOutbound(url, options);
    } catch (error) {
      throw outboundFailure(error, url, options.maxBytes!);
    }
    // A link given without a format: the answer tells it, when it can.
    source.format ??= await recogniseSourceFormat(context.db, source.id, response.url, response.headers['content-type']);
    let stored;
    try {
      stored = await storeChecked(context, response.body, source.format);
    } catch (error) {
      throw outboundFailure(error, url, options.maxBytes!);
    }
    await context.step('task.resourceDownloaded', { size: stored.size });
    const filename = downloadedName(response.url);
    await makeCurrent(context, source, { ...stored, filename });
  },
};

const ftp: ScenarioHandler = {
  async run(context) {
    const source = await sourceOf(context);
    const filename = source.filename ?? '';
    // Opened once and checked on the open file: a file swapped for a link after a check is not followed.
    const handle = await openFtpFile(context.config.dataDir, source.usergroup_id, filename);
    if (!handle) throw new TaskFailure('task.resourceFtpMissing', { filename });
    let stored;
    const stream = handle.createReadStream();
    try {
      stored = await storeChecked(context, stream, source.format);
    } finally {
      stream.destroy();
      await handle.close().catch(() => undefined);
    }
    await context.step('task.resourceFtpCopied', { filename, size: stored.size });
    await makeCurrent(context, source, { ...stored, filename });
  },
};

const href: ScenarioHandler = {
  async run(context) {
    const source = await sourceOf(context);
    const url = source.href ?? '';
    const options = { ...outboundOptions(context), maxBytes: Number.MAX_SAFE_INTEGER };
    let response;
    try {
      response = await fetchOutbound(url, { ...options, method: 'HEAD' });
    } catch (error) {
      // Some servers refuse HEAD: a GET whose body is dropped at once.
      if (!(error instanceof OutboundError) || error.code !== 'http-status') throw outboundFailure(error, url, 0);
      try {
        response = await fetchOutbound(url, options);
      } catch (retry) {
        throw outboundFailure(retry, url, 0);
      }
    }
    response.body.destroy();
    source.format ??= await recogniseSourceFormat(context.db, source.id, response.url, response.headers['content-type']);
    await context.step('task.resourceLinkChecked', { url, status: response.status });
    await context.db.query(
      `UPDATE resources r SET last_update = now(), dataformat_id = s.dataformat_id FROM resource_sources s WHERE s.resource_id = r.id AND r.id = $1`,
      [source.resource_id],
    );
  },
};

const datastoreTable: ScenarioHandler = {
  async run(context) {
    const source = await sourceOf(context);
    const table = { schema_name: source.schema_name ?? '', table_name: source.table_name ?? '' };
    const columns = await attachedColumns(context.db, table);
    if (columns.length === 0) throw new TaskFailure('datastore.tableGone', { table: `${table.schema_name}.${table.table_name}` });
    const result = await loadTableIntoDatastore(context, {
      resourceId: source.resource_id, schemaName: table.schema_name, tableName: table.table_name, columns,
      columnX: source.column_x, columnY: source.column_y, crs: source.crs,
    });
    await recordLoad(context, source, result, false);
  },
};

const geoserverMirror: ScenarioHandler = {
  async run(context) {
    const source = await sourceOf(context);
    const client = mapserverClient();
    if (!client) throw new TaskFailure('mapserverUnavailable');
    const name = source.layer_name ?? '';
    const [workspace, layer] = name.split(':');
    const found = await client.layerInfo(source.options.layer_type ?? 'layer', workspace ?? '', layer ?? '').catch(mapserverFailure);
    if (!found) throw new TaskFailure('geo.mirrorLayerMissing', { name });
    await context.step('geo.mirrorChecked', { name });
    // A map server layer is served as WMS.
    await context.db.query(
      `UPDATE resources SET bbox = $2, geographic = $3, last_update = now(), dataformat_id = (SELECT id FROM data_formats WHERE codename = 'wms') WHERE id = $1`,
      [source.resource_id, found.bbox, found.bbox !== null],
    );
  },
};

/** Resource scenarios by codename (rows of `scenarios`, migration 011). */
export const RESOURCE_SCENARIOS: Record<string, ScenarioHandler> = {
  'create-file-upload': fileUpload(true),
  'update-file-upload': fileUpload(false),
  'create-file-download': fileDownload,
  'update-file-download': fileDownload,
  'create-href': href,
  'update-href': href,
  'create-ftp': ftp,
  'update-ftp': ftp,
  'create-datastore': datastoreTable,
  'update-datastore': datastoreTable,
  'create-geoserver': geoserverMirror,
  'update-geoserver': geoserverMirror,
};
