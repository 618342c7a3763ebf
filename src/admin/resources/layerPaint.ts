/**
 * A layer style's look (StyleConfig) as MapLibre layers of the layer's vector tiles: polygons
 * filled with an outline, lines in their colour and width, points as circles; a classified style
 * colours each feature by its value of the column (a `match` expression, other values grey).
 * Pure: the map applies what this returns.
 */
import type { ExpressionSpecification, LayerSpecification } from 'maplibre-gl';
import type { StyleConfig } from './resourcesApi.ts';
import { OTHER_COLOUR } from './styleConfig.ts';

/** The vector source of the layer's tiles in the map's style. */
export const FEATURE_SOURCE = 'layer';

/** The map layers drawing the features, in drawing order (also those a click opens a popup on). */
export const FEATURE_LAYERS = ['layer-fill', 'layer-outline', 'layer-line', 'layer-point'] as const;
export type FeatureLayerId = (typeof FEATURE_LAYERS)[number];

/** An outline's width around a filled polygon (px). */
const OUTLINE_WIDTH = 1;

const isType = (...types: string[]): ExpressionSpecification => ['in', ['geometry-type'], ['literal', types]];
const FILTERS: Record<FeatureLayerId, ExpressionSpecification> = {
  'layer-fill': isType('Polygon', 'MultiPolygon'),
  'layer-outline': isType('Polygon', 'MultiPolygon'),
  'layer-line': isType('LineString', 'MultiLineString'),
  'layer-point': isType('Point', 'MultiPoint'),
};

/** The colour of a feature: one for all, or its class's. */
export function colourOf(config: StyleConfig): string | ExpressionSpecification {
  if (config.kind === 'simple' || config.classes.length === 0) return config.kind === 'simple' ? config.color : OTHER_COLOUR;
  const pairs = config.classes.flatMap((entry) => [entry.value, entry.color]);
  return ['match', ['to-string', ['coalesce', ['get', config.column], '']], ...pairs, OTHER_COLOUR] as ExpressionSpecification;
}

/** The paint properties of each feature layer for the style. */
export function paintOf(config: StyleConfig): Record<FeatureLayerId, Record<string, unknown>> {
  const colour = colourOf(config);
  return {
    'layer-fill': { 'fill-color': colour, 'fill-opacity': config.opacity },
    'layer-outline': { 'line-color': colour, 'line-width': OUTLINE_WIDTH, 'line-opacity': Math.min(1, config.opacity + 0.2) },
    'layer-line': { 'line-color': colour, 'line-width': Math.max(1, config.size / 2), 'line-opacity': config.opacity },
    'layer-point': { 'circle-color': colour, 'circle-radius': config.size, 'circle-opacity': config.opacity, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1 },
  };
}

const TYPES: Record<FeatureLayerId, 'fill' | 'line' | 'circle'> = { 'layer-fill': 'fill', 'layer-outline': 'line', 'layer-line': 'line', 'layer-point': 'circle' };

/** The map layers drawing the tile layer `sourceLayer` (the layer's codename) in the style. */
export function featureLayersOf(sourceLayer: string, config: StyleConfig): LayerSpecification[] {
  const paint = paintOf(config);
  return FEATURE_LAYERS.map((id) => ({ id, type: TYPES[id], source: FEATURE_SOURCE, 'source-layer': sourceLayer, filter: FILTERS[id], paint: paint[id] }) as LayerSpecification);
}
