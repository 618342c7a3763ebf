import { describe, expect, it } from 'vitest';
import { editorConfigOf, styleOf } from '../../src/admin/resources/styleConfig.ts';
import type { StyleConfig } from '../../src/admin/resources/resourcesApi.ts';

describe("the editor's symbol settings and labels", () => {
  const classified: StyleConfig = { kind: 'classified', column: 'mode', size: 6, opacity: 0.8, classes: [{ value: 'bus', color: '#e41a1c' }, { value: 'tram', color: '#377eb8' }] };

  it('draws points with the shape and stroke, lines with the dash, polygons with the outline, and labels every rule', () => {
    const config: StyleConfig = { ...classified, symbol: { shape: 'star', strokeColor: '#000000', strokeWidth: 2, dash: 'dash', outlineColor: '#333333', outlineWidth: 0.5 }, label: 'nom' };
    const text = { kind: 'Text', label: '{{nom}}', size: 12, color: '#222222', haloColor: '#ffffff', haloWidth: 1 };
    expect(styleOf(config, 'Point', 's').rules[1].symbolizers).toEqual([
      { kind: 'Mark', wellKnownName: 'star', color: '#377eb8', radius: 6, fillOpacity: 0.8, strokeColor: '#000000', strokeWidth: 2 },
      text,
    ]);
    expect(styleOf(config, 'MultiLineString', 's').rules[0].symbolizers).toEqual([{ kind: 'Line', color: '#e41a1c', width: 3, opacity: 0.8, dasharray: [6, 3] }, text]);
    expect(styleOf(config, 'Polygon', 's').rules[0].symbolizers).toEqual([{ kind: 'Fill', color: '#e41a1c', fillOpacity: 0.8, outlineColor: '#333333', outlineWidth: 0.5 }, text]);
  });

  it('reads back the settings of a style it made, for every geometry', () => {
    for (const geometry of ['Point', 'MultiLineString', 'Polygon', 'Geometry']) {
      const config: StyleConfig = { ...classified, symbol: { shape: 'triangle', strokeColor: '#000000', strokeWidth: 2, dash: 'dot', outlineWidth: 3 }, label: 'nom' };
      const style = styleOf(config, geometry, 's');
      const read = editorConfigOf(style, geometry);
      expect(read, geometry).not.toBeNull();
      expect(styleOf(read!, geometry, 's'), geometry).toEqual(style);
      expect(read!.label).toBe('nom');
    }
  });
});
