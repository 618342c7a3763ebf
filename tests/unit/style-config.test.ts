import { describe, expect, it } from 'vitest';
import { scaleOfZoom } from '../../schemas/styles.ts';
import { classify, defaultCategoryColumn, editorConfigOf, legendOf, OTHER_COLOUR, styleOf } from '../../src/admin/resources/styleConfig.ts';
import type { StyleConfig } from '../../src/admin/resources/resourcesApi.ts';

const LABEL = { column: 'nom', size: 14, color: '#333333', haloColor: '#ffff00', haloWidth: 2 };

describe("the editor's symbol settings and labels", () => {
  const classified: StyleConfig = { kind: 'classified', column: 'mode', size: 6, opacity: 0.8, classes: [{ value: 'bus', color: '#e41a1c' }, { value: 'tram', color: '#377eb8' }] };

  it('draws points with the shape and stroke, lines with the dash, polygons with the outline, and labels every rule with their size, colour and halo', () => {
    const config: StyleConfig = { ...classified, symbol: { shape: 'star', strokeColor: '#000000', strokeWidth: 2, dash: 'dash', outlineColor: '#333333', outlineWidth: 0.5 }, label: LABEL };
    const text = { kind: 'Text', label: '{{nom}}', size: 14, color: '#333333', haloColor: '#ffff00', haloWidth: 2 };
    expect(styleOf(config, 'Point', 's').rules[1].symbolizers).toEqual([
      { kind: 'Mark', wellKnownName: 'star', color: '#377eb8', radius: 6, fillOpacity: 0.8, strokeColor: '#000000', strokeWidth: 2 },
      text,
    ]);
    expect(styleOf(config, 'MultiLineString', 's').rules[0].symbolizers).toEqual([{ kind: 'Line', color: '#e41a1c', width: 3, opacity: 0.8, dasharray: [6, 3] }, text]);
    expect(styleOf(config, 'Polygon', 's').rules[0].symbolizers).toEqual([{ kind: 'Fill', color: '#e41a1c', fillOpacity: 0.8, outlineColor: '#333333', outlineWidth: 0.5 }, text]);
  });

  it('reads back the settings of a style it made, for every geometry', () => {
    for (const geometry of ['Point', 'MultiLineString', 'Polygon', 'Geometry']) {
      const config: StyleConfig = { ...classified, symbol: { shape: 'triangle', strokeColor: '#000000', strokeWidth: 2, dash: 'dot', outlineWidth: 3 }, label: LABEL, other: '#aaaaaa', zoom: { min: 8, max: 16 } };
      const style = styleOf(config, geometry, 's');
      const read = editorConfigOf(style, geometry);
      expect(read, geometry).not.toBeNull();
      expect(styleOf(read!, geometry, 's'), geometry).toEqual(style);
      expect(read).toMatchObject({ label: LABEL, other: '#aaaaaa', zoom: { min: 8, max: 16 } });
    }
  });
});

describe('the other values of a classification', () => {
  const config = classify('mode', ['tram', 'bus', 'tram'], { size: 6, opacity: 0.8 });

  it('are listed numbers by their value and text alphabetically, not numbers as text (11, 22, 50, 7)', () => {
    const values = (input: unknown[]) => {
      const classified = classify('c', input, { size: 6, opacity: 1 });
      return classified.kind === 'classified' ? classified.classes.map((entry) => entry.value) : [];
    };
    expect(values([50, 7, 22, 11, 7, -3, 2.5])).toEqual(['-3', '2.5', '7', '11', '22', '50']);
    expect(values(['Zone 10', 'zone 9', 'Étang', 'Eau', 'Forêt'])).toEqual(['Eau', 'Étang', 'Forêt', 'zone 9', 'Zone 10']);
  });

  it('are drawn in grey by default, by a last rule whose filter is the negation of the listed values', () => {
    expect(config.other).toBe(OTHER_COLOUR);
    const rules = styleOf(config, 'Polygon', 's').rules;
    expect(rules.map((rule) => rule.filter)).toEqual([['==', 'mode', 'bus'], ['==', 'mode', 'tram'], ['!', ['||', ['==', 'mode', 'bus'], ['==', 'mode', 'tram']]]]);
    expect(rules[2].symbolizers[0]).toMatchObject({ kind: 'Fill', color: OTHER_COLOUR });
    const single = styleOf({ kind: 'classified', column: 'mode', size: 6, opacity: 1, classes: [{ value: 'bus', color: '#e41a1c' }], other: OTHER_COLOUR }, 'Point', 's').rules;
    expect(single[1].filter).toEqual(['!', ['==', 'mode', 'bus']]);
  });

  it('are listed last in the legend, marked as other values', () => {
    expect(legendOf(styleOf({ ...config, other: '#123456' }, 'Point', 's'))).toEqual([
      { label: 'bus', color: '#e41a1c', other: false },
      { label: 'tram', color: '#377eb8', other: false },
      { label: 'Other values', color: '#123456', other: true },
    ]);
  });

  it('are not drawn once switched off, and a style without them reads back without them', () => {
    const { other: _off, ...without } = config;
    const style = styleOf(without, 'Point', 's');
    expect(style.rules).toHaveLength(2);
    expect(editorConfigOf(style, 'Point')).not.toHaveProperty('other');
  });
});

describe('the zooms a style is drawn between', () => {
  it("become every rule's scale range, by the Web Mercator scale of 256-px tiles", () => {
    const style = styleOf({ kind: 'simple', color: '#000000', size: 6, opacity: 1, zoom: { min: 10, max: 15 } }, 'Point', 's');
    expect(style.rules[0].scaleDenominator).toEqual({ min: scaleOfZoom(15), max: scaleOfZoom(10) });
    expect(scaleOfZoom(10)).toBeCloseTo(545978.77, 1);
    expect(styleOf({ kind: 'simple', color: '#000000', size: 6, opacity: 1, zoom: { min: 3 } }, 'Point', 's').rules[0].scaleDenominator).toEqual({ max: scaleOfZoom(3) });
  });
});

describe("a classification's first column", () => {
  const valuesIn = (rows: Record<string, unknown>[]) => (column: string) => rows.map((row) => row[column]);

  it('is the first column of text or small integers whose few values repeat, past coordinates and identifiers', () => {
    const rows = [
      { x_wgs84: 4.8, lat: 45.7, gid: 1, code_insee: '69381', nom: 'A', niveaux: 2, ville: 'Lyon' },
      { x_wgs84: 4.9, lat: 45.8, gid: 2, code_insee: '69382', nom: 'B', niveaux: 3, ville: 'Lyon' },
      { x_wgs84: 5.0, lat: 45.9, gid: 3, code_insee: '69383', nom: 'C', niveaux: 2, ville: 'Bron' },
    ];
    expect(defaultCategoryColumn(Object.keys(rows[0]), valuesIn(rows))).toBe('niveaux');
  });

  it("skips the layer's own X and Y whatever their names, decimals and large numbers, and falls back on the first other column", () => {
    const rows = [
      { est: 843500, nord: 6519800, surface: 12.5, nom: 'A' },
      { est: 843600, nord: 6519900, surface: 14.25, nom: 'B' },
    ];
    expect(defaultCategoryColumn(Object.keys(rows[0]), valuesIn(rows), ['est', 'nord'])).toBe('nom');
    expect(defaultCategoryColumn(['est', 'nord', 'surface'], valuesIn(rows), ['est', 'nord'])).toBe('surface');
  });
});
