/**
 * Geographic layers and their styles (/{locale}/geospatial/…), and the map server's listings
 * (/{locale}/geoserv/rest/…, 503 without MAPSERVER_URL). Who reaches a layer is decided by
 * datastore/access.ts: a layer the user cannot see answers 404, one they see but may not change 403.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessSubject } from '../../../schemas/access.ts';
import { canAccessData } from '../../../schemas/access.ts';
import { PERMISSION_LEVEL } from '../../../schemas/constants.ts';
import { layerAccess, layerVisibleSql } from '../datastore/access.ts';
import { datastoreDb } from '../datastore/connection.ts';
import { featuresInBox, tableColumns, zoomTolerance, type LayerTable } from '../datastore/features.ts';
import { layerTile, MAX_ZOOM, validTile, type TileLayer } from '../datastore/tiles.ts';
import type { Bbox } from '../datastore/layers.ts';
import { defaultStyle, filterColumns, labelColumn, MAX_RULES, upgradeStyle, type Style } from '../../../schemas/styles.ts';
import { sanitizeText } from '../../../schemas/validators.ts';
import { validateStyle } from '../datastore/styles.ts';
import { MAX_STYLE_BYTES, nameOtherValuesRules, readStyleFile, STYLE_CONTENT_TYPES, StyleFileError, styleToQml, styleToSld, type StyleFormat } from '../datastore/styleFiles.ts';
import { mapserverSld, mapserverStyleName } from '../datastore/apply.ts';
import { sldSchemaComplaints } from '../datastore/sldSchema.ts';
import { readFile } from '../accounts/files.ts';
import { ApiError, notFound, permissionDenied, ValidationError, type FieldErrors } from '../http/errors.ts';
import { listRequest, paginatedList, type ListSpec, type QueryParams } from '../http/pagination.ts';
import { t } from '../i18n.ts';
import { MapserverError, mapserverClient } from '../mapserver/client.ts';
import { registerScenarioPath } from './scenarios.ts';

const ID = /^\d{1,9}$/;
const MAX_FEATURES = 5000;

const LAYER_SELECT = `l.id, l.resource_id, l.display_name, l.codename, l.column_x, l.column_y, l.crs, l.bbox, l.feature_count, l.schema_name, l.table_name,
  l.geometry_type, l.storage, l.source_layer`;
const STYLE_SELECT = `s.id, s.layer_id, s.display_name, s.config, s.sld, s.applied_at,
  (SELECT l.geometry_type FROM geographic_layers l WHERE l.id = s.layer_id) AS geometry_type`;

/** Content types a style file may be sent as, raw (the body is the file). */
const STYLE_FILE_TYPES = ['application/xml', 'text/xml', 'application/vnd.ogc.sld+xml', 'application/octet-stream'];

const LAYER_LIST: ListSpec = {
  fields: {
    id: { column: 'l.id', type: 'integer', orderable: true },
    resource_id: { column: 'l.resource_id', type: 'integer', filters: ['exact', 'in'] },
    display_name: { column: 'l.display_name', type: 'text', orderable: true },
  },
  defaultOrdering: ['id'],
  searchColumns: ['l.display_name'],
};

