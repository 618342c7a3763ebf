/**
 * The OpenAPI document against what the server answers, on a platform holding a record of each
 * kind: every GET it describes, with the ids of real records in its path, answers a status the
 * document lists, in one of its media types, with a JSON body its schema for that status takes;
 * so do an empty create of each entity (400), one create (201) and one update (200), the other
 * writes made (their bodies taken by the document too), the login pages' forms, malformed bodies
 * (400, refused by the document too), forbidden and unknown calls (403, 404). Every query
 * parameter sent is one the document names, and every write's body says what it takes.
 */
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadResourceIntoDatastore } from '../../src/server/datastore/index.ts';
import { groupIds, multipart, TINY_PDF, TINY_PNG } from './accounts-helpers.ts';
import { dataFile, scenarioContext } from './datastore-helpers.ts';
import { startGeoServerMock, type GeoServerMock } from './geoserver-mock.ts';
import { createTestApp, TEST_DEMO_PASSWORD, type SignedIn, type TestApp } from './helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Operation = { parameters?: { name: string; in: string }[]; responses: Record<string, { content?: Record<string, unknown> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let geoserver: GeoServerMock;
let admin: SignedIn;
let document: Document;
let ajv: Ajv2020;
/** Values of path parameters, by path or by the path's part before its first parameter. */
const params: Record<string, Record<string, string | number>> = {};
/** Query strings of the GETs that need one. */
const queries: Record<string, string> = {};
/** The entities' creates and updates, as answered while the platform was filled. */
const writes: { operation: string; path: string; response: LightMyRequestResponse; payload?: unknown }[] = [];
/** Bodies of the wrong shape, that the server refuses (400) and the document too, by the operation's path and the URL to send them to. */
const malformed: { path: string; url: string; payload: unknown; method?: Method }[] = [];
/** Calls refused as forbidden (403) or unknown (404), with who makes them. */
const refusals: { method: Method; path: string; url: string; status: number; who: () => Promise<SignedIn>; payload?: unknown }[] = [];

const call = (method: Method, url: string, payload?: unknown, who = admin) =>
  t.app.inject({ method, url: `/fr${url}`, headers: who.jwtHeaders, ...(payload === undefined ? {} : { payload: payload as object }) });

/** Puts a file on a record (a thumbnail, a convention, an upload's file), keeping the answer as `write` does. */
async function putFile(path: string, url: string, bytes: Buffer | string, filename: string, type: string) {
  const body = multipart(Buffer.from(bytes), filename, { type });
  const response = await t.app.inject({ method: 'PUT', url: `/fr${url}`, headers: { ...admin.jwtHeaders, ...body.headers }, payload: body.payload });
  expect(response.statusCode, `PUT ${url} ${response.body}`).toBe(200);
  writes.push({ operation: 'put', path, response });
}

/** The records a list answers, paginated or not. */
async function items(url: string): Promise<{ id: number; codename: string }[]> {
  const body = (await call('GET', url)).json<{ results?: { id: number; codename: string }[] } | { id: number; codename: string }[]>();
  return Array.isArray(body) ? body : body.results ?? [];
}

/** A write that must succeed: answers its body, and keeps the answer to hold against the document. */
async function write(method: Method, path: string, url: string, payload: unknown, status: number, who = admin) {
  const response = await call(method, url, payload, who);
  expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(status);
  writes.push({ operation: method.toLowerCase(), path, response, payload });
  // A 204's body is empty.
  return (response.body === '' ? {} : response.json()) as { id: number };
}

const STOPS = 'id;nom;lon;lat\n1;Gare;7.26;43.70\n2;Port;7.28;43.69\n';

