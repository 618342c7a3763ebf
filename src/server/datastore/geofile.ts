/**
 * A geographic file opened with GDAL (gdal.ts): which file GDAL reads (a zipped Shapefile's .shp
 * through /vsizip/, a KMZ's .kml), its layers, the layer chosen (the source's `layer_name`, or
 * the only one), its CRS (the file's, else the source's `crs`), and the layer converted to
 * GeoJSON text sequence in WGS 84 with its invalid geometries repaired (GEOS's MakeValid).
 * What is wrong with the file is a TaskFailure naming it.
 */
import type { InspectedLayer, Inspection } from '../../../schemas/resources.ts';
import { readFile } from 'node:fs/promises';
import { TaskFailure } from '../tasks/failure.ts';
import { ArchiveError, inspectArchive, isZipFile } from '../uploads/archive.ts';
import { isSupportedCrs } from './crs.ts';
import { GdalError, gdalCall, startJob, type GdalJob, type GdalLayer, type GeometryStat } from './gdal.ts';

/** Formats (data_formats.codename) GDAL loads, with the extension their file is given for it. */
const GDAL_EXTENSIONS: Record<string, string> = { geojson: 'geojson', shp: 'zip', zip: 'zip', gpkg: 'gpkg', kml: 'kml', kmz: 'kmz', gml: 'gml' };
export const GDAL_FORMATS = Object.keys(GDAL_EXTENSIONS);

export function isGdalFormat(format: string): boolean {
  return Object.hasOwn(GDAL_EXTENSIONS, format);
}

/** A layer GDAL found, with the file it is read from (in the job folder `dir`). */
export interface FileLayer extends GdalLayer {
  dir: string;
  file: string;
  vsi: string | null;
}

export interface GeoFile {
  job: GdalJob;
  layers: FileLayer[];
}

const MAX_LISTED = 20;
const listed = (names: string[]) => names.slice(0, MAX_LISTED).join(', ') + (names.length > MAX_LISTED ? ', …' : '');
const baseName = (entry: string) => entry.split('/').pop()!;

/** Where GDAL reads: DATA_DIR (its jobs' folders), and the limits of a zip it opens (ARCHIVE_MAX_BYTES). */
export interface GdalPlace {
  dataDir: string;
  archiveMaxBytes: number;
}

/** The archive's file names, once its limits are checked (uploads/archive.ts): before GDAL opens it through /vsizip/. */
async function entriesOf(filePath: string, place: GdalPlace): Promise<string[]> {
  try {
    const entries = await inspectArchive(filePath, { maxBytes: place.archiveMaxBytes });
    return entries.filter((entry) => !entry.directory && !entry.name.startsWith('__MACOSX/')).map((entry) => entry.name);
  } catch (error) {
    if (error instanceof ArchiveError) throw new TaskFailure(error.code, error.params);
    throw error;
  }
}

/** The files GDAL opens for the format: the file itself, or entries of the archive. */
async function openedFiles(job: GdalJob, filePath: string, format: string, place: GdalPlace): Promise<Array<{ file: string; vsi: string | null }>> {
  if (format === 'shp' || format === 'zip') {
    if (!(await isZipFile(filePath))) throw new TaskFailure('geo.shpAlone');
    const entries = await entriesOf(filePath, place);
    const shps = entries.filter((name) => /\.shp$/i.test(name));
    if (shps.length === 0) throw new TaskFailure('geo.zipWithoutShp', { files: listed(entries.map(baseName)) || '—' });
    const lower = new Set(entries.map((name) => name.toLowerCase()));
    for (const shp of shps) {
      const stem = shp.slice(0, -4).toLowerCase();
      for (const companion of ['.dbf', '.shx']) {
        if (!lower.has(stem + companion)) throw new TaskFailure('geo.shpWithoutCompanion', { name: baseName(shp), missing: companion });
      }
    }
    return shps.map((shp) => ({ file: `${job.source}/${shp}`, vsi: 'vsizip' }));
  }
  if (format === 'kmz') {
    const kml = (await entriesOf(filePath, place)).find((name) => /\.kml$/i.test(name));
    if (!kml) throw new TaskFailure('geo.kmzWithoutKml');
    return [{ file: `${job.source}/${kml}`, vsi: 'vsizip' }];
  }
  return [{ file: job.source, vsi: null }];
}

function unreadable(format: string, error: unknown): unknown {
  if (!(error instanceof GdalError)) return error;
  if (format === 'geojson') return new TaskFailure('datastore.jsonMalformed', { reason: error.message.slice(0, 200) });
  return new TaskFailure('geo.unreadable', { format: format.toUpperCase(), reason: error.message.slice(0, 200) });
}

/** Opens the file in a job folder and lists its layers; the caller removes the job. */
export async function openGeoFile(place: GdalPlace, filePath: string, format: string, signal?: AbortSignal): Promise<GeoFile> {
  const job = await startJob(place.dataDir, filePath, GDAL_EXTENSIONS[format], signal);
  try {
    const layers: FileLayer[] = [];
    for (const opened of await openedFiles(job, filePath, format, place)) {
      try {
        const found = await gdalCall<GdalLayer[]>('layers', job.dir, opened, signal);
        layers.push(...found.map((layer) => ({ ...layer, ...opened, dir: job.dir })));
      } catch (error) {
        throw unreadable(format, error);
      }
    }
    if (layers.length === 0) throw new TaskFailure('geo.noLayer');
    return { job, layers };
  } catch (error) {
    await job.remove();
    throw error;
  }
}

