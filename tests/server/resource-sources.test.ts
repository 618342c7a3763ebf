/**
 * The datastore and map server resource types through the API, on the real database with the
 * task engine running and a local server speaking GeoServer's REST format: which tables a user
 * may attach, each type created and updated through its scenario, who may read and write, 400 for
 * bad tables and layer names, 503 without MAPSERVER_URL, and the map server's workspace and store
 * created when missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../schemas/scenarios.ts';
import { datastoreStorage } from '../../src/server/datastore/geometry.ts';
import { loadResourceIntoDatastore } from '../../src/server/datastore/index.ts';
import { dataFile, scenarioContext } from './datastore-helpers.ts';
import { startGeoServerMock, type GeoServerMock } from './geoserver-mock.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let bare: TestApp | undefined;
let geoserver: GeoServerMock;
const users: Record<string, SignedIn> = {};
const groups: Record<string, number> = {};
const scenarios: Record<string, number> = {};
let publicDataset: number;

const STOPS = 'id;nom;x;y\n1;Gare;7.26;43.70\n2;Port;7.28;43.69\n3;Place;7.27;43.71\n';

beforeAll(async () => {
  // A new GeoServer: a sample workspace only, neither the platform's workspace nor its store.
  geoserver = await startGeoServerMock({ workspaces: ['topp'], stores: [] });
  t = await createTestApp({ mapserverUrl: geoserver.url, mapserverDatastoreUrl: 'postgres://geo:p%40ss@db.internal:5433/publish' }, { tasks: true });
  for (const name of ['admin', 'editor', 'member', 'marie.lefebvre']) users[name] = await t.signIn(name);
  for (const row of (await t.db.query('SELECT id, slug FROM usergroups')).rows) groups[row.slug.split('-')[0]] ??= row.id;
  for (const row of (await t.db.query('SELECT id, codename FROM scenarios')).rows) scenarios[row.codename] = row.id;
  publicDataset = (await t.db.query("SELECT id FROM datasets WHERE codename = 'arrets-de-bus-du-reseau-urbain'")).rows[0].id;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await bare?.close();
  await geoserver?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (user: string | null, method: Method, url: string, payload?: unknown, app = t) =>
  app.app.inject({ method, url, headers: user ? users[user].jwtHeaders : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

async function waitFinished(id: number): Promise<Task> {
  for (let i = 0; i < 300; i += 1) {
    const task = (await call('admin', 'GET', `/en/dashboard/task-queue-track/${id}/`)).json<Task>();
    if (['SUCCESS', 'FAILURE', 'REVOKED'].includes(task.status)) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`task ${id} did not finish`);
}

async function createResource(user: string, type: string, name: string, group = 'metropole'): Promise<number> {
  const response = await call(user, 'POST', '/fr/resource/resources/', { display_name: name, type, usergroup_id: groups[group] });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** A resource whose file the loader put in datastore.resource_<id>, as an upload's scenario does. */
async function loadedResource(user: string, name: string, group: string): Promise<number> {
  const id = await createResource(user, 'file-upload', name, group);
  await loadResourceIntoDatastore(scenarioContext(t.db).context, { resourceId: id, filePath: dataFile(STOPS), format: 'csv', columnX: null, columnY: null, crs: null });
  return id;
}

async function run(user: string, path: string, codename: string): Promise<Task> {
  const response = await call(user, 'POST', `${path}_scenarios/${scenarios[codename]}/run/?asynchrone=true`, {});
  expect(response.statusCode, response.body).toBe(202);
  return waitFinished(response.json<Task>().id);
}

