import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../schemas/scenarios.ts';
import { datastoreStorage } from '../../src/server/datastore/geometry.ts';
import { loadResourceIntoDatastore } from '../../src/server/datastore/index.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';
import { dataFile, scenarioContext, insertResources } from './datastore-helpers.ts';
import { startGeoServerMock, type GeoServerMock } from './geoserver-mock.ts';
import { groupIds, multipart } from './accounts-helpers.ts';

let t: TestApp;
let bare: TestApp;
let geoserver: GeoServerMock;
let admin: SignedIn;
let editor: SignedIn;
let layerId: number;

beforeAll(async () => {
  geoserver = await startGeoServerMock({ styleColumns: ['id', 'kind', 'name', 'lon', 'lat'] });
  t = await createTestApp({ mapserverUrl: geoserver.url }, { tasks: true });
  admin = await t.signIn('admin');
  editor = await t.signIn('editor');
  await insertResources(t.db, [3, 7, 8, 9]);
  // 400 stops on a 20 × 20 grid over Lyon (4.80–4.99 E, 45.70–45.89 N), one kind in three a tram.
  const lines = ['id;kind;name;lon;lat'];
  for (let i = 0; i < 400; i += 1) lines.push(`${i};${i % 3 === 0 ? 'tram' : 'bus'};Arrêt ${i};${(4.8 + (i % 20) * 0.01).toFixed(2)};${(45.7 + Math.floor(i / 20) * 0.01).toFixed(2)}`);
  const result = await loadResourceIntoDatastore(scenarioContext(t.db).context, { resourceId: 7, filePath: dataFile(lines.join('\n')), format: 'csv', columnX: 'lon', columnY: 'lat', crs: 4326 });
  layerId = result!.layerId!;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await bare?.close();
  await geoserver?.close();
});

