import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultStyle, type Style } from '../../schemas/styles.ts';
import { mapserverSld } from '../../src/server/datastore/apply.ts';
import { SCHEMA_DIR, sldSchemaComplaints, sldSchemaComplaintsOf } from '../../src/server/datastore/sldSchema.ts';
import { nameOtherValuesRules, styleToSld } from '../../src/server/datastore/styleFiles.ts';
import { styleOf } from '../../src/admin/resources/styleConfig.ts';
import type { StyleConfig } from '../../src/admin/resources/resourcesApi.ts';

const GEOMETRIES = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'Geometry'];
const LABEL = { column: 'nom', size: 12, color: '#333333', haloColor: '#ffffff', haloWidth: 1 };
const SYMBOL = { shape: 'triangle' as const, strokeColor: '#000000', strokeWidth: 1, dash: 'dash' as const, outlineColor: '#222222', outlineWidth: 0.5 };

/** Every kind of style the editor makes. */
const CONFIGS: Record<string, StyleConfig> = {
  single: { kind: 'simple', color: '#1f78b4', size: 6, opacity: 0.8 },
  categorised: { kind: 'classified', column: 'mode', size: 6, opacity: 0.8, classes: [{ value: 'bus', color: '#e41a1c' }, { value: '<tram> & "co"', color: '#377eb8' }], other: '#9e9e9e' },
  graduated: { kind: 'graduated', column: 'population', method: 'quantile', palette: 'YlOrRd', size: 6, opacity: 0.8, classes: [{ min: 0, max: 10.5, color: '#ffeda0' }, { min: 10.5, max: 100, color: '#f03b20' }] },
  'labelled, between two zooms, with symbol settings': { kind: 'classified', column: 'mode', size: 4, opacity: 1, classes: [{ value: 'bus', color: '#e41a1c' }], other: '#9e9e9e', symbol: SYMBOL, label: LABEL, zoom: { min: 8, max: 16 } },
  'from one zoom on': { kind: 'simple', color: '#1f78b4', size: 6, opacity: 0.8, label: LABEL, zoom: { min: 10 } },
};

describe('the SLD the platform writes', () => {
  it('validates against the SLD 1.0.0 schema for every kind of style and every geometry, downloaded or sent to the map server', async () => {
    const documents: Array<[string, string]> = [];
    for (const geometry of GEOMETRIES) {
      const styles: Array<[string, Style]> = [['default', defaultStyle(geometry)], ...Object.entries(CONFIGS).map(([kind, config]): [string, Style] => [kind, styleOf(config, geometry, 'Style')])];
      for (const [kind, style] of styles) {
        documents.push([`${geometry} ${kind}, map server`, await mapserverSld(style, 7)]);
        documents.push([`${geometry} ${kind}, download`, await styleToSld(nameOtherValuesRules(style, 'it'), 'publish_style_7')]);
      }
    }
    const complaints = await sldSchemaComplaintsOf(documents.map(([, text]) => text));
    expect(Object.fromEntries(documents.map(([label], index) => [label, complaints[index]]))).toEqual(Object.fromEntries(documents.map(([label]) => [label, []])));
  }, 60_000);

  it("accepts the OGC's example and names the place and the cause of what the schema refuses", async () => {
    expect(await sldSchemaComplaints(readFileSync(path.join(SCHEMA_DIR, 'sld/1.0.0/example-sld.xml'), 'utf8'))).toEqual([]);
    const sld = (await styleToSld(defaultStyle('Polygon'), 'x')).replace('<PolygonSymbolizer>', '<PolygonSymbolizer><Colour>red</Colour>');
    const complaints = await sldSchemaComplaints(sld);
    expect(complaints).toHaveLength(1);
    expect(complaints[0].message).toMatch(/Colour.*This element is not expected/);
    expect(complaints[0].line).toBeGreaterThan(0);
  });
});
