/**
 * The inspection of a resource's geographic file before (or after) it is loaded, for the wizard:
 * GET /{locale}/resource/{id}/inspect/?layer_name=&crs= reads the source's file (the upload not yet
 * made current, else the current file) with GDAL and answers its layers, geometry types, feature
 * counts, CRS (null when the file has none) and first features (datastore/geofile.ts
 * inspectGeoFile). Editors of the resource only; what is wrong with the file answers 400 naming it.
 * The inspection runs within the request, on the process's one GDAL worker: past
 * INSPECT_TIME_LIMIT_SECONDS it answers 503, and its work stops: the file's download from an object
 * store or its copy for GDAL, and the GDAL call (the worker ended, as any aborted GDAL call ends it;
 * the next call starts another) or, still queued, never runs.
 */
import type { FastifyInstance } from 'fastify';
import { CRS_CODES } from '../../../schemas/resources.ts';
import { inspectGeoFile, isGdalFormat } from '../datastore/geofile.ts';
import { ApiError, notFound, permissionDenied, ValidationError } from '../http/errors.ts';
import { t } from '../i18n.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { resourceReach } from '../resources/access.ts';
import { storageOf } from '../storage/index.ts';
import { TaskFailure } from '../tasks/failure.ts';

const ID = /^\d{1,9}$/;

export default async function resourceInspectRoutes(app: FastifyInstance) {
  const openapi: RouteDoc = {
    summary: "Inspects the resource's geographic file without loading it: layers, geometry types, feature counts, CRS, first features (docs/geodata.md)",
    query: { layer_name: { type: 'string', maxLength: 200 }, crs: { type: 'integer' } },
    response: {
      type: 'object',
      required: ['format', 'layers', 'layer', 'needs_layer', 'needs_crs', 'preview'],
      properties: {
        format: { type: 'string' },
        layers: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'feature_count', 'geometry_types', 'crs', 'columns'],
            properties: {
              name: { type: 'string' },
              feature_count: { type: 'integer' },
              geometry_types: { type: 'object', additionalProperties: { type: 'integer' } },
              empty_geometries: { type: 'integer' },
              invalid_geometries: { type: 'integer' },
              crs: { type: ['integer', 'null'] },
              crs_name: { type: ['string', 'null'] },
              columns: { type: 'array', items: { type: 'string' } },
            },
          },
        },
        layer: { type: ['string', 'null'], description: 'The layer inspected' },
        needs_layer: { type: 'boolean' },
        needs_crs: { type: 'boolean' },
        preview: { type: ['object', 'null'], description: 'The first features of the layer, as GeoJSON' },
      },
    },
  };
  app.get<{ Params: { id: string }; Querystring: { layer_name?: string; crs?: string } }>('/resource/:id/inspect/', { config: { auth: 'required', openapi } }, async (request) => {
    if (!ID.test(request.params.id)) throw notFound();
    const id = Number(request.params.id);
    const reach = await resourceReach(app.db, request.user!, id);
    if (reach === 'none') throw notFound();
    if (reach !== 'edit') throw permissionDenied();
    const { crs: rawCrs, layer_name: rawLayer } = request.query;
    let crs: number | null = null;
    if (rawCrs !== undefined && rawCrs !== '') {
      if (!/^\d{1,6}$/.test(rawCrs) || !CRS_CODES.includes(Number(rawCrs))) throw new ValidationError({ crs: [t(request.locale, 'resource.unknownCrs')] });
      crs = Number(rawCrs);
    }
    if (rawLayer !== undefined && (typeof rawLayer !== 'string' || rawLayer.length > 200)) throw new ValidationError({ layer_name: [t(request.locale, 'geo.layerNameInvalid')] });
    const { rows } = await app.db.query<{ key: string | null; format: string | null; layer_name: string | null; crs: number | null }>(
      `SELECT COALESCE(s.pending_key, s.storage_key) AS key, f.codename AS format, s.layer_name, s.crs
         FROM resource_sources s LEFT JOIN data_formats f ON f.id = s.dataformat_id WHERE s.resource_id = $1`,
      [id],
    );
    const source = rows[0];
    if (!source?.key) throw new ApiError(400, 'geo.inspectNoFile');
    const format = (source.format ?? '').toLowerCase();
    if (!isGdalFormat(format)) return { format, layers: [], layer: null, needs_layer: false, needs_crs: false, preview: null };
    const seconds = app.config.inspectTimeLimitSeconds;
    const signal = AbortSignal.timeout(seconds * 1000);
    // Answered at the limit even while the file is still being fetched or waits for the GDAL worker.
    const timedOut = new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
    try {
      const place = { dataDir: app.config.dataDir, archiveMaxBytes: app.config.tasks.archiveMaxBytes };
      const choice = { layerName: rawLayer || source.layer_name, crs: crs ?? source.crs };
      const inspection = storageOf(app.config).withLocalFile(source.key, (file) => inspectGeoFile(place, file, format, choice, signal), signal);
      // Once the limit answered, what is left of the work ends on its own: the download, the copy
      // for GDAL and the GDAL call all stop with the signal.
      inspection.catch(() => undefined);
      return await Promise.race([inspection, timedOut]);
    } catch (error) {
      if (signal.aborted) throw new ApiError(503, 'geo.inspectTimeLimit', {}, { seconds });
      if (error instanceof TaskFailure) throw new ApiError(400, error.code, {}, error.params as Record<string, string | number>);
      throw error;
    }
  });
}
