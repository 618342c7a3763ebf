/**
 * The source of each resource, one endpoint per kind (/{locale}/resource/{slug}/, slug =
 * file-upload | file-download | href | ftp; a datastore table at /{type}/datastores/{database}/,
 * a map server layer at /geoserv/mirror/{layerType}/ then /geoserv/mirror/{id}/), the file upload
 * (PUT file-upload/{id}/file/, streamed to storage and checked against the format), the FTP
 * choices, the coordinate systems and the sources' scenarios (`create-<kind>`, `update-<kind>`,
 * run on the resource).
 */
import type {} from '@fastify/multipart';
import { hostname } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canEditGroupContent } from '../../../schemas/access.ts';
import { CRS_CODES, CRS_LIST, PREVIEW_ROWS, SOURCE_SLUGS, type ResourceType } from '../../../schemas/resources.ts';
import { bodyId, parseId, type Row } from '../crud/index.ts';
import { inTransaction } from '../db/pool.ts';
import { attachedColumns, attachedPreview, mayAttachTable } from '../datastore/attach.ts';
import { datastoreDatabaseName } from '../datastore/connection.ts';
import { ApiError, notFound, permissionDenied, ValidationError, type FieldErrors } from '../http/errors.ts';
import { MAPSERVER_LAYER_TYPES, MapserverError, mapserverClient, type MapserverLayerType } from '../mapserver/client.ts';
import { t } from '../i18n.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { MULTIPART_OVERHEAD_BYTES } from '../plugins/multipart.ts';
import { resourceOpensAt, resourceReach } from '../resources/access.ts';
import { PERMISSION_LEVEL } from '../../../schemas/constants.ts';
import { ContentError, contentInspector } from '../resources/content.ts';
import { recogniseFormat } from '../resources/formats.ts';
import { extensionOf, listFtpChoices, resolveFtpFile } from '../resources/ftp.ts';
import { startUploadTask, type UploadTask } from '../resources/upload-task.ts';
import { StorageLimitError, storageOf } from '../storage/index.ts';
import { keptFileName } from '../uploads/checks.ts';
import { DATASTORE_TYPES } from './datastores.ts';
import { registerScenarioPath } from './scenarios.ts';

const SOURCE_SELECT = `s.id, s.resource_id, s.dataformat_id, s.href, s.filename, COALESCE(s.pending_size, r.size)::float8 AS size,
  s.column_x, s.column_y, s.column_geometry, s.crs, s.columns, s.preview, s.schema_name, s.table_name, s.layer_name, s.options->>'layer_type' AS layer_type`;