/** Fills the platform with a record of each kind the API lists, through the API where it makes them. */
async function fill() {
  const g = await groupIds(t);
  const region = g['region-sud-mediterranee'];
  const scenario = async (codename: string) => (await t.db.query<{ id: number }>('SELECT id FROM scenarios WHERE codename = $1', [codename])).rows[0].id;
  const first = async (url: string) => (await items(url))[0].id;

  const organisationType = await first('/organisation/organisation-types/');
  const organisation = await write('POST', '/organisation/organisations/', '/organisation/organisations/', { display_name: 'Commune de Lourmarin', organisation_type: organisationType }, 201);
  await write('PATCH', '/organisation/organisations/{id}/', `/organisation/organisations/${organisation.id}/`, { acronym: 'CL' }, 200);
  const user = await write('POST', '/usergroup/users/', '/usergroup/users/', { username: 'louise.martin', first_name: 'Louise', last_name: 'Martin', email: 'louise@example.org' }, 201);
  await write('PATCH', '/usergroup/users/{id}/', `/usergroup/users/${user.id}/`, { phone: '0491000000' }, 200);
  const group = await write('POST', '/usergroup/user-groups/', '/usergroup/user-groups/', { display_name: 'Groupe vélo' }, 201);
  await write('PATCH', '/usergroup/user-groups/{id}/', `/usergroup/user-groups/${group.id}/`, { description: 'Les pistes cyclables.' }, 200);
  // A sphere, its type in the query as the admin app sends it, or in the body.
  await write('POST', '/usergroup/user-groups/', '/usergroup/user-groups/?usergroup_type=group-of-organisation', { display_name: 'Sphère mobilités' }, 201);
  await write('POST', '/usergroup/user-groups/', '/usergroup/user-groups/', { display_name: 'Sphère littoral', usergroup_type: 'group-of-organisation' }, 201);
  await write('POST', '/usergroup/user-groups/{id}/members/', `/usergroup/user-groups/${group.id}/members/`, { user_id: user.id, role: 1 }, 201);
  await write('PUT', '/usergroup/user-groups/{id}/members/{userId}/', `/usergroup/user-groups/${group.id}/members/${user.id}/`, { role: 2 }, 200);
  const member = (await write('POST', '/usergroup/user-groups/{id}/members/', `/usergroup/user-groups/${group.id}/members/`, { account: 'member', user_id: null, role: 0, status: 1 }, 201)) as unknown as { user_id: number };
  await write('PUT', '/usergroup/user-groups/{id}/members/{userId}/', `/usergroup/user-groups/${group.id}/members/${member.user_id}/`, { status: 2 }, 200);
  // Invitations (status 0), accepted and declined by the person.
  for (const [username, answer, status] of [['newcomer', 'accept', 200], ['editor', 'decline', 204]] as const) {
    const invited = (await write('POST', '/usergroup/user-groups/{id}/members/', `/usergroup/user-groups/${group.id}/members/`, { account: username, status: 0 }, 201)) as unknown as { user_id: number };
    const person = await t.signIn(username);
    const [invitation] = (await call('GET', `/usergroup/group-members/?user=${invited.user_id}&usergroup=${group.id}&status__in=0`, undefined, person)).json<{ results: { id: number }[] }>().results;
    await write('POST', `/usergroup/group-members/{id}/${answer}/`, `/usergroup/group-members/${invitation.id}/${answer}/`, {}, status, person);
  }
  await write('POST', '/usergroup/user-groups/{id}/children/', `/usergroup/user-groups/${g['sphere-territoires-littoraux']}/children/`, { child_id: organisation.id }, 201);
  const contact = await write('POST', '/dataset/contacts/', '/dataset/contacts/', { name: 'Service SIG', email: 'sig@example.org', usergroup: region }, 201);
  await write('PUT', '/dataset/contacts/{id}/', `/dataset/contacts/${contact.id}/`, { name: 'Service SIG', email: 'sig@example.org', usergroup: region, position: 'Accueil' }, 200);
  const commune = (await items('/organisation/municipalities/'))[0].codename;
  const jurisdiction = await write('POST', '/organisation/jurisdictions/', '/organisation/jurisdictions/', { display_name: 'Luberon', codename: 'luberon', municipalities: [commune] }, 201);
  await write('PUT', '/organisation/jurisdictions/{id}/', `/organisation/jurisdictions/${jurisdiction.id}/`, { display_name: 'Luberon', codename: 'luberon', municipalities: [commune, commune] }, 200);
  const indexerType = await first('/indexer/remote-api-index-types/');
  const indexer = { implementation_type: indexerType, name: 'Catalogue voisin', url: 'https://catalogue.example.org/', command: '*', scheduler: 1, usergroup: region };
  const created = await write('POST', '/indexer/remote-api-indexes/', '/indexer/remote-api-indexes/', indexer, 201);
  await write('PUT', '/indexer/remote-api-indexes/{id}/', `/indexer/remote-api-indexes/${created.id}/`, { ...indexer, description: 'Toutes les nuits.' }, 200);
  const licence = await write('POST', '/dataset/licenses/', '/dataset/licenses/', { title: 'Licence locale' }, 201);
  await write('PATCH', '/dataset/licenses/{id}/', `/dataset/licenses/${licence.id}/`, { url: 'https://example.org/licence' }, 200);
  const dataset = await write('POST', '/dataset/datasets/', '/dataset/datasets/', { display_name: 'Pistes cyclables', usergroup: region, licence: licence.id }, 201);
  await write('PATCH', '/dataset/datasets/{id}/', `/dataset/datasets/${dataset.id}/`, { description: 'Les aménagements cyclables.', jurisdiction: jurisdiction.id }, 200);
  await putFile('/dataset/datasets/{id}/thumbnail/', `/dataset/datasets/${dataset.id}/thumbnail/`, TINY_PNG, 'pistes.png', 'image/png');
  await putFile('/usergroup/user-groups/{id}/thumbnail/', `/usergroup/user-groups/${group.id}/thumbnail/`, TINY_PNG, 'velo.png', 'image/png');
  await putFile('/organisation/organisations/{id}/convention/', `/organisation/organisations/${organisation.id}/convention/`, TINY_PDF, 'convention.pdf', 'application/pdf');
  await write('PUT', '/organisation/organisations/{id}/agreement/', `/organisation/organisations/${organisation.id}/agreement/`, { convention_signed: true }, 200);
  queries['/dataset/usergroup-permissions/'] = `?dataset_id=${dataset.id}`;
  queries['/resource/resource-dataset/'] = `?dataset_id=${dataset.id}`;
  queries['/resource/scenario-execution-frequency/'] = `?object_class=dataset&object_id=${dataset.id}`;
  queries['/organisation/municipalities/bbox/'] = `?codename__in=${commune}`;
  const role = await first('/dataset/contact-roles/');
  const link = await write('POST', '/dataset/datasets/{id}/contact-roles/', `/dataset/datasets/${dataset.id}/contact-roles/`, { contact: contact.id, role }, 201);
  await write('PUT', '/dataset/datasets/{id}/contact-roles/{roleId}/', `/dataset/datasets/${dataset.id}/contact-roles/${link.id}/?force=true`, { contact: contact.id, role }, 200);
  await write('POST', '/dataset/datasets/{id}/duplicate/', `/dataset/datasets/${dataset.id}/duplicate/`, {}, 201);
  const resource = await write('POST', '/resource/resources/', '/resource/resources/', { display_name: 'Tracés', type: 'href', usergroup_id: region }, 201);
  await write('PATCH', '/resource/resources/{id}/', `/resource/resources/${resource.id}/`, { description: 'Les tracés des pistes.' }, 200);
  await write('POST', '/resource/resource-dataset/', '/resource/resource-dataset/', { resource_id: resource.id, dataset_id: dataset.id, type: 1 }, 201);
  await write('POST', '/dataset/datasets/', '/dataset/datasets/', { display_name: 'Pistes cyclables 2026', usergroup: region, parent: dataset.id }, 201);
  const href = await write('POST', '/resource/href/', '/resource/href/', { href: 'https://data.example.org/pistes.geojson', resource_id: resource.id }, 201);
  // A check of the link, as the nightly check records it.
  await t.db.query(
    `INSERT INTO link_checks (resource_id, url, broken, status, media_type, size, duration_ms, error) VALUES ($1, 'https://data.example.org/pistes.geojson', false, 200, 'application/geo+json', 2048, 40, NULL)`,
    [resource.id],
  );
  await write('PUT', '/resource/href/{id}/', `/resource/href/${href.id}/`, { href: 'https://data.example.org/pistes-2026.geojson' }, 200);
  const annex = await write('POST', '/resource/resources/', '/resource/resources/', { display_name: 'Plan', type: 'file-download', usergroup_id: region }, 201);
  const download = await write('POST', '/resource/file-download/', '/resource/file-download/', { href: 'https://data.example.org/plan.pdf', resource_id: annex.id }, 201);
  await write('POST', '/resource/scenario-execution-frequency/', '/resource/scenario-execution-frequency/', { scenario: await scenario('publish-dataset'), object_class: 'dataset', object_id: dataset.id, scheduler: 1 }, 201);
  const csv = (await t.db.query<{ id: number }>("SELECT id FROM data_formats WHERE codename = 'csv'")).rows[0].id;
  const folder = path.join(t.config.dataDir, 'ftp', String(region));
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'comptages.csv'), STOPS);
  const counts = await write('POST', '/resource/resources/', '/resource/resources/', { display_name: 'Comptages', type: 'ftp', usergroup_id: region }, 201);
  const ftp = await write('POST', '/resource/ftp/', '/resource/ftp/', { resource_id: counts.id, dataformat_id: csv, filename: 'comptages.csv' }, 201);
  await write('PATCH', '/resource/ftp/{id}/', `/resource/ftp/${ftp.id}/`, { filename: 'comptages.csv' }, 200);
  queries['/resource/ftp-choices/'] = `?usergroup_id=${region}`;
  queries['/dataset/catalog/'] = '?format=ttl&page=1&page_size=10&q=pistes';
  queries['/login/signin/'] = '?next=/fr/login/profile/';
  queries['/login/profile/'] = '?saved=profile&next=/fr/login/terms/';
  queries['/login/terms/'] = '?next=/fr/login/profile/';

  // A file loaded into the datastore, its map layer and a style, and a table attached as a source.
  const upload = await write('POST', '/resource/resources/', '/resource/resources/', { display_name: 'Arrêts', type: 'file-upload', usergroup_id: region }, 201);
  const uploadSource = await write('POST', '/resource/file-upload/', '/resource/file-upload/', { resource_id: upload.id, dataformat_id: csv }, 201);
  await putFile('/resource/file-upload/{id}/file/', `/resource/file-upload/${uploadSource.id}/file/`, STOPS, 'arrets.csv', 'text/csv');
  const loaded = await loadResourceIntoDatastore(scenarioContext(t.db).context, { resourceId: upload.id, filePath: dataFile(STOPS), format: 'csv', columnX: 'lon', columnY: 'lat', crs: 4326 });
  const layer = loaded!.layerId!;
  const style = await write('POST', '/geospatial/geographiclayer/{id}/style/', `/geospatial/geographiclayer/${layer}/style/`, { display_name: 'Simple' }, 201);
  await write('PATCH', '/geospatial/geographiclayer/{id}/', `/geospatial/geographiclayer/${layer}/`, { display_name: 'Arrêts de bus' }, 200);
  const styled = await write('PATCH', '/geospatial/style/{id}/', `/geospatial/style/${style.id}/`, { display_name: 'Points' }, 200);
  await write('PUT', '/geospatial/style/{id}/config/', `/geospatial/style/${style.id}/config/`, { config: (styled as unknown as { config: object }).config }, 200);
  const table = await write('POST', '/resource/resources/', '/resource/resources/', { display_name: 'Arrêts (table)', type: 'datastore', usergroup_id: region }, 201);
  const attached = await write('POST', '/datapusher/datastores/{database}/', '/datapusher/datastores/datastore/', { resource_id: table.id, schema_name: 'datastore', table_name: `resource_${upload.id}` }, 201);
  const map = await write('POST', '/resource/resources/', '/resource/resources/', { display_name: 'États', type: 'geoserver', usergroup_id: region }, 201);
  const mirror = await write('POST', '/geoserv/mirror/{layerType}/', '/geoserv/mirror/layer/', { resource_id: map.id, name: 'topp:states' }, 201);

  // Tasks: a dataset's scenario run, and a bulk change.
  const publish = await scenario('publish-dataset');
  const run = await write('POST', '/dataset/datasets/{id}/_scenarios/{scenario}/run/', `/dataset/datasets/${dataset.id}/_scenarios/${publish}/run/?asynchrone`, {}, 202);
  await write('POST', '/dashboard/task-queue-track/{id}/acknowledge/', `/dashboard/task-queue-track/${run.id}/acknowledge/`, {}, 400);
  await write('POST', '/dashboard/task-queue-track/{id}/cancel/', `/dashboard/task-queue-track/${run.id}/cancel/`, {}, 200);
  await write('POST', '/organisation/jurisdictions/bbox/', '/organisation/jurisdictions/bbox/', { municipalities: [commune] }, 200);
  await write('POST', '/login/signin/', '/login/signin/', { username: 'admin', password: TEST_DEMO_PASSWORD }, 200);
  const bulk = await write('POST', '/dataset/bulk/apply/', '/dataset/bulk/apply/', { action: 'publish', ids: [dataset.id] }, 202);
  // Not run yet: refused, with the messages the document describes.
  await write('POST', '/dataset/bulk/{taskId}/undo/', `/dataset/bulk/${bulk.id}/undo/`, {}, 400);
  await write('POST', '/dashboard/task-queue-track/{id}/retry/', `/dashboard/task-queue-track/${bulk.id}/retry/`, {}, 400);
  const previews: Record<string, unknown>[] = [
    { action: 'publish', ids: [dataset.id], params: {} },
    { action: 'unpublish', filters: { search: 'Pistes', page_size: 50 } },
    { action: 'set_default_level', ids: [dataset.id], params: { level: 1 } },
    { action: 'set_group_level', ids: [dataset.id], params: { level: 2, usergroup_ids: [region] } },
    { action: 'add_keyword', ids: [dataset.id], params: { keyword: 'vélo' } },
    { action: 'remove_keyword', filters: { search: 'Pistes' }, params: { keyword: 'vélo' } },
    { action: 'set_owner', ids: [dataset.id], params: { usergroup: g['region-sud-mediterranee'] } },
    { action: 'delete', ids: [dataset.id] },
  ];
  for (const preview of previews) await write('POST', '/dataset/bulk/preview/', '/dataset/bulk/preview/', preview, 200);
  const members = `/usergroup/user-groups/${group.id}/members/`;
  malformed.push(
    { path: '/dataset/bulk/preview/', url: '/dataset/bulk/preview/', payload: { action: 'publish' } },
    { path: '/dataset/bulk/preview/', url: '/dataset/bulk/preview/', payload: { action: 'publish', ids: [dataset.id], filters: { search: 'Pistes' } } },
    { path: '/dataset/bulk/preview/', url: '/dataset/bulk/preview/', payload: { action: 'rename', ids: [dataset.id] } },
    { path: '/dataset/bulk/preview/', url: '/dataset/bulk/preview/', payload: { action: 'set_default_level', ids: [dataset.id] } },
    { path: '/dataset/bulk/preview/', url: '/dataset/bulk/preview/', payload: { action: 'set_group_level', ids: [dataset.id], params: { level: 9, usergroup_ids: [region] } } },
    { path: '/dataset/bulk/apply/', url: '/dataset/bulk/apply/', payload: { action: 'add_keyword', ids: [dataset.id], params: { keyword: '' } } },
    { path: '/dataset/bulk/apply/', url: '/dataset/bulk/apply/', payload: { action: 'delete', ids: [] } },
    { path: '/usergroup/user-groups/', url: '/usergroup/user-groups/', payload: { display_name: 'Commune de Cucuron', usergroup_type: 'organisation' } },
    { path: '/login/profile/', url: '/login/profile/', payload: { first_name: '', last_name: 'Martin' } },
    { path: '/dataset/datasets/{id}/contact-roles/', url: `/dataset/datasets/${dataset.id}/contact-roles/`, payload: { contact: 'Service SIG', role } },
    { path: '/dataset/datasets/{id}/contact-roles/{roleId}/', url: `/dataset/datasets/${dataset.id}/contact-roles/${link.id}/`, payload: { contact: contact.id }, method: 'PUT' },
    { path: '/usergroup/user-groups/{id}/children/', url: `/usergroup/user-groups/${g['sphere-territoires-littoraux']}/children/`, payload: { child_id: 'Lourmarin' } },
    { path: '/dataset/usergroup-permission-actions/', url: '/dataset/usergroup-permission-actions/?action=add', payload: { dataset_id: dataset.id, usergroup_ids: [] }, method: 'PUT' },
    { path: '/geospatial/geographiclayer/{id}/style/', url: `/geospatial/geographiclayer/${layer}/style/`, payload: { display_name: '' } },
    { path: '/geospatial/style/{id}/config/', url: `/geospatial/style/${style.id}/config/`, payload: { config: { rules: [] } }, method: 'PUT' },
    { path: '/login/tokens/', url: '/login/tokens/', payload: { name: 'Lecture', expires_in_days: 7, scope: 'read' } },
    { path: '/organisation/jurisdictions/bbox/', url: '/organisation/jurisdictions/bbox/', payload: {} },
    { path: '/resource/scenario-execution-frequency/', url: '/resource/scenario-execution-frequency/', payload: { scenario: 'publier', object_class: 'dataset', object_id: dataset.id, scheduler: 1 } },
    { path: '/resource/href/', url: '/resource/href/', payload: { resource_id: resource.id, href: 'pas une adresse' } },
    { path: '/organisation/organisations/{id}/agreement/', url: `/organisation/organisations/${organisation.id}/agreement/`, payload: { convention_signed: 'oui' }, method: 'PUT' },
    { path: '/login/profile/', url: '/login/profile/', payload: { first_name: 'A'.repeat(151) } },
    { path: '/login/profile/password/', url: '/login/profile/password/', payload: { current_password: TEST_DEMO_PASSWORD, new_password: 'court', confirm_password: 'court' } },
    { path: '/usergroup/user-groups/{id}/members/', url: members, payload: {} },
    { path: '/usergroup/user-groups/{id}/members/', url: members, payload: { user_id: user.id, role: 7 } },
    { path: '/usergroup/user-groups/{id}/members/{userId}/', url: `${members}${user.id}/`, payload: { status: 'active' } },
  );
  const editor = () => t.signIn('editor');
  const self = async () => admin;
  refusals.push(
    { method: 'POST', path: '/usergroup/user-groups/{id}/members/', url: members, status: 403, who: editor },
    { method: 'POST', path: '/usergroup/user-groups/{id}/members/', url: '/usergroup/user-groups/999999/members/', status: 404, who: self },
    { method: 'PUT', path: '/usergroup/user-groups/{id}/members/{userId}/', url: `${members}999999/`, status: 404, who: self },
    // An action for superusers only.
    { method: 'POST', path: '/dataset/bulk/preview/', url: '/dataset/bulk/preview/', status: 403, who: editor, payload: { action: 'set_owner', ids: [dataset.id], params: { usergroup: region } } },
    { method: 'POST', path: '/dataset/bulk/{taskId}/undo/', url: '/dataset/bulk/999999/undo/', status: 404, who: self },
    { method: 'POST', path: '/dashboard/task-queue-track/{id}/retry/', url: '/dashboard/task-queue-track/999999/retry/', status: 404, who: self },
    { method: 'POST', path: '/dashboard/task-queue-track/{id}/cancel/', url: '/dashboard/task-queue-track/999999/cancel/', status: 404, who: self },
    { method: 'POST', path: '/dashboard/task-queue-track/{id}/acknowledge/', url: '/dashboard/task-queue-track/999999/acknowledge/', status: 404, who: self },
    { method: 'POST', path: '/dataset/datasets/{id}/duplicate/', url: '/dataset/datasets/999999/duplicate/', status: 404, who: self },
  );
  await write('POST', '/login/profile/', '/login/profile/', { first_name: 'Alice', last_name: 'Martin' }, 200);
  await write('POST', '/login/terms/', '/login/terms/', {}, 200);
  await write('POST', '/dashboard/task-queue-track/{id}/retry/', `/dashboard/task-queue-track/${run.id}/retry/`, {}, 202);
  const token = await write('POST', '/login/tokens/', '/login/tokens/', { name: 'Lecture', expires_in_days: 30, scope: 'read' }, 201);

  Object.assign(params, {
    '/resource/file-upload/': { id: uploadSource.id },
    '/resource/file-download/': { id: download.id },
    '/resource/href/': { id: href.id },
    '/resource/ftp/': { id: ftp.id },
    '/resource/': { id: upload.id },
    '/geospatial/geographiclayer/': { id: layer, z: 0, x: 0, tile: '0.pbf' },
    '/geospatial/style/': { id: style.id },
    '/datapusher/datastores/': { database: 'datastore', id: attached.id },
    '/geospatial/datastores/': { database: 'datastore', id: attached.id },
    '/geoserv/mirror/': { id: mirror.id },
    '/geoserv/rest/workspaces/': { ws: 'topp' },
    '/dataset/datasets/': { id: dataset.id },
    '/usergroup/user-groups/': { id: group.id },
    '/usergroup/user-groups/{id}/children/': { id: g['sphere-territoires-littoraux'] },
    '/usergroup/user-groups/{id}/parents/': { id: organisation.id },
    '/resource/resources/{id}/link-checks/': { id: resource.id },
    '/organisation/organisations/': { id: organisation.id },
    '/dataset/bulk/': { taskId: bulk.id },
    '/login/profile/tokens/': { id: token.id },
    '/api/docs/assets/': { file: 'swagger-ui.css' },
  });
}