/** The layer named by the source, or the only one; a file of several layers needs a name. */
export function chooseLayer(layers: FileLayer[], name: string | null): FileLayer {
  const names = layers.map((layer) => layer.name);
  if (name !== null && name !== '') {
    const found = layers.find((layer) => layer.name === name);
    if (!found) throw new TaskFailure('geo.layerUnknown', { name, layers: listed(names) });
    return found;
  }
  if (layers.length > 1) throw new TaskFailure('geo.layerChoice', { count: layers.length, layers: listed(names) });
  return layers[0];
}

/**
 * The CRS the layer is read in: the file's own (`source` null: GDAL reads it), else the one chosen
 * for the source. `code` is the EPSG code shown on the layer (null for a file's CRS without one).
 */
export function layerCrs(layer: FileLayer, chosen: number | null): { source: number | null; code: number | null } {
  if (layer.geometryField === null) return { source: null, code: null };
  if (layer.crs) return { source: null, code: layer.crs.epsg };
  if (chosen === null) throw new TaskFailure('geo.crsMissing', { layer: layer.name });
  if (!isSupportedCrs(chosen)) throw new TaskFailure('datastore.crsUnsupported', { crs: String(chosen) });
  return { source: chosen, code: chosen };
}

const TYPE_NAMES: Record<string, string> = {
  POINT: 'Point', MULTIPOINT: 'MultiPoint', LINESTRING: 'LineString', MULTILINESTRING: 'MultiLineString',
  POLYGON: 'Polygon', MULTIPOLYGON: 'MultiPolygon', GEOMETRYCOLLECTION: 'GeometryCollection',
};

/** `MULTIPOLYGON Z` → `MultiPolygon`; null stays null (no geometry). */
export function geometryTypeName(kind: string | null): string | null {
  if (kind === null) return null;
  const base = kind.split(' ')[0].toUpperCase();
  return TYPE_NAMES[base] ?? base;
}

/** Counts by geometry type and invalid geometries of the layer (one read of the file). */
export async function layerStats(layer: FileLayer, format: string, signal?: AbortSignal): Promise<{ types: Record<string, number>; invalid: number; empty: number }> {
  const result = { types: {} as Record<string, number>, invalid: 0, empty: 0 };
  if (layer.geometryField === null) return result;
  let stats: GeometryStat[];
  try {
    stats = await gdalCall<GeometryStat[]>('geometryStats', layer.dir, { file: layer.file, vsi: layer.vsi, layer: layer.name, geometryField: layer.geometryField }, signal);
  } catch (error) {
    throw unreadable(format, error);
  }
  for (const stat of stats) {
    const name = geometryTypeName(stat.kind);
    if (name === null) result.empty += stat.count;
    else result.types[name] = (result.types[name] ?? 0) + stat.count;
    result.invalid += stat.invalid;
  }
  return result;
}

/** Writes the layer as GeoJSON text sequence in WGS 84 in the job folder; answers its host path. */
export async function convertLayer(
  job: GdalJob,
  layer: FileLayer,
  options: { format: string; sourceCrs: number | null; makeValid: boolean; limit?: number; output: string },
  signal?: AbortSignal,
): Promise<string> {
  try {
    const written = await gdalCall<string>(
      'convert',
      job.dir,
      { file: layer.file, vsi: layer.vsi, layer: layer.name, sourceCrs: options.sourceCrs, makeValid: options.makeValid, limit: options.limit ?? null, output: options.output },
      signal,
    );
    return job.onHost(written);
  } catch (error) {
    if (error instanceof GdalError && /transformation|coordinate|srs|crs/i.test(error.message)) {
      throw new TaskFailure('geo.crsUnknown', { reason: error.message.slice(0, 200) });
    }
    throw unreadable(options.format, error);
  }
}

export const PREVIEW_FEATURES = 5;

/** Reads a geographic file without loading it: layers, geometry types, counts, CRS, first features. */
export async function inspectGeoFile(place: GdalPlace, filePath: string, format: string, choice: { layerName: string | null; crs: number | null }, signal?: AbortSignal): Promise<Inspection> {
  const file = await openGeoFile(place, filePath, format, signal);
  try {
    const layers: InspectedLayer[] = [];
    for (const layer of file.layers) {
      const stats = await layerStats(layer, format, signal);
      layers.push({
        name: layer.name, feature_count: layer.featureCount, geometry_types: stats.types, empty_geometries: stats.empty, invalid_geometries: stats.invalid,
        crs: layer.crs?.epsg ?? null, crs_name: layer.crs?.name ?? null, columns: layer.fields.map((field) => field.name),
      });
    }
    const named = choice.layerName ? file.layers.find((layer) => layer.name === choice.layerName) : undefined;
    if (choice.layerName && !named) chooseLayer(file.layers, choice.layerName);
    const chosen = named ?? (file.layers.length === 1 ? file.layers[0] : null);
    const needsCrs = chosen !== null && chosen.geometryField !== null && chosen.crs === null && choice.crs === null;
    let preview: Inspection['preview'] = null;
    if (chosen && !needsCrs) {
      const crs = layerCrs(chosen, choice.crs);
      const written = await convertLayer(file.job, chosen, { format, sourceCrs: crs.source, makeValid: false, limit: PREVIEW_FEATURES, output: 'preview' }, signal);
      const features = (await readFile(written, 'utf8')).split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as NonNullable<Inspection['preview']>['features'][number]);
      preview = { type: 'FeatureCollection', features };
    }
    return { format, layers, layer: chosen?.name ?? null, needs_layer: chosen === null, needs_crs: needsCrs, preview };
  } finally {
    await file.job.remove();
  }
}