describe('datastore resources', () => {
  const base = '/fr/datapusher/datastores/datastore/';
  let own: number;
  let others: number;
  let resource: number;
  let sourceId: number;

  beforeAll(async () => {
    own = await loadedResource('editor', 'Arrêts chargés', 'metropole');
    others = await loadedResource('marie.lefebvre', 'Relevés du département', 'departement');
    await t.db.query('CREATE TABLE datastore.releves_externes (station text, valeur integer)');
    await t.db.query("INSERT INTO datastore.releves_externes VALUES ('Nice', 12), ('Grasse', 7)");
    resource = await createResource('editor', 'datastore', 'Arrêts (table)');
  });

  it('lists to each user only the tables they may attach: their resources\' tables, free tables to superusers', async () => {
    const tables = async (user: string, query: string) => (await call(user, 'GET', `${base}tables/${query}`)).json<Array<{ table_name: string }>>().map((row) => row.table_name);
    expect(await tables('editor', '?search=resource_')).toEqual([`resource_${own}`]);
    expect(await tables('editor', '?free=true')).toEqual([]);
    expect(await tables('marie.lefebvre', '?search=resource_')).toEqual([`resource_${others}`]);
    expect(await tables('admin', '?free=true')).toEqual(['releves_externes']);
    expect(await tables('admin', '?search=resource_')).toEqual(expect.arrayContaining([`resource_${own}`, `resource_${others}`]));
    expect((await call('member', 'GET', `${base}tables/`)).statusCode).toBe(403);
    expect((await call('admin', 'GET', '/fr/datapusher/datastores/other/tables/')).statusCode).toBe(404);
  });

  it('refuses, with a 400 on table_name, tables the editor may not attach and hostile names', async () => {
    const attach = (table: unknown, schema: unknown = 'datastore') => call('editor', 'POST', base, { resource_id: resource, schema_name: schema, table_name: table });
    const refused = { table_name: ['This table does not exist or you may not use it.'] };
    for (const [table, schema] of [
      ['releves_externes', 'datastore'], [`resource_${others}`, 'datastore'], ['users', 'public'], ['resources', 'datastore'],
      [`resource_${own}"; DROP TABLE datastore.releves_externes; --`, 'datastore'], ['x'.repeat(300), 'datastore'], [42, 'datastore'], [{ a: 1 }, 'datastore'],
      [`resource_${own}`, 'public'], [`resource_${own}`, ['datastore']], ['a\u0000b', 'datastore'], [`resource_${resource}`, 'datastore'],
    ]) {
      const response = await call('editor', 'POST', base.replace('/fr/', '/en/'), { resource_id: resource, schema_name: schema, table_name: table });
      expect(response.statusCode, JSON.stringify(table)).toBe(400);
      expect(response.json(), JSON.stringify(table)).toEqual(refused);
    }
    expect((await attach(undefined)).json()).toEqual({ table_name: ['Ce champ est obligatoire.'] });
    expect((await t.db.query('SELECT count(*)::int AS n FROM datastore.releves_externes')).rows[0].n).toBe(2);
    // A superuser may attach the free table; an unknown database is not there.
    expect((await call('admin', 'POST', '/fr/datapusher/datastores/other/', { resource_id: resource, table_name: 'releves_externes' })).statusCode).toBe(404);
    expect((await call('admin', 'POST', '/fr/datapusher/datastores/other/', {})).statusCode).toBe(404);
  });

  it('creates the resource from a table of its own group through its scenario: copied, placed, with its layer', async () => {
    const bad = await call('editor', 'POST', base.replace('/fr/', '/en/'), { resource_id: resource, table_name: `resource_${own}`, column_x: 'lon', column_y: 'y', crs: 4326 });
    expect(bad.json()).toEqual({ column_x: ['Not a column of the table.'] });
    const created = await call('editor', 'POST', base, { resource_id: resource, schema_name: 'datastore', table_name: `resource_${own}`, column_x: 'x', column_y: 'y', crs: 4326 });
    expect(created.statusCode, created.body).toBe(201);
    const source = created.json();
    sourceId = source.id;
    expect(source).toMatchObject({ resource_id: resource, schema_name: 'datastore', table_name: `resource_${own}`, column_x: 'x', column_y: 'y', crs: 4326, columns: ['id', 'nom', 'x', 'y'] });
    expect(source.preview[0]).toEqual(['1', 'Gare', '7.26', '43.7']);

    const scenarioList = (await call('editor', 'GET', `${base}${sourceId}/_scenarios/`)).json<Array<{ codename: string }>>();
    expect(scenarioList.map((scenario) => scenario.codename)).toEqual(['create-datastore', 'update-datastore']);
    const task = await run('editor', `${base}${sourceId}/`, 'create-datastore');
    expect(task.status, JSON.stringify(task.timeline)).toBe('SUCCESS');

    const read = (await call('editor', 'GET', `/fr/resource/resources/${resource}/`)).json();
    expect(read).toMatchObject({ type: 'datastore', geographic: true, bbox: [7.26, 43.69, 7.28, 43.71] });
    expect(read.rel[0]).toEqual({ '@app': 'resource', '@class': 'datastore', '@uri': `/fr/datapusher/datastores/datastore/${sourceId}/` });
    expect(read._processing[0]).toMatchObject({ action: 'create-datastore', state: 'SUCCESS' });
    const layerUri = read.rel.find((rel: { '@class': string }) => rel['@class'] === 'geographiclayer')['@uri'];
    const features = (await call('editor', 'GET', `${layerUri}features/?bbox=7.25,43.695,7.275,43.72`)).json();
    expect(features.features.map((feature: { properties: { nom: string } }) => feature.properties.nom).sort()).toEqual(['Gare', 'Place']);
    // The source still names the attached table, which is kept as it was.
    expect((await call('editor', 'GET', `${base}${sourceId}/`)).json().table_name).toBe(`resource_${own}`);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM datastore.resource_${own}`)).rows[0].n).toBe(3);
  });

  it('lets a superuser make a resource of a free table; rows without a readable X/Y are loaded without a position', async () => {
    await t.db.query('CREATE TABLE datastore.stations (nom text, lon text, lat text)');
    await t.db.query("INSERT INTO datastore.stations VALUES ('Nice', '7.26', '43.70'), ('Grasse', 'n/a', '43.66'), ('Antibes', '7.12', '43.58')");
    const stations = await createResource('admin', 'datastore', 'Stations');
    const created = await call('admin', 'POST', '/en/geospatial/datastores/datastore/', { resource_id: stations, table_name: 'stations', column_x: 'lon', column_y: 'lat', crs: 4326 });
    expect(created.statusCode, created.body).toBe(201);
    const task = await run('admin', `/en/geospatial/datastores/datastore/${created.json().id}/`, 'create-datastore');
    expect(task.status, JSON.stringify(task.timeline)).toBe('SUCCESS');
    const messages = task.timeline.map((step) => step.message);
    expect(messages).toContain('3 rows and 3 columns read from the table.');
    expect(messages).toContain('1 row of the table without a readable X/Y (first: row 2): loaded without a position.');
    expect((await call('admin', 'GET', `/fr/resource/resources/${stations}/`)).json().bbox).toEqual([7.12, 43.58, 7.26, 43.7]);
    // Now used by a resource: no longer free.
    expect((await call('admin', 'GET', `${base}tables/?free=true`)).json()).toEqual([{ schema_name: 'datastore', table_name: 'releves_externes' }]);
  });

  it('lets readers of the dataset read it, its editors and superusers change it, others not see it', async () => {
    expect((await call('member', 'GET', `${base}${sourceId}/`)).statusCode).toBe(404);
    expect((await call('marie.lefebvre', 'PATCH', `${base}${sourceId}/`, { column_x: null })).statusCode).toBe(404);
    const link = await call('editor', 'POST', '/fr/resource/resource-dataset/', { resource_id: resource, dataset_id: publicDataset, type: 2 });
    expect(link.statusCode, link.body).toBe(201);
    expect((await call('member', 'GET', `${base}${sourceId}/`)).json().preview[0]).toEqual(['1', 'Gare', '7.26', '43.7']);
    // Who only finds the dataset (search) sees the table's columns, not its rows.
    const level = (await t.db.query('SELECT default_permission_level AS level FROM datasets WHERE id = $1', [publicDataset])).rows[0].level;
    await t.db.query('UPDATE datasets SET default_permission_level = 1 WHERE id = $1', [publicDataset]);
    try {
      expect((await call('member', 'GET', `${base}${sourceId}/`)).json()).toMatchObject({ columns: ['id', 'nom', 'x', 'y'], preview: null });
      expect((await call('editor', 'GET', `${base}${sourceId}/`)).json().preview).toHaveLength(3);
    } finally {
      await t.db.query('UPDATE datasets SET default_permission_level = $2 WHERE id = $1', [publicDataset, level]);
    }
    expect((await call('member', 'PATCH', `${base}${sourceId}/`, { column_x: null })).statusCode).toBe(403);
    expect((await call('member', 'GET', `${base}${sourceId}/_scenarios/`)).statusCode).toBe(200);
    expect((await call('member', 'POST', `${base}${sourceId}/_scenarios/${scenarios['update-datastore']}/run/`, {})).statusCode).toBe(403);
    expect((await call(null, 'GET', `${base}${sourceId}/`)).statusCode).toBe(401);
    expect((await call('admin', 'GET', `${base}999999/`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/fr/datapusher/datastores/other/${sourceId}/`)).statusCode).toBe(404);
  });

  it('updates it through its scenario: without X/Y it is no longer geographic; a table gone fails with its name', async () => {
    const patched = await call('editor', 'PATCH', `${base}${sourceId}/`, { column_x: null, column_y: null, crs: null });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await call('editor', 'PATCH', `${base.replace('/fr/', '/it/')}${sourceId}/`, { column_y: 'altitude' })).json()).toEqual({ column_y: ['Non è una colonna della tabella.'] });
    const updated = await run('editor', `${base}${sourceId}/`, 'update-datastore');
    expect(updated.status, JSON.stringify(updated.timeline)).toBe('SUCCESS');
    expect((await call('editor', 'GET', `/fr/resource/resources/${resource}/`)).json()).toMatchObject({ geographic: false, bbox: null });

    // Another table of the group, then that table dropped.
    const second = await loadedResource('editor', 'Arrêts bis', 'metropole');
    expect((await call('editor', 'PATCH', `${base}${sourceId}/`, { table_name: `resource_${second}` })).json().table_name).toBe(`resource_${second}`);
    await t.db.query(`DROP TABLE datastore.resource_${second}`);
    const failed = await run('editor', `${base}${sourceId}/`, 'update-datastore');
    expect(failed.status).toBe('FAILURE');
    expect(failed.error).toBe(`The table datastore.resource_${second} no longer exists.`);
  });
});