const nullable = (type: string) => ({ type: [type, 'null'] });
/** A style's config as validateStyle takes it: a GeoStyler style (its rules checked one by one), or a legacy config it upgrades. */
const GEOSTYLER_DOC = {
  description: 'A GeoStyler style',
  anyOf: [
    {
      type: 'object',
      required: ['rules'],
      properties: {
        name: { type: 'string' },
        rules: { type: 'array', minItems: 1, maxItems: MAX_RULES, items: { type: 'object', additionalProperties: true, description: 'A GeoStyler rule: name, filter, scaleDenominator, symbolizers' } },
      },
    },
    { type: 'object', required: ['kind'], additionalProperties: true, description: 'A legacy config (kind, colours…), upgraded' },
  ],
};
/** A style as answered: its GeoStyler config, the SLD made of it, when it was last applied on the map server. */
const STYLE_DOC = {
  type: 'object',
  required: ['id', 'layer_id', 'display_name', 'config', 'sld', 'applied_at'],
  properties: {
    id: { type: 'integer' },
    layer_id: { type: 'integer' },
    display_name: { type: 'string' },
    config: GEOSTYLER_DOC,
    sld: { type: 'string' },
    applied_at: { ...nullable('string'), format: 'date-time' },
  },
};
/** A style replaced by a file: the style, and what the SLD 1.0.0 schema says of the file (read all the same). */
const IMPORTED_STYLE_DOC = {
  ...STYLE_DOC,
  required: [...STYLE_DOC.required, 'warnings'],
  properties: { ...STYLE_DOC.properties, warnings: { type: 'array', items: { type: 'string' }, description: "The schema's complaints about an SLD file that does not validate against SLD 1.0.0 (empty for a QML file or an SLD 1.1)" } },
};
/** A layer as its list answers it; read alone, it adds its styles. */
const LAYER_DOC = {
  type: 'object',
  required: ['id', 'resource_id', 'display_name', 'codename', 'column_x', 'column_y', 'crs', 'bbox', 'feature_count', 'schema_name', 'table_name', 'geometry_type', 'storage', 'source_layer'],
  properties: {
    id: { type: 'integer' },
    resource_id: { type: 'integer' },
    display_name: { type: 'string' },
    codename: { type: 'string' },
    column_x: nullable('string'),
    column_y: nullable('string'),
    crs: nullable('integer'),
    bbox: { ...nullable('array'), items: { type: 'number' }, minItems: 4, maxItems: 4, description: '[min lon, min lat, max lon, max lat]; null when no row has a position' },
    feature_count: { type: 'integer' },
    schema_name: { type: 'string' },
    table_name: { type: 'string' },
    geometry_type: nullable('string'),
    storage: { enum: ['postgis', 'plain', null] },
    source_layer: nullable('string'),
  },
};
const LAYER_WITH_STYLES = { ...LAYER_DOC, required: [...LAYER_DOC.required, 'styles'], properties: { ...LAYER_DOC.properties, styles: { type: 'array', items: STYLE_DOC } } };

type User = AccessSubject & { id: number };

function body(request: FastifyRequest): Record<string, unknown> {
  return request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
}

/**
 * A layer's or style's name: plain text on one line, as every other name (markup and control
 * characters taken out, spaces and line breaks run together); it is the layer's title on the map
 * server, whose capabilities document is XML every client of every layer reads.
 */
function displayName(value: unknown, locale: FastifyRequest['locale'], required: boolean): { value?: string; errors?: string[] } {
  if (value === undefined && !required) return {};
  if (typeof value === 'string' && value.includes('\u0000')) return { errors: [t(locale, 'invalidValue')] };
  const name = typeof value === 'string' ? sanitizeText(value).replace(/\s+/g, ' ') : '';
  if (name === '') return { errors: [t(locale, 'required')] };
  if (name.length > 300) return { errors: [t(locale, 'invalidValue')] };
  return { value: name };
}

/** "minlon,minlat,maxlon,maxlat" in degrees, or a 400. */
function parseBbox(raw: string | undefined, locale: FastifyRequest['locale']): Bbox | null {
  if (raw === undefined || raw === '') return null;
  const parts = raw.split(',').map((part) => (/^\s*-?\d+(\.\d+)?\s*$/.test(part) ? Number(part) : Number.NaN));
  const [minLon, minLat, maxLon, maxLat] = parts;
  const valid = parts.length === 4 && parts.every(Number.isFinite) && minLon <= maxLon && minLat <= maxLat &&
    minLon >= -180 && maxLon <= 180 && minLat >= -90 && maxLat <= 90;
  if (!valid) throw new ValidationError({ bbox: [t(locale, 'geo.bboxInvalid')] });
  return [minLon, minLat, maxLon, maxLat];
}

function boundedInteger(raw: string | undefined, fallback: number, max: number, field: string, locale: FastifyRequest['locale']): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) > max) throw new ValidationError({ [field]: [t(locale, 'invalidInteger')] });
  return Number(raw);
}

function present<T extends { applied_at?: Date | null }>(row: T) {
  return { ...row, ...('applied_at' in row ? { applied_at: row.applied_at ? row.applied_at.toISOString() : null } : {}) };
}

