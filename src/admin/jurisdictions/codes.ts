/**
 * Pure helpers of the jurisdiction form: reading a pasted list of INSEE codes and handling
 * bounding boxes ([min_lon, min_lat, max_lon, max_lat], spec sections 3 and 9).
 */
import { DEFAULT_MAP_BOUNDS } from '../../../schemas/constants.ts';

/** [min_lon, min_lat, max_lon, max_lat] (the server's `latlon_bounding_box`). */
export type BoundingBox = [number, number, number, number];

/** Leaflet's [[south, west], [north, east]]. */
export type LatLngBox = [[number, number], [number, number]];

/** An INSEE commune code: five digits, or 2A / 2B followed by three digits (Corsica). */
const INSEE_CODE = /^(\d{5}|2[AB]\d{3})$/;

export function isInseeCode(value: string): boolean {
  return INSEE_CODE.test(value);
}

export interface ParsedCodes {
  /** Well-formed codes, without duplicates, in the order given. */
  codes: string[];
  /** Entries that cannot be INSEE codes, as typed. */
  invalid: string[];
}

/**
 * Reads a list of INSEE codes separated by commas; semicolons, spaces, tabs and new lines are
 * tolerated too. Corsican codes are upper-cased ('2a004' → '2A004').
 */
export function parseInseeCodes(text: string): ParsedCodes {
  const codes: string[] = [];
  const invalid: string[] = [];
  for (const entry of text.split(/[\s,;]+/)) {
    if (!entry) continue;
    const code = entry.toUpperCase();
    if (!isInseeCode(code)) {
      if (!invalid.includes(entry)) invalid.push(entry);
    } else if (!codes.includes(code)) {
      codes.push(code);
    }
  }
  return { codes, invalid };
}

/** A form value read as a list of codes (anything else is no code). */
export const asCodes = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The union of two lists of codes, keeping the order of the first then the new ones. */
export function mergeCodes(current: readonly string[], added: readonly string[]): string[] {
  const result = [...current];
  for (const code of added) if (!result.includes(code)) result.push(code);
  return result;
}

export function isBoundingBox(value: unknown): value is BoundingBox {
  return Array.isArray(value) && value.length === 4 && value.every((n) => typeof n === 'number' && Number.isFinite(n));
}

/** Orders the corners: the server gives two opposite corners, not necessarily min then max. */
export function normaliseBox(box: readonly number[]): BoundingBox {
  const [lon1, lat1, lon2, lat2] = box;
  return [Math.min(lon1, lon2), Math.min(lat1, lat2), Math.max(lon1, lon2), Math.max(lat1, lat2)];
}

export const DEFAULT_BOX: BoundingBox = [...DEFAULT_MAP_BOUNDS] as BoundingBox;

export function toLatLngBox(box: BoundingBox): LatLngBox {
  const [minLon, minLat, maxLon, maxLat] = normaliseBox(box);
  return [
    [minLat, minLon],
    [maxLat, maxLon],
  ];
}

/** '5.2145,43.1697,5.5323,43.3912': the box in a compact, stable form (data attributes, tests). */
export function formatBox(box: BoundingBox): string {
  return normaliseBox(box)
    .map((n) => String(Math.round(n * 10000) / 10000))
    .join(',');
}
