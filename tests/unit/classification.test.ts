import { describe, expect, it } from 'vitest';
import { classBreaks, numbersOf, paletteColours, PALETTES } from '../../src/admin/resources/classification.ts';
import { editorConfigOf, graduate, styleOf } from '../../src/admin/resources/styleConfig.ts';

describe('graduated classes', () => {
  const values = [1, 2, 3, 10, 11, 12, 20, 21, 22];

  it('breaks numbers by equal intervals, quantiles and natural breaks', () => {
    expect(classBreaks(values, 'equal', 3)).toEqual([[1, 8], [8, 15], [15, 22]]);
    expect(classBreaks(values, 'quantile', 3)).toEqual([[1, 10], [10, 20], [20, 22]]);
    expect(classBreaks(values, 'jenks', 3)).toEqual([[1, 10], [10, 20], [20, 22]]);
    expect(classBreaks([5, 1, 100, 2, 3, 4, 98, 99], 'jenks', 2)).toEqual([[1, 98], [98, 100]]);
    // Fewer distinct values than classes: one class per value at most; no number, no class.
    expect(classBreaks([4, 4, 7], 'quantile', 5)).toEqual([[4, 7]]);
    expect(classBreaks([], 'equal', 5)).toEqual([]);
    expect(numbersOf([1, '2.5', '', null, 'x'])).toEqual([1, 2.5]);
  });

  it('gives 2 to 12 colours of a named palette, colour-blind-safe palettes first', () => {
    expect(PALETTES.findIndex((palette) => !palette.colourBlindSafe)).toBeGreaterThan(PALETTES.filter((palette) => palette.colourBlindSafe).length - 1);
    expect(paletteColours('Blues', 2)).toEqual(['#f7fbff', '#08306b']);
    expect(paletteColours('YlOrRd', 9)).toEqual(PALETTES[0].anchors);
    for (let count = 2; count <= 12; count += 1) expect(new Set(paletteColours('RdYlBu', count)).size).toBe(count);
  });

  it('makes a GeoStyler style of graduated classes, which the editor reads back', () => {
    const config = graduate('population', values, 'quantile', 3, 'Blues', { size: 6, opacity: 0.7 });
    const style = styleOf(config, 'MultiPolygon', 'communes');
    expect(style.rules.map((rule) => [rule.name, rule.filter])).toEqual([
      ['1 – 10', ['&&', ['>=', 'population', 1], ['<', 'population', 10]]],
      ['10 – 20', ['&&', ['>=', 'population', 10], ['<', 'population', 20]]],
      ['20 – 22', ['&&', ['>=', 'population', 20], ['<=', 'population', 22]]],
    ]);
    expect(style.rules[0].symbolizers).toEqual([{ kind: 'Fill', color: '#f7fbff', fillOpacity: 0.7, outlineColor: '#f7fbff', outlineWidth: 1 }]);
    expect(editorConfigOf(style, 'MultiPolygon')).toMatchObject({ kind: 'graduated', column: 'population', classes: config.kind === 'graduated' ? config.classes : [] });
    // Another shape than the editor's: not shown in the editor, kept as it is.
    expect(editorConfigOf({ ...style, rules: style.rules.map((rule) => ({ ...rule, scaleDenominator: { max: 50000 } })) }, 'MultiPolygon')).toBeNull();
  });
});