const HREF_KINDS: readonly string[] = ['file-download', 'href'];
const HREF_MAX_LENGTH = 2000;
/** `workspace:layer`, as GeoServer names a layer (no spaces, control characters, slashes or other colons). */
// eslint-disable-next-line no-control-regex -- control characters have no place in a layer name
const LAYER_NAME = /^[^\s\u0000-\u001f:/?#%\\]{1,200}:[^\s\u0000-\u001f:/?#%\\]{1,200}$/;

/**
 * Where the sources of a kind are served: created at `collection` (POST), each at `{item}{id}/`.
 * `pathCheck` checks the path's own parameters before anything else (404 for an unknown database);
 * `serviceCheck` the service the kind needs, once the resource is found and allowed (503 without a map
 * server).
 */
interface SourceEndpoint {
  kind: ResourceType;
  collection: string;
  item: string;
  pathCheck?: (request: FastifyRequest) => void;
  serviceCheck?: () => void;
}

type Body = Record<string, unknown>;

function objectBody(body: unknown): Body {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > HREF_MAX_LENGTH) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A source as its routes answer it: every column, null when empty. */
const SOURCE_RECORD = (() => {
  const properties: Record<string, unknown> = {
    ...Object.fromEntries(['id', 'resource_id'].map((name) => [name, { type: 'integer' }])),
    ...Object.fromEntries(['dataformat_id', 'size', 'crs'].map((name) => [name, { type: ['integer', 'null'] }])),
    ...Object.fromEntries(['href', 'filename', 'column_x', 'column_y', 'column_geometry', 'schema_name', 'table_name', 'layer_name', 'layer_type'].map((name) => [name, { type: ['string', 'null'] }])),
    columns: { type: 'array', items: { type: 'string' }, description: "The data's columns, once read" },
    preview: { type: ['array', 'null'], items: { type: 'array' }, description: 'The first rows; null for whoever may only find the dataset' },
  };
  return { type: 'object', required: Object.keys(properties), properties };
})();

/** What a change of a source of this kind takes: its creation's fields but the resource (its format kept when left out); a PATCH requires none. */
function sourceBody(kind: ResourceType, partial: boolean) {
  const { required, properties } = sourceDoc(kind).body as { required: string[]; properties: Record<string, unknown> };
  const { resource_id: _resource, ...changed } = properties;
  const stillRequired = required.filter((name) => name !== 'resource_id' && name !== 'dataformat_id');
  return { type: 'object', properties: changed, ...(partial || stillRequired.length === 0 ? {} : { required: stillRequired }) };
}

/** What the creation of a source of this kind takes (the resource takes the kind as its type when it has none). */
function sourceDoc(kind: ResourceType): RouteDoc {
  const properties: Record<string, unknown> = { resource_id: { type: 'integer' }, dataformat_id: { type: ['integer', 'null'] } };
  const required = ['resource_id'];
  if (HREF_KINDS.includes(kind)) {
    Object.assign(properties, { href: { type: 'string', format: 'uri', maxLength: HREF_MAX_LENGTH } });
    required.push('href');
  } else if ((SOURCE_SLUGS as readonly string[]).includes(kind)) required.push('dataformat_id');
  if (kind === 'ftp') {
    properties.filename = { type: 'string' };
    required.push('filename');
  }
  if (kind === 'datastore') Object.assign(properties, { schema_name: { type: 'string' }, table_name: { type: 'string' }, column_x: { type: 'string' }, column_y: { type: 'string' }, crs: { type: 'integer' } });
  if (kind === 'geoserver') Object.assign(properties, { name: { type: 'string', description: 'workspace:layer' } });
  return {
    summary: `Create the ${kind} source of a resource${HREF_KINDS.includes(kind) ? ' (format recognised from the URL, or from the answer when its scenario runs, when not given)' : ''}`,
    body: { type: 'object', required, properties },
    status: 201,
    response: SOURCE_RECORD,
  };
}

export default async function resourceSourceRoutes(app: FastifyInstance) {
  const config = { auth: 'required' as const };

  async function knownExtensions(): Promise<Set<string>> {
    const { rows } = await app.db.query<{ extension: string }>('SELECT DISTINCT unnest(extensions) AS extension FROM data_formats');
    return new Set(rows.map((row) => row.extension.toLowerCase()));
  }

  async function loadSource(slug: ResourceType, id: number): Promise<Row | null> {
    const { rows } = await app.db.query<Row>(
      `SELECT ${SOURCE_SELECT}, r.usergroup_id, f.codename AS format, s.storage_key, s.pending_key, s.options
         FROM resource_sources s JOIN resources r ON r.id = s.resource_id LEFT JOIN data_formats f ON f.id = s.dataformat_id
        WHERE s.id = $1 AND s.kind = $2`,
      [id, slug],
    );
    return rows[0] ?? null;
  }

  function present(row: Row): Row {
    const { usergroup_id: _group, format: _format, storage_key: _key, pending_key: _pending, options: _options, ...source } = row;
    return source;
  }

  /** The source of the path with the user's reach on its resource: 404 unseen, 403 when `edit` is needed and not given. */
  async function sourceOr404(request: FastifyRequest<{ Params: { id: string } }>, slug: ResourceType, edit: boolean) {
    const id = parseId(request.params.id);
    const source = id === null ? null : await loadSource(slug, id);
    if (!source) throw notFound();
    const reach = await resourceReach(app.db, request.user!, source.resource_id as number);
    if (reach === 'none') throw notFound();
    if (edit && reach !== 'edit') throw permissionDenied();
    return source;
  }

  /** Checks a source write; answers the columns to set. `existing` is absent on creation. */
  async function validateSource(request: FastifyRequest, slug: ResourceType, body: Body, partial: boolean, existing: Row | null, usergroupId: number, resourceId: number): Promise<Row> {
    const locale = request.locale;
    const errors: FieldErrors = {};
    const row: Row = {};
    const given = (field: string) => Object.hasOwn(body, field);
    const required = (field: string) => !partial && (body[field] === undefined || body[field] === null || body[field] === '');

    const fileOrLink = (SOURCE_SLUGS as readonly string[]).includes(slug);
    // A link's format may be left out: recognised from its URL now, or from its answer when its scenario runs.
    if (fileOrLink && !HREF_KINDS.includes(slug) && required('dataformat_id') && !existing) errors.dataformat_id = [t(locale, 'required')];
    if (given('dataformat_id') && body.dataformat_id !== null) {
      const id = bodyId(body.dataformat_id);
      const known = id !== null && (await app.db.query('SELECT 1 FROM data_formats WHERE id = $1', [id])).rowCount;
      if (!known) errors.dataformat_id = [t(locale, 'resource.unknownFormat')];
      else row.dataformat_id = id;
    } else if (given('dataformat_id') && existing) {
      // A file is loaded by its format: it may be changed, not taken away (a link's is recognised again when it runs).
      if (fileOrLink && !HREF_KINDS.includes(slug)) errors.dataformat_id = [t(locale, 'required')];
      else row.dataformat_id = null;
    }

    if (HREF_KINDS.includes(slug)) {
      if (required('href')) errors.href = [t(locale, 'required')];
      else if (given('href') && !isHttpUrl(body.href)) errors.href = [t(locale, 'resource.hrefInvalid')];
      else if (given('href')) row.href = body.href;
      if (!existing && row.href && (body.dataformat_id === undefined || body.dataformat_id === null || body.dataformat_id === '')) {
        row.dataformat_id = await recogniseFormat(app.db, row.href as string);
      }
    }
    if (slug === 'ftp') {
      if (required('filename')) errors.filename = [t(locale, 'required')];
      else if (given('filename')) {
        const file = await resolveFtpFile(app.config.dataDir, usergroupId, body.filename);
        if (!file || !(await knownExtensions()).has(extensionOf(String(body.filename)))) errors.filename = [t(locale, 'resource.ftpUnknownFile')];
        else row.filename = body.filename;
      }
    }
    let columns = (existing?.columns as string[] | undefined) ?? [];
    if (slug === 'datastore') columns = await validateTable(request, body, existing, resourceId, row, errors);
    if (slug === 'geoserver') await validateLayer(request, body, existing, row, errors);
    // X/Y of a file once its columns are known; of a table from the start.
    if (existing || slug === 'datastore') {
      const notAColumn = t(locale, slug === 'datastore' ? 'resource.notATableColumn' : 'resource.notAColumn');
      for (const field of slug === 'datastore' ? ['column_x', 'column_y'] : ['column_x', 'column_y', 'column_geometry']) {
        if (!given(field)) {
          // A new table keeps the X/Y that are still its columns.
          if (existing && Object.hasOwn(row, 'columns') && existing[field] !== null && !columns.includes(existing[field] as string)) row[field] = null;
          continue;
        }
        if (body[field] === null || body[field] === '') row[field] = null;
        else if (typeof body[field] !== 'string' || !columns.includes(body[field])) errors[field] = [notAColumn];
        else row[field] = body[field];
      }
    }
    // The CRS of X/Y columns, or of a geographic file that does not say its own.
    if (slug !== 'geoserver' && given('crs')) {
      if (body.crs === null || body.crs === '') row.crs = null;
      else if (!CRS_CODES.includes(Number(body.crs)) || !/^\d+$/.test(String(body.crs))) errors.crs = [t(locale, 'resource.unknownCrs')];
      else row.crs = Number(body.crs);
    }
    // The layer to load from a file of several (GeoPackage, zip of Shapefiles, KML folders).
    if (fileOrLink && given('layer_name')) {
      const name = body.layer_name;
      if (name === null || name === '') row.layer_name = null;
      // eslint-disable-next-line no-control-regex -- control characters have no place in a layer name
      else if (typeof name !== 'string' || name.length > 200 || /[\u0000-\u001f]/.test(name)) errors.layer_name = [t(locale, 'geo.layerNameInvalid')];
      else row.layer_name = name;
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return row;
  }

  /** A datastore source's table (datastore/attach.ts says who may attach which); answers its columns. */
  async function validateTable(request: FastifyRequest, body: Body, existing: Row | null, resourceId: number, row: Row, errors: FieldErrors): Promise<string[]> {
    const locale = request.locale;
    const changes = Object.hasOwn(body, 'schema_name') || Object.hasOwn(body, 'table_name');
    if (!changes && existing) return (existing.columns as string[]) ?? [];
    const schema = Object.hasOwn(body, 'schema_name') ? body.schema_name : (existing?.schema_name ?? 'datastore');
    const table = body.table_name;
    if (table === undefined || table === null || table === '') {
      errors.table_name = [t(locale, 'required')];
      return [];
    }
    if (!(await mayAttachTable(app.db, request.user!, schema, table, resourceId))) {
      errors.table_name = [t(locale, 'resource.tableUnknown')];
      return [];
    }
    const attached = { schema_name: schema as string, table_name: table as string };
    const columns = await attachedColumns(app.db, attached);
    row.schema_name = attached.schema_name;
    row.table_name = attached.table_name;
    row.columns = JSON.stringify(columns);
    row.preview = JSON.stringify(await attachedPreview(app.db, attached, columns, PREVIEW_ROWS));
    return columns;
  }

  /** A map server source's `workspace:layer` (`name`) and its type (`layer_type`, on a change), checked on the map server. */
  async function validateLayer(request: FastifyRequest, body: Body, existing: Row | null, row: Row, errors: FieldErrors): Promise<void> {
    const locale = request.locale;
    const currentType = ((existing?.options as { layer_type?: MapserverLayerType } | undefined)?.layer_type ?? 'layer') as MapserverLayerType;
    const type = existing ? (body.layer_type ?? currentType) : (request.params as { layerType: MapserverLayerType }).layerType;
    if (!(MAPSERVER_LAYER_TYPES as readonly unknown[]).includes(type)) {
      errors.layer_type = [t(locale, 'invalidValue')];
      return;
    }
    if (existing && !Object.hasOwn(body, 'name') && type === currentType) return;
    const name = Object.hasOwn(body, 'name') ? body.name : existing?.layer_name;
    if (name === undefined || name === null || name === '') {
      errors.name = [t(locale, 'required')];
      return;
    }
    // `..` would walk up GeoServer's REST paths.
    if (typeof name !== 'string' || !LAYER_NAME.test(name) || name.split(':').some((part) => /^\.+$/.test(part))) {
      errors.name = [t(locale, 'resource.layerNameInvalid')];
      return;
    }
    const [workspace, layer] = name.split(':');
    let found;
    try {
      found = await mapserverClient()!.layerInfo(type as MapserverLayerType, workspace, layer);
    } catch (error) {
      if (error instanceof MapserverError) throw new ApiError(502, 'geo.mapserverFailed', {}, { reason: error.message });
      throw error;
    }
    if (!found) {
      errors.name = [t(locale, 'resource.layerUnknown')];
      return;
    }
    row.layer_name = name;
    row.options = JSON.stringify({ ...((existing?.options as object | undefined) ?? {}), layer_type: type });
  }

  const mapserverGuard = () => {
    if (!mapserverClient()) throw new ApiError(503, 'mapserverUnavailable');
  };
  const endpoints: SourceEndpoint[] = [
    ...SOURCE_SLUGS.map((slug) => ({ kind: slug, collection: `/resource/${slug}/`, item: `/resource/${slug}/` })),
    ...DATASTORE_TYPES.map((type) => ({
      kind: 'datastore' as const,
      collection: `/${type}/datastores/:database/`,
      item: `/${type}/datastores/:database/`,
      pathCheck: (request: FastifyRequest) => {
        if ((request.params as { database: string }).database !== datastoreDatabaseName()) throw notFound();
      },
    })),
    { kind: 'geoserver', collection: '/geoserv/mirror/:layerType/', item: '/geoserv/mirror/', serviceCheck: mapserverGuard },
  ];

  for (const { kind: slug, collection, item: base, pathCheck = () => {}, serviceCheck = () => {} } of endpoints) {
    // Unknown path first (404), then the object and the caller's right (404, 403), then the service (503).
    app.post(collection, { config: { ...config, openapi: sourceDoc(slug) } }, async (request, reply) => {
      pathCheck(request);
      if (slug === 'geoserver' && !(MAPSERVER_LAYER_TYPES as readonly string[]).includes((request.params as { layerType: string }).layerType)) throw notFound();
      const locale = request.locale;
      const body = objectBody(request.body);
      const resourceId = bodyId(body.resource_id);
      if (body.resource_id == null) throw new ValidationError({ resource_id: [t(locale, 'required')] });
      const reach = resourceId === null ? 'none' : await resourceReach(app.db, request.user!, resourceId);
      if (reach === 'none') throw new ValidationError({ resource_id: [t(locale, 'resource.unknownResource')] });
      if (reach !== 'edit') throw permissionDenied();
      serviceCheck();
      const { rows: resources } = await app.db.query<{ type: string | null; usergroup_id: number }>('SELECT type, usergroup_id FROM resources WHERE id = $1', [resourceId]);
      const sourceKind = (type: string) => new ValidationError({ resource_id: [t(locale, 'resource.sourceKind', { type })] });
      // A resource created without a type takes its source's.
      if (resources[0].type !== null && resources[0].type !== slug) throw sourceKind(resources[0].type);
      const row = await validateSource(request, slug, body, false, null, resources[0].usergroup_id, resourceId!);
      const columns = ['resource_id', 'kind', ...Object.keys(row)];
      const values = [resourceId, slug, ...Object.values(row)];
      const id = await inTransaction(app.db, async (client) => {
        const { rows: typed } = await client.query<{ type: string }>(
          `UPDATE resources SET type = $2 WHERE id = $1 AND (type IS NULL OR type = $2) RETURNING type`,
          [resourceId, slug],
        );
        if (!typed[0]) {
          const { rows: current } = await client.query<{ type: string }>('SELECT type FROM resources WHERE id = $1', [resourceId]);
          throw sourceKind(current[0]?.type ?? '');
        }
        const { rows } = await client.query<{ id: number }>(
          `INSERT INTO resource_sources (${columns.join(', ')}) VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`,
          values,
        );
        return rows[0].id;
      }).catch((error: { code?: string }) => {
        if (error.code === '23505') throw new ValidationError({ resource_id: [t(locale, 'resource.sourceExists')] });
        throw error;
      });
      return reply.code(201).send(present((await loadSource(slug, id))!));
    });

    app.get<{ Params: { id: string } }>(`${base}:id/`, { config: { ...config, openapi: { summary: `Read a ${slug} source`, response: SOURCE_RECORD } } }, async (request) => {
      pathCheck(request);
      const source = await sourceOr404(request, slug, false);
      serviceCheck();
      // The first rows are the data: those who only find the dataset (search) see the columns.
      if (source.preview != null && !(await resourceOpensAt(app.db, request.user!, source.resource_id as number, PERMISSION_LEVEL.consultation))) {
        return present({ ...source, preview: null });
      }
      return present(source);
    });

    for (const method of ['PUT', 'PATCH'] as const) {
      app.route<{ Params: { id: string } }>({
        method,
        url: `${base}:id/`,
        config: { ...config, openapi: { summary: `${method === 'PUT' ? 'Replace' : 'Change fields of'} a ${slug} source`, body: sourceBody(slug, method === 'PATCH'), response: SOURCE_RECORD } },
        handler: async (request) => {
          pathCheck(request);
          const existing = await sourceOr404(request, slug, true);
          serviceCheck();
          const row = await validateSource(request, slug, objectBody(request.body), method === 'PATCH', existing, existing.usergroup_id as number, existing.resource_id as number);
          const columns = Object.keys(row);
          if (columns.length > 0) {
            await app.db.query(
              `UPDATE resource_sources SET ${columns.map((column, index) => `${column} = $${index + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
              [existing.id, ...Object.values(row)],
            );
          }
          return present((await loadSource(slug, existing.id as number))!);
        },
      });
    }

    app.delete<{ Params: { id: string } }>(`${base}:id/`, { config }, async (request, reply) => {
      pathCheck(request);
      const existing = await sourceOr404(request, slug, true);
      serviceCheck();
      await inTransaction(app.db, async (client) => {
        await client.query('DELETE FROM resource_sources WHERE id = $1', [existing.id]);
        await client.query('UPDATE resources SET size = NULL, bbox = NULL, geographic = false, last_update = now() WHERE id = $1', [existing.resource_id]);
      });
      for (const key of [existing.storage_key, existing.pending_key]) await storageOf(app.config).delete(key as string | null);
      return reply.code(204).send();
    });

    // Scenarios run on the resource of the source.
    registerScenarioPath(app, {
      path: base,
      className: 'resource',
      codenames: [`create-${slug}`, `update-${slug}`],
      objectOf: async (_app, id) => ((await loadSource(slug, id))?.resource_id as number | undefined) ?? null,
      guard: (request) => {
        pathCheck(request);
        serviceCheck();
      },
    });
  }

  // The file of an uploaded-file source: streamed to storage, checked, kept until a scenario makes it current.
  const fileDoc = { summary: "Upload the source's file (multipart, part `file`), checked by content; a scenario makes it current", upload: { file: 'file' }, response: SOURCE_RECORD };
  app.put<{ Params: { id: string } }>('/resource/file-upload/:id/file/', { config: { ...config, openapi: fileDoc } }, async (request) => {
    const locale = request.locale;
    const source = await sourceOr404(request, 'file-upload', true);
    const maxBytes = app.config.uploadMaxBytes;
    const tooLarge = () => new ValidationError({ file: [t(locale, 'resource.fileTooLarge', { max: maxBytes })] });
    if (!request.isMultipart()) throw new ValidationError({ file: [t(locale, 'fileMissing')] });
    if (Number(request.headers['content-length']) > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
    let stored: { key: string; size: number } | null = null;
    let filename = '';
    let summary;
    const inspector = contentInspector(source.format as string | null);
    // The upload's task, from its first byte on (recovered as interrupted if this process stops).
    const upload: { task?: UploadTask } = {};
    const startTask = async (temporary: string) => {
      upload.task = await startUploadTask(app.db, {
        resourceId: source.resource_id as number,
        userId: request.user!.id,
        temporary,
        worker: `${hostname()}:${process.pid}`,
        heartbeatSeconds: app.config.tasks.heartbeatSeconds,
      });
    };
    try {
      for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file') break;
        filename = keptFileName(part.filename ?? '');
        // A body cut before the file's end closes the file's stream without ending it, maybe before
        // storage reads it: its writing is then stopped, rather than left waiting for an end that
        // never comes.
        const cut = new AbortController();
        const stopIfCut = () => {
          if (!part.file.readableEnded) cut.abort(new Error('the upload ends before its file does'));
        };
        if (part.file.destroyed) stopIfCut();
        else part.file.once('close', stopIfCut);
        stored = await storageOf(app.config).write(part.file, { maxBytes, inspect: (chunk) => inspector.inspect(chunk), onTemporary: startTask, signal: cut.signal });
        if (part.file.truncated) {
          await storageOf(app.config).delete(stored.key);
          throw tooLarge();
        }
        break;
      }
      if (!stored) throw new ValidationError({ file: [t(locale, 'fileMissing')] });
      summary = inspector.finish();
    } catch (error) {
      if (stored) await storageOf(app.config).delete(stored.key);
      await upload.task?.refuse();
      if (error instanceof ValidationError) throw error;
      if (error instanceof ContentError) throw new ValidationError({ file: [t(locale, error.code, error.params)] });
      if (error instanceof StorageLimitError) throw tooLarge();
      const code = (error as { code?: unknown }).code;
      if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT') throw new ApiError(413, 'uploadTooManyParts');
      throw new ValidationError({ file: [t(locale, 'uploadMalformed')] });
    }
    const previous = await inTransaction(app.db, async (client) => {
      const { rows } = await client.query<{ pending_key: string | null }>('SELECT pending_key FROM resource_sources WHERE id = $1 FOR UPDATE', [source.id]);
      if (!rows[0]) throw notFound();
      await client.query(
        `UPDATE resource_sources SET pending_key = $2, pending_size = $3, filename = $4, columns = $5::jsonb, preview = $6::jsonb,
                column_x = CASE WHEN $5::jsonb ? column_x THEN column_x END, column_y = CASE WHEN $5::jsonb ? column_y THEN column_y END,
                column_geometry = CASE WHEN $5::jsonb ? column_geometry THEN column_geometry END,
                updated_at = now()
          WHERE id = $1`,
        [source.id, stored.key, stored.size, filename, JSON.stringify(summary.columns), JSON.stringify(summary.preview)],
      );
      await upload.task?.succeed(client);
      return rows[0].pending_key;
    }).catch(async (error: unknown) => {
      // Not recorded: the file is no one's.
      await storageOf(app.config).delete(stored.key);
      await upload.task?.refuse();
      throw error;
    });
    await storageOf(app.config).delete(previous);
    return present((await loadSource('file-upload', source.id as number))!);
  });

  const choice = { type: 'object', required: ['value', 'label', 'size'], properties: { value: { type: 'string', description: 'The path in the folder' }, label: { type: 'string' }, size: { type: 'integer' } } };
  const choicesDoc = {
    summary: "The files of a group's sFTP folder in a known format, by path",
    query: { usergroup_id: { type: 'integer', required: true, description: 'The group whose folder is read' } },
    response: { type: 'array', items: choice },
  };
  app.get<{ Querystring: { usergroup_id?: string } }>('/resource/ftp-choices/', { config: { ...config, openapi: choicesDoc } }, async (request) => {
    const raw = request.query.usergroup_id;
    if (raw === undefined || raw === '') throw new ValidationError({ usergroup_id: [t(request.locale, 'required')] });
    const id = parseId(String(raw));
    if (id === null) throw new ValidationError({ usergroup_id: [t(request.locale, 'invalidInteger')] });
    if (!canEditGroupContent(request.user, id)) throw permissionDenied();
    if (!(await app.db.query('SELECT 1 FROM usergroups WHERE id = $1', [id])).rowCount) throw notFound();
    return listFtpChoices(app.config.dataDir, id, await knownExtensions(), request.locale);
  });

  const crsDoc = { summary: 'The coordinate reference systems a file may be in', response: { type: 'array', items: { type: 'object', required: ['code', 'label'], properties: { code: { type: 'integer', description: 'EPSG code' }, label: { type: 'string' } } } } };
  app.get('/resource/crs/', { config: { ...config, openapi: crsDoc } }, async () => CRS_LIST);
}