beforeAll(async () => {
  geoserver = await startGeoServerMock();
  t = await createTestApp({ mapserverUrl: geoserver.url, dataDir: mkdtempSync(path.join(tmpdir(), 'publish-contract-')) });
  admin = await t.signIn('admin');
  document = (await t.app.inject({ url: '/fr/api/schema/' })).json();
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  await fill();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await geoserver?.close();
  if (t) await rm(t.config.dataDir, { recursive: true, force: true });
});

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const describeErrors = (errors: ErrorObject[]) => errors.slice(0, 5).map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`).join('; ');

/** What differs between an answer and what the document says of the operation (its query parameters too): empty when they agree. */
function mismatches(method: string, path: string, response: LightMyRequestResponse): string[] {
  const where = `${method.toUpperCase()} ${path} → ${response.statusCode}`;
  const query = new URL(response.raw.req.url ?? '', 'http://localhost').searchParams;
  const named = new Set((document.paths[path]?.[method]?.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name));
  const unnamed = [...new Set(query.keys())].filter((name) => !named.has(name));
  if (unnamed.length > 0) return [`${where}: takes ${unnamed.join(', ')}, query parameters the document does not name`];
  const described = document.paths[path]?.[method]?.responses[String(response.statusCode)];
  if (!described) return [`${where}: status not documented`];
  const type = String(response.headers['content-type'] ?? '').split(';')[0].trim();
  if (!described.content) return response.body === '' ? [] : [`${where}: a body (${type}) where the document describes none`];
  if (!(type in described.content)) return [`${where}: answers ${type || 'no media type'}, the document says ${Object.keys(described.content).join(', ')}`];
  if (type !== 'application/json') return [];
  const validate = ajv.getSchema(`openapi.json#/${pointer('paths', path, method, 'responses', String(response.statusCode), 'content', type, 'schema')}`)!;
  return validate(response.json()) ? [] : [`${where}: ${describeErrors(validate.errors ?? [])}`];
}

