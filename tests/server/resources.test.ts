/**
 * Resources through the API, on the real database with the task engine running: CRUD and
 * validation, who may do what, links to datasets with one main resource, every kind of source
 * created and updated through its scenario (a local HTTP server stands for remote sites), the
 * processing state, the FTP folder and the crash-safe storage.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../schemas/scenarios.ts';
import { seedDemoFtpFiles } from '../../src/server/db/seed.ts';
import { seedDemoResources } from '../../src/server/db/seedResources.ts';
import { openFtpFile, resolveFtpFile } from '../../src/server/resources/ftp.ts';
import { diskStorage, storageRoot } from '../../src/server/storage/disk.ts';

const readStored = (dataDir: string, key: string) => diskStorage(dataDir).read(key);
import { multipart } from './accounts-helpers.ts';
import { createTestApp, testConfig, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let dataDir: string;
let remote: Server;
let remoteUrl: string;
const users: Record<string, SignedIn> = {};
const groups: Record<string, number> = {};
const datasets: Record<string, number> = {};
const scenarios: Record<string, number> = {};

const CSV = 'id;nom;x;y\n1;Gare;7.26;43.70\n2;Port;7.28;43.69\n3;"Place, centre";7.27;43.71\n';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'publish-resources-'));
  const outbound = { ...testConfig().outbound, allowPrivate: true, timeoutMs: 5000 };
  t = await createTestApp({ dataDir, outbound }, { tasks: true });
  for (const name of ['admin', 'editor', 'member', 'marie.lefebvre', 'referent']) users[name] = await t.signIn(name);
  for (const row of (await t.db.query('SELECT id, slug FROM usergroups')).rows) groups[row.slug.split('-')[0]] ??= row.id;
  for (const row of (await t.db.query('SELECT id, codename FROM datasets')).rows) datasets[row.codename] = row.id;
  for (const row of (await t.db.query('SELECT id, codename FROM scenarios')).rows) scenarios[row.codename] = row.id;
  remote = createServer((request, response) => {
    if (request.url === '/stops.csv' || request.url === '/arr%EAts.csv' || request.url === '/nul%00%0A.csv') {
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.end(request.method === 'HEAD' ? undefined : CSV);
    } else if (request.url === '/page' && request.method === 'HEAD') {
      response.writeHead(405).end();
    } else if (request.url === '/page') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>');
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  remote?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (user: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user ? users[user].sessionHeaders : {}, ...(payload ? { payload } : {}) });

async function waitFinished(id: number): Promise<Task> {
  for (let i = 0; i < 200; i += 1) {
    const task = (await call('admin', 'GET', `/fr/dashboard/task-queue-track/${id}/`)).json<Task>();
    if (['SUCCESS', 'FAILURE', 'REVOKED'].includes(task.status)) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`task ${id} did not finish`);
}

async function createResource(user: string, type: string, name: string, group = 'metropole') {
  const response = await call(user, 'POST', '/fr/resource/resources/', { display_name: name, type, usergroup_id: groups[group] });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; codename: string }>();
}

async function formatId(codename: string): Promise<number> {
  return (await t.db.query('SELECT id FROM data_formats WHERE codename = $1', [codename])).rows[0].id;
}

async function runScenario(user: string, slug: string, sourceId: number, codename: string, payload: object = {}) {
  const response = await call(user, 'POST', `/fr/resource/${slug}/${sourceId}/_scenarios/${scenarios[codename]}/run/?asynchrone=true`, payload);
  expect(response.statusCode, response.body).toBe(202);
  return waitFinished(response.json<Task>().id);
}

function upload(user: string, sourceId: number, bytes: Buffer, filename: string) {
  const body = multipart(bytes, filename);
  return t.app.inject({ method: 'PUT', url: `/fr/resource/file-upload/${sourceId}/file/`, headers: { ...users[user].sessionHeaders, ...body.headers }, payload: body.payload });
}

describe('resources', () => {
  it('validates writes with translated messages', async () => {
    const empty = await call('editor', 'POST', '/en/resource/resources/', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ display_name: ['This field is required.'], usergroup_id: ['This field is required.'] });
    const badType = await call('editor', 'POST', '/fr/resource/resources/', { display_name: 'X', type: 'smb', usergroup_id: groups.metropole });
    expect(Object.keys(badType.json())).toEqual(['type']);
    expect(groups.metropole).toBeGreaterThan(0);
    const geoserver = await call('editor', 'POST', '/en/resource/resources/', { display_name: 'X', type: 'geoserver', usergroup_id: groups.metropole });
    expect(geoserver.json()).toEqual({ type: ['This type of resource is not available on this platform.'] });
    expect((await call('editor', 'GET', '/fr/resource/resources/999999/')).statusCode).toBe(404);
  });

  it('creates, reads, changes and deletes a resource, with who may do each', async () => {
    const created = await call('editor', 'POST', '/fr/resource/resources/', { display_name: 'Arrêts de bus', type: 'href', usergroup_id: groups.metropole });
    expect(created.statusCode).toBe(201);
    const resource = created.json();
    expect(resource).toMatchObject({ display_name: 'Arrêts de bus', codename: 'arrets-de-bus', type: 'href', hidden: false, usergroup_id: groups.metropole, editable: true, _processing: [], rel: [], size: null, geographic: false });
    const again = await createResource('editor', 'href', 'Arrêts de bus');
    expect(again.codename).toBe('arrets-de-bus-2');

    // Anonymous 401, a member of another group or an editor of another group 403 on creation.
    expect((await call(null, 'POST', '/fr/resource/resources/', { display_name: 'X', type: 'href', usergroup_id: groups.metropole })).statusCode).toBe(401);
    expect((await call('member', 'POST', '/fr/resource/resources/', { display_name: 'X', type: 'href', usergroup_id: groups.commune })).statusCode).toBe(403);
    expect((await call('marie.lefebvre', 'POST', '/fr/resource/resources/', { display_name: 'X', type: 'href', usergroup_id: groups.metropole })).statusCode).toBe(403);

    // Not in any dataset: only its editors and superusers see it.
    expect((await call(null, 'GET', `/fr/resource/resources/${resource.id}/`)).statusCode).toBe(401);
    expect((await call('member', 'GET', `/fr/resource/resources/${resource.id}/`)).statusCode).toBe(404);
    expect((await call('marie.lefebvre', 'GET', `/fr/resource/resources/${resource.id}/`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/fr/resource/resources/${resource.id}/`)).json()).toMatchObject({ id: resource.id, editable: true });
    const list = (await call('marie.lefebvre', 'GET', '/fr/resource/resources/')).json();
    expect(list.results.map((r: { id: number }) => r.id)).not.toContain(resource.id);

    // In a public dataset: its readers read it, without changing it.
    const link = await call('editor', 'POST', '/fr/resource/resource-dataset/', { resource_id: resource.id, dataset_id: datasets['arrets-de-bus-du-reseau-urbain'], type: 2 });
    expect(link.statusCode, link.body).toBe(201);
    const asMember = await call('member', 'GET', `/fr/resource/resources/${resource.id}/`);
    expect(asMember.json()).toMatchObject({ id: resource.id, editable: false });
    expect((await call('member', 'PATCH', `/fr/resource/resources/${resource.id}/`, { description: 'x' })).statusCode).toBe(403);
    expect((await call('marie.lefebvre', 'DELETE', `/fr/resource/resources/${resource.id}/`)).statusCode).toBe(403);
    // Moving it to a group the writer does not edit.
    expect((await call('editor', 'PATCH', `/fr/resource/resources/${resource.id}/`, { usergroup_id: groups.departement })).statusCode).toBe(403);

    const patched = await call('editor', 'PATCH', `/fr/resource/resources/${resource.id}/`, { description: 'Les arrêts', hidden: true });
    expect(patched.json()).toMatchObject({ description: 'Les arrêts', hidden: true, codename: 'arrets-de-bus' });
    // Its last update is its data's (set by its scenarios): a change of its description is none.
    expect(patched.json().last_update).toBe(resource.last_update);
    const { id: _id, ...record } = patched.json();
    expect((await call('editor', 'PUT', `/fr/resource/resources/${resource.id}/`, record)).json()).toEqual(patched.json());
    expect((await call('admin', 'PATCH', `/fr/resource/resources/${resource.id}/`, { display_name: 'Arrêts' })).statusCode).toBe(200);
    expect((await call('editor', 'DELETE', `/fr/resource/resources/${resource.id}/`)).statusCode).toBe(204);
    expect((await call('editor', 'GET', `/fr/resource/resources/${resource.id}/`)).statusCode).toBe(404);
    expect((await t.db.query('SELECT 1 FROM resource_datasets WHERE resource_id = $1', [resource.id])).rowCount).toBe(0);
  });

  it('gives each of several resources of one name created at once a codename of its own', async () => {
    const created = await Promise.all([1, 2, 3, 4].map(() => call('editor', 'POST', '/fr/resource/resources/', { display_name: 'Lot parallèle', type: 'href', usergroup_id: groups.metropole })));
    expect(created.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    expect(created.map((answer) => answer.json().codename).sort()).toEqual(['lot-parallele', 'lot-parallele-2', 'lot-parallele-3', 'lot-parallele-4']);
  });
});

describe('groups owning resources', () => {
  it('cannot be deleted while they own resources', async () => {
    const { rows } = await t.db.query(
      `SELECT g.id FROM usergroups g WHERE g.usergroup_type = 'user-group' AND NOT EXISTS (SELECT 1 FROM datasets d WHERE d.usergroup_id = g.id) ORDER BY g.id LIMIT 1`,
    );
    const group = rows[0].id;
    const created = await call('admin', 'POST', '/fr/resource/resources/', { display_name: 'Du groupe', type: 'href', usergroup_id: group });
    expect(created.statusCode).toBe(201);
    const refused = await call('admin', 'DELETE', `/en/usergroup/user-groups/${group}/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: ['This group owns resources and cannot be deleted.'] });
    expect((await call('admin', 'DELETE', `/fr/resource/resources/${created.json().id}/`)).statusCode).toBe(204);
  });
});

describe('resources in datasets', () => {
  it('keeps one main resource per dataset, lists main first, and answers who may see or change links', async () => {
    const dataset = datasets['comptages-velo'];
    const main = await createResource('editor', 'href', 'Comptages principal');
    const annex = await createResource('editor', 'href', 'Comptages annexe');
    const second = await createResource('editor', 'href', 'Comptages bis');
    const annexLink = await call('editor', 'POST', '/fr/resource/resource-dataset/', { resource_id: annex.id, dataset_id: dataset, type: 2 });
    expect(annexLink.statusCode).toBe(201);
    const mainLink = await call('editor', 'POST', '/fr/resource/resource-dataset/', { resource_id: main.id, dataset_id: dataset, type: 1, publish: false });
    expect(mainLink.json()).toMatchObject({ resource_id: main.id, dataset_id: dataset, type: 1, publish: false, resource: { id: main.id } });

    const secondMain = await call('editor', 'POST', '/fr/resource/resource-dataset/', { resource_id: second.id, dataset_id: dataset, type: 1 });
    expect(secondMain.statusCode).toBe(400);
    expect(secondMain.json()).toEqual({ type: ['Ce jeu de données a déjà une ressource principale.'] });
    const secondMainIt = await call('editor', 'POST', '/it/resource/resource-dataset/', { resource_id: second.id, dataset_id: dataset, type: 1 });
    expect(secondMainIt.json()).toEqual({ type: ['Questo insieme di dati ha già una risorsa principale.'] });
    expect((await call('editor', 'POST', '/fr/resource/resource-dataset/', { resource_id: annex.id, dataset_id: dataset, type: 2 })).statusCode).toBe(400);
    expect((await call('editor', 'POST', '/fr/resource/resource-dataset/', { resource_id: second.id, dataset_id: dataset, type: 3 })).statusCode).toBe(400);

    const list = await call('editor', 'GET', `/fr/resource/resource-dataset/?dataset_id=${dataset}`);
    expect(list.json().count).toBe(2);
    expect(list.json().results.map((link: { resource_id: number }) => link.resource_id)).toEqual([main.id, annex.id]);
    expect((await call('editor', 'GET', '/fr/resource/resource-dataset/')).statusCode).toBe(400);
    expect((await call('editor', 'GET', '/fr/resource/resource-dataset/?dataset_id=abc')).statusCode).toBe(400);
    // A private dataset: 404 to whoever cannot see it.
    expect((await call('member', 'GET', `/fr/resource/resource-dataset/?dataset_id=${dataset}`)).statusCode).toBe(404);
    expect((await call('member', 'GET', `/fr/resource/resource-dataset/${mainLink.json().id}/`)).statusCode).toBe(404);
    expect((await call('marie.lefebvre', 'POST', '/fr/resource/resource-dataset/', { resource_id: second.id, dataset_id: dataset, type: 2 })).statusCode).toBe(400);
    // A reader of a public dataset may not add a resource to it.
    expect((await call('member', 'POST', '/fr/resource/resource-dataset/', { resource_id: second.id, dataset_id: datasets['arrets-de-bus-du-reseau-urbain'], type: 2 })).statusCode).toBe(400);

    // The dataset list shows the main resource and the number of annexes.
    const row = (await call('editor', 'GET', `/fr/dataset/datasets/?id__in=${dataset}`)).json().results[0];
    expect(row.main_resource).toMatchObject({ id: main.id, display_name: 'Comptages principal', type: 'href' });
    expect(row.annex_count).toBe(1);
    // And the annexes themselves (spec, section 3: resource_annexes), as the main resource is shown.
    expect(row.resource_annexes).toEqual([expect.objectContaining({ id: annex.id, display_name: 'Comptages annexe', type: 'href', resource_dataset_id: annexLink.json().id })]);
    const detail = (await call('editor', 'GET', `/fr/dataset/datasets/${dataset}/`)).json();
    expect(detail.resource_annexes.map((one: { id: number }) => one.id)).toEqual([annex.id]);

    // Publish the main resource through its scenario.
    const scenarioList = (await call('editor', 'GET', `/en/resource/resource-dataset/${mainLink.json().id}/_scenarios/`)).json();
    expect(scenarioList.map((s: { codename: string }) => s.codename)).toEqual(['publish-resourcedataset', 'unpublish-resourcedataset']);
    const run = await call('editor', 'POST', `/fr/resource/resource-dataset/${mainLink.json().id}/_scenarios/${scenarios['publish-resourcedataset']}/run/?asynchrone=true`, {
      kwargs: { target: { model: 'dataset', app_label: 'dataset', pk: dataset } },
    });
    expect(run.statusCode).toBe(202);
    expect((await waitFinished(run.json().id)).status).toBe('SUCCESS');
    expect((await call('editor', 'GET', `/fr/resource/resource-dataset/${mainLink.json().id}/`)).json().publish).toBe(true);
    const tasks = (await call('editor', 'GET', `/fr/dashboard/task-queue-track/?object=${dataset}`)).json();
    expect(tasks.results.map((task: Task) => task.id)).toContain(run.json().id);

    expect((await call('marie.lefebvre', 'DELETE', `/fr/resource/resource-dataset/${mainLink.json().id}/`)).statusCode).toBe(404);
    expect((await call('editor', 'DELETE', `/fr/resource/resource-dataset/${mainLink.json().id}/`)).statusCode).toBe(204);
    expect((await call('editor', 'GET', `/fr/resource/resources/${main.id}/`)).statusCode).toBe(200);
  });
});

describe('resource sources and their scenarios', () => {
  it('uploads a CSV, reads its columns and first rows, sets X/Y and CRS, and makes it current through its scenario', async () => {
    const resource = await createResource('editor', 'file-upload', 'Arrêts CSV');
    const source = await call('editor', 'POST', '/fr/resource/file-upload/', { resource_id: resource.id, dataformat_id: await formatId('csv') });
    expect(source.statusCode, source.body).toBe(201);
    const sourceId = source.json().id;
    expect(source.json()).toMatchObject({ resource_id: resource.id, filename: null, columns: [], preview: [], size: null });
    expect((await call('editor', 'POST', '/fr/resource/file-upload/', { resource_id: resource.id, dataformat_id: await formatId('csv') })).json()).toEqual({
      resource_id: ['Cette ressource a déjà une source.'],
    });
    expect((await call('marie.lefebvre', 'GET', `/fr/resource/file-upload/${sourceId}/`)).statusCode).toBe(404);
    expect((await upload('marie.lefebvre', sourceId, Buffer.from(CSV), 'arrets.csv')).statusCode).toBe(404);

    // No scenario has run on it yet: it is not loaded.
    const loaded = async () => (await call('editor', 'GET', `/fr/resource/resources/${resource.id}/`)).json().loaded;
    expect(await loaded()).toBe(false);

    // Creating before any upload fails with the reason.
    const early = await runScenario('editor', 'file-upload', sourceId, 'create-file-upload');
    expect(early.status).toBe('FAILURE');
    expect(early.error).toBe("Aucun fichier n'a été téléversé pour cette ressource.");
    const failing = (await call('editor', 'GET', `/en/resource/resources/${resource.id}/`)).json()._processing;
    expect(failing).toMatchObject([{ task_id: early.id, action: 'create-file-upload', state: 'FAILURE', message: 'No file was uploaded for this resource.', acknowledged: false }]);
    expect((await call('editor', 'POST', `/fr/dashboard/task-queue-track/${early.id}/acknowledge/`, {})).statusCode).toBe(200);
    expect((await call('editor', 'GET', `/fr/resource/resources/${resource.id}/`)).json()._processing).toEqual([]);

    const bad = await upload('editor', sourceId, Buffer.concat([Buffer.from('a;b\n1;2\n'), Buffer.from([0xff, 0xfe]), Buffer.from('\n')]), 'bad.csv');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ file: ["Le fichier n'est pas du texte UTF-8 (ligne 3)."] });
    const pdfAsCsv = await upload('editor', sourceId, Buffer.from(''), 'empty.csv');
    expect(pdfAsCsv.statusCode).toBe(400);

    const uploaded = await upload('editor', sourceId, Buffer.from(CSV), 'arrets.csv');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    // Neither the failed run nor the upload loaded it.
    expect(await loaded()).toBe(false);
    expect(uploaded.json()).toMatchObject({
      filename: 'arrets.csv',
      size: Buffer.byteLength(CSV),
      columns: ['id', 'nom', 'x', 'y'],
      preview: [['1', 'Gare', '7.26', '43.70'], ['2', 'Port', '7.28', '43.69'], ['3', 'Place, centre', '7.27', '43.71']],
    });

    expect((await call('editor', 'PATCH', `/fr/resource/file-upload/${sourceId}/`, { column_x: 'lon', crs: 9999 })).json()).toEqual({
      column_x: ["Ce n'est pas une colonne du fichier."],
      crs: ['Système de coordonnées inconnu.'],
    });
    expect((await call('member', 'PATCH', `/fr/resource/file-upload/${sourceId}/`, { column_x: 'x' })).statusCode).toBe(404);
    const located = await call('editor', 'PATCH', `/fr/resource/file-upload/${sourceId}/`, { column_x: 'x', column_y: 'y', crs: 4326 });
    expect(located.json()).toMatchObject({ column_x: 'x', column_y: 'y', crs: 4326 });

    const scenarioList = (await call('editor', 'GET', `/en/resource/file-upload/${sourceId}/_scenarios/`)).json();
    expect(scenarioList.map((s: { codename: string; action: string }) => [s.codename, s.action])).toEqual([['create-file-upload', 'create'], ['update-file-upload', 'update']]);
    expect((await call('marie.lefebvre', 'POST', `/fr/resource/file-upload/${sourceId}/_scenarios/${scenarios['create-file-upload']}/run/`, {})).statusCode).toBe(404);
    const done = await runScenario('editor', 'file-upload', sourceId, 'create-file-upload');
    expect(done.status, done.error ?? '').toBe('SUCCESS');
    expect(done).toMatchObject({ object_class: 'resource', object_id: resource.id });
    expect(await loaded()).toBe(true);
    expect(done.timeline.map((step) => step.message)).toContain(`Le fichier « arrets.csv » (${Buffer.byteLength(CSV)} octets) est désormais celui de la ressource.`);
    // Each step is told once: the load's count of rows, not again in other words.
    const loadedRows = done.timeline.map((step) => step.message).filter((message) => /lignes chargées/.test(message));
    expect(loadedRows).toEqual([`3 lignes chargées dans la table datastore.resource_${resource.id}.`]);
    const read = (await call('editor', 'GET', `/fr/resource/resources/${resource.id}/`)).json();
    const layer = await t.db.query<{ id: number }>('SELECT id FROM geographic_layers WHERE resource_id = $1', [resource.id]);
    expect(read).toMatchObject({
      size: Buffer.byteLength(CSV),
      dataformat: 'CSV',
      source_id: sourceId,
      geographic: true,
      rel: [
        { '@app': 'resource', '@class': 'file-upload', '@uri': `/fr/resource/file-upload/${sourceId}/` },
        { '@app': 'geospatial', '@class': 'geographiclayer', '@uri': `/fr/geospatial/geographiclayer/${layer.rows[0].id}/` },
      ],
    });
    expect(read.bbox).toHaveLength(4);
    // Whoever reads the resource reads its layer; others do not learn it exists.
    expect((await call('editor', 'GET', `/fr/geospatial/geographiclayer/${layer.rows[0].id}/`)).statusCode).toBe(200);
    expect((await call('marie.lefebvre', 'GET', `/fr/geospatial/geographiclayer/${layer.rows[0].id}/`)).statusCode).toBe(404);
    // Newest first: the scenario, then the upload it made current.
    expect(read._processing).toMatchObject([
      { action: 'create-file-upload', state: 'SUCCESS', message: null },
      { action: 'upload-file-upload', action_label: 'Téléversement du fichier', state: 'SUCCESS', message: null },
    ]);
    const { rows } = await t.db.query('SELECT storage_key, pending_key FROM resource_sources WHERE id = $1', [sourceId]);
    expect(rows[0].pending_key).toBeNull();
    const stored = await readStored(dataDir, rows[0].storage_key);
    expect(stored?.size).toBe(Buffer.byteLength(CSV));
    stored?.stream.destroy();
    const tasks = (await call('editor', 'GET', `/fr/dashboard/task-queue-track/?object_class=resource&object_id=${resource.id}`)).json();
    // The two scenario runs, and the three uploads: the two refused ones ended FAILURE, already
    // acknowledged (their answer said why), the accepted one SUCCESS.
    expect(tasks.count).toBe(5);
    const uploads = tasks.results.filter((task: { action: string }) => task.action === 'upload-file-upload');
    expect(uploads.map((task: { status: string; acknowledged: boolean; can_retry: boolean }) => [task.status, task.acknowledged, task.can_retry])).toEqual([
      ['SUCCESS', false, false],
      ['FAILURE', true, false],
      ['FAILURE', true, false],
    ]);

    // In a dataset, its format is the ODL export's FORMAT_RESSOURCES.
    const dataset = datasets['arrets-de-bus-du-reseau-urbain'];
    expect((await call('editor', 'POST', '/fr/resource/resource-dataset/', { resource_id: resource.id, dataset_id: dataset, type: 1 })).statusCode).toBe(201);
    const odl = await call('editor', 'GET', '/fr/dataset/datasets/export/odl/?search=arrets bus');
    const line = odl.body.split('\r\n').find((row) => row.includes('"arrets-de-bus-du-reseau-urbain"'));
    expect(line).toContain('"1","CSV",');

    // The update scenario loads the current file again.
    expect((await runScenario('editor', 'file-upload', sourceId, 'update-file-upload')).status).toBe('SUCCESS');
    // Deleting the resource removes its stored file.
    expect((await call('editor', 'DELETE', `/fr/resource/resources/${resource.id}/`)).statusCode).toBe(204);
    expect(await readStored(dataDir, rows[0].storage_key)).toBeNull();
  });

  it('keeps no file whose upload could not be recorded', async () => {
    const resource = await createResource('editor', 'file-upload', 'Relevés perdus');
    const sourceId = (await call('editor', 'POST', '/fr/resource/file-upload/', { resource_id: resource.id, dataformat_id: await formatId('csv') })).json().id;
    const stored = () => (existsSync(storageRoot(dataDir)) ? readdirSync(storageRoot(dataDir), { recursive: true, encoding: 'utf8' }) : []).filter((name) => /[0-9a-f]{32}$/.test(name)).sort();
    const before = stored();
    // The database refuses to record it (as it would on a failure of its own).
    await t.db.query(`CREATE FUNCTION refuse_source_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`);
    await t.db.query(`CREATE TRIGGER refuse_source_update BEFORE UPDATE ON resource_sources FOR EACH ROW WHEN (NEW.id = ${Number(sourceId)}) EXECUTE FUNCTION refuse_source_update()`);
    try {
      expect((await upload('editor', sourceId, Buffer.from(CSV), 'releves.csv')).statusCode).toBe(500);
    } finally {
      await t.db.query('DROP TRIGGER refuse_source_update ON resource_sources; DROP FUNCTION refuse_source_update()');
    }
    expect(stored()).toEqual(before);
    expect((await call('editor', 'GET', `/fr/resource/file-upload/${sourceId}/`)).json()).toMatchObject({ filename: null, size: null });
  });

  it('refuses a file larger than UPLOAD_MAX_BYTES and one whose content is not its format', async () => {
    const resource = await createResource('editor', 'file-upload', 'Rapport');
    const sourceId = (await call('editor', 'POST', '/fr/resource/file-upload/', { resource_id: resource.id, dataformat_id: await formatId('pdf') })).json().id;
    const notPdf = await upload('editor', sourceId, Buffer.from('hello'), 'rapport.pdf');
    expect(notPdf.json()).toEqual({ file: ["Le contenu du fichier n'est pas du PDF."] });
    const previous = t.config.uploadMaxBytes;
    t.config.uploadMaxBytes = 1000;
    try {
      const large = await upload('editor', sourceId, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5000, 0x20)]), 'rapport.pdf');
      expect(large.statusCode).toBe(400);
      expect(large.json()).toEqual({ file: ['Le fichier dépasse la taille maximale de 1000 octets.'] });
    } finally {
      t.config.uploadMaxBytes = previous;
    }
    const ok = await upload('editor', sourceId, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5000, 0x20)]), 'rapport.pdf');
    expect(ok.json()).toMatchObject({ filename: 'rapport.pdf', size: 5009, columns: [] });
  });

  it('refuses a CSV whose header line is longer than the head read for its columns, saying so', async () => {
    const resource = await createResource('editor', 'file-upload', 'Relevés larges');
    const sourceId = (await call('editor', 'POST', '/fr/resource/file-upload/', { resource_id: resource.id, dataformat_id: await formatId('csv') })).json().id;
    const names = Array.from({ length: 20_000 }, (_, index) => `colonne_${index}`);
    const wide = await upload('editor', sourceId, Buffer.from(`${names.join(';')}\n${names.map(() => '1').join(';')}\n`), 'larges.csv');
    expect(wide.statusCode, wide.body).toBe(400);
    expect(wide.json()).toEqual({ file: ['La première ligne du fichier CSV, qui nomme ses colonnes, dépasse la limite de 64 Ko.'] });
    // A header that fits is read, however long the file.
    const long = await upload('editor', sourceId, Buffer.from(`id;nom\n${'1;Gare\n'.repeat(20_000)}`), 'longues.csv');
    expect(long.statusCode, long.body).toBe(200);
    expect(long.json()).toMatchObject({ columns: ['id', 'nom'] });
  });

  it('takes a file whose head or name holds NUL characters, dropped as the load drops them', async () => {
    const resource = await createResource('editor', 'file-upload', 'Relevés NUL');
    const sourceId = (await call('editor', 'POST', '/fr/resource/file-upload/', { resource_id: resource.id, dataformat_id: await formatId('csv') })).json().id;
    const uploaded = await upload('editor', sourceId, Buffer.from('id;no\u0000m\n1;Ga\u0000re\n'), 're\u0000leves\u0007.csv');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({ filename: 'releves.csv', columns: ['id', 'nom'], preview: [['1', 'Gare']] });
    const geoResource = await createResource('editor', 'file-upload', 'Points NUL');
    const geoSource = (await call('editor', 'POST', '/fr/resource/file-upload/', { resource_id: geoResource.id, dataformat_id: await formatId('geojson') })).json().id;
    const feature = { type: 'Feature', geometry: { type: 'Point', coordinates: [7.26, 43.7] }, properties: { 'n\u0000om': 'Ga\u0000re' } };
    const geojson = await upload('editor', geoSource, Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: [feature] })), 'points.geojson');
    expect(geojson.statusCode, geojson.body).toBe(200);
    expect(geojson.json()).toMatchObject({ columns: ['nom'], preview: [['Gare']] });
  });

  it('uploads a GeoJSON file: its property names become the columns, and the scenario hands it to the datastore', async () => {
    const resource = await createResource('editor', 'file-upload', 'Arrêts GeoJSON');
    const sourceId = (await call('editor', 'POST', '/fr/resource/file-upload/', { resource_id: resource.id, dataformat_id: await formatId('geojson') })).json().id;
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [7.26, 43.7] }, properties: { nom: 'Gare', lignes: 3 } }],
    });
    expect((await upload('editor', sourceId, Buffer.from('{"type": "Point"}'), 'arrets.geojson')).json()).toEqual({ file: ["Le contenu du fichier n'est pas du GeoJSON."] });
    const uploaded = await upload('editor', sourceId, Buffer.from(geojson), 'arrets.geojson');
    expect(uploaded.json()).toMatchObject({ columns: ['nom', 'lignes'], preview: [['Gare', '3']] });
    const done = await runScenario('editor', 'file-upload', sourceId, 'create-file-upload');
    expect(done.status, done.error ?? '').toBe('SUCCESS');
    const steps = done.timeline.map((step) => step.message);
    expect(steps).toContain(`Le fichier « arrets.geojson » (${geojson.length} octets) est désormais celui de la ressource.`);
    // Whether the datastore loaded it or not, the task says so.
    expect(steps.some((step) => step.includes('datastore'))).toBe(true);
  });

  it("changes a file's format but never takes it away, since the file is loaded by it; a link's may be left to recognise", async () => {
    const resource = await createResource('editor', 'file-upload', 'Bornes sans format');
    const sourceId = (await call('editor', 'POST', '/fr/resource/file-upload/', { resource_id: resource.id, dataformat_id: await formatId('csv') })).json().id;
    const cleared = await call('editor', 'PATCH', `/fr/resource/file-upload/${sourceId}/`, { dataformat_id: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json()).toEqual({ dataformat_id: ['Ce champ est obligatoire.'] });
    expect((await call('editor', 'GET', `/fr/resource/file-upload/${sourceId}/`)).json().dataformat_id).toBe(await formatId('csv'));
    const changed = await call('editor', 'PATCH', `/fr/resource/file-upload/${sourceId}/`, { dataformat_id: await formatId('geojson') });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().dataformat_id).toBe(await formatId('geojson'));

    const link = await createResource('editor', 'href', 'Lien sans format');
    const linkSource = (await call('editor', 'POST', '/fr/resource/href/', { resource_id: link.id, href: 'https://example.org/bornes.csv' })).json();
    const linkCleared = await call('editor', 'PATCH', `/fr/resource/href/${linkSource.id}/`, { dataformat_id: null });
    expect(linkCleared.statusCode, linkCleared.body).toBe(200);
    expect(linkCleared.json().dataformat_id).toBeNull();
  });

  it('downloads a file whose address names it in another encoding than UTF-8, keeping that name as written', async () => {
    const resource = await createResource('editor', 'file-download', 'Arrêts en Latin-1');
    const source = await call('editor', 'POST', '/fr/resource/file-download/', { resource_id: resource.id, dataformat_id: await formatId('csv'), href: `${remoteUrl}/arr%EAts.csv` });
    expect(source.statusCode, source.body).toBe(201);
    const done = await runScenario('editor', 'file-download', source.json().id, 'create-file-download');
    expect(done.status, done.error ?? '').toBe('SUCCESS');
    expect((await call('editor', 'GET', `/fr/resource/file-download/${source.json().id}/`)).json()).toMatchObject({ filename: 'arr%EAts.csv', size: Buffer.byteLength(CSV) });
    const control = await call('editor', 'PATCH', `/fr/resource/file-download/${source.json().id}/`, { href: `${remoteUrl}/nul%00%0A.csv` });
    expect(control.statusCode, control.body).toBe(200);
    const again = await runScenario('editor', 'file-download', source.json().id, 'update-file-download');
    expect(again.status, again.error ?? '').toBe('SUCCESS');
  });

  it('downloads a file through the guarded client, and refuses a private address without OUTBOUND_ALLOW_PRIVATE', async () => {
    const resource = await createResource('editor', 'file-download', 'Arrêts téléchargés');
    expect((await call('editor', 'POST', '/fr/resource/file-download/', { resource_id: resource.id, dataformat_id: await formatId('csv'), href: 'ftp://x/y' })).json()).toEqual({
      href: ['Saisissez une adresse http ou https.'],
    });
    expect((await call('editor', 'POST', '/fr/resource/href/', { resource_id: resource.id, dataformat_id: await formatId('csv'), href: `${remoteUrl}/stops.csv` })).statusCode).toBe(400);
    const source = await call('editor', 'POST', '/fr/resource/file-download/', { resource_id: resource.id, dataformat_id: await formatId('csv'), href: `${remoteUrl}/stops.csv` });
    expect(source.statusCode).toBe(201);
    const sourceId = source.json().id;
    const done = await runScenario('editor', 'file-download', sourceId, 'create-file-download');
    expect(done.status, done.error ?? '').toBe('SUCCESS');
    expect((await call('editor', 'GET', `/fr/resource/file-download/${sourceId}/`)).json()).toMatchObject({ filename: 'stops.csv', size: Buffer.byteLength(CSV), columns: ['id', 'nom', 'x', 'y'] });

    const missing = await call('editor', 'PATCH', `/fr/resource/file-download/${sourceId}/`, { href: `${remoteUrl}/missing.csv` });
    expect(missing.statusCode).toBe(200);
    const notFound = await runScenario('editor', 'file-download', sourceId, 'update-file-download');
    expect(notFound.error).toBe(`${remoteUrl}/missing.csv a répondu HTTP 404.`);

    await call('editor', 'PATCH', `/fr/resource/file-download/${sourceId}/`, { href: `${remoteUrl}/stops.csv` });
    const allowed = t.config.tasks.outbound;
    t.config.tasks.outbound = { ...allowed, allowPrivate: false };
    try {
      const refused = await runScenario('editor', 'file-download', sourceId, 'update-file-download');
      expect(refused.status).toBe('FAILURE');
      expect(refused.error).toBe(`${remoteUrl}/stops.csv : adresse d'un réseau privé, refusée.`);
      const processing = (await call('editor', 'GET', `/en/resource/resources/${resource.id}/`)).json()._processing;
      expect(processing[0]).toMatchObject({ task_id: refused.id, state: 'FAILURE', message: `${remoteUrl}/stops.csv: address on a private network, refused.` });
    } finally {
      t.config.tasks.outbound = allowed;
    }
    // Fetched again on a scheduler: the frequency is the resource's, set by its editors only.
    const schedulers = (await call('editor', 'GET', '/fr/usergroup/schedulers/')).json();
    const frequency = { scenario: scenarios['update-file-download'], object_class: 'resource', object_id: resource.id, scheduler: schedulers[1].id };
    expect((await call('marie.lefebvre', 'POST', '/fr/resource/scenario-execution-frequency/', frequency)).statusCode).toBe(400);
    const scheduled = await call('editor', 'POST', '/fr/resource/scenario-execution-frequency/', frequency);
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(scheduled.json()).toMatchObject({ object_class: 'resource', object_id: resource.id });
    // Only its source kind's scenarios, as the source offers them: not another kind's, on creation or on a change.
    for (const other of ['update-ftp', 'create-href', 'update-datastore']) {
      const wrongKind = await call('editor', 'POST', '/fr/resource/scenario-execution-frequency/', { ...frequency, scenario: scenarios[other] });
      expect(wrongKind.statusCode, other).toBe(400);
      expect(wrongKind.json()).toEqual({ scenario: ["Scénario inconnu, ou qui ne s'applique pas à ce type d'objet."] });
      expect((await call('editor', 'PATCH', `/fr/resource/scenario-execution-frequency/${scheduled.json().id}/`, { scenario: scenarios[other] })).statusCode, other).toBe(400);
    }
    expect((await call('editor', 'GET', `/fr/resource/scenario-execution-frequency/${scheduled.json().id}/`)).json().scenario).toBe(scenarios['update-file-download']);
    expect((await call('editor', 'PATCH', `/fr/resource/scenario-execution-frequency/${scheduled.json().id}/`, { scenario: scenarios['create-file-download'] })).statusCode).toBe(200);

    const again = await runScenario('editor', 'file-download', sourceId, 'update-file-download');
    expect(again.status, again.error ?? '').toBe('SUCCESS');
    expect((await call('editor', 'GET', `/fr/resource/resources/${resource.id}/`)).json()._processing[0]).toMatchObject({ task_id: again.id, state: 'SUCCESS' });
  });

  it('counts as loaded a resource never created through a scenario whose source holds its data, not one whose creation was left or failed', async () => {
    const loaded = async (id: number) => (await call('editor', 'GET', `/fr/resource/resources/${id}/`)).json().loaded;
    // Imported without tasks (or made before scenarios existed): its link, its stored file are there.
    const link = await createResource('editor', 'href', 'Lien importé');
    await t.db.query(`INSERT INTO resource_sources (resource_id, kind, href) VALUES ($1, 'href', $2)`, [link.id, `${remoteUrl}/page`]);
    expect(await loaded(link.id)).toBe(true);
    const file = await createResource('editor', 'file-download', 'Fichier importé');
    await t.db.query(`INSERT INTO resource_sources (resource_id, kind, href, storage_key) VALUES ($1, 'file-download', $2, 'imported/file.csv')`, [file.id, `${remoteUrl}/file.csv`]);
    expect(await loaded(file.id)).toBe(true);
    // A download whose creation was left before its scenario: no file yet.
    const left = await createResource('editor', 'file-download', 'Téléchargement laissé');
    const leftSource = (await call('editor', 'POST', '/fr/resource/file-download/', { resource_id: left.id, dataformat_id: await formatId('csv'), href: `${remoteUrl}/missing.csv` })).json().id;
    expect(await loaded(left.id)).toBe(false);
    // A link whose creation failed is not loaded, even with its address there.
    const failed = await createResource('editor', 'href', 'Lien en échec');
    const failedSource = (await call('editor', 'POST', '/fr/resource/href/', { resource_id: failed.id, dataformat_id: await formatId('html'), href: `${remoteUrl}/gone` })).json().id;
    expect((await runScenario('editor', 'href', failedSource, 'create-href')).status).toBe('FAILURE');
    expect(await loaded(failed.id)).toBe(false);
    expect(leftSource).toBeGreaterThan(0);
  });

  it('checks a link: HEAD, else GET', async () => {
    const resource = await createResource('editor', 'href', 'Page du réseau');
    const sourceId = (await call('editor', 'POST', '/fr/resource/href/', { resource_id: resource.id, dataformat_id: await formatId('html'), href: `${remoteUrl}/page` })).json().id;
    const done = await runScenario('editor', 'href', sourceId, 'create-href');
    expect(done.status, done.error ?? '').toBe('SUCCESS');
    expect(done.timeline.map((step) => step.message)).toContain(`Le lien ${remoteUrl}/page répond (HTTP 200).`);
    // A task still running shows as PENDING on the resource.
    const running = await t.db.query(
      `INSERT INTO task_queue_track (status, action, object_class, object_id, scenario_id, heartbeat_at, attempt)
       VALUES ('STARTED', 'update-href', 'resource', $1, $2, now(), 1) RETURNING id`,
      [resource.id, scenarios['update-href']],
    );
    const pending = (await call('editor', 'GET', `/en/resource/resources/${resource.id}/`)).json()._processing;
    expect(pending).toMatchObject([
      { task_id: Number(running.rows[0].id), action: 'update-href', action_label: 'Update the link resource', state: 'PENDING', message: null },
      { task_id: done.id, action: 'create-href', state: 'SUCCESS' },
    ]);
    await t.db.query('DELETE FROM task_queue_track WHERE id = $1', [running.rows[0].id]);

    await call('editor', 'PUT', `/fr/resource/href/${sourceId}/`, { dataformat_id: await formatId('html'), href: `${remoteUrl}/gone` });
    expect((await runScenario('editor', 'href', sourceId, 'update-href')).error).toBe(`${remoteUrl}/gone a répondu HTTP 404.`);
    expect((await call('member', 'DELETE', `/fr/resource/href/${sourceId}/`)).statusCode).toBe(404);
    expect((await call('editor', 'DELETE', `/fr/resource/href/${sourceId}/`)).statusCode).toBe(204);
  });

  it("copies a file of the organisation's FTP folder, known formats only, nothing outside it", async () => {
    const folder = path.join(dataDir, 'ftp', String(groups.metropole));
    mkdirSync(path.join(folder, 'releves'), { recursive: true });
    writeFileSync(path.join(folder, 'releves', '2026.csv'), CSV);
    writeFileSync(path.join(folder, 'notes.unknown'), 'x');
    writeFileSync(path.join(dataDir, 'ftp', 'secret.csv'), CSV);
    const choices = await call('editor', 'GET', `/fr/resource/ftp-choices/?usergroup_id=${groups.metropole}`);
    expect(choices.json()).toEqual([{ value: 'releves/2026.csv', label: `releves/2026.csv (${Buffer.byteLength(CSV)} o)`, size: Buffer.byteLength(CSV) }]);
    expect((await call('marie.lefebvre', 'GET', `/fr/resource/ftp-choices/?usergroup_id=${groups.metropole}`)).statusCode).toBe(403);
    expect((await call('editor', 'GET', '/fr/resource/ftp-choices/')).statusCode).toBe(400);

    const resource = await createResource('editor', 'ftp', 'Relevés 2026');
    for (const filename of ['../secret.csv', '/etc/passwd', 'releves/../../secret.csv', 'notes.unknown']) {
      const refused = await call('editor', 'POST', '/fr/resource/ftp/', { resource_id: resource.id, dataformat_id: await formatId('csv'), filename });
      expect(refused.json(), filename).toEqual({ filename: ["Ce fichier n'est pas dans le dépôt sFTP du groupe."] });
    }
    const source = await call('editor', 'POST', '/fr/resource/ftp/', { resource_id: resource.id, dataformat_id: await formatId('csv'), filename: 'releves/2026.csv' });
    expect(source.statusCode).toBe(201);
    const done = await runScenario('editor', 'ftp', source.json().id, 'create-ftp');
    expect(done.status, done.error ?? '').toBe('SUCCESS');
    // The task names the folder as the wizard does.
    expect(done.action_label).toBe('Créer la ressource depuis le dépôt sFTP');
    expect(done.timeline.map((step) => step.message)).toContain(`Fichier « releves/2026.csv » copié depuis le dépôt sFTP (${Buffer.byteLength(CSV)} octets).`);
    expect((await call('editor', 'GET', `/fr/resource/resources/${resource.id}/`)).json().size).toBe(Buffer.byteLength(CSV));

    // Update: the file changed in the folder, the copy follows.
    writeFileSync(path.join(folder, 'releves', '2026.csv'), `${CSV}4;Musée;7.29;43.72\n`);
    const updated = await runScenario('editor', 'ftp', source.json().id, 'update-ftp');
    expect(updated.status, updated.error ?? '').toBe('SUCCESS');
    expect(updated.action_label).toBe('Mettre à jour la ressource depuis le dépôt sFTP');
    expect((await call('editor', 'GET', `/fr/resource/ftp/${source.json().id}/`)).json().preview).toHaveLength(4);
    expect((await call('marie.lefebvre', 'GET', `/fr/resource/ftp/${source.json().id}/`)).statusCode).toBe(404);
    expect((await call('referent', 'PATCH', `/fr/resource/ftp/${source.json().id}/`, { filename: 'arrets.csv' })).statusCode).toBe(404);
  });

  it('copies the FTP file it checked: one swapped for a link after the check is refused, not followed', async () => {
    const folder = path.join(dataDir, 'ftp', String(groups.metropole));
    const secret = path.join(dataDir, 'ftp', 'hors-dossier.csv');
    mkdirSync(path.join(folder, 'course'), { recursive: true });
    writeFileSync(secret, 'secret;x\n1;2\n');
    writeFileSync(path.join(folder, 'course', 'a.csv'), CSV);
    const read = async (value: string) => {
      const handle = await openFtpFile(dataDir, groups.metropole, value);
      if (!handle) return null;
      try {
        return (await handle.readFile()).toString();
      } finally {
        await handle.close();
      }
    };
    expect(await read('course/a.csv')).toBe(CSV);

    // Checked as a regular file, then replaced by a link to a file outside the folder before it is opened.
    expect(await resolveFtpFile(dataDir, groups.metropole, 'course/a.csv')).toBe(path.join(folder, 'course', 'a.csv'));
    renameSync(path.join(folder, 'course', 'a.csv'), path.join(folder, 'course', 'a.old'));
    symlinkSync(secret, path.join(folder, 'course', 'a.csv'));
    expect(await read('course/a.csv')).toBeNull();
    symlinkSync('/etc/passwd', path.join(folder, 'course', 'passwd.csv'));
    expect(await read('course/passwd.csv')).toBeNull();
    // A directory on the way replaced by a link leading outside.
    mkdirSync(path.join(dataDir, 'ftp', 'ailleurs'), { recursive: true });
    writeFileSync(path.join(dataDir, 'ftp', 'ailleurs', 'b.csv'), 'secret;x\n');
    symlinkSync(path.join(dataDir, 'ftp', 'ailleurs'), path.join(folder, 'detour'));
    expect(await read('detour/b.csv')).toBeNull();
    for (const value of ['../hors-dossier.csv', '/etc/passwd', 'course', '', 'course/.a.csv']) expect(await read(value), value).toBeNull();

    // Through the scenario: the source names a checked file, swapped for a link before the copy.
    unlinkSync(path.join(folder, 'course', 'a.csv'));
    renameSync(path.join(folder, 'course', 'a.old'), path.join(folder, 'course', 'a.csv'));
    const resource = await createResource('editor', 'ftp', 'Course');
    const source = await call('editor', 'POST', '/fr/resource/ftp/', { resource_id: resource.id, dataformat_id: await formatId('csv'), filename: 'course/a.csv' });
    expect(source.statusCode, source.body).toBe(201);
    unlinkSync(path.join(folder, 'course', 'a.csv'));
    symlinkSync(secret, path.join(folder, 'course', 'a.csv'));
    const done = await runScenario('editor', 'ftp', source.json().id, 'create-ftp');
    expect(done.status).toBe('FAILURE');
    expect(done.error).toBe("Le fichier « course/a.csv » n'est plus dans le dépôt sFTP.");
  });

  it('answers every source call by role: anonymous 401, outsiders 404, readers 403, editors and superusers', async () => {
    const resource = await createResource('editor', 'href', 'Lien public');
    const sourceId = (await call('editor', 'POST', '/fr/resource/href/', { resource_id: resource.id, dataformat_id: await formatId('html'), href: `${remoteUrl}/page` })).json().id;
    await call('editor', 'POST', '/fr/resource/resource-dataset/', { resource_id: resource.id, dataset_id: datasets['arrets-de-bus-du-reseau-urbain'], type: 2 });
    const url = `/fr/resource/href/${sourceId}/`;
    const run = `${url}_scenarios/${scenarios['update-href']}/run/`;
    for (const [method, target] of [['GET', url], ['PATCH', url], ['DELETE', url], ['GET', `${url}_scenarios/`], ['POST', run]] as const) {
      expect((await call(null, method, target, method === 'GET' ? undefined : {})).statusCode, `${method} ${target}`).toBe(401);
    }
    // The member reads the resource through the public dataset: reads pass, writes are refused.
    expect((await call('member', 'GET', url)).statusCode).toBe(200);
    expect((await call('member', 'GET', `${url}_scenarios/`)).statusCode).toBe(200);
    expect((await call('member', 'PATCH', url, { href: `${remoteUrl}/x` })).statusCode).toBe(403);
    expect((await call('member', 'POST', run, {})).statusCode).toBe(403);
    expect((await call('member', 'DELETE', url)).statusCode).toBe(403);
    expect((await call('member', 'POST', '/fr/resource/href/', { resource_id: resource.id, dataformat_id: 1, href: `${remoteUrl}/x` })).statusCode).toBe(403);
    expect((await call('admin', 'PATCH', url, { href: `${remoteUrl}/page?v=2` })).json().href).toBe(`${remoteUrl}/page?v=2`);
    expect((await call('admin', 'POST', `${run}`, {})).statusCode).toBe(200);
    expect((await call('marie.lefebvre', 'POST', run, {})).statusCode).toBe(403);
  });

  it('lists the coordinate systems and searches data formats', async () => {
    const crs = (await call('member', 'GET', '/fr/resource/crs/')).json();
    expect(crs.map((c: { code: number }) => c.code)).toEqual([4326, 2154, 3857, 3942, 3943, 3944, 3945, 3946, 3947, 3948, 3949, 3950, 27572, 32630, 32631, 32632]);
    const formats = (await call('editor', 'GET', '/fr/resource/data-format/?search=wf')).json();
    expect(formats).toEqual([expect.objectContaining({ codename: 'wfs', display_name: 'WFS', is_geographic: true })]);
    expect((await call('editor', 'GET', '/fr/resource/data-format/?search=csv')).json()[0]).toMatchObject({ codename: 'csv', is_geographic: false });
    // A NUL is ignored, as in every search.
    expect((await call('editor', 'GET', '/fr/resource/data-format/?search=c%00sv')).json()[0]).toMatchObject({ codename: 'csv' });
  });
});

describe('demo FTP folder', () => {
  it('holds CSV files of the demo metropolis, offered as FTP choices, written once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'publish-demo-ftp-'));
    await seedDemoFtpFiles(t.db, dir);
    await seedDemoFtpFiles(t.db, dir);
    const folder = path.join(dir, 'ftp', String(groups.metropole));
    expect(readdirSync(folder).sort()).toEqual(['arrets-bus.csv', 'releves']);
    const previous = t.config.dataDir;
    t.config.dataDir = dir;
    try {
      const choices = (await call('editor', 'GET', `/fr/resource/ftp-choices/?usergroup_id=${groups.metropole}`)).json();
      expect(choices.map((choice: { value: string }) => choice.value)).toEqual(['arrets-bus.csv', 'releves/comptages-velo-2026-01.csv']);
    } finally {
      t.config.dataDir = previous;
    }
  });

  it('gives the demo region a loaded main resource, made from its FTP file by the create scenario', async () => {
    // In the platform's own data directory, where the task engine finds FTP folders.
    await seedDemoFtpFiles(t.db, dataDir);
    await seedDemoResources(t.db, { timeLimitSeconds: 60 });
    const dataset = datasets['lycees-de-la-region'];
    const [link] = (await call('admin', 'GET', `/fr/resource/resource-dataset/?dataset_id=${dataset}`)).json().results;
    expect(link).toMatchObject({ type: 1, resource: { display_name: 'Implantation des lycées publics', type: 'ftp', dataformat: 'CSV' } });
    const [{ task_id: taskId }] = link.resource._processing;
    expect(await waitFinished(taskId)).toMatchObject({ status: 'SUCCESS' });
    // Its task is the dataset's, as a run from the wizard is: among the dataset's latest tasks, named by it.
    const latest = (await call('admin', 'GET', `/fr/dashboard/task-queue-track/?object=${dataset}&page_size=3`)).json().results;
    expect(latest.find((task: { id: number }) => task.id === taskId)).toMatchObject({ target: { model: 'dataset', pk: dataset }, target_name: 'Lycées de la région' });
    const resource = (await call('admin', 'GET', `/fr/resource/resources/${link.resource.id}/`)).json();
    expect(resource).toMatchObject({ geographic: true, bbox: [4.8055, 43.1242, 7.299, 43.9493] });
    expect(resource.rel.map((rel: { '@class': string }) => rel['@class'])).toContain('geographiclayer');
    // The dataset's coverage is computed on it.
    expect((await call('admin', 'GET', `/fr/dataset/datasets/${dataset}/`)).json()).toMatchObject({ geographic_coverage: 'computed', bbox: [4.8055, 43.1242, 7.299, 43.9493] });
  });
});

describe('resource calls and odd input', () => {
  it('offers the types whose source the platform creates', async () => {
    const kinds = await call('editor', 'GET', '/fr/resource/kinds/');
    expect(kinds.statusCode).toBe(200);
    expect(kinds.json()).toEqual(['file-upload', 'file-download', 'ftp', 'href', 'datastore']);
  });

  it('answers 401 to anonymous callers and 400 (never 500) to malformed bodies and ids', async () => {
    for (const url of ['/fr/resource/resources/', '/fr/resource/resource-dataset/?dataset_id=1', '/fr/resource/crs/', '/fr/resource/data-format/', '/fr/resource/ftp-choices/?usergroup_id=1', '/fr/resource/kinds/']) {
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
    }
    const resource = await createResource('editor', 'file-upload', 'Entrées étranges');
    const bodies: object[] = [[], { resource_id: {} }, { resource_id: 'x', dataset_id: [1], type: '1' }, { resource_id: resource.id, dataset_id: 2 ** 40, type: 1 }, { resource_id: resource.id, dataset_id: datasets['comptages-velo'], type: 1, publish: 'yes' }];
    for (const body of bodies) {
      expect((await call('editor', 'POST', '/fr/resource/resource-dataset/', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const body of [[], { resource_id: 'abc' }, { resource_id: resource.id, dataformat_id: 'csv' }, { resource_id: resource.id, dataformat_id: 2 ** 33 }]) {
      expect((await call('editor', 'POST', '/fr/resource/file-upload/', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const sourceId = (await call('editor', 'POST', '/fr/resource/file-upload/', { resource_id: resource.id, dataformat_id: await formatId('csv') })).json().id;
    for (const body of [{ crs: '4326abc' }, { crs: { a: 1 } }, { column_x: 5 }, { column_y: ['x'] }, { dataformat_id: -1 }]) {
      expect((await call('editor', 'PATCH', `/fr/resource/file-upload/${sourceId}/`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('editor', 'PUT', `/fr/resource/file-upload/${sourceId}/file/`, { file: 'x' })).statusCode).toBe(400);
    for (const url of ['/fr/resource/file-upload/abc/', '/fr/resource/file-upload/99999999999/', `/fr/resource/href/${sourceId}/`, '/fr/resource/resource-dataset/0/']) {
      expect((await call('editor', 'GET', url)).statusCode, url).toBe(404);
    }
    expect((await call('editor', 'GET', '/fr/resource/file-upload/abc/_scenarios/')).statusCode).toBe(404);
    expect((await call('editor', 'GET', '/fr/resource/ftp-choices/?usergroup_id=abc')).statusCode).toBe(400);
    expect((await call('editor', 'PATCH', `/fr/resource/resources/${resource.id}/`, { codename: 'Pas un slug' })).statusCode).toBe(400);
    expect((await call('editor', 'PATCH', `/fr/resource/resources/${resource.id}/`, { type: 'href' })).json()).toEqual({ type: ['Le type ne peut plus changer une fois la source de la ressource créée.'] });
  });
});

describe('storage', () => {
  it('never leaves a partly written file under a key', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'publish-storage-'));
    async function* broken() {
      yield Buffer.alloc(1024, 1);
      throw new Error('connection lost');
    }
    await expect(diskStorage(dir).write(Readable.from(broken()), { maxBytes: 1e6 })).rejects.toThrow('connection lost');
    const folders = readdirSync(storageRoot(dir));
    expect(folders.flatMap((folder) => readdirSync(path.join(storageRoot(dir), folder)))).toEqual([]);

    // A temporary file left by a crash is not a stored file, and the sweep removes it.
    const key = 'ab/0123456789abcdef0123456789abcdef';
    mkdirSync(path.join(storageRoot(dir), 'ab'), { recursive: true });
    writeFileSync(path.join(storageRoot(dir), `${key}.1a2b3c4d.partial`), 'half');
    expect(await readStored(dir, key)).toBeNull();
    expect(await diskStorage(dir).sweep(0)).toBe(1);

    const stored = await diskStorage(dir).write(Readable.from([Buffer.from('complete')]), { maxBytes: 100 });
    expect(stored.size).toBe(8);
    await expect(diskStorage(dir).write(Readable.from([Buffer.alloc(200)]), { maxBytes: 100 })).rejects.toThrow('larger than 100');
  });
});
