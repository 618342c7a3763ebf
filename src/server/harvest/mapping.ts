/** Helpers the readers share to turn remote values into our dataset's: text, dates, boxes, keywords. */
import { sanitizeText } from '../../../schemas/validators.ts';
import type { PageEntry, RemoteLink, RemoteRecord } from './types.ts';

/** Plain text of a remote text that may hold HTML (CKAN notes, Opendatasoft descriptions). */
export function plainText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return sanitizeText(value.replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, '\n')).replace(/\n{3,}/g, '\n\n');
}

/** YYYY-MM-DD of an ISO date or date-time, else null. */
export function isoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : `${match[1]}-${match[2]}-${match[3]}`;
}

/** Distinct non-empty keywords, at most 100 characters each, first spelling kept (any case). */
export function keywords(values: unknown[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const tag = sanitizeText(value).slice(0, 100).trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    result.push(tag);
  }
  return result.slice(0, 100);
}

type Position = number[];
type Box = [number, number, number, number];

/** GeoJSON nests positions three arrays deep at most (MultiPolygon): anything deeper holds none. */
const MAX_COORDINATE_DEPTH = 4;

/** The positions of GeoJSON coordinates, descending no deeper than GeoJSON goes, however deep the remote's arrays. */
function positions(coordinates: unknown, out: Position[] = [], depth = 0): Position[] {
  if (!Array.isArray(coordinates) || depth > MAX_COORDINATE_DEPTH) return out;
  if (coordinates.length >= 2 && typeof coordinates[0] === 'number' && typeof coordinates[1] === 'number') {
    out.push(coordinates as Position);
    return out;
  }
  for (const item of coordinates) positions(item, out, depth + 1);
  return out;
}

/**
 * The box around positions (validBox), else null: kept as running bounds rather than spread into
 * Math.min, which overflows the call stack past a hundred thousand or so, as a detailed
 * boundary holds, and would fail its whole page.
 */
function boxAround(points: Position[]): Box | null {
  let [minLon, minLat, maxLon, maxLat] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of points) {
    minLon = Math.min(minLon, lon);
    minLat = Math.min(minLat, lat);
    maxLon = Math.max(maxLon, lon);
    maxLat = Math.max(maxLat, lat);
  }
  return minLon === Infinity ? null : validBox([minLon, minLat, maxLon, maxLat]);
}

/** [min lon, min lat, max lon, max lat] of a box within the world's bounds, else null. */
export function validBox(box: number[]): Box | null {
  const [minLon, minLat, maxLon, maxLat] = box;
  if (![minLon, minLat, maxLon, maxLat].every(Number.isFinite)) return null;
  if (minLon < -180 || maxLon > 180 || minLat < -90 || maxLat > 90 || minLon > maxLon || minLat > maxLat) return null;
  return [minLon, minLat, maxLon, maxLat];
}

/** The box around a GeoJSON geometry or feature (object or JSON text), else null. */
export function geoJsonBox(value: unknown): Box | null {
  let geometry = value;
  if (typeof geometry === 'string') {
    try {
      geometry = JSON.parse(geometry);
    } catch {
      return null;
    }
  }
  const read = (item: unknown) => (item && typeof item === 'object' ? (item as { type?: unknown; geometry?: unknown; coordinates?: unknown; geometries?: unknown }) : null);
  let object = read(geometry);
  if (object?.type === 'Feature') object = read(object.geometry);
  if (!object) return null;
  const parts = object.type === 'GeometryCollection' ? (Array.isArray(object.geometries) ? object.geometries : []).map((part) => read(part)?.coordinates) : [object.coordinates];
  return boxAround(parts.flatMap((part) => positions(part)));
}

/** The box of a WKT polygon, multipolygon or point (DCAT's dcat:bbox, locn:geometry), else null. */
export function wktBox(value: string): Box | null {
  const text = value.replace(/^\s*<[^>]+>\s*/, ''); // an optional CRS IRI before the geometry
  if (!/^\s*(MULTI)?(POLYGON|POINT)\s*\(/i.test(text)) return null;
  return boxAround(Array.from(text.matchAll(/(-?\d+(?:\.\d+)?(?:e-?\d+)?)\s+(-?\d+(?:\.\d+)?(?:e-?\d+)?)/gi), (m) => [Number(m[1]), Number(m[2])]));
}

/** A page entry from the fields a reader found: skipped without an identifier or a title. */
export function entry(remoteId: unknown, fields: Omit<RemoteRecord, 'remoteId' | 'title'> & { title: unknown }): PageEntry {
  // Without NUL, which the database cannot hold: the page's every identifier is recorded as seen.
  // eslint-disable-next-line no-control-regex -- NUL
  const id = typeof remoteId === 'string' || typeof remoteId === 'number' ? String(remoteId).replace(/\u0000/g, '').trim().slice(0, 500) : '';
  if (!id) return { ok: false, remoteId: null, reason: 'harvest.reasonNoIdentifier' };
  const title = plainText(fields.title).replace(/\s+/g, ' ').slice(0, 255);
  if (!title) return { ok: false, remoteId: id, reason: 'harvest.reasonNoTitle' };
  return { ok: true, record: { ...fields, remoteId: id, title, description: fields.description.slice(0, 100_000) } };
}

/** A JSON document, or a bad-document failure saying why. */
export function parseJson(text: string): unknown {
  return JSON.parse(text);
}

/** `url` with its query parameters set (replacing those of the same name). */
export function withParams(url: string, params: Record<string, string | number | null>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) {
    if (value === null) target.searchParams.delete(name);
    else target.searchParams.set(name, String(value));
  }
  return target.toString();
}

/** The site's root without a trailing slash, and without the API path a user may have pasted. */
export function siteRoot(url: string, apiPath: RegExp): string {
  const target = new URL(url);
  target.search = '';
  target.hash = '';
  return target.toString().replace(apiPath, '').replace(/\/+$/, '');
}

/** A distribution's link when its URL is http(s), else none; its key is the remote's id, else its URL. */
export function remoteLink(id: unknown, title: unknown, url: unknown, formats: unknown[], main = false): RemoteLink[] {
  const href = typeof url === 'string' ? url.trim() : '';
  if (!/^https?:\/\//i.test(href) || href.length > 2000) return [];
  const key = (typeof id === 'string' || typeof id === 'number' ? String(id).trim() : '') || href;
  const name = plainText(title).replace(/\s+/g, ' ').trim().slice(0, 255) || href.slice(0, 255);
  return [{ key: key.slice(0, 2000), title: name, url: href, formats: formats.filter((value): value is string => typeof value === 'string' && value.trim() !== ''), main }];
}