/** What the document refuses in a body the server took (JSON, or a page's form): empty when it takes it too. */
function bodyMismatches(method: string, path: string, payload: unknown, type = 'application/json'): string[] {
  const operation = document.paths[path][method] as Operation & { requestBody?: { content: Record<string, unknown> } };
  if (!operation.requestBody?.content[type]) return [`${method.toUpperCase()} ${path}: takes a ${type} body the document does not describe`];
  const validate = ajv.getSchema(`openapi.json#/${pointer('paths', path, method, 'requestBody', 'content', type, 'schema')}`)!;
  return validate(payload) ? [] : [`${method.toUpperCase()} ${path} body: ${describeErrors(validate.errors ?? [])}`];
}

type JsonSchema = Record<string, unknown>;

/** Where a body's schema takes any object or any value (an object without fields, or no schema): empty when it says what it takes. */
function unconstrained(schema: JsonSchema, where: string): string[] {
  if (typeof schema.$ref === 'string') {
    const resolved = ajv.getSchema(`openapi.json${schema.$ref}`)?.schema as JsonSchema;
    return unconstrained(resolved, `${where} ${schema.$ref.split('/').pop()}`);
  }
  const found: string[] = [];
  const keywords = Object.keys(schema).filter((key) => !['description', 'default', 'readOnly', 'writeOnly'].includes(key));
  const isObject = [schema.type].flat().includes('object');
  if (keywords.length === 0 || (isObject && !schema.properties && schema.additionalProperties === undefined && schema.maxProperties === undefined && !schema.anyOf && !schema.oneOf)) {
    found.push(`${where}: ${JSON.stringify(schema)}`);
  }
  const children = [
    ...Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([name, child]) => [`.${name}`, child] as const),
    ...(['items', 'if', 'then', 'else', 'not'] as const).filter((key) => schema[key] && typeof schema[key] === 'object').map((key) => [`/${key}`, schema[key] as JsonSchema] as const),
    ...(typeof schema.additionalProperties === 'object' ? [['/additionalProperties', schema.additionalProperties as JsonSchema] as const] : []),
    ...(['anyOf', 'oneOf', 'allOf'] as const).flatMap((key) => ((schema[key] ?? []) as JsonSchema[]).map((child, index) => [`/${key}/${index}`, child] as const)),
  ];
  for (const [key, child] of children) found.push(...unconstrained(child, `${where}${key}`));
  return found;
}

