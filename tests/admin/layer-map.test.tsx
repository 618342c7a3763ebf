/**
 * The layer map's look: the style being edited as MapLibre paint properties of the layer's vector
 * tiles (polygon fill and outline, line colour and width, point circles; a classified style as a
 * `match` on the column's value, other values grey), and the map layers reading the tile layer named
 * after the layer's codename. The map itself needs WebGL, which the test DOM has not: the layer page
 * says so (tests/admin/geographic-layer.test.tsx) and the browser tests draw it (e2e/).
 */
import { describe, expect, it } from 'vitest';
import { colourOf, FEATURE_SOURCE, featureLayersOf, paintOf } from '../../src/admin/resources/layerPaint.ts';
import type { StyleConfig } from '../../src/admin/resources/resourcesApi.ts';
import { OTHER_COLOUR } from '../../src/admin/resources/styleConfig.ts';

const SIMPLE: StyleConfig = { kind: 'simple', color: '#1f78b4', size: 6, opacity: 0.8 };
const CLASSIFIED: StyleConfig = {
  kind: 'classified',
  column: 'mode',
  size: 4,
  opacity: 0.5,
  classes: [
    { value: 'bus', color: '#e41a1c' },
    { value: 'tram', color: '#377eb8' },
  ],
};

describe('the layer map style', () => {
  it('paints polygons, lines and points in the one colour of a simple style, sized and with its opacity', () => {
    expect(paintOf(SIMPLE)).toEqual({
      'layer-fill': { 'fill-color': '#1f78b4', 'fill-opacity': 0.8 },
      'layer-outline': { 'line-color': '#1f78b4', 'line-width': 1, 'line-opacity': 1 },
      'layer-line': { 'line-color': '#1f78b4', 'line-width': 3, 'line-opacity': 0.8 },
      'layer-point': { 'circle-color': '#1f78b4', 'circle-radius': 6, 'circle-opacity': 0.8, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1 },
    });
  });

  it("colours a classified style's features by their value of the column, other values grey", () => {
    expect(colourOf(CLASSIFIED)).toEqual(['match', ['to-string', ['coalesce', ['get', 'mode'], '']], 'bus', '#e41a1c', 'tram', '#377eb8', OTHER_COLOUR]);
    const paint = paintOf(CLASSIFIED);
    expect(paint['layer-fill']['fill-color']).toEqual(colourOf(CLASSIFIED));
    expect(paint['layer-point']['circle-radius']).toBe(4);
    expect(paint['layer-line']['line-width']).toBe(2);
    // A classification without classes yet draws everything grey (MapLibre refuses a match without pairs).
    expect(colourOf({ ...CLASSIFIED, classes: [] })).toBe(OTHER_COLOUR);
  });

  it("draws the tile layer named after the layer's codename, each geometry family with its own map layer", () => {
    const layers = featureLayersOf('resource_12', SIMPLE);
    expect(layers.map((layer) => [layer.id, layer.type, (layer as { source: string }).source, (layer as { 'source-layer': string })['source-layer']])).toEqual([
      ['layer-fill', 'fill', FEATURE_SOURCE, 'resource_12'],
      ['layer-outline', 'line', FEATURE_SOURCE, 'resource_12'],
      ['layer-line', 'line', FEATURE_SOURCE, 'resource_12'],
      ['layer-point', 'circle', FEATURE_SOURCE, 'resource_12'],
    ]);
    expect(layers.map((layer) => (layer as { filter: unknown }).filter)).toEqual([
      ['in', ['geometry-type'], ['literal', ['Polygon', 'MultiPolygon']]],
      ['in', ['geometry-type'], ['literal', ['Polygon', 'MultiPolygon']]],
      ['in', ['geometry-type'], ['literal', ['LineString', 'MultiLineString']]],
      ['in', ['geometry-type'], ['literal', ['Point', 'MultiPoint']]],
    ]);
  });
});
