import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeDatastore, configureDatastore } from '../../src/server/datastore/connection.ts';
import { loadResourceIntoDatastore } from '../../src/server/datastore/index.ts';
import { createPool, type Db } from '../../src/server/db/pool.ts';
import { createTestApp, createTestDatabase, type TestApp } from './helpers.ts';
import { dataFile, scenarioContext, insertResources } from './datastore-helpers.ts';

let t: TestApp;
let datastore: Db;
let dropDatastore: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  dropDatastore = database.drop;
  datastore = createPool(database.url);
  t = await createTestApp({ datastoreUrl: database.url }, { tasks: true });
  await insertResources(t.db, [11]);
});

afterAll(async () => {
  await t.close();
  configureDatastore(null);
  await closeDatastore();
  await datastore.end();
  await dropDatastore();
});

it('with DATASTORE_URL, tables go to that database and its tables are listed; the layer stays in the platform', async () => {
  const result = await loadResourceIntoDatastore(scenarioContext(t.db).context, { resourceId: 11, filePath: dataFile('x;y;n\n4,85;45,75;1\n'), format: 'csv', columnX: 'x', columnY: 'y', crs: 4326 });
  expect((await datastore.query('SELECT n, lon, lat FROM datastore.resource_11')).rows).toEqual([{ n: 1, lon: 4.85, lat: 45.75 }]);
  expect((await t.db.query("SELECT to_regclass('datastore.resource_11') AS t")).rows[0].t).toBeNull();
  expect((await t.db.query('SELECT table_name FROM geographic_layers WHERE id = $1', [result!.layerId])).rows).toEqual([{ table_name: 'resource_11' }]);

  const admin = await t.signIn('admin');
  const name = (await t.app.inject({ url: '/fr/datapusher/datastores/databases/', headers: admin.jwtHeaders })).json()[0].name;
  const tables = await t.app.inject({ url: `/fr/datapusher/datastores/${name}/tables/?search=resource`, headers: admin.jwtHeaders });
  expect(tables.json()).toEqual([{ schema_name: 'datastore', table_name: 'resource_11' }]);
  const features = await t.app.inject({ url: `/fr/geospatial/geographiclayer/${result!.layerId}/features/?bbox=4,45,5,46`, headers: admin.jwtHeaders });
  expect(features.json().features).toEqual([{ type: 'Feature', id: 1, geometry: { type: 'Point', coordinates: [4.85, 45.75] }, properties: { n: 1, x: 4.85, y: 45.75 } }]);
});

it('with DATASTORE_URL, a datastore resource copies a table of that database through its scenario', async () => {
  const admin = await t.signIn('admin');
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: admin.jwtHeaders, ...(payload ? { payload } : {}) });
  const group = (await t.db.query("SELECT id FROM usergroups WHERE slug = 'datastore-tests'")).rows[0].id;
  const resource = (await call('POST', '/fr/resource/resources/', { display_name: 'Copie', type: 'datastore', usergroup_id: group })).json().id;
  const name = (await call('GET', '/fr/datapusher/datastores/databases/')).json()[0].name;
  const created = await call('POST', `/fr/datapusher/datastores/${name}/`, { resource_id: resource, table_name: 'resource_11', column_x: 'lon', column_y: 'lat', crs: 4326 });
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json()).toMatchObject({ columns: ['x', 'y', 'n', 'lon', 'lat'], preview: [['4.85', '45.75', '1', '4.85', '45.75']] });
  const scenario = (await t.db.query("SELECT id FROM scenarios WHERE codename = 'create-datastore'")).rows[0].id;
  const task = (await call('POST', `/en/datapusher/datastores/${name}/${created.json().id}/_scenarios/${scenario}/run/`, {})).json();
  expect(task.status, JSON.stringify(task)).toBe('SUCCESS');
  expect((await datastore.query(`SELECT n, lon, lat FROM datastore.resource_${resource}`)).rows).toEqual([{ n: 1, lon: 4.85, lat: 45.75 }]);
  expect((await t.db.query(`SELECT to_regclass('datastore.resource_${resource}') AS t`)).rows[0].t).toBeNull();
  expect((await call('GET', `/fr/resource/resources/${resource}/`)).json()).toMatchObject({ geographic: true, bbox: [4.85, 45.75, 4.85, 45.75] });
});