/** A style row as answered: its config a GeoStyler style (legacy configs upgraded), without the layer's geometry type. */
function presentStyle({ geometry_type: geometryType, ...row }: { geometry_type: string | null; config: unknown; applied_at: Date | null }) {
  return present({ ...row, config: upgradeStyle(row.config, geometryType) });
}

export default async function geospatialRoutes(app: FastifyInstance) {
  const config = { auth: 'required' as const };

  /**
   * The layer's access for the user; 404 when none, 403 when writing without 'edit', and for its
   * data (`data`: features, tiles) when no dataset opens it to them at 'consultation'.
   */
  async function requireLayer(id: string, user: User, write: boolean, data = false): Promise<number> {
    if (!ID.test(id)) throw notFound();
    const access = await layerAccess(app.db, Number(id), user, data ? PERMISSION_LEVEL.consultation : undefined);
    if (access === 'none') throw notFound();
    if ((write && access !== 'edit') || access === 'listed') throw permissionDenied();
    return Number(id);
  }

  /** The style's layer id, with the same rules as its layer. */
  async function requireStyle(id: string, user: User, write: boolean): Promise<number> {
    if (!ID.test(id)) throw notFound();
    const { rows } = await app.db.query<{ layer_id: number }>('SELECT layer_id FROM layer_styles WHERE id = $1', [Number(id)]);
    if (!rows[0]) throw notFound();
    await requireLayer(String(rows[0].layer_id), user, write);
    return Number(id);
  }

  async function readLayer(id: number) {
    const { rows } = await app.db.query(`SELECT ${LAYER_SELECT} FROM geographic_layers l WHERE l.id = $1`, [id]);
    const styles = await app.db.query(`SELECT ${STYLE_SELECT} FROM layer_styles s WHERE s.layer_id = $1 ORDER BY s.id`, [id]);
    return { ...rows[0], styles: styles.rows.map(presentStyle) };
  }

  async function readStyle(id: number) {
    const { rows } = await app.db.query(`SELECT ${STYLE_SELECT} FROM layer_styles s WHERE s.id = $1`, [id]);
    return presentStyle(rows[0]);
  }

  /** The layer's geometry type, which a new style draws (points when unknown). */
  async function geometryTypeOf(layerId: number): Promise<string | null> {
    const { rows } = await app.db.query<{ geometry_type: string | null }>('SELECT geometry_type FROM geographic_layers WHERE id = $1', [layerId]);
    return rows[0]?.geometry_type ?? null;
  }

  /** The style's layer, its geometry type and columns, and its style (upgraded). */
  async function styleContext(styleId: number): Promise<{ layerId: number; geometryType: string | null; columns: string[]; style: Style }> {
    const { rows } = await app.db.query<{ layer_id: number; config: unknown }>('SELECT layer_id, config FROM layer_styles WHERE id = $1', [styleId]);
    const geometryType = await geometryTypeOf(rows[0].layer_id);
    return { layerId: rows[0].layer_id, geometryType, columns: await layerColumns(rows[0].layer_id), style: upgradeStyle(rows[0].config, geometryType) };
  }

  /** Saves a valid style and the SLD the parser makes of it. */
  async function saveStyle(id: number, style: Style): Promise<void> {
    await app.db.query('UPDATE layer_styles SET config = $2, sld = $3 WHERE id = $1', [id, style, await mapserverSld(style, id)]);
  }

  async function layerColumns(layerId: number): Promise<string[]> {
    const { rows } = await app.db.query<{ schema_name: string; table_name: string }>('SELECT schema_name, table_name FROM geographic_layers WHERE id = $1', [layerId]);
    return (await tableColumns(datastoreDb(app.db), rows[0])) ?? [];
  }

  // Layers.
  app.get<{ Querystring: QueryParams }>('/geospatial/geographiclayer/', { config: { ...config, openapi: { summary: 'The map layers the caller may see', list: LAYER_LIST, response: LAYER_DOC } } }, async (request) =>
    paginatedList(app.db, { from: 'geographic_layers l', select: LAYER_SELECT, where: (params) => {
      const condition = layerVisibleSql('l.id', request.user!, params);
      return condition === null ? [] : [condition];
    } }, LAYER_LIST, listRequest(request)),
  );

  app.get<{ Params: { id: string } }>('/geospatial/geographiclayer/:id/', { config: { ...config, openapi: { summary: 'Read a map layer, with its styles', response: LAYER_WITH_STYLES } } }, async (request) =>
    readLayer(await requireLayer(request.params.id, request.user!, false)),
  );

  const renameDoc = { summary: 'Rename a map layer', body: { type: 'object', properties: { display_name: { type: 'string', minLength: 1, maxLength: 300 } } }, response: LAYER_WITH_STYLES };
  app.patch<{ Params: { id: string } }>('/geospatial/geographiclayer/:id/', { config: { ...config, openapi: renameDoc } }, async (request) => {
    const id = await requireLayer(request.params.id, request.user!, true);
    const name = displayName(body(request).display_name, request.locale, false);
    if (name.errors) throw new ValidationError({ display_name: name.errors });
    if (name.value !== undefined) await app.db.query('UPDATE geographic_layers SET display_name = $2, updated_at = now() WHERE id = $1', [id, name.value]);
    return readLayer(id);
  });

  async function layerTable(id: number): Promise<TileLayer> {
    const { rows } = await app.db.query<TileLayer>('SELECT id, codename, schema_name, table_name, storage, updated_at FROM geographic_layers WHERE id = $1', [id]);
    return rows[0];
  }

  /** The simplification asked: `simplify` (degrees, 0 < t ≤ 1) or `zoom` (one pixel at that level); null for none. */
  function tolerance(query: { simplify?: string; zoom?: string }, locale: FastifyRequest['locale']): number | null {
    if (query.simplify !== undefined && query.simplify !== '') {
      const value = /^\d*\.?\d+(e-?\d+)?$/i.test(query.simplify) ? Number(query.simplify) : Number.NaN;
      if (!(value > 0 && value <= 1)) throw new ValidationError({ simplify: [t(locale, 'geo.simplifyInvalid')] });
      return value;
    }
    if (query.zoom !== undefined && query.zoom !== '') {
      if (!/^\d{1,2}$/.test(query.zoom) || Number(query.zoom) > MAX_ZOOM) throw new ValidationError({ zoom: [t(locale, 'geo.zoomInvalid')] });
      return zoomTolerance(Number(query.zoom));
    }
    return null;
  }

  app.get<{ Params: { id: string }; Querystring: { bbox?: string; limit?: string; offset?: string; simplify?: string; zoom?: string } }>(
    '/geospatial/geographiclayer/:id/features/',
    {
      config: {
        ...config,
        openapi: {
          summary: "The layer's features in a box as GeoJSON, geometries whole or simplified (`simplify` degrees, or one pixel at `zoom`)",
          query: { bbox: { type: 'string' }, limit: { type: 'integer', maximum: MAX_FEATURES }, offset: { type: 'integer' }, simplify: { type: 'number' }, zoom: { type: 'integer', maximum: MAX_ZOOM } },
          response: {
            type: 'object',
            required: ['type', 'numberMatched', 'numberReturned', 'features'],
            properties: {
              type: { const: 'FeatureCollection' },
              numberMatched: { type: 'integer' },
              numberReturned: { type: 'integer' },
              features: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['type', 'geometry', 'properties'],
                  properties: { type: { const: 'Feature' }, id: {}, geometry: { type: ['object', 'null'] }, properties: { type: 'object' } },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const id = await requireLayer(request.params.id, request.user!, false, true);
      const box = parseBbox(request.query.bbox, request.locale);
      const limit = boundedInteger(request.query.limit, 1000, MAX_FEATURES, 'limit', request.locale);
      const offset = boundedInteger(request.query.offset, 0, 100_000_000, 'offset', request.locale);
      const simplification = tolerance(request.query, request.locale);
      const layer: LayerTable = await layerTable(id);
      const collection = layer.storage ? await featuresInBox(datastoreDb(app.db), layer, box, limit, offset, simplification) : null;
      if (!collection) throw new ApiError(404, 'geo.tableMissing');
      return collection;
    },
  );

  // Vector tiles: readers of the layer only; the ETag changes with each load of the layer.
  const tileDoc = { produces: ['application/vnd.mapbox-vector-tile'], summary: "A Mapbox Vector Tile of the layer (`{y}.pbf`; one tile layer named after the layer's codename; ETag, 204 when empty)", also: { 204: { description: 'No feature in the tile' }, 304: { description: 'Not modified since the ETag given' } } };
  app.get<{ Params: { id: string; z: string; x: string; tile: string } }>('/geospatial/geographiclayer/:id/tiles/:z/:x/:tile', { config: { ...config, openapi: tileDoc } }, async (request, reply) => {
    const id = await requireLayer(request.params.id, request.user!, false, true);
    const match = /^(\d{1,9})\.pbf$/.exec(request.params.tile);
    const [z, x, y] = [request.params.z, request.params.x, match?.[1] ?? ''].map((part) => (/^\d{1,9}$/.test(part) ? Number(part) : Number.NaN));
    if (!match || !validTile(z, x, y)) throw new ValidationError({ tile: [t(request.locale, 'geo.tileInvalid')] });
    const layer = await layerTable(id);
    const etag = `"layer-${id}-${layer.updated_at.getTime()}"`;
    reply.header('cache-control', 'private, no-cache').header('etag', etag).header('vary', 'Cookie, Authorization');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const present = await datastoreDb(app.db).query('SELECT to_regclass($1) IS NOT NULL AS present', [`"${layer.schema_name}"."${layer.table_name.replace(/"/g, '""')}"`]);
    if (!layer.storage || !present.rows[0].present) throw new ApiError(404, 'geo.tableMissing');
    const tile = await layerTile(datastoreDb(app.db), layer, z, x, y);
    if (tile.truncated) reply.header('x-tile-truncated', 'true');
    if (tile.data.length === 0) return reply.code(204).send();
    return reply.type('application/vnd.mapbox-vector-tile').send(tile.data);
  });

  registerScenarioPath(app, { path: '/geospatial/geographiclayer/', className: 'geographiclayer' });

  // Styles.
  app.get<{ Params: { id: string } }>('/geospatial/geographiclayer/:id/style/', { config: { ...config, openapi: { summary: "The layer's styles", response: { type: 'array', items: STYLE_DOC } } } }, async (request) => {
    const id = await requireLayer(request.params.id, request.user!, false);
    const { rows } = await app.db.query(`SELECT ${STYLE_SELECT} FROM layer_styles s WHERE s.layer_id = $1 ORDER BY s.id`, [id]);
    return rows.map(presentStyle);
  });

  app.post<{ Params: { id: string } }>('/geospatial/geographiclayer/:id/style/', { config: { ...config, openapi: { summary: 'Create a style of the layer', status: 201, body: { type: 'object', required: ['display_name'], properties: { display_name: { type: 'string', minLength: 1, maxLength: 300 } } }, response: STYLE_DOC } } }, async (request, reply) => {
    const layerId = await requireLayer(request.params.id, request.user!, true);
    const name = displayName(body(request).display_name, request.locale, true);
    if (name.errors) throw new ValidationError({ display_name: name.errors });
    const style = defaultStyle(await geometryTypeOf(layerId));
    const { rows } = await app.db.query<{ id: number }>('INSERT INTO layer_styles (layer_id, display_name, config) VALUES ($1, $2, $3) RETURNING id', [layerId, name.value, style]);
    await saveStyle(rows[0].id, style);
    return reply.code(201).send(await readStyle(rows[0].id));
  });

  app.get<{ Params: { id: string } }>('/geospatial/style/:id/', { config: { ...config, openapi: { summary: 'Read a style', response: STYLE_DOC } } }, async (request) => readStyle(await requireStyle(request.params.id, request.user!, false)));

  /** PUT/PATCH {display_name, config}: config, when given, is validated against the layer's table. */
  async function writeStyle(request: FastifyRequest<{ Params: { id: string } }>, partial: boolean) {
    const id = await requireStyle(request.params.id, request.user!, true);
    const input = body(request);
    const errors: FieldErrors = {};
    const name = displayName(input.display_name, request.locale, !partial);
    if (name.errors) errors.display_name = name.errors;
    let style: Style | undefined;
    if (input.config !== undefined) {
      const context = await styleContext(id);
      const checked = validateStyle(input.config, context.columns, request.locale, context.geometryType);
      if ('errors' in checked) errors.config = Object.entries(checked.errors).flatMap(([field, messages]) => messages.map((m) => `${field}: ${m}`));
      else style = checked.style;
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    await app.db.query(
      'UPDATE layer_styles SET display_name = COALESCE($2, display_name), config = COALESCE($3, config), sld = COALESCE($4, sld) WHERE id = $1',
      [id, name.value ?? null, style ?? null, style ? await mapserverSld(style, id) : null],
    );
    return readStyle(id);
  }

  const styleBody = { type: 'object', properties: { display_name: { type: 'string', minLength: 1, maxLength: 300 }, config: GEOSTYLER_DOC } };
  app.put<{ Params: { id: string } }>('/geospatial/style/:id/', { config: { ...config, openapi: { summary: 'Replace a style', body: styleBody, response: STYLE_DOC } } }, (request) => writeStyle(request, false));
  app.patch<{ Params: { id: string } }>('/geospatial/style/:id/', { config: { ...config, openapi: { summary: 'Change fields of a style', body: styleBody, response: STYLE_DOC } } }, (request) => writeStyle(request, true));

  const configDoc = { summary: "Replace the style's GeoStyler config (its SLD follows)", body: { type: 'object', required: ['config'], properties: { config: GEOSTYLER_DOC } }, response: STYLE_DOC };
  app.put<{ Params: { id: string } }>('/geospatial/style/:id/config/', { config: { ...config, openapi: configDoc } }, async (request) => {
    const id = await requireStyle(request.params.id, request.user!, true);
    const context = await styleContext(id);
    const checked = validateStyle(body(request).config, context.columns, request.locale, context.geometryType);
    if ('errors' in checked) throw new ValidationError(checked.errors);
    await saveStyle(id, checked.style);
    return readStyle(id);
  });

  // The style as files (SLD, QGIS .qml), made by GeoStyler's parsers; PUT replaces the style with a file's.
  app.addContentTypeParser(STYLE_FILE_TYPES, { parseAs: 'buffer', bodyLimit: MAX_STYLE_BYTES }, (_request, payload, done) => done(null, payload));

  /** The file sent: the multipart part `file`, or the raw body; at most MAX_STYLE_BYTES. */
  async function styleFileText(request: FastifyRequest): Promise<string> {
    const tooLarge = t(request.locale, 'geo.styleFileTooLarge', { max: MAX_STYLE_BYTES / 1024 });
    if (request.isMultipart()) return (await readFile(request, MAX_STYLE_BYTES, tooLarge)).bytes.toString('utf8');
    if (Buffer.isBuffer(request.body) && request.body.length > 0) return request.body.toString('utf8');
    throw new ValidationError({ file: [t(request.locale, 'geo.styleFileMissing')] });
  }

  for (const format of ['sld', 'qml'] as StyleFormat[]) {
    const fileDoc = { produces: [STYLE_CONTENT_TYPES[format]] };
    app.get<{ Params: { id: string } }>(`/geospatial/style/:id/${format}/`, { config: { ...config, openapi: { ...fileDoc, summary: `The style as ${format.toUpperCase()}` } } }, async (request, reply) => {
      const id = await requireStyle(request.params.id, request.user!, false);
      // The "other values" rule is named in the request's language, whatever the language it was saved in.
      const style = nameOtherValuesRules((await styleContext(id)).style, request.locale);
      const text = format === 'sld' ? await styleToSld(style, mapserverStyleName(id)) : await styleToQml(style);
      return reply.type(STYLE_CONTENT_TYPES[format]).header('content-disposition', `attachment; filename="style-${id}.${format}"`).send(text);
    });

    const importDoc = { summary: `Replace the style by a ${format.toUpperCase()} file (the raw file, or multipart with part \`file\`)`, rawBody: [STYLE_CONTENT_TYPES[format], 'multipart/form-data'], response: IMPORTED_STYLE_DOC };
    app.put<{ Params: { id: string } }>(`/geospatial/style/:id/${format}/`, { config: { ...config, openapi: importDoc } }, async (request) => {
      const id = await requireStyle(request.params.id, request.user!, true);
      const text = await styleFileText(request);
      const label = format === 'sld' ? 'SLD' : 'QGIS (.qml)';
      let imported: Style;
      try {
        imported = await readStyleFile(text, format);
      } catch (error) {
        if (!(error instanceof StyleFileError)) throw error;
        throw new ValidationError({ file: [t(request.locale, 'geo.styleFileInvalid', { format: label, reason: error.message.slice(0, 200) })] });
      }
      const context = await styleContext(id);
      const read = imported.rules.flatMap((rule) => [
        ...filterColumns(rule.filter),
        ...(rule.symbolizers ?? []).flatMap((symbolizer) => (symbolizer.kind === 'Text' ? [labelColumn(symbolizer.label)].filter((c): c is string => c !== null) : [])),
      ]);
      const missing = [...new Set(read.filter((column) => !context.columns.includes(column)))];
      if (missing.length > 0) throw new ValidationError({ file: [t(request.locale, 'geo.styleFileColumns', { columns: missing.join(', ') })] });
      const checked = validateStyle(imported, context.columns, request.locale, context.geometryType);
      if ('errors' in checked) throw new ValidationError(checked.errors);
      // A file off the schema is still taken when GeoStyler reads it; what the schema says comes with the answer.
      const complaints = format === 'sld' ? await sldSchemaComplaints(text) : [];
      await saveStyle(id, checked.style);
      return { ...(await readStyle(id)), warnings: complaints.map((complaint) => t(request.locale, 'geo.sldSchemaComplaint', { line: complaint.line, message: complaint.message })) };
    });
  }

  app.delete<{ Params: { id: string } }>('/geospatial/style/:id/', { config }, async (request, reply) => {
    const id = await requireStyle(request.params.id, request.user!, true);
    await app.db.query('DELETE FROM layer_styles WHERE id = $1', [id]);
    return reply.code(204).send();
  });

  registerScenarioPath(app, { path: '/geospatial/style/', className: 'style' });

  // The map server's listings: editors and superusers (data paths), 503 without MAPSERVER_URL.
  async function mapserverCall<T>(request: FastifyRequest, call: (client: NonNullable<ReturnType<typeof mapserverClient>>) => Promise<T | null>): Promise<T> {
    if (!canAccessData(request.user)) throw permissionDenied();
    const client = mapserverClient();
    if (!client) throw new ApiError(503, 'mapserverUnavailable');
    let result: T | null;
    try {
      result = await call(client);
    } catch (error) {
      if (error instanceof MapserverError) throw new ApiError(502, 'geo.mapserverFailed', {}, { reason: error.message });
      throw error;
    }
    if (result === null) throw notFound();
    return result;
  }

  const named = (what: string) => ({
    type: 'array',
    items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, href: { type: 'string', format: 'uri' } } },
    description: `The map server's ${what}`,
  });
  const detail = { $ref: '#/components/schemas/Detail' };
  const listing = (summary: string, outer: string, inner: string, what: string) => ({
    ...config,
    openapi: {
      summary,
      response: { type: 'object', required: [outer], properties: { [outer]: { type: 'object', required: [inner], properties: { [inner]: named(what) } } } },
      also: { 502: { description: 'The map server failed', schema: detail }, 503: { description: 'No map server (MAPSERVER_URL unset)', schema: detail } },
    },
  });
  // GeoServer's own names end with `.json`; the app's client ends every path with a slash: both answer.
  for (const end of ['', '/']) {
    app.get(`/geoserv/rest/workspaces.json${end}`, { config: listing("The map server's workspaces", 'workspaces', 'workspace', 'workspaces') }, async (request) =>
      mapserverCall(request, async (client) => ({ workspaces: { workspace: await client.workspaces() } })),
    );
    app.get<{ Params: { ws: string } }>(`/geoserv/rest/workspaces/:ws/layers.json${end}`, { config: listing("A workspace's layers", 'layers', 'layer', 'layers') }, async (request) =>
      mapserverCall(request, async (client) => {
        const layers = await client.layers(request.params.ws);
        return layers && { layers: { layer: layers } };
      }),
    );
    app.get<{ Params: { ws: string } }>(`/geoserv/rest/workspaces/:ws/layergroups.json${end}`, { config: listing("A workspace's layer groups", 'layerGroups', 'layerGroup', 'layer groups') }, async (request) =>
      mapserverCall(request, async (client) => {
        const groups = await client.layerGroups(request.params.ws);
        return groups && { layerGroups: { layerGroup: groups } };
      }),
    );
  }
}
