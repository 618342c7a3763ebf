/**
 * The layer map's look: the GeoStyler style being edited as MapLibre layers of the layer's vector
 * tiles — each rule's symbolizers drawn on the geometries they suit, filtered by the rule's filter,
 * between the zooms of its scale range — reading the tile layer named after the layer's codename.
 * The map itself needs WebGL, which the test DOM has not: the layer page says so
 * (tests/admin/geographic-layer.test.tsx) and the browser tests draw it (e2e/).
 */
import { describe, expect, it } from 'vitest';
import { defaultStyle, legacyToStyle, type Style } from '../../schemas/styles.ts';
import { FEATURE_SOURCE, featureLayersOf, filterExpression, zoomOfScale } from '../../src/admin/resources/layerPaint.ts';

const POLYGONS = ['in', ['geometry-type'], ['literal', ['Polygon', 'MultiPolygon']]];
const LINES = ['in', ['geometry-type'], ['literal', ['LineString', 'MultiLineString']]];
const POINTS = ['in', ['geometry-type'], ['literal', ['Point', 'MultiPoint']]];

const GRADUATED: Style = {
  name: 'population',
  rules: [
    {
      name: '0 – 1000',
      filter: ['&&', ['>=', 'population', 0], ['<', 'population', 1000]],
      scaleDenominator: { min: 1000, max: 559082264 / 8 },
      symbolizers: [{ kind: 'Fill', color: '#fee8c8', fillOpacity: 0.7, outlineColor: '#333333', outlineWidth: 0.5 }],
    },
    { name: 'roads', filter: ['==', 'kind', 'road'], symbolizers: [{ kind: 'Line', color: '#0000ff', width: 2, dasharray: [4, 2], opacity: 0.8 }] },
    { name: 'labels', symbolizers: [{ kind: 'Text', label: '{{name}}', size: 14, color: '#333333', haloColor: '#ffff00', haloWidth: 2 }] },
  ],
};

const idsAndTypes = (style: Style) => featureLayersOf('resource_12', style).map((layer) => [layer.id, layer.type]);

describe('the layer map style', () => {
  it("draws a point layer's default style as circles of its colour, size and opacity", () => {
    const [layer] = featureLayersOf('resource_12', defaultStyle('Point'));
    expect(layer).toEqual({
      id: 'rule-0-0', type: 'circle', source: FEATURE_SOURCE, 'source-layer': 'resource_12', filter: POINTS,
      paint: { 'circle-color': '#1f78b4', 'circle-radius': 6, 'circle-opacity': 0.8, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1, 'circle-stroke-opacity': 1 },
    });
  });

  it('draws fills with their outline, lines with their dashes, each on its geometries', () => {
    expect(idsAndTypes(GRADUATED)).toEqual([['rule-0-0', 'fill'], ['rule-0-1', 'line'], ['rule-1-0', 'line'], ['rule-2-0', 'symbol'], ['rule-2-1', 'symbol']]);
    const [fill, outline, line] = featureLayersOf('resource_12', GRADUATED) as Array<{ paint: object; filter: unknown; minzoom?: number; maxzoom?: number }>;
    expect(fill.paint).toEqual({ 'fill-color': '#fee8c8', 'fill-opacity': 0.7 });
    expect(outline.paint).toEqual({ 'line-color': '#333333', 'line-width': 0.5, 'line-opacity': 1 });
    expect(line.paint).toEqual({ 'line-color': '#0000ff', 'line-width': 2, 'line-opacity': 0.8, 'line-dasharray': [4, 2] });
    expect(fill.filter).toEqual(['all', POLYGONS, ['all', ['>=', ['to-number', ['get', 'population'], Number.NaN], 0], ['<', ['to-number', ['get', 'population'], Number.NaN], 1000]]]);
    expect(line.filter).toEqual(['all', LINES, ['==', ['to-string', ['coalesce', ['get', 'kind'], '']], 'road']]);
    expect(fill.minzoom).toBeCloseTo(3);
    expect(fill.maxzoom).toBeCloseTo(zoomOfScale(1000));
    expect(line.minzoom).toBeUndefined();
  });

  it("draws a legacy classification's classes on every geometry of a mixed layer", () => {
    const style = legacyToStyle({ kind: 'classified', column: 'mode', size: 4, opacity: 0.5, classes: [{ value: 'bus', color: '#e41a1c' }, { value: 'tram', color: '#377eb8' }] }, 'Geometry');
    expect(idsAndTypes(style)).toEqual([
      ['rule-0-0', 'fill'], ['rule-0-1', 'line'], ['rule-0-2', 'line'], ['rule-0-3', 'circle'],
      ['rule-1-0', 'fill'], ['rule-1-1', 'line'], ['rule-1-2', 'line'], ['rule-1-3', 'circle'],
    ]);
    expect(filterExpression(['!', ['==', 'mode', 'bus']])).toEqual(['!', ['==', ['to-string', ['coalesce', ['get', 'mode'], '']], 'bus']]);
  });

  it("labels features with their column's value, size, colour and halo, along lines on lines", () => {
    const [around, along] = featureLayersOf('resource_12', GRADUATED).slice(3) as Array<{ layout: object; paint: object; filter: unknown }>;
    const layout = { 'text-field': ['to-string', ['coalesce', ['get', 'name'], '']], 'text-size': 14 };
    expect(around.layout).toEqual(layout);
    expect(along.layout).toEqual({ ...layout, 'symbol-placement': 'line' });
    expect(around.paint).toEqual({ 'text-color': '#333333', 'text-opacity': 1, 'text-halo-color': '#ffff00', 'text-halo-width': 2 });
    expect(around.filter).toEqual(['in', ['geometry-type'], ['literal', ['Point', 'MultiPoint', 'Polygon', 'MultiPolygon']]]);
    expect(along.filter).toEqual(LINES);
  });

  it('draws the values no class lists with the "other values" rule, a fallback of the listed values', () => {
    const style: Style = {
      name: 'mode',
      rules: [
        { name: 'bus', filter: ['==', 'mode', 'bus'], symbolizers: [{ kind: 'Line', color: '#e41a1c', width: 2 }] },
        { name: 'Other values', filter: ['!', ['||', ['==', 'mode', 'bus'], ['==', 'mode', 'tram']]], symbolizers: [{ kind: 'Line', color: '#9e9e9e', width: 2 }] },
      ],
    };
    const [, other] = featureLayersOf('resource_12', style) as Array<{ filter: unknown; paint: object }>;
    const mode = ['to-string', ['coalesce', ['get', 'mode'], '']];
    expect(other.filter).toEqual(['all', LINES, ['!', ['any', ['==', mode, 'bus'], ['==', mode, 'tram']]]]);
    expect(other.paint).toMatchObject({ 'line-color': '#9e9e9e' });
  });
});