const get = (user: SignedIn, url: string) => t.app.inject({ url, headers: user.jwtHeaders });
const send = (user: SignedIn, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: user.jwtHeaders, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('geographic layers', () => {
  it('reads a layer with its table, bbox and styles, lists them by resource, and renames it', async () => {
    const response = await get(admin, `/fr/geospatial/geographiclayer/${layerId}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: layerId, resource_id: 7, display_name: 'Resource 7', codename: 'resource_7', column_x: 'lon', column_y: 'lat', crs: 4326,
      bbox: [4.8, 45.7, 4.99, 45.89], feature_count: 400, schema_name: 'datastore', table_name: 'resource_7', styles: [],
      geometry_type: 'Point', storage: await datastoreStorage(t.db), source_layer: null,
    });
    const list = (await get(admin, '/fr/geospatial/geographiclayer/?resource_id=7')).json();
    expect(list.count).toBe(1);
    expect(list.results[0].id).toBe(layerId);
    expect((await get(admin, '/fr/geospatial/geographiclayer/?resource_id=8')).json().count).toBe(0);
    const renamed = await send(admin, 'PATCH', `/fr/geospatial/geographiclayer/${layerId}/`, { display_name: 'Arrêts TCL' });
    expect(renamed.json().display_name).toBe('Arrêts TCL');
    const empty = await send(admin, 'PATCH', `/en/geospatial/geographiclayer/${layerId}/`, { display_name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ display_name: ['This field is required.'] });
    // Plain text on one line, as every name: the map server publishes it as the layer's title, in XML.
    const marked = await send(admin, 'PATCH', `/fr/geospatial/geographiclayer/${layerId}/`, { display_name: '<b>Arrêts</b> <img src=x onerror=alert(1)>TCL\u0007\uffff\n(Lyon)' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().display_name).toBe('Arrêts TCL (Lyon)');
    expect((await send(admin, 'PATCH', `/en/geospatial/geographiclayer/${layerId}/`, { display_name: '<i></i>\u0008' })).json()).toEqual({ display_name: ['This field is required.'] });
    expect((await send(admin, 'PATCH', `/fr/geospatial/geographiclayer/${layerId}/`, { display_name: 'Arrêts TCL' })).json().display_name).toBe('Arrêts TCL');
  });

  it('hides layers from whoever does not reach them, and answers 404 for unknown ones', async () => {
    expect((await get(editor, `/fr/geospatial/geographiclayer/${layerId}/`)).statusCode).toBe(404);
    expect((await send(editor, 'PATCH', `/fr/geospatial/geographiclayer/${layerId}/`, { display_name: 'x' })).statusCode).toBe(404);
    expect((await get(editor, '/fr/geospatial/geographiclayer/')).json().count).toBe(0);
    expect((await get(admin, '/fr/geospatial/geographiclayer/99999/')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/fr/geospatial/geographiclayer/${layerId}/` })).statusCode).toBe(401);
  });

  it("shows a layer's data (features, tiles) from the consultation level only: who just finds its dataset sees its name", async () => {
    const owner = (await t.db.query('SELECT usergroup_id FROM resources WHERE id = 7')).rows[0].usergroup_id;
    const dataset = (await send(admin, 'POST', '/fr/dataset/datasets/', { display_name: 'Arrêts de Lyon', usergroup: owner })).json().id;
    const editorGroup = (await groupIds(t))['metropole-cote-azurine'];
    await t.db.query('UPDATE datasets SET default_permission_level = 0 WHERE id = $1', [dataset]);
    await t.db.query('INSERT INTO resource_datasets (resource_id, dataset_id, type) VALUES (7, $1, 1)', [dataset]);
    await t.db.query('INSERT INTO dataset_permissions (dataset_id, usergroup_id, level) VALUES ($1, $2, 1)', [dataset, editorGroup]);
    const features = `/fr/geospatial/geographiclayer/${layerId}/features/?limit=1`;
    const tile = `/fr/geospatial/geographiclayer/${layerId}/tiles/0/0/0.pbf`;
    try {
      expect((await get(editor, `/fr/geospatial/geographiclayer/${layerId}/`)).statusCode).toBe(200);
      expect((await get(editor, features)).statusCode).toBe(403);
      expect((await get(editor, tile)).statusCode).toBe(403);

      await t.db.query('UPDATE dataset_permissions SET level = 2 WHERE dataset_id = $1', [dataset]);
      expect((await get(editor, features)).json()).toMatchObject({ type: 'FeatureCollection', numberMatched: 400 });
      expect((await get(editor, tile)).statusCode).toBe(200);
    } finally {
      await send(admin, 'DELETE', `/fr/dataset/datasets/${dataset}/`);
    }
    expect((await get(editor, `/fr/geospatial/geographiclayer/${layerId}/`)).statusCode).toBe(404);
  });

  it('serves the features in a box as GeoJSON, paged', async () => {
    // 0.045 wide, 0.025 high from the grid's corner: 5 columns × 3 rows of stops.
    const url = `/fr/geospatial/geographiclayer/${layerId}/features/?bbox=4.795,45.695,4.845,45.725&limit=10`;
    const page = (await get(admin, url)).json();
    expect(page).toMatchObject({ type: 'FeatureCollection', numberMatched: 15, numberReturned: 10 });
    expect(page.features[0]).toEqual({ type: 'Feature', id: 1, geometry: { type: 'Point', coordinates: [4.8, 45.7] }, properties: { id: 0, kind: 'tram', name: 'Arrêt 0', lon_2: 4.8, lat_2: 45.7 } });
    const rest = (await get(admin, `${url}&offset=10`)).json();
    expect(rest.numberReturned).toBe(5);
    const ids = [...page.features, ...rest.features].map((feature: { id: number }) => feature.id);
    expect(new Set(ids).size).toBe(15);
    for (const feature of [...page.features, ...rest.features]) {
      const [lon, lat] = feature.geometry.coordinates;
      expect(lon >= 4.795 && lon <= 4.845 && lat >= 45.695 && lat <= 45.725).toBe(true);
    }
    expect((await get(admin, `/fr/geospatial/geographiclayer/${layerId}/features/?limit=1`)).json().numberMatched).toBe(400);
  });

  it('answers 404 for the features of a layer whose table is gone', async () => {
    const loaded = await loadResourceIntoDatastore(scenarioContext(t.db).context, { resourceId: 9, filePath: dataFile('x,y\n1,2\n'), format: 'csv', columnX: 'x', columnY: 'y', crs: 4326 });
    await t.db.query('DROP TABLE datastore.resource_9');
    const response = await get(admin, `/en/geospatial/geographiclayer/${loaded!.layerId}/features/`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "The layer's table no longer exists." });
    await t.db.query('DELETE FROM geographic_layers WHERE id = $1', [loaded!.layerId]);
  });

  it('refuses a malformed box or limit with a 400', async () => {
    for (const query of ['bbox=1,2,3', 'bbox=5,45,4,46', 'bbox=a,b,c,d', 'bbox=-200,0,0,10', 'limit=100000', 'offset=-1']) {
      const response = await get(admin, `/en/geospatial/geographiclayer/${layerId}/features/?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await get(admin, `/en/geospatial/geographiclayer/${layerId}/features/?bbox=1,2,3`)).json()).toEqual({ bbox: ['Expected: minlon,minlat,maxlon,maxlat in degrees.'] });
  });

  it('publishes the layer on the map server through its scenario (with PostGIS; without, says it is needed)', async () => {
    const scenarios = (await get(admin, `/fr/geospatial/geographiclayer/${layerId}/_scenarios/`)).json();
    expect(scenarios.map((s: { codename: string }) => s.codename)).toEqual(['publish-geographiclayer']);
    const run = await send(admin, 'POST', `/en/geospatial/geographiclayer/${layerId}/_scenarios/${scenarios[0].id}/run/`, {});
    expect(run.statusCode, run.body).toBe(200);
    if ((await datastoreStorage(t.db)) === 'plain') {
      expect(run.json<Task>()).toMatchObject({ status: 'FAILURE', error: expect.stringContaining('needs a PostGIS datastore') });
      return;
    }
    expect(run.json<Task>().status).toBe('SUCCESS');
    expect(geoserver.featureTypes.has('resource_7')).toBe(true);
    expect(geoserver.featureTypeBodies.get('resource_7')!.attributes!.attribute!.find((a) => a.name === 'geom')!.binding).toBe('org.locationtech.jts.geom.Point');
  });
});

describe('layer styles', () => {
  let styleId: number;

  it('creates a style with the default config, a GeoStyler style drawing the layer points, and its SLD', async () => {
    const created = await send(admin, 'POST', `/fr/geospatial/geographiclayer/${layerId}/style/`, { display_name: 'Par défaut' });
    expect(created.statusCode).toBe(201);
    styleId = created.json().id;
    expect(created.json()).toMatchObject({
      layer_id: layerId, display_name: 'Par défaut', applied_at: null,
      config: { rules: [{ name: 'default', symbolizers: [{ kind: 'Mark', wellKnownName: 'circle', color: '#1f78b4', radius: 6, fillOpacity: 0.8 }] }] },
    });
    expect(created.json()).not.toHaveProperty('geometry_type');
    expect(created.json().sld).toContain('<CssParameter name="fill">#1f78b4</CssParameter>');
    expect((await get(admin, `/fr/geospatial/geographiclayer/${layerId}/style/`)).json().map((s: { id: number }) => s.id)).toEqual([styleId]);
    expect((await send(admin, 'POST', `/en/geospatial/geographiclayer/${layerId}/style/`, {})).json()).toEqual({ display_name: ['This field is required.'] });
  });

  it('validates the style: colours, widths, opacity 0–1, columns of the table, 1 to 50 rules', async () => {
    const put = (config: unknown) => send(admin, 'PUT', `/en/geospatial/style/${styleId}/config/`, { config });
    const mark = { kind: 'Mark', wellKnownName: 'circle', color: '#ff0000', radius: 5 };
    const cases: Array<[unknown, string[]]> = [
      [{ name: 's', rules: [] }, ['rules']],
      [{ name: 's', rules: Array.from({ length: 51 }, () => ({ name: 'r', symbolizers: [mark] })) }, ['rules']],
      [{ name: 's', rules: [{ name: 'r', symbolizers: [{ ...mark, color: 'red', fillOpacity: 1.5 }] }] }, ['rules.0.symbolizers.0.color', 'rules.0.symbolizers.0.fillOpacity']],
      [{ name: 's', rules: [{ name: 'r', symbolizers: [{ kind: 'Line', color: '#000000', width: 80, dasharray: [-1] }] }] }, ['rules.0.symbolizers.0.width', 'rules.0.symbolizers.0.dasharray']],
      [{ name: 's', rules: [{ name: 'r', symbolizers: [{ kind: 'Fill', color: '#000000', outlineWidth: -1, fillOpacity: 0.5 }] }] }, ['rules.0.symbolizers.0.outlineWidth']],
      [{ name: 's', rules: [{ name: 'r', filter: ['==', 'nope', 'bus'], symbolizers: [mark] }] }, ['rules.0.filter']],
      [{ name: 's', rules: [{ name: 'r', filter: ['==', '_point', 'bus'], symbolizers: [mark] }] }, ['rules.0.filter']],
      [{ name: 's', rules: [{ name: 'r', filter: ['sqlInject', 'kind'], symbolizers: [mark] }] }, ['rules.0.filter']],
      [{ name: 's', rules: [{ name: 'r', symbolizers: [{ kind: 'Text', label: '{{nope}}' }] }] }, ['rules.0.symbolizers.0.label']],
      [{ name: 's', rules: [{ name: 'r', symbolizers: [{ kind: 'Heatmap' }] }] }, ['rules.0.symbolizers.0.kind']],
      [{ name: 's', rules: [{ name: 'r', symbolizers: [] }] }, ['rules.0.symbolizers']],
      [{ name: 's', rules: [{ name: 'r', scaleDenominator: { min: 5000, max: 100 }, symbolizers: [mark] }] }, ['rules.0.scaleDenominator']],
      [{ kind: 'simple', color: '#ff0000', size: 0, opacity: 1.5 }, ['size', 'opacity']],
      ['simple', ['config']],
    ];
    for (const [config, fields] of cases) {
      const response = await put(config);
      expect(response.statusCode, JSON.stringify(config)).toBe(400);
      expect(Object.keys(response.json()).sort(), JSON.stringify(config)).toEqual(fields.sort());
    }
    expect((await put({ name: 's', rules: [{ name: 'r', symbolizers: [{ ...mark, color: 'red' }] }] })).json()).toEqual({ 'rules.0.symbolizers.0.color': ['A #rrggbb colour is expected.'] });
    expect((await send(admin, 'PUT', `/it/geospatial/style/${styleId}/config/`, { config: { name: 's', rules: [] } })).json()).toEqual({ rules: ['Sono attese da 1 a 50 regole.'] });
  });

  it('saves a classified style with labels, keeping only known members, and makes its SLD with the parser, values escaped', async () => {
    const config = {
      name: 'Par mode',
      rules: [
        { name: 'bus', filter: ['==', 'kind', 'bus'], symbolizers: [{ kind: 'Mark', wellKnownName: 'triangle', color: '#E31A1C', radius: 4, script: 'alert(1)' }, { kind: 'Text', label: '{{name}}', size: 11, color: '#000000', haloColor: '#ffffff', haloWidth: 1 }] },
        { name: 'tram', filter: ['==', 'kind', '<tram> & "co"'], scaleDenominator: { max: 100000 }, symbolizers: [{ kind: 'Mark', wellKnownName: 'circle', color: '#33a02c', radius: 4 }] },
      ],
    };
    const response = await send(admin, 'PUT', `/fr/geospatial/style/${styleId}/config/`, { config });
    expect(response.statusCode).toBe(200);
    const style = response.json();
    expect(style.config.rules[0].symbolizers[0]).toEqual({ kind: 'Mark', wellKnownName: 'triangle', color: '#e31a1c', radius: 4 });
    expect(style.config.rules[1]).toEqual(config.rules[1]);
    expect(style.sld).toContain('<ogc:PropertyName>kind</ogc:PropertyName><ogc:Literal>bus</ogc:Literal>');
    expect(style.sld).toContain('<ogc:Literal>&lt;tram&gt; &amp; &quot;co&quot;</ogc:Literal>');
    expect(style.sld).not.toContain('<tram>');
    expect(style.sld).toContain('<WellKnownName>triangle</WellKnownName>');
    expect(style.sld).toContain('<Label><ogc:PropertyName>name</ogc:PropertyName></Label>');
    expect(style.sld).toContain('<MaxScaleDenominator>100000</MaxScaleDenominator>');
  });

  it('keeps no control character in a style, which neither the database nor the SLD can hold', async () => {
    const config = {
      name: 'Par\u0000 mode\u0007\uffff',
      rules: [{ name: 'b\u0000us', filter: ['==', 'kind', 'b\u0000us\u000b'], symbolizers: [{ kind: 'Text', label: 'Arrêt\u0000 {{name}}', size: 11 }] }],
    };
    const response = await send(admin, 'PUT', `/fr/geospatial/style/${styleId}/config/`, { config });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().config).toEqual({ name: 'Par mode', rules: [{ name: 'bus', filter: ['==', 'kind', 'bus'], symbolizers: [{ kind: 'Text', label: 'Arrêt {{name}}', size: 11 }] }] });
    // eslint-disable-next-line no-control-regex -- what XML cannot carry
    expect(response.json().sld).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
    const legacy = await send(admin, 'PUT', `/fr/geospatial/style/${styleId}/config/`, { config: { kind: 'classified', column: 'kind', size: 6, opacity: 1, classes: [{ value: 'tr\u0000am', color: '#000000' }] } });
    expect(legacy.statusCode, legacy.body).toBe(200);
    expect(legacy.json().config.rules[0].filter).toEqual(['==', 'kind', 'tram']);
  });

  it('still accepts a legacy config, and upgrades one stored before the GeoStyler model when it is read', async () => {
    const legacy = { kind: 'classified', column: 'kind', size: 8, opacity: 0.5, classes: [{ value: 'bus', color: '#E31A1C' }, { value: 'tram', color: '#33a02c' }] };
    const response = await send(admin, 'PUT', `/fr/geospatial/style/${styleId}/config/`, { config: legacy });
    expect(response.statusCode).toBe(200);
    expect(response.json().config.rules).toEqual([
      { name: 'bus', filter: ['==', 'kind', 'bus'], symbolizers: [{ kind: 'Mark', wellKnownName: 'circle', color: '#e31a1c', radius: 8, fillOpacity: 0.5, strokeColor: '#ffffff', strokeWidth: 1 }] },
      { name: 'tram', filter: ['==', 'kind', 'tram'], symbolizers: [{ kind: 'Mark', wellKnownName: 'circle', color: '#33a02c', radius: 8, fillOpacity: 0.5, strokeColor: '#ffffff', strokeWidth: 1 }] },
    ]);
    await t.db.query(`UPDATE layer_styles SET config = '{"kind": "simple", "color": "#123456", "size": 6, "opacity": 0.8}' WHERE id = $1`, [styleId]);
    expect((await get(admin, `/fr/geospatial/style/${styleId}/`)).json().config.rules[0].symbolizers[0]).toMatchObject({ kind: 'Mark', color: '#123456', radius: 6 });
    expect((await get(admin, `/fr/geospatial/style/${styleId}/sld/`)).body).toContain('<CssParameter name="fill">#123456</CssParameter>');
  });

  it("names the other values' rule of an exported style in the request's language", async () => {
    const mark = { kind: 'Mark', wellKnownName: 'circle', color: '#e31a1c', radius: 4 };
    const others = ['!', ['||', ['==', 'kind', 'bus'], ['==', 'kind', 'tram']]];
    const config = {
      name: 'Par mode',
      rules: [
        { name: 'bus', filter: ['==', 'kind', 'bus'], symbolizers: [mark] },
        { name: 'tram', filter: ['==', 'kind', 'tram'], symbolizers: [mark] },
        { name: 'Other values', filter: others, symbolizers: [{ ...mark, color: '#999999' }] },
      ],
    };
    const saved = await send(admin, 'PUT', `/en/geospatial/style/${styleId}/config/`, { config });
    expect(saved.statusCode).toBe(200);
    const ruleNames = (sld: string) => [...sld.matchAll(/<Rule>\s*<Name>([^<]*)<\/Name>/g)].map((match) => match[1]);
    // The map server's SLD names it in the platform's language, whoever saved it.
    expect(ruleNames(saved.json().sld)).toEqual(['bus', 'tram', 'Autres valeurs']);
    expect(ruleNames((await get(admin, `/fr/geospatial/style/${styleId}/sld/`)).body)).toEqual(['bus', 'tram', 'Autres valeurs']);
    expect(ruleNames((await get(admin, `/it/geospatial/style/${styleId}/sld/`)).body)).toEqual(['bus', 'tram', 'Altri valori']);
    expect(ruleNames((await get(admin, `/en/geospatial/style/${styleId}/sld/`)).body)).toEqual(['bus', 'tram', 'Other values']);
    expect((await get(admin, `/fr/geospatial/style/${styleId}/qml/`)).body).toContain('label="Autres valeurs"');
    // A name someone gave the rule is theirs.
    const named = { ...config, rules: [...config.rules.slice(0, 2), { ...config.rules[2], name: 'Le reste' }] };
    await send(admin, 'PUT', `/fr/geospatial/style/${styleId}/config/`, { config: named });
    expect(ruleNames((await get(admin, `/en/geospatial/style/${styleId}/sld/`)).body)).toEqual(['bus', 'tram', 'Le reste']);
  });

  it('exports the style as SLD and QML made by the parsers, and imports them back identically', async () => {
    const config = {
      name: 'Par mode',
      rules: [
        { name: 'bus', filter: ['==', 'kind', 'bus'], symbolizers: [{ kind: 'Mark', wellKnownName: 'square', color: '#e31a1c', radius: 4, fillOpacity: 0.9, strokeColor: '#ffffff', strokeWidth: 1 }] },
        { name: 'tram', filter: ['==', 'kind', 'tram'], symbolizers: [{ kind: 'Mark', wellKnownName: 'circle', color: '#33a02c', radius: 5 }] },
      ],
    };
    const saved = (await send(admin, 'PUT', `/fr/geospatial/style/${styleId}/config/`, { config })).json();
    const sld = await get(admin, `/fr/geospatial/style/${styleId}/sld/`);
    expect(sld.statusCode).toBe(200);
    expect(sld.headers['content-type']).toMatch(/^application\/vnd\.ogc\.sld\+xml/);
    expect(sld.body).toContain('<WellKnownName>square</WellKnownName>');
    const qml = await get(admin, `/fr/geospatial/style/${styleId}/qml/`);
    expect(qml.headers['content-type']).toMatch(/^application\/xml/);
    expect(qml.body).toContain('<qgis');

    await send(admin, 'PUT', `/fr/geospatial/style/${styleId}/config/`, { config: { kind: 'simple', color: '#000000', size: 3, opacity: 1 } });
    const body = multipart(Buffer.from(sld.body), 'style.sld', { type: 'application/vnd.ogc.sld+xml' });
    const imported = await t.app.inject({ method: 'PUT', url: `/fr/geospatial/style/${styleId}/sld/`, headers: { ...admin.jwtHeaders, ...body.headers }, payload: body.payload });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().config.rules).toEqual(saved.config.rules);
    // The platform's own SLD follows the schema.
    expect(imported.json().warnings).toEqual([]);

    await send(admin, 'PUT', `/fr/geospatial/style/${styleId}/config/`, { config: { kind: 'simple', color: '#000000', size: 3, opacity: 1 } });
    const raw = await t.app.inject({ method: 'PUT', url: `/fr/geospatial/style/${styleId}/qml/`, headers: { ...admin.jwtHeaders, 'content-type': 'application/xml' }, payload: qml.body });
    expect(raw.statusCode).toBe(200);
    expect(raw.json().config.rules.map((rule: { name: string; filter: unknown }) => [rule.name, rule.filter])).toEqual([['bus', ['==', 'kind', 'bus']], ['tram', ['==', 'kind', 'tram']]]);
    expect(raw.json().config.rules[0].symbolizers[0]).toMatchObject({ kind: 'Mark', wellKnownName: 'square', color: '#e31a1c', radius: 4 });
    expect(raw.json().sld).toContain('<WellKnownName>square</WellKnownName>');
  });

  it("imports an SLD off the SLD 1.0.0 schema that GeoStyler reads, with the schema's complaints as warnings in the request's language", async () => {
    const config = { name: 'Par mode', rules: [{ name: 'bus', filter: ['==', 'kind', 'bus'], symbolizers: [{ kind: 'Mark', wellKnownName: 'circle', color: '#e31a1c', radius: 4 }] }] };
    expect((await send(admin, 'PUT', `/fr/geospatial/style/${styleId}/config/`, { config })).statusCode).toBe(200);
    const offSchema = (await get(admin, `/fr/geospatial/style/${styleId}/sld/`)).body.replace('<PointSymbolizer>', '<PointSymbolizer><Colour>red</Colour>');
    await send(admin, 'PUT', `/fr/geospatial/style/${styleId}/config/`, { config: { kind: 'simple', color: '#000000', size: 3, opacity: 1 } });
    const putRaw = (locale: string) => t.app.inject({ method: 'PUT', url: `/${locale}/geospatial/style/${styleId}/sld/`, headers: { ...admin.jwtHeaders, 'content-type': 'application/xml' }, payload: offSchema });
    const imported = await putRaw('fr');
    expect(imported.statusCode).toBe(200);
    expect(imported.json().config.rules).toEqual(config.rules);
    expect(imported.json().warnings).toEqual(["Schéma SLD 1.0.0, ligne 1 : Element 'Colour': This element is not expected. Expected is one of ( Geometry, Graphic )."]);
    expect((await putRaw('it')).json().warnings[0]).toMatch(/^Schema SLD 1\.0\.0, riga 1: Element 'Colour'/);
    // Only the answer to the import carries them.
    expect((await get(admin, `/fr/geospatial/style/${styleId}/`)).json()).not.toHaveProperty('warnings');
  });

  it("keeps a categorised style's other values and its labels through the QML export and import", async () => {
    const config = {
      name: 'Par mode',
      rules: [
        { name: 'bus', filter: ['==', 'kind', 'bus'], symbolizers: [{ kind: 'Mark', wellKnownName: 'circle', color: '#e31a1c', radius: 4 }, { kind: 'Text', label: '{{name}}', size: 14, color: '#333333', haloColor: '#ffff00', haloWidth: 2 }] },
        { name: 'Other values', filter: ['!', ['==', 'kind', 'bus']], symbolizers: [{ kind: 'Mark', wellKnownName: 'circle', color: '#9e9e9e', radius: 4 }, { kind: 'Text', label: '{{name}}', size: 14, color: '#333333', haloColor: '#ffff00', haloWidth: 2 }] },
      ],
    };
    expect((await send(admin, 'PUT', `/fr/geospatial/style/${styleId}/config/`, { config })).statusCode).toBe(200);
    const qml = (await get(admin, `/fr/geospatial/style/${styleId}/qml/`)).body;
    await send(admin, 'PUT', `/fr/geospatial/style/${styleId}/config/`, { config: { kind: 'simple', color: '#000000', size: 3, opacity: 1 } });
    const raw = await t.app.inject({ method: 'PUT', url: `/fr/geospatial/style/${styleId}/qml/`, headers: { ...admin.jwtHeaders, 'content-type': 'application/xml' }, payload: qml });
    expect(raw.statusCode).toBe(200);
    const rules = raw.json().config.rules as Array<{ name: string; filter: unknown; symbolizers: Array<{ kind: string }> }>;
    // The other values' rule comes back named in the language it was exported in.
    expect(rules.map((rule) => [rule.name, rule.filter])).toEqual([['bus', config.rules[0].filter], ['Autres valeurs', config.rules[1].filter]]);
    expect(rules.map((rule) => rule.symbolizers.find((symbolizer) => symbolizer.kind === 'Text'))).toEqual([config.rules[0].symbolizers[1], config.rules[1].symbolizers[1]]);
  });

  it('refuses a style file that does not parse, is too large or names a column the layer lacks, and changes nothing', async () => {
    const before = (await get(admin, `/fr/geospatial/style/${styleId}/`)).json();
    const putRaw = (locale: string, format: string, payload: string) =>
      t.app.inject({ method: 'PUT', url: `/${locale}/geospatial/style/${styleId}/${format}/`, headers: { ...admin.jwtHeaders, 'content-type': 'application/xml' }, payload });
    const broken = await putRaw('en', 'sld', '<html><p>not a style</p></html>');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().file[0]).toMatch(/^This file is not a readable SLD style: /);
    expect((await putRaw('fr', 'qml', 'pas du xml <')).json().file[0]).toMatch(/^Ce fichier n'est pas un style QGIS \(\.qml\) lisible : /);
    const foreign = (await get(admin, `/fr/geospatial/style/${styleId}/sld/`)).body.replaceAll('<ogc:PropertyName>kind</ogc:PropertyName>', '<ogc:PropertyName>population</ogc:PropertyName>');
    expect((await putRaw('it', 'sld', foreign)).json()).toEqual({ file: ['Lo stile legge colonne che lo strato non ha: population.'] });
    const empty = await t.app.inject({ method: 'PUT', url: `/en/geospatial/style/${styleId}/sld/`, headers: admin.jwtHeaders });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ file: ['Send the style file as the multipart part "file", or as the request body.'] });
    expect((await putRaw('en', 'sld', `<x>${'a'.repeat(600 * 1024)}</x>`)).statusCode).toBe(413);
    const big = multipart(Buffer.alloc(600 * 1024, 'a'), 'style.sld');
    const bigUpload = await t.app.inject({ method: 'PUT', url: `/en/geospatial/style/${styleId}/sld/`, headers: { ...admin.jwtHeaders, ...big.headers }, payload: big.payload });
    expect(bigUpload.statusCode).toBe(400);
    expect(bigUpload.json()).toEqual({ file: ['A style file of at most 512 KB is expected.'] });
    expect((await t.app.inject({ method: 'PUT', url: `/fr/geospatial/style/${styleId}/sld/`, headers: { ...editor.jwtHeaders, 'content-type': 'application/xml' }, payload: '<x/>' })).statusCode).toBe(404);
    expect((await get(editor, `/fr/geospatial/style/${styleId}/qml/`)).statusCode).toBe(404);
    expect((await get(admin, `/fr/geospatial/style/${styleId}/`)).json()).toEqual(before);
  });

  it('applies the style on the map server through the create then the update scenario, asynchronously', async () => {
    const scenarios = (await get(admin, `/fr/geospatial/style/${styleId}/_scenarios/`)).json();
    expect(scenarios.map((s: { codename: string; action: string }) => [s.codename, s.action])).toEqual([['create-style', 'create'], ['update-style', 'update']]);
    for (const scenario of scenarios) {
      const queued = await send(admin, 'POST', `/fr/geospatial/style/${styleId}/_scenarios/${scenario.id}/run/?asynchrone=true`, {});
      expect(queued.statusCode).toBe(202);
      let task = queued.json<Task>();
      expect(task).toMatchObject({ object_class: 'style', object_id: styleId, action: scenario.codename });
      for (let i = 0; i < 100 && !['SUCCESS', 'FAILURE'].includes(task.status); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        task = (await get(admin, `/fr/dashboard/task-queue-track/${task.id}/`)).json<Task>();
      }
      expect(task.status).toBe('SUCCESS');
    }
    const name = `publish_style_${styleId}`;
    const styleRequests = geoserver.requests.filter((r) => r.url.includes('/styles'));
    expect(styleRequests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `PUT /geoserver/rest/workspaces/publish/styles/${name}`,
      `POST /geoserver/rest/workspaces/publish/styles?name=${name}`,
      `PUT /geoserver/rest/workspaces/publish/styles/${name}`,
    ]);
    const style = (await get(admin, `/fr/geospatial/style/${styleId}/`)).json();
    expect(geoserver.styles.get(name)).toBe(style.sld);
    // The map server reads the same rules the platform keeps.
    expect(geoserver.parsedStyles.get(name)!.rules).toEqual(style.config.rules);
    expect(style.applied_at).not.toBeNull();
  });

  it('fails the scenario with the refusal of the map server', async () => {
    const scenarios = (await get(admin, `/fr/geospatial/style/${styleId}/_scenarios/`)).json();
    const update = scenarios.find((s: { codename: string }) => s.codename === 'update-style');
    geoserver.failNextStyle = true;
    const run = await send(admin, 'POST', `/en/geospatial/style/${styleId}/_scenarios/${update.id}/run/`, {});
    expect(run.json<Task>().status).toBe('FAILURE');
    expect(run.json<Task>().error).toBe('The map server refused the request: HTTP 500: Error while parsing the SLD');
  });

  it('answers 400, never 500, to hostile bodies', async () => {
    const hostile = [
      [], 'text', { config: null }, { config: [] }, { config: { kind: 'simple', color: '#000000', size: '6', opacity: 1 } }, { config: { kind: 'classified', column: 'kind', size: 6, opacity: 1, classes: [null] } },
      { config: { rules: [null] } }, { config: { rules: [{ symbolizers: [null] }] } }, { config: { rules: [{ filter: ['&&', ['&&', ['&&', ['&&', ['&&', ['&&', ['==', 'kind', 'a']]]]]]], symbolizers: [{ kind: 'Line' }] }] } },
      { config: { rules: [{ filter: ['==', 'kind', { $: 1 }], symbolizers: [{ kind: 'Line' }] }] } }, { config: { rules: 'x' } },
    ];
    for (const payload of hostile) {
      const response = await t.app.inject({ method: 'PUT', url: `/fr/geospatial/style/${styleId}/config/`, headers: { ...admin.jwtHeaders, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const name = await send(admin, 'PATCH', `/fr/geospatial/style/${styleId}/`, { display_name: 'x'.repeat(301) });
    expect(name.statusCode).toBe(400);
    expect((await send(admin, 'PATCH', `/fr/geospatial/style/${styleId}/`, { display_name: 'a\u0000b' })).statusCode).toBe(400);
    expect((await get(admin, '/fr/geospatial/style/99999999999/')).statusCode).toBe(404);
  });

  it('renames, refuses others and deletes a style', async () => {
    expect((await send(admin, 'PATCH', `/fr/geospatial/style/${styleId}/`, { display_name: '<script>x</script>Par\u001b\tmode</p>' })).json().display_name).toBe('xPar mode');
    expect((await send(admin, 'PATCH', `/fr/geospatial/style/${styleId}/`, { display_name: 'Par mode' })).json().display_name).toBe('Par mode');
    expect((await send(admin, 'PUT', `/en/geospatial/style/${styleId}/`, { config: { kind: 'simple', color: '#000000', size: 3, opacity: 1 } })).json()).toEqual({ display_name: ['This field is required.'] });
    expect((await get(editor, `/fr/geospatial/style/${styleId}/`)).statusCode).toBe(404);
    expect((await send(editor, 'DELETE', `/fr/geospatial/style/${styleId}/`)).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', `/fr/geospatial/style/${styleId}/`)).statusCode).toBe(204);
    expect((await get(admin, `/fr/geospatial/style/${styleId}/`)).statusCode).toBe(404);
  });
});

describe('datastore tables', () => {
  it('lists the datastore tables only, free ones (owned by no resource) apart, searchable, to editors and superusers', async () => {
    await loadResourceIntoDatastore(scenarioContext(t.db).context, { resourceId: 8, filePath: dataFile('a\n1\n'), format: 'csv', columnX: null, columnY: null, crs: null });
    // The table of a resource deleted since: owned by no resource.
    await loadResourceIntoDatastore(scenarioContext(t.db).context, { resourceId: 424242, filePath: dataFile('a\n1\n'), format: 'csv', columnX: null, columnY: null, crs: null });
    const list = (query: string, user = admin) => get(user, `/fr/datapusher/datastores/datastore/tables/${query}`);
    expect((await list('')).json()).toEqual(['resource_424242', 'resource_7', 'resource_8'].map((table_name) => ({ schema_name: 'datastore', table_name })));
    expect((await list('?free=true')).json()).toEqual([{ schema_name: 'datastore', table_name: 'resource_424242' }]);
    // An editor of no group owning these resources is offered none of them.
    expect((await list('', editor)).json()).toEqual([]);
    expect((await list('?search=e_8')).json()).toEqual([{ schema_name: 'datastore', table_name: 'resource_8' }]);
    expect((await list('?search=users')).json()).toEqual([]);
    expect((await list('?search=%25')).json()).toEqual([]);
    expect((await get(admin, '/fr/geospatial/datastores/publish/tables/')).statusCode).toBe(404);
    expect((await list('', await t.signIn('member'))).statusCode).toBe(403);
  });
});

describe('map server listings', () => {
  it('relays GeoServer workspaces, layers and layer groups', async () => {
    expect((await get(admin, '/fr/geoserv/rest/workspaces.json')).json()).toEqual({
      workspaces: { workspace: [{ name: 'publish', href: 'http://localhost:8080/geoserver/rest/workspaces/publish.json' }, { name: 'topp', href: 'http://localhost:8080/geoserver/rest/workspaces/topp.json' }] },
    });
    expect((await get(admin, '/fr/geoserv/rest/workspaces/topp/layers.json')).json().layers.layer.map((l: { name: string }) => l.name)).toEqual(['states', 'roads']);
    expect((await get(admin, '/fr/geoserv/rest/workspaces/topp/layergroups.json')).json()).toEqual({ layerGroups: { layerGroup: [] } });
    expect((await get(admin, '/fr/geoserv/rest/workspaces/nowhere/layers.json')).statusCode).toBe(404);
    expect((await get(await t.signIn('member'), '/fr/geoserv/rest/workspaces.json')).statusCode).toBe(403);
    // The app's client ends its paths with a slash, and checks the map server with HEAD.
    expect((await get(admin, '/fr/geoserv/rest/workspaces.json/')).json().workspaces.workspace).toHaveLength(2);
    expect((await get(admin, '/fr/geoserv/rest/workspaces/topp/layers.json/')).json().layers.layer).toHaveLength(2);
    expect((await t.app.inject({ method: 'HEAD', url: '/fr/geoserv/rest/workspaces.json/', headers: admin.jwtHeaders })).statusCode).toBe(200);
  });

  it('answers 503 without MAPSERVER_URL, and the style scenario then applies the style locally', async () => {
    bare = await createTestApp({}, { tasks: true });
    await insertResources(bare.db, [3]);
    const root = await bare.signIn('admin');
    const response = await bare.app.inject({ url: '/en/geoserv/rest/workspaces.json', headers: root.jwtHeaders });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: 'The map server is not configured.' });
    const loaded = await loadResourceIntoDatastore(scenarioContext(bare.db).context, { resourceId: 3, filePath: dataFile('x,y\n4.85,45.75\n'), format: 'csv', columnX: 'x', columnY: 'y', crs: 4326 });
    const style = (await bare.app.inject({ method: 'POST', url: `/fr/geospatial/geographiclayer/${loaded!.layerId}/style/`, headers: root.jwtHeaders, payload: { display_name: 'Simple' } })).json();
    const scenarios = (await bare.app.inject({ url: `/fr/geospatial/style/${style.id}/_scenarios/`, headers: root.jwtHeaders })).json();
    const run = await bare.app.inject({ method: 'POST', url: `/en/geospatial/style/${style.id}/_scenarios/${scenarios[0].id}/run/`, headers: root.jwtHeaders, payload: {} });
    expect(run.json<Task>().status).toBe('SUCCESS');
    expect(run.json<Task>().timeline.map((step) => step.message)).toContain('Style “Simple” saved.');
    expect((await bare.app.inject({ url: `/fr/geospatial/style/${style.id}/`, headers: root.jwtHeaders })).json().applied_at).not.toBeNull();
  });
});
