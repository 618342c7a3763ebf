/**
 * A layer style: a GeoStyler style (geostyler-style), the format-neutral model the server turns into
 * SLD and QGIS .qml and the admin's map into MapLibre paint. Styles saved before that model (a
 * "legacy" config: one colour, or one colour per value of a column) are upgraded when read.
 */
import type { Filter, Rule, Style, Symbolizer } from 'geostyler-style';

export type { Filter, Rule, Style, Symbolizer };

/** The config of the first style model, still read and accepted. */
export type LegacyStyleConfig =
  | { kind: 'simple'; color: string; size: number; opacity: number }
  | { kind: 'classified'; column: string; size: number; opacity: number; classes: Array<{ value: string; color: string }> };

export const MAX_RULES = 50;
export const MAX_SYMBOLIZERS = 5;
export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** The marker shapes the editor offers and the parsers of SLD and QML share. */
export const MARK_SHAPES = ['circle', 'square', 'triangle', 'star', 'cross', 'x'] as const;
export type MarkShape = (typeof MARK_SHAPES)[number];
export const DEFAULT_COLOR = '#1f78b4';

export const isLegacyConfig = (value: unknown): value is LegacyStyleConfig =>
  !!value && typeof value === 'object' && !Array.isArray(value) && 'kind' in value && !('rules' in value);

/** Which symbolizers draw a layer of the geometry type (geographic_layers.geometry_type): all three for a mixed one. */
export function geometryFamily(geometryType: string | null | undefined): 'point' | 'line' | 'polygon' | 'mixed' {
  if (!geometryType) return 'point';
  if (/Polygon$/.test(geometryType)) return 'polygon';
  if (/LineString$/.test(geometryType)) return 'line';
  if (/Point$/.test(geometryType)) return 'point';
  return 'mixed';
}

/** The symbolizers of one colour for a layer of the geometry type (sizes in pixels). */
export function symbolizersFor(geometryType: string | null | undefined, color: string, size: number, opacity: number): Symbolizer[] {
  const mark: Symbolizer = { kind: 'Mark', wellKnownName: 'circle', color, radius: size, fillOpacity: opacity, strokeColor: '#ffffff', strokeWidth: 1 };
  const line: Symbolizer = { kind: 'Line', color, width: Math.max(1, size / 2), opacity };
  const fill: Symbolizer = { kind: 'Fill', color, fillOpacity: opacity, outlineColor: color, outlineWidth: 1 };
  const family = geometryFamily(geometryType);
  if (family === 'polygon') return [fill];
  if (family === 'line') return [line];
  if (family === 'point') return [mark];
  return [fill, line, mark];
}

/** The style of a legacy config: one rule, or one rule per class filtered on the column's value. */
export function legacyToStyle(config: LegacyStyleConfig, geometryType: string | null | undefined, name = 'style'): Style {
  if (config.kind === 'simple') return { name, rules: [{ name: 'default', symbolizers: symbolizersFor(geometryType, config.color, config.size, config.opacity) }] };
  return {
    name,
    rules: config.classes.map((entry) => ({
      name: entry.value,
      filter: ['==', config.column, entry.value] as Filter,
      symbolizers: symbolizersFor(geometryType, entry.color, config.size, config.opacity),
    })),
  };
}

/** A new style for a layer of the geometry type. */
export function defaultStyle(geometryType: string | null | undefined, name = 'style'): Style {
  return legacyToStyle({ kind: 'simple', color: DEFAULT_COLOR, size: 6, opacity: 0.8 }, geometryType, name);
}

/** A stored config as a style: legacy ones converted, others as they are. */
export function upgradeStyle(config: unknown, geometryType: string | null | undefined): Style {
  return isLegacyConfig(config) ? legacyToStyle(config, geometryType) : (config as Style);
}

/** The columns a filter reads (comparisons on a property name, combined by &&, || and !). */
export function filterColumns(filter: unknown): string[] {
  if (!Array.isArray(filter)) return [];
  const [operator, ...args] = filter as unknown[];
  if (operator === '&&' || operator === '||' || operator === '!') return args.flatMap(filterColumns);
  return typeof args[0] === 'string' ? [args[0]] : [];
}

/** The scale denominator of zoom 0 in Web Mercator (256 px tiles, 0.28 mm pixels: OGC WMTS GoogleMapsCompatible). */
export const ZOOM0_SCALE = 559_082_264.0287178;
/** The zoom of a scale denominator (0–24), and the scale denominator of a zoom. */
export const zoomOfScale = (scale: number) => Math.max(0, Math.min(24, Math.log2(ZOOM0_SCALE / scale)));
export const scaleOfZoom = (zoom: number) => ZOOM0_SCALE / 2 ** zoom;

/** The filter of the values no class lists: the negation of the union of `["==", column, value]`. */
export function otherValuesFilter(column: string, values: string[]): Filter {
  const listed = values.map((value) => ['==', column, value]);
  return (listed.length === 1 ? ['!', listed[0]] : ['!', ['||', ...listed]]) as Filter;
}

/** The column and values of an "other values" filter (otherValuesFilter), or null for another filter. */
export function otherValuesOf(filter: unknown): { column: string; values: string[] } | null {
  if (!Array.isArray(filter) || filter[0] !== '!' || filter.length !== 2 || !Array.isArray(filter[1])) return null;
  const inner = filter[1] as unknown[];
  const listed = (inner[0] === '||' ? inner.slice(1) : [inner]) as unknown[][];
  const column = listed[0]?.[1];
  const ok = typeof column === 'string' && listed.every((item) => Array.isArray(item) && item.length === 3 && item[0] === '==' && item[1] === column && typeof item[2] === 'string');
  return ok ? { column, values: listed.map((item) => item[2] as string) } : null;
}

/** The column a text symbolizer's label reads: "{{column}}", or null for fixed text. */
export function labelColumn(label: unknown): string | null {
  return typeof label === 'string' ? (/^\{\{(.+)\}\}$/.exec(label)?.[1] ?? null) : null;
}