/** The path with the ids of records: the first of its list, unless `params` names them. */
async function concrete(path: string): Promise<string> {
  const prefix = path.slice(0, path.indexOf('{'));
  const values = { ...(params[path] ?? params[prefix]) };
  if (/\{id\}/.test(path) && values.id === undefined) {
    values.id = (await items(prefix + (queries[prefix] ?? '')))[0]?.id;
  }
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => String(values[name] ?? `missing-${name}`));
}

/** Files a source serves once its create scenario has run: not yet here (404, as documented). */
const UNFETCHED = ['/resource/file-download/{id}/file/', '/resource/ftp/{id}/file/', '/resource/file-upload/{id}/file/'];

describe('the answers of the API against its OpenAPI document', () => {
  it('answers every GET it describes with a documented status, media type and body, lists holding records', async () => {
    const wrong: string[] = [];
    const empty: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!operations.get) continue;
      const url = (await concrete(path)) + (queries[path] ?? '');
      const response = await call('GET', url);
      // Signing out ends the user's sessions and tokens: signed in again.
      if (path === '/login/session/signout/') admin = await t.signIn('admin');
      wrong.push(...mismatches('get', path, response));
      if (response.statusCode >= 300 && !UNFETCHED.includes(path)) wrong.push(`GET ${url} → ${response.statusCode}: ${response.body.slice(0, 200)}`);
      const body: unknown = String(response.headers['content-type']).startsWith('application/json') ? response.json() : null;
      if (body && typeof body === 'object' && 'results' in body && Array.isArray(body.results)) {
        if (body.results.length === 0) empty.push(path);
        const schema = operations.get.responses['200'].content?.['application/json'] as { schema: { properties?: { results?: unknown } } } | undefined;
        if (!schema?.schema.properties?.results) wrong.push(`GET ${path}: answers a page, the document describes none`);
      }
      const described = operations.get.responses[String(response.statusCode)]?.content?.['application/json'] as { schema: object } | undefined;
      if (body !== null && described && Object.keys(described.schema).length === 0) wrong.push(`GET ${path}: answers JSON the document does not describe`);
    }
    // The document in YAML too, and the access of one account.
    wrong.push(...mismatches('get', '/api/schema/', await call('GET', '/api/schema/?format=yaml')));
    wrong.push(...mismatches('get', '/dataset/datasets/{id}/access/', await call('GET', `/dataset/datasets/${params['/dataset/datasets/'].id}/access/?user=editor`)));
    expect(wrong).toEqual([]);
    expect(empty).toEqual([]);
  });

  it("answers another user's lists and records as the document describes them", async () => {
    const editor = await t.signIn('editor');
    const wrong: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      const answer = operations.get?.responses['200']?.content?.['application/json'];
      if (!answer || !JSON.stringify(answer).includes('#/components/schemas/')) continue;
      const response = await call('GET', (await concrete(path)) + (queries[path] ?? ''), undefined, editor);
      if (response.statusCode === 200) wrong.push(...mismatches('get', path, response));
    }
    expect(wrong).toEqual([]);
  });

  it('answers the creates and updates of each entity, and the other writes made, as the document describes them', () => {
    expect(writes.flatMap(({ operation, path, response }) => mismatches(operation, path, response))).toEqual([]);
    // What the server took, the document takes too.
    const taken = writes.filter(({ response, payload }) => response.statusCode < 300 && payload !== undefined);
    expect(taken.flatMap(({ operation, path, payload }) => bodyMismatches(operation, path, payload))).toEqual([]);
  });

  // That every route is in the document: openapi.test.ts.
  it('describes the body of every write: the fields it takes, or none', () => {
    const undescribed: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations) as [string, Operation & { requestBody?: { content: Record<string, { schema: JsonSchema }> } }][]) {
        if (!['post', 'put', 'patch'].includes(method)) continue;
        const where = `${method.toUpperCase()} ${path}`;
        if (!operation.requestBody) undescribed.push(`${where}: no body described`);
        for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
          // A file's bytes are a string; a JSON or form body says its fields.
          if (type === 'application/json' || type === 'application/x-www-form-urlencoded') undescribed.push(...unconstrained(schema, `${where} ${type}`));
        }
      }
    }
    expect(undescribed).toEqual([]);
  });

  it("takes the login pages' forms as the document describes them", async () => {
    const person = await t.signIn('editor');
    const wrong: string[] = [];
    const forms: [string, Record<string, string>, number][] = [
      ['/login/profile/', { first_name: 'Éric', last_name: 'Durand', next: '/fr/login/profile/' }, 303],
      ['/login/terms/', {}, 303],
      ['/login/profile/tokens/', { name: 'Tableur', expires_in_days: '30', scope: 'read' }, 201],
    ];
    for (const [path, fields, status] of forms) {
      const form = { ...fields, csrfmiddlewaretoken: person.csrfToken };
      const response = await t.app.inject({
        method: 'POST',
        url: `/fr${path}`,
        headers: { cookie: person.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
      if (response.statusCode !== status) wrong.push(`POST ${path} → ${response.statusCode}`);
      wrong.push(...mismatches('post', path, response), ...bodyMismatches('post', path, form, 'application/x-www-form-urlencoded'));
    }
    expect(wrong).toEqual([]);
  });

  it('refuses, as the document does, the bodies of the wrong shape, with its 400 body', async () => {
    const wrong: string[] = [];
    for (const { path, url, payload, method = path.endsWith('{userId}/') ? 'PUT' : 'POST' } of malformed) {
      const response = await call(method, url, payload);
      if (response.statusCode !== 400) wrong.push(`${method} ${url} ${JSON.stringify(payload)} → ${response.statusCode}`);
      wrong.push(...mismatches(method.toLowerCase(), path, response));
      if (bodyMismatches(method.toLowerCase(), path, payload).length === 0) wrong.push(`${method} ${path}: the document takes ${JSON.stringify(payload)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers the forbidden and unknown with the document's 403 and 404 bodies", async () => {
    const wrong: string[] = [];
    for (const { method, path, url, status, who, payload } of refusals) {
      const response = await call(method, url, payload ?? {}, await who());
      if (response.statusCode !== status) wrong.push(`${method} ${url} → ${response.statusCode}, not ${status}`);
      wrong.push(...mismatches(method.toLowerCase(), path, response));
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every operation on an unknown record with a documented status and body', async () => {
    const wrong: string[] = [];
    const named: Record<string, string> = { database: 'datastore', layerType: 'layer', ws: 'topp', file: 'swagger-ui.css', tile: '0.pbf' };
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!/\{(id|taskId|userId|roleId|otherId|scenario)\}/.test(path)) continue;
      for (const method of Object.keys(operations) as Lowercase<Method>[]) {
        const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => named[name] ?? '999999');
        const response = await call(method.toUpperCase() as Method, url, method === 'get' || method === 'delete' ? undefined : {});
        // Refused, whichever way the route checks first (its body, the caller's right, the record), as documented.
        if (response.statusCode < 400 || response.statusCode >= 500) wrong.push(`${method.toUpperCase()} ${url} → ${response.statusCode}`);
        wrong.push(...mismatches(method, path, response));
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers an empty create with the document's 400 body", async () => {
    const wrong: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!operations.post?.responses['201']?.content?.['application/json'] || path.includes('{')) continue;
      const response = await call('POST', path, {});
      if (response.statusCode !== 400) wrong.push(`POST ${path} {} → ${response.statusCode}`);
      wrong.push(...mismatches('post', path, response));
    }
    expect(wrong).toEqual([]);
  });
});