describe('map server resources', () => {
  let resource: number;
  let mirrorId: number;

  beforeAll(async () => {
    resource = await createResource('editor', 'geoserver', 'États');
  });

  it('offers the type with a map server', async () => {
    expect((await call('editor', 'GET', '/fr/resource/kinds/')).json()).toEqual(['file-upload', 'file-download', 'ftp', 'href', 'datastore', 'geoserver']);
  });

  it('refuses bad layer names with a 400 on name, and unknown layer types with a 404', async () => {
    for (const name of [undefined, '', 'topp', 'topp:', ':states', 'a:b:c', 'topp/states', '../x:y', '..:states', 'topp:.', 'topp: states', 'to\u0000pp:states', 42, ['topp:states'], `${'x'.repeat(300)}:y`, 'to%2fpp:states']) {
      const response = await call('editor', 'POST', '/en/geoserv/mirror/layer/', { resource_id: resource, name });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(Object.keys(response.json()), JSON.stringify(name)).toEqual(['name']);
    }
    expect((await call('editor', 'POST', '/en/geoserv/mirror/layer/', { resource_id: resource, name: 'topp:nowhere' })).json()).toEqual({ name: ['This layer does not exist on the map server.'] });
    expect((await call('editor', 'POST', '/en/geoserv/mirror/layer/', { resource_id: resource, name: 'nowhere:states' })).json()).toEqual({ name: ['This layer does not exist on the map server.'] });
    expect((await call('editor', 'POST', '/en/geoserv/mirror/layergroup/', { resource_id: resource, name: 'topp:states' })).json()).toEqual({ name: ['This layer does not exist on the map server.'] });
    expect((await call('editor', 'POST', '/en/geoserv/mirror/raster/', { resource_id: resource, name: 'topp:states' })).statusCode).toBe(404);
    expect((await call('marie.lefebvre', 'POST', '/en/geoserv/mirror/layer/', { resource_id: resource, name: 'topp:states' })).statusCode).toBe(400);
  });

  it('mirrors a layer through its create scenario: its box from the map server, served as WMS', async () => {
    const created = await call('editor', 'POST', '/fr/geoserv/mirror/layer/', { resource_id: resource, name: 'topp:states' });
    expect(created.statusCode, created.body).toBe(201);
    mirrorId = created.json().id;
    expect(created.json()).toMatchObject({ resource_id: resource, layer_name: 'topp:states', layer_type: 'layer', table_name: null });
    const listed = (await call('editor', 'GET', `/fr/geoserv/mirror/${mirrorId}/_scenarios/`)).json<Array<{ codename: string }>>();
    expect(listed.map((scenario) => scenario.codename)).toEqual(['create-geoserver', 'update-geoserver']);
    const task = await run('editor', `/fr/geoserv/mirror/${mirrorId}/`, 'create-geoserver');
    expect(task.status, JSON.stringify(task.timeline)).toBe('SUCCESS');
    expect(task.timeline.map((step) => step.message)).toContain('Layer topp:states found on the map server.');
    const read = (await call('editor', 'GET', `/fr/resource/resources/${resource}/`)).json();
    expect(read).toMatchObject({ geographic: true, bbox: [-124.73, 24.96, -66.97, 49.37], dataformat: 'WMS' });
    expect(read.rel).toEqual([{ '@app': 'resource', '@class': 'geoserver', '@uri': `/fr/geoserv/mirror/${mirrorId}/` }]);
  });

  it('lets readers of the dataset read it, its editors change it, others not see it', async () => {
    expect((await call('member', 'GET', `/fr/geoserv/mirror/${mirrorId}/`)).statusCode).toBe(404);
    expect((await call('marie.lefebvre', 'PATCH', `/fr/geoserv/mirror/${mirrorId}/`, { name: 'topp:roads' })).statusCode).toBe(404);
    await call('editor', 'POST', '/fr/resource/resource-dataset/', { resource_id: resource, dataset_id: publicDataset, type: 2 });
    expect((await call('member', 'GET', `/fr/geoserv/mirror/${mirrorId}/`)).json().layer_name).toBe('topp:states');
    expect((await call('member', 'PATCH', `/fr/geoserv/mirror/${mirrorId}/`, { name: 'topp:roads' })).statusCode).toBe(403);
    expect((await call('member', 'POST', `/fr/geoserv/mirror/${mirrorId}/_scenarios/${scenarios['update-geoserver']}/run/`, {})).statusCode).toBe(403);
    expect((await call('member', 'GET', '/fr/geoserv/rest/workspaces.json')).statusCode).toBe(403);
  });

  it('creates the platform\'s workspace and PostGIS store on the map server when missing, once', async () => {
    expect(geoserver.workspaces.has('publish')).toBe(false);
    const root = await createResource('admin', 'file-upload', 'Arrêts cartographiés');
    const loaded = await loadResourceIntoDatastore(scenarioContext(t.db).context, { resourceId: root, filePath: dataFile(STOPS), format: 'csv', columnX: 'x', columnY: 'y', crs: 4326 });
    const path = `/en/geospatial/geographiclayer/${loaded!.layerId}/_scenarios/${scenarios['publish-geographiclayer']}/run/`;
    if ((await datastoreStorage(t.db)) === 'plain') {
      // Without PostGIS nothing is asked of the map server: its store could not read the table.
      const task = (await call('admin', 'POST', path, {})).json<Task>();
      expect(task).toMatchObject({ status: 'FAILURE', error: expect.stringContaining('needs a PostGIS datastore') });
      expect(geoserver.workspaces.has('publish')).toBe(false);
      // The workspace the next tests read, as a publication with PostGIS leaves it.
      geoserver.workspaces.add('publish');
      return;
    }
    for (let round = 0; round < 2; round += 1) {
      const task = (await call('admin', 'POST', path, {})).json<Task>();
      expect(task.status, JSON.stringify(task)).toBe('SUCCESS');
    }
    expect(geoserver.workspaces.has('publish')).toBe(true);
    expect(geoserver.stores.get('publish/datastore')).toEqual({ dbtype: 'postgis', host: 'db.internal', port: '5433', database: 'publish', schema: 'datastore', user: 'geo', passwd: 'p@ss' });
    expect(geoserver.featureTypes.has(`resource_${root}`)).toBe(true);
    const creations = geoserver.requests.filter((request) => request.method === 'POST' && /\/rest\/workspaces(\/publish\/datastores)?$/.test(request.url));
    expect(creations.map((request) => request.url)).toEqual(['/geoserver/rest/workspaces', '/geoserver/rest/workspaces/publish/datastores']);
  });

  it('answers 502 when the map server fails, and the scenario fails with its reason', async () => {
    geoserver.down = true;
    try {
      const refused = await call('editor', 'POST', '/en/geoserv/mirror/layer/', { resource_id: resource, name: 'topp:roads' });
      expect(refused.statusCode).toBe(502);
      expect(refused.json().detail).toContain('HTTP 503');
      const task = await run('editor', `/en/geoserv/mirror/${mirrorId}/`, 'update-geoserver');
      expect(task.status).toBe('FAILURE');
      expect(task.error).toBe('The map server refused the request: HTTP 503');
    } finally {
      geoserver.down = false;
    }
  });

  it('updates the mirror to a layer group through its update scenario', async () => {
    const patched = await call('editor', 'PATCH', `/fr/geoserv/mirror/${mirrorId}/`, { name: 'publish:reseau', layer_type: 'layergroup' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await call('editor', 'PATCH', `/en/geoserv/mirror/${mirrorId}/`, { layer_type: 'raster' })).json()).toEqual({ layer_type: ['Invalid value.'] });
    const task = await run('editor', `/fr/geoserv/mirror/${mirrorId}/`, 'update-geoserver');
    expect(task.status, JSON.stringify(task.timeline)).toBe('SUCCESS');
    expect((await call('editor', 'GET', `/fr/resource/resources/${resource}/`)).json().bbox).toEqual([4.8, 45.7, 4.99, 45.89]);
  });

  it('answers 4xx, never 500, to odd bodies and ids on both kinds', async () => {
    const datastoreSource = (await t.db.query("SELECT id FROM resource_sources WHERE kind = 'datastore' LIMIT 1")).rows[0].id;
    const bodies: unknown[] = [[], 'text', 42, null, { resource_id: 'x' }, { resource_id: [resource] }, { resource_id: 2 ** 40 }, { column_x: {} }, { crs: 'abc' }, { crs: [4326] },
      { table_name: ['a'] }, { schema_name: {}, table_name: 'x' }, { name: { a: 1 } }, { layer_type: {} }, { layer_type: 'layergroup' }, { name: 'a\u0000b:c' }];
    for (const payload of bodies) {
      for (const [method, url] of [
        ['POST', '/fr/geoserv/mirror/layer/'], ['PATCH', `/fr/geoserv/mirror/${mirrorId}/`], ['PUT', `/fr/geoserv/mirror/${mirrorId}/`],
        ['POST', '/fr/datapusher/datastores/datastore/'], ['PATCH', `/fr/datapusher/datastores/datastore/${datastoreSource}/`], ['PUT', `/fr/geospatial/datastores/datastore/${datastoreSource}/`],
      ] as const) {
        const response = await t.app.inject({ method, url, headers: { ...users.editor.jwtHeaders, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${response.body}`).toBeLessThan(500);
      }
    }
    for (const url of ['/fr/geoserv/mirror/abc/', '/fr/geoserv/mirror/99999999999/', '/fr/datapusher/datastores/datastore/-1/', '/fr/geoserv/mirror/abc/_scenarios/', '/fr/datapusher/datastores/%00/1/']) {
      expect((await call('editor', 'GET', url)).statusCode, url).toBe(404);
    }
  });

  it('answers 503 without MAPSERVER_URL and does not offer the type', async () => {
    bare = await createTestApp({});
    users.bareAdmin = await bare.signIn('admin');
    expect((await call('bareAdmin', 'GET', '/fr/resource/kinds/', undefined, bare)).json()).toEqual(['file-upload', 'file-download', 'ftp', 'href', 'datastore']);
    const group = (await bare.db.query<{ id: number }>("SELECT id FROM usergroups ORDER BY id LIMIT 1")).rows[0].id;
    const created = await call('bareAdmin', 'POST', '/fr/resource/resources/', { display_name: 'Couche sans serveur', usergroup_id: group }, bare);
    expect(created.statusCode, created.body).toBe(201);
    const resource = created.json<{ id: number }>().id;
    // A source kept from a time the map server was configured.
    const source = (await bare.db.query<{ id: number }>("INSERT INTO resource_sources (resource_id, kind, layer_name) VALUES ($1, 'geoserver', 'topp:states') RETURNING id", [resource])).rows[0].id;
    const run = (await bare.db.query<{ id: number }>("SELECT id FROM scenarios WHERE codename = 'update-geoserver'")).rows[0].id;
    const calls = (id: number) =>
      [['GET', `/en/geoserv/mirror/${id}/`], ['PATCH', `/en/geoserv/mirror/${id}/`], ['GET', `/en/geoserv/mirror/${id}/_scenarios/`], ['POST', `/en/geoserv/mirror/${id}/_scenarios/${run}/run/`]] as const;
    for (const [method, url] of [['POST', '/en/geoserv/mirror/layer/'], ...calls(source)] as const) {
      const response = await call('bareAdmin', method, url, method === 'GET' ? undefined : { name: 'topp:states', resource_id: resource }, bare);
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toEqual({ detail: 'The map server is not configured.' });
    }
    // An unknown source is not found, map server or not.
    for (const [method, url] of calls(source + 1000)) {
      expect((await call('bareAdmin', method, url, method === 'GET' ? undefined : { name: 'topp:states' }, bare)).statusCode, url).toBe(404);
    }
  });
});
