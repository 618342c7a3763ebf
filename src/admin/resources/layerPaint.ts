/**
 * A layer style (a GeoStyler style, schemas/styles.ts) as MapLibre layers of the layer's vector
 * tiles: each rule's symbolizers in drawing order — Fill as a fill and its outline, Line as a line
 * (dashes kept), Mark as a circle, Text as a label of its column's value (glyphs drawn by the
 * browser: the map has no glyph server) — drawn only on the geometries they suit, filtered by the
 * rule's filter (an "other values" rule's negated union is the fallback of the listed values) and
 * shown between the zooms of its scale range. Pure: the map applies what this returns.
 */
import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import { labelColumn, zoomOfScale, type Filter, type Rule, type Style, type Symbolizer } from '../../../schemas/styles.ts';

export { zoomOfScale };

/** The vector source of the layer's tiles in the map's style. */
export const FEATURE_SOURCE = 'layer';

/** Feature layers' ids start with this (those a click opens a popup on). */
export const FEATURE_LAYER_PREFIX = 'rule-';

const isType = (...types: string[]): ExpressionSpecification => ['in', ['geometry-type'], ['literal', types]];
const POLYGONS = isType('Polygon', 'MultiPolygon');
const LINES = isType('LineString', 'MultiLineString');
const POINTS = isType('Point', 'MultiPoint');
const POINTS_AND_POLYGONS = isType('Point', 'MultiPoint', 'Polygon', 'MultiPolygon');


/** A GeoStyler filter as a MapLibre expression (a value compared as text when the literal is text, else as a number). */
export function filterExpression(filter: Filter): ExpressionSpecification {
  const [operator, ...args] = filter as unknown[];
  if (operator === '&&') return ['all', ...args.map((arg) => filterExpression(arg as Filter))];
  if (operator === '||') return ['any', ...args.map((arg) => filterExpression(arg as Filter))];
  if (operator === '!') return ['!', filterExpression(args[0] as Filter)];
  const [column, literal] = args as [string, string | number | boolean | null];
  const value: ExpressionSpecification =
    typeof literal === 'number' ? ['to-number', ['get', column], Number.NaN] : ['to-string', ['coalesce', ['get', column], '']];
  const compared = typeof literal === 'number' ? literal : String(literal ?? '');
  return [operator as '==', value, compared] as ExpressionSpecification;
}

type Drawn = { type: 'fill' | 'line' | 'circle' | 'symbol'; on: ExpressionSpecification; paint: Record<string, unknown>; layout?: Record<string, unknown> };

/** A label: the column's value (or the fixed text), its size, colour and halo; along lines on lines. */
function labelDrawings(s: Record<string, unknown>): Drawn[] {
  if (typeof s.label !== 'string' || s.label === '') return [];
  const column = labelColumn(s.label);
  const text: ExpressionSpecification | string = column ? ['to-string', ['coalesce', ['get', column], '']] : s.label;
  const paint = {
    'text-color': s.color ?? '#000000', 'text-opacity': (s.opacity as number | undefined) ?? 1,
    'text-halo-color': s.haloColor ?? '#ffffff', 'text-halo-width': s.haloColor ? ((s.haloWidth as number | undefined) ?? 1) : 0,
  };
  const layout = { 'text-field': text, 'text-size': s.size ?? 12 };
  return [
    { type: 'symbol', on: POINTS_AND_POLYGONS, paint, layout },
    { type: 'symbol', on: LINES, paint, layout: { ...layout, 'symbol-placement': 'line' } },
  ];
}

/** The MapLibre drawings of one symbolizer. */
export function drawingsOf(symbolizer: Symbolizer): Drawn[] {
  const s = symbolizer as unknown as Record<string, unknown>;
  const opacity = (s.opacity as number | undefined) ?? 1;
  if (symbolizer.kind === 'Fill') {
    return [
      { type: 'fill', on: POLYGONS, paint: { 'fill-color': s.color ?? '#000000', 'fill-opacity': ((s.fillOpacity as number | undefined) ?? 1) * opacity } },
      ...(s.outlineWidth === 0 ? [] : [{ type: 'line' as const, on: POLYGONS, paint: { 'line-color': s.outlineColor ?? s.color ?? '#000000', 'line-width': s.outlineWidth ?? 1, 'line-opacity': (s.outlineOpacity as number | undefined) ?? opacity } }]),
    ];
  }
  if (symbolizer.kind === 'Line') {
    const dash = s.dasharray as number[] | undefined;
    return [{ type: 'line', on: LINES, paint: { 'line-color': s.color ?? '#000000', 'line-width': s.width ?? 1, 'line-opacity': opacity, ...(dash?.length ? { 'line-dasharray': dash } : {}) } }];
  }
  if (symbolizer.kind === 'Mark') {
    return [{
      type: 'circle',
      on: POINTS,
      paint: {
        'circle-color': s.color ?? '#000000', 'circle-radius': s.radius ?? 5, 'circle-opacity': ((s.fillOpacity as number | undefined) ?? 1) * opacity,
        'circle-stroke-color': s.strokeColor ?? '#ffffff', 'circle-stroke-width': s.strokeWidth ?? 0, 'circle-stroke-opacity': (s.strokeOpacity as number | undefined) ?? opacity,
      },
    }];
  }
  if (symbolizer.kind === 'Text') return labelDrawings(s);
  return [];
}

function zoomRange(rule: Rule): { minzoom?: number; maxzoom?: number } {
  const scale = rule.scaleDenominator;
  return {
    ...(typeof scale?.max === 'number' ? { minzoom: zoomOfScale(scale.max as number) } : {}),
    ...(typeof scale?.min === 'number' ? { maxzoom: zoomOfScale(scale.min as number) } : {}),
  };
}

/** The map layers drawing the tile layer `sourceLayer` (the layer's codename) in the style, in drawing order. */
export function featureLayersOf(sourceLayer: string, style: Style): LayerSpecification[] {
  return style.rules.flatMap((rule, ruleIndex) =>
    rule.symbolizers.flatMap(drawingsOf).map(
      (drawn, index) =>
        ({
          id: `${FEATURE_LAYER_PREFIX}${ruleIndex}-${index}`,
          type: drawn.type,
          source: FEATURE_SOURCE,
          'source-layer': sourceLayer,
          filter: rule.filter ? ['all', drawn.on, filterExpression(rule.filter)] : drawn.on,
          paint: drawn.paint,
          ...(drawn.layout ? { layout: drawn.layout } : {}),
          ...zoomRange(rule),
        }) as LayerSpecification,
    ),
  );
}
