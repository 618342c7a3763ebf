import { describe, expect, it } from 'vitest';
import { defaultStyle, legacyToStyle, type Style } from '../../schemas/styles.ts';
import { readStyleFile, StyleFileError, styleToQml, styleToSld } from '../../src/server/datastore/styleFiles.ts';

const STYLE: Style = {
  name: 'publish_style_1',
  rules: [
    { name: 'bus', filter: ['==', 'kind', '<tram> & "co"'], symbolizers: [{ kind: 'Mark', wellKnownName: 'square', color: '#e31a1c', radius: 4, fillOpacity: 0.5, strokeColor: '#ffffff', strokeWidth: 1 }] },
    {
      name: '10 – 20',
      filter: ['&&', ['>=', 'population', 10], ['<', 'population', 20]],
      symbolizers: [
        { kind: 'Fill', color: '#fee8c8', fillOpacity: 0.7, outlineColor: '#333333', outlineWidth: 0.5 },
        { kind: 'Text', label: '{{name}}', size: 12, color: '#000000', haloColor: '#ffffff', haloWidth: 1 },
      ],
    },
    { name: 'roads', scaleDenominator: { min: 1000, max: 50000 }, symbolizers: [{ kind: 'Line', color: '#0000ff', width: 2, dasharray: [4, 2], opacity: 0.8 }] },
    { name: 'Other values', filter: ['!', ['||', ['==', 'kind', '<tram> & "co"'], ['==', 'kind', 'metro']]], symbolizers: [{ kind: 'Mark', wellKnownName: 'circle', color: '#9e9e9e', radius: 4 }] },
  ],
};

describe('style files', () => {
  it('writes an SLD that reads back as the same style, its values escaped', async () => {
    const sld = await styleToSld(STYLE, 'publish_style_1');
    expect(sld).toContain('<ogc:Literal>&lt;tram&gt; &amp; &quot;co&quot;</ogc:Literal>');
    expect(sld).not.toContain('<tram>');
    expect(sld).toContain('<NamedLayer><Name>publish_style_1</Name>');
    // The other values: the negation of the union of the listed ones.
    expect(sld).toContain('<ogc:Not><ogc:Or><ogc:PropertyIsEqualTo>');
    // The label: its column, size, colour and halo.
    expect(sld).toContain('<TextSymbolizer><Label><ogc:PropertyName>name</ogc:PropertyName></Label><Font><CssParameter name="font-size">12</CssParameter></Font><Halo><Radius>1</Radius><Fill><CssParameter name="fill">#ffffff</CssParameter></Fill></Halo><Fill><CssParameter name="fill">#000000</CssParameter></Fill></TextSymbolizer>');
    expect(await readStyleFile(sld, 'sld')).toEqual(STYLE);
  });

  it('writes the legacy styles of every geometry as SLD that reads back identically', async () => {
    for (const geometry of ['Point', 'MultiLineString', 'Polygon', 'Geometry']) {
      const style = legacyToStyle({ kind: 'classified', column: 'kind', size: 6, opacity: 0.8, classes: [{ value: 'a', color: '#111111' }, { value: 'b', color: '#222222' }] }, geometry, 'x');
      expect(await readStyleFile(await styleToSld(style, 'x'), 'sld'), geometry).toEqual(style);
    }
    expect(defaultStyle('Polygon').rules[0].symbolizers).toEqual([{ kind: 'Fill', color: '#1f78b4', fillOpacity: 0.8, outlineColor: '#1f78b4', outlineWidth: 1 }]);
  });

  it('reads a QGIS .qml as the same classes, and turns it into SLD', async () => {
    const qml = await styleToQml(STYLE);
    expect(qml).toContain('<qgis');
    const read = await readStyleFile(qml, 'qml');
    expect(read.rules.map((rule) => [rule.name, rule.filter, rule.scaleDenominator])).toEqual(STYLE.rules.map((rule) => [rule.name, rule.filter, rule.scaleDenominator]));
    expect(read.rules[0].symbolizers[0]).toMatchObject({ kind: 'Mark', wellKnownName: 'square', radius: 4 });
    expect(read.rules[2].symbolizers[0]).toMatchObject({ kind: 'Line', width: 2, dasharray: [4, 2] });
    // The labels the parser writes but does not read come back on their rule, with their halo.
    expect(read.rules[1].symbolizers[1]).toEqual({ kind: 'Text', label: '{{name}}', size: 12, color: '#000000', haloColor: '#ffffff', haloWidth: 1 });
    expect(read.rules.map((rule) => rule.symbolizers.filter((symbolizer) => symbolizer.kind === 'Text').length)).toEqual([0, 1, 0, 0]);
    const sld = await styleToSld(read, 'from_qml');
    expect((await readStyleFile(sld, 'sld')).rules.map((rule) => rule.filter)).toEqual(STYLE.rules.map((rule) => rule.filter));
  });

  it("reads a QGIS file's simple labelling as a label on every rule", async () => {
    const qml = `<qgis><renderer-v2 type="singleSymbol"><symbols><symbol type="marker" name="0"><layer class="SimpleMarker"><prop k="color" v="255,0,0,255"/></layer></symbol></symbols></renderer-v2>
      <labeling type="simple"><settings><text-style fieldName="nom" fontSize="10" textColor="0,0,255,255"/><placement xOffset="0" yOffset="0"/><text-buffer bufferDraw="0" bufferSize="3" bufferColor="255,255,255,255"/></settings></labeling></qgis>`;
    const read = await readStyleFile(qml, 'qml');
    expect(read.rules[0].symbolizers.at(-1)).toEqual({ kind: 'Text', label: '{{nom}}', size: 10, color: '#0000ff' });
  });

  it('writes QML in the QGIS 3.28 format, and reads the older one of QGIS 3.0 to 3.26 too', async () => {
    const qml = await styleToQml(STYLE);
    expect(qml).toContain('<qgis version="3.28.0-Firenze"');
    expect(qml).toContain('<Option name="color" value="227,26,28,255" type="QString"/>');
    expect(qml).not.toContain('<prop ');
    const older = `<qgis version="3.22.0-Białowieża"><renderer-v2 type="singleSymbol"><symbols><symbol type="marker" name="0"><layer class="SimpleMarker"><prop k="color" v="255,0,0,255"/><prop k="name" v="square"/></layer></symbol></symbols></renderer-v2></qgis>`;
    expect((await readStyleFile(older, 'qml')).rules[0].symbolizers[0]).toMatchObject({ kind: 'Mark', wellKnownName: 'square', color: expect.stringMatching(/^#ff0000$/i) });
  });

  it('refuses files that are not styles', async () => {
    await expect(readStyleFile('<html><body>no</body></html>', 'sld')).rejects.toBeInstanceOf(StyleFileError);
    await expect(readStyleFile('not xml at all <', 'qml')).rejects.toBeInstanceOf(StyleFileError);
    await expect(readStyleFile('', 'sld')).rejects.toBeInstanceOf(StyleFileError);
  });
});
