/**
 * Indexers: who may list, create, change, delete, try and run them; harvests of a CKAN catalogue
 * served by a local HTTP server (second run, changed record, local edit, removal with its grace
 * period, a remote failing mid-way), trials that write nothing, and the SSRF guard.
 */
import { Parser } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HarvestTrial } from '../../schemas/indexers.ts';
import type { Task } from '../../schemas/scenarios.ts';
import { DEFAULT_HARVEST_CONFIG } from '../../src/server/config.ts';
import { fixture, startRemote, type RemoteCatalogue } from './harvest-remote.ts';
import { createTestApp, testConfig, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let remote: RemoteCatalogue;
const users: Record<string, SignedIn> = {};
let region: number;
let metropole: number;
let daily: number;
let ckanType: number;
let harvestScenario: number;

const outbound = { allowPrivate: true, timeoutMs: 5000, maxRedirects: 5 };

beforeAll(async () => {
  remote = await startRemote();
  const base = testConfig();
  t = await createTestApp(
    { outbound, tasks: { ...base.tasks, outbound, harvest: { ...DEFAULT_HARVEST_CONFIG, retryDelayMs: 10, platformDatasetPages: ['https://portail.example.org/dataset/'] } } },
    { tasks: true },
  );
  for (const name of ['admin', 'referent', 'editor', 'member']) users[name] = await t.signIn(name);
  const groupOf = async (username: string, role: number) =>
    (await t.db.query<{ usergroup_id: number }>(
      `SELECT m.usergroup_id FROM usergroup_members m JOIN users u ON u.id = m.user_id JOIN usergroups g ON g.id = m.usergroup_id
        WHERE u.username = $1 AND m.role = $2 AND g.usergroup_type = 'organisation' ORDER BY m.usergroup_id LIMIT 1`,
      [username, role],
    )).rows[0].usergroup_id;
  region = await groupOf('referent', 2);
  metropole = await groupOf('editor', 1);
  daily = (await t.db.query<{ id: number }>("SELECT id FROM schedulers WHERE codename = 'daily'")).rows[0].id;
  ckanType = (await t.db.query<{ id: number }>("SELECT id FROM remote_api_index_types WHERE codename = 'ckan'")).rows[0].id;
  harvestScenario = (await t.db.query<{ id: number }>("SELECT id FROM scenarios WHERE codename = 'harvest-remoteapiindex'")).rows[0].id;
});
afterAll(async () => {
  await t?.close();
  await remote?.close();
});

const api = (user: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: users[user].sessionHeaders, ...(payload ? { payload } : {}) });

const indexerBody = (overrides: object = {}) => ({
  implementation_type: ckanType,
  name: 'Région CKAN',
  description: 'Le catalogue de la région',
  url: `${remote.base}/`,
  command: '*',
  organisation_filter: '',
  url_pattern: 'https://opendata.example.org/dataset/{identifier}',
  scheduler: daily,
  usergroup: region,
  ...overrides,
});

async function createIndexer(overrides: object = {}): Promise<number> {
  const response = await api('referent', 'POST', '/fr/indexer/remote-api-indexes/', indexerBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** Runs the harvest now (the synchronous run waits for the end) and answers the finished task. */
async function runNow(id: number, user = 'referent'): Promise<Task> {
  const response = await api(user, 'POST', `/fr/indexer/remote-api-indexes/${id}/_scenarios/${harvestScenario}/run/`, {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Task>();
}

const datasetsOf = async (indexer: number) =>
  (await t.db.query<{ id: number; remote_id: string; display_name: string; description: string; publish: boolean | null; updated_at: Date; withdrawn_at: Date | null }>(
    `SELECT d.id, hr.remote_id, d.display_name, d.description, d.publish, d.updated_at, hr.withdrawn_at
       FROM harvested_records hr JOIN datasets d ON d.id = hr.dataset_id WHERE hr.indexer_id = $1 ORDER BY hr.remote_id`,
    [indexer],
  )).rows;

/** A CKAN package_search answer with these records (from the French fixture's shape). */
function ckanAnswer(records: object[], count = records.length) {
  const body = JSON.parse(fixture('ckan-package_search-fr.json'));
  body.result.results = records;
  body.result.count = count;
  return JSON.stringify(body);
}
const ckanRecords = () => JSON.parse(fixture('ckan-package_search-fr.json')).result.results as Record<string, unknown>[];

describe('indexer calls and who may make them', () => {
  it('lists the four kinds of remote catalogue to Accounts users, in their language', async () => {
    const response = await api('referent', 'GET', '/en/indexer/remote-api-index-types/');
    expect(response.statusCode).toBe(200);
    expect(response.json().results.map((row: { codename: string }) => row.codename)).toEqual(['ckan', 'udata', 'opendatasoft', 'dcat']);
    expect(response.json().results[3].display_name).toContain('Geographic portal');
    expect((await api('editor', 'GET', '/fr/indexer/remote-api-index-types/')).statusCode).toBe(403);
  });

  it('creates, reads, updates and deletes an indexer of the delegated administrator\'s organisation, with its schedule', async () => {
    const id = await createIndexer();
    const read = await api('referent', 'GET', `/fr/indexer/remote-api-indexes/${id}/`);
    expect(read.json()).toMatchObject({ id, name: 'Région CKAN', usergroup: region, scheduler: daily, implementation_type: ckanType });
    const frequency = await t.db.query("SELECT scheduler_id, next_run_at FROM scenario_execution_frequencies WHERE object_class = 'remoteapiindex' AND object_id = $1", [id]);
    expect(frequency.rows[0].scheduler_id).toBe(daily);
    expect(frequency.rows[0].next_run_at).not.toBeNull();

    const list = await api('referent', 'GET', `/fr/indexer/remote-api-indexes/?usergroup_id=${region}`);
    expect(list.json().results.map((row: { id: number }) => row.id)).toContain(id);
    const updated = await api('referent', 'PUT', `/fr/indexer/remote-api-indexes/${id}/`, indexerBody({ name: 'Renamed' }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().name).toBe('Renamed');

    expect((await api('referent', 'DELETE', `/fr/indexer/remote-api-indexes/${id}/`)).statusCode).toBe(204);
    expect((await api('referent', 'GET', `/fr/indexer/remote-api-indexes/${id}/`)).statusCode).toBe(404);
    expect((await t.db.query("SELECT 1 FROM scenario_execution_frequencies WHERE object_class = 'remoteapiindex' AND object_id = $1", [id])).rowCount).toBe(0);
  });

  it('refuses the required fields missing and a URL pattern without {identifier}, in the request language', async () => {
    const missing = await api('referent', 'POST', '/en/indexer/remote-api-indexes/', { implementation_type: ckanType, usergroup: region });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(expect.arrayContaining(['command', 'name', 'scheduler', 'url']));
    const pattern = await api('referent', 'POST', '/en/indexer/remote-api-indexes/', indexerBody({ url_pattern: 'https://example.org/dataset/' }));
    expect(pattern.statusCode).toBe(400);
    expect(pattern.json().url_pattern[0]).toContain('{identifier}');
    const french = await api('referent', 'POST', '/fr/indexer/remote-api-indexes/', indexerBody({ url_pattern: 'https://example.org/' }));
    expect(french.json().url_pattern[0]).toContain('variable de substitution');
    // Its datasets link to their origin by it: an http or https address only, on creation, change and trial.
    const id = await createIndexer({ name: 'Pattern scheme' });
    for (const url_pattern of ['javascript:alert(1)//{identifier}', 'data:text/html,{identifier}', 'file:///{identifier}', '//example.org/{identifier}']) {
      const created = await api('referent', 'POST', '/en/indexer/remote-api-indexes/', indexerBody({ name: 'Scheme', url_pattern }));
      expect(created.json(), url_pattern).toEqual({ url_pattern: ['The URL pattern must be an http or https address containing the substitution variable {identifier}.'] });
      expect((await api('referent', 'PATCH', `/en/indexer/remote-api-indexes/${id}/`, { url_pattern })).statusCode, url_pattern).toBe(400);
      expect((await api('referent', 'POST', '/en/indexer/remote-api-indexes/trial/', indexerBody({ url_pattern }))).json()).toMatchObject({ url_pattern: [expect.any(String)] });
    }
    expect((await api('referent', 'GET', `/en/indexer/remote-api-indexes/${id}/`)).json().url_pattern).toBe('https://opendata.example.org/dataset/{identifier}');
  });

  it('lets only superusers and the group\'s delegated administrators see, change, try and run its indexers', async () => {
    const id = await createIndexer({ name: 'Guarded' });
    // Another organisation's indexer, created by the superuser.
    const other = await api('admin', 'POST', '/fr/indexer/remote-api-indexes/', indexerBody({ name: 'Métropole', usergroup: metropole }));
    expect(other.statusCode).toBe(201);
    const otherId = other.json().id as number;

    expect((await api('referent', 'POST', '/fr/indexer/remote-api-indexes/', indexerBody({ usergroup: metropole }))).statusCode).toBe(403);
    expect((await api('referent', 'GET', `/fr/indexer/remote-api-indexes/${otherId}/`)).statusCode).toBe(403);
    expect((await api('referent', 'PUT', `/fr/indexer/remote-api-indexes/${otherId}/`, indexerBody())).statusCode).toBe(403);
    expect((await api('referent', 'DELETE', `/fr/indexer/remote-api-indexes/${otherId}/`)).statusCode).toBe(403);
    expect((await api('referent', 'GET', `/fr/indexer/remote-api-indexes/${otherId}/trial/`)).statusCode).toBe(403);
    expect((await api('referent', 'POST', `/fr/indexer/remote-api-indexes/${otherId}/_scenarios/${harvestScenario}/run/?asynchrone=true`, {})).statusCode).toBe(404);
    // Moving one's indexer to a group one does not administer.
    expect((await api('referent', 'PUT', `/fr/indexer/remote-api-indexes/${id}/`, indexerBody({ usergroup: metropole }))).statusCode).toBe(403);
    const listed = (await api('referent', 'GET', '/fr/indexer/remote-api-indexes/')).json().results.map((row: { id: number }) => row.id);
    expect(listed).toContain(id);
    expect(listed).not.toContain(otherId);

    for (const user of ['editor', 'member']) {
      expect((await api(user, 'GET', '/fr/indexer/remote-api-indexes/')).statusCode).toBe(403);
      expect((await api(user, 'GET', `/fr/indexer/remote-api-indexes/${id}/`)).statusCode).toBe(403);
      expect((await api(user, 'POST', '/fr/indexer/remote-api-indexes/', indexerBody())).statusCode).toBe(403);
      expect((await api(user, 'PUT', `/fr/indexer/remote-api-indexes/${id}/`, indexerBody())).statusCode).toBe(403);
      expect((await api(user, 'DELETE', `/fr/indexer/remote-api-indexes/${id}/`)).statusCode).toBe(403);
      expect((await api(user, 'GET', `/fr/indexer/remote-api-indexes/${id}/trial/`)).statusCode).toBe(403);
      expect((await api(user, 'POST', '/fr/indexer/remote-api-indexes/trial/', indexerBody())).statusCode).toBe(403);
      expect((await api(user, 'POST', `/fr/indexer/remote-api-indexes/${id}/_scenarios/${harvestScenario}/run/?asynchrone=true`, {})).statusCode).toBe(404);
    }
    const adminRead = await api('admin', 'GET', `/fr/indexer/remote-api-indexes/${id}/`);
    expect(adminRead.statusCode).toBe(200);
    expect((await api('referent', 'GET', '/fr/indexer/remote-api-indexes/999999/')).statusCode).toBe(404);
  });
});

describe('a CKAN harvest', () => {
  it('creates the remote records as datasets of the organisation, with their fields and origin', async () => {
    remote.routes.set('/api/3/action/package_search', () => ({ body: fixture('ckan-package_search-fr.json') }));
    const id = await createIndexer({ name: 'CKAN fields' });
    const task = await runNow(id);
    expect(task.status, JSON.stringify(task)).toBe('SUCCESS');
    expect(task.timeline.map((step) => step.message).join('\n')).toMatch(/Page 1 : 2 créés, 0 mis à jour, 0 inchangé, 0 ignoré/);

    const rows = await datasetsOf(id);
    expect(rows.map((row) => row.remote_id)).toEqual(['antennes-regionales-de-la-region-hauts-de-france-au-01102019-0', 'insee-part-des-menages-presents-depuis-5-ans-ou-plus-2010']);
    const read = await api('referent', 'GET', `/fr/dataset/datasets/${rows[0].id}/`);
    const dataset = read.json();
    expect(dataset.display_name).toBe('Antennes régionales de la Région Hauts-de-France (au 01/10/2019)');
    expect(dataset.description).toBe('Liste et coordonnées des antennes de proximité du conseil régional Hauts-de-France.');
    expect(dataset.usergroup).toBe(region);
    expect(dataset.tags).toEqual(expect.arrayContaining(['ADMINISTRATION', 'PROXIMITE']));
    // Its keywords are written with its row, as an editor's save writes them: a search finds it by a
    // keyword its title and description lack.
    const { rows: keywords } = await t.db.query('SELECT keywords FROM datasets WHERE id = $1', [rows[0].id]);
    expect(keywords[0].keywords).toBe('ADMINISTRATION ANTENNE REGIONALE HAUTS-DE-FRANCE PROXIMITE');
    const found = await api('referent', 'GET', '/fr/dataset/datasets/?search=administration');
    expect(found.json().results.map((row: { id: number }) => row.id)).toContain(rows[0].id);
    expect(dataset.bbox).toEqual([1.18652344, 48.80546301, 4.65820313, 51.16423318]);
    expect(dataset.creation_date).toBe('2019-12-10');
    expect(dataset.last_update_date).toBe('2019-12-19');
    const licence = (await t.db.query("SELECT id FROM licences WHERE alternate_title = 'Etalab-1.0'")).rows[0].id;
    expect(dataset.licence).toBe(licence);
    const irregular = (await t.db.query("SELECT id FROM update_frequencies WHERE codename = 'IRREG'")).rows[0].id;
    expect(dataset.update_frequency).toBe(irregular);
    expect(dataset.extras).toEqual(expect.arrayContaining([{ key: 'contact', value: 'Opendata de la Région Hauts-de-France <opendata@hautsdefrance.fr>' }]));
    expect(dataset.harvest).toMatchObject({
      indexer_id: id,
      indexer_name: 'CKAN fields',
      remote_url: 'https://opendata.example.org/dataset/antennes-regionales-de-la-region-hauts-de-france-au-01102019-0',
    });
    expect(Date.parse(dataset.harvest.harvested_at)).not.toBeNaN();
    const odbl = (await t.db.query("SELECT id FROM licences WHERE alternate_title = 'ODbL-1.0'")).rows[0].id;
    expect((await api('referent', 'GET', `/fr/dataset/datasets/${rows[1].id}/`)).json().licence).toBe(odbl);
    // A dataset nobody harvested has no origin.
    const local = (await t.db.query('SELECT id FROM datasets WHERE id NOT IN (SELECT dataset_id FROM harvested_records) LIMIT 1')).rows[0].id;
    expect((await api('admin', 'GET', `/fr/dataset/datasets/${local}/`)).json().harvest).toBeNull();
  });

  it('changes nothing on a second run, updates a changed record, keeps a local edit, reports a repeated identifier', async () => {
    const records = ckanRecords();
    remote.routes.set('/api/3/action/package_search', () => ({ body: ckanAnswer(records) }));
    const id = await createIndexer({ name: 'CKAN updates' });
    expect((await runNow(id)).status).toBe('SUCCESS');
    const first = await datasetsOf(id);
    const count = (await t.db.query('SELECT count(*)::integer AS n FROM datasets')).rows[0].n;

    const second = await runNow(id);
    expect(second.timeline.map((step) => step.message).join('\n')).toMatch(/0 créé, 0 mis à jour, 2 inchangés/);
    const again = await datasetsOf(id);
    expect(again.map((row) => row.updated_at.getTime())).toEqual(first.map((row) => row.updated_at.getTime()));
    expect((await t.db.query('SELECT count(*)::integer AS n FROM datasets')).rows[0].n).toBe(count);

    // An editor changes the description; the remote changes title and description.
    const edit = await api('referent', 'PATCH', `/fr/dataset/datasets/${first[0].id}/`, { description: 'Description corrigée ici' });
    expect(edit.statusCode, edit.body).toBe(200);
    records[0].title = 'Antennes régionales (mise à jour)';
    records[0].notes = '<p>Nouvelle description distante</p>';
    records.push({ ...records[1] }); // the same identifier twice
    const third = await runNow(id);
    const log = third.timeline.map((step) => step.message).join('\n');
    expect(log).toMatch(/0 créé, 1 mis à jour, 1 inchangé, 1 ignoré/);
    expect(log).toContain('plusieurs fois');
    const [updated] = await datasetsOf(id);
    expect(updated.display_name).toBe('Antennes régionales (mise à jour)');
    expect(updated.description).toBe('Description corrigée ici');
    const origin = (await api('referent', 'GET', `/fr/dataset/datasets/${updated.id}/`)).json().harvest;
    expect(origin.local_fields).toEqual(['description']);
    // The next remote change still leaves the local description alone.
    records[0].notes = 'Encore une autre description';
    await runNow(id);
    expect((await datasetsOf(id))[0].description).toBe('Description corrigée ici');
    expect((await t.db.query('SELECT count(*)::integer AS n FROM datasets')).rows[0].n).toBe(count);
  });

  it('marks every record a run lists as seen by that run, the unchanged ones as the new ones', async () => {
    const records = ckanRecords();
    remote.routes.set('/api/3/action/package_search', () => ({ body: ckanAnswer(records) }));
    const id = await createIndexer({ name: 'CKAN seen' });
    await runNow(id);
    const seen = async () =>
      (await t.db.query<{ remote_id: string; seen: Date; harvested: Date }>(
        'SELECT remote_id, last_seen_at AS seen, harvested_at AS harvested FROM harvested_records WHERE indexer_id = $1 ORDER BY remote_id',
        [id],
      )).rows;
    const first = await seen();
    expect(first.length).toBe(records.length);
    for (const row of first) expect(row.seen).toEqual(row.harvested);
    // Last seen long ago, unchanged since: the next run sees it again and does not withdraw it.
    await t.db.query("UPDATE harvested_records SET last_seen_at = now() - interval '30 days' WHERE indexer_id = $1", [id]);
    const again = await runNow(id);
    expect(again.timeline.map((step) => step.message).join('\n')).toMatch(new RegExp(`${records.length} inchangés`));
    const second = await seen();
    for (const [n, row] of second.entries()) {
      expect(row.seen.getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(row.harvested).toEqual(first[n].harvested);
    }
    expect((await datasetsOf(id)).every((row) => row.withdrawn_at === null)).toBe(true);
  });

  it('withdraws a record gone from the remote only after a complete run and the grace period, through the unpublish scenario', async () => {
    const records = ckanRecords();
    remote.routes.set('/api/3/action/package_search', () => ({ body: ckanAnswer(records) }));
    const id = await createIndexer({ name: 'CKAN removal' });
    await runNow(id);
    records.pop();
    const soon = await runNow(id);
    expect(soon.status).toBe('SUCCESS');
    expect(soon.timeline.map((step) => step.message).join('\n')).toContain('1 enregistrement absent du catalogue distant : retiré s\'il l\'est encore dans 7 jours');
    let rows = await datasetsOf(id);
    expect(rows[1].withdrawn_at).toBeNull();
    expect(rows[1].publish).not.toBe(false);

    // Eight days later, a run failing mid-way withdraws nothing.
    await t.db.query("UPDATE harvested_records SET last_seen_at = now() - interval '8 days' WHERE indexer_id = $1 AND remote_id = $2", [id, rows[1].remote_id]);
    remote.routes.set('/api/3/action/package_search', (url) =>
      url.searchParams.get('start') === '0' ? { body: ckanAnswer(records, 5) } : { status: 500, body: 'Internal Server Error' },
    );
    const failed = await runNow(id);
    expect(failed.status).toBe('FAILURE');
    expect(failed.error).toMatch(/HTTP 500/);
    rows = await datasetsOf(id);
    expect(rows[1].withdrawn_at).toBeNull();

    // A complete run then withdraws it: the record is unpublished by an unpublish-dataset task.
    remote.routes.set('/api/3/action/package_search', () => ({ body: ckanAnswer(records) }));
    const complete = await runNow(id);
    expect(complete.timeline.map((step) => step.message).join('\n')).toMatch(/1 retiré\./);
    rows = await datasetsOf(id);
    expect(rows[1].withdrawn_at).not.toBeNull();
    // The task writes the flag, then records its own end: wait for both.
    const unpublishTasks = async () =>
      (await t.db.query("SELECT status FROM task_queue_track WHERE action = 'unpublish-dataset' AND object_id = $1 AND trigger = 'harvest'", [rows[1].id])).rows.map((row) => row.status);
    for (let i = 0; i < 100 && (await unpublishTasks()).join() !== 'SUCCESS'; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await unpublishTasks()).toEqual(['SUCCESS']);
    expect((await datasetsOf(id))[1].publish).toBe(false);
    expect(rows.length).toBe(2); // withdrawn, never deleted
  });
});

describe('remote distributions', () => {
  const resourcesOf = async (dataset: number) =>
    (await api('referent', 'GET', `/fr/resource/resource-dataset/?dataset_id=${dataset}&page_size=100`)).json<{
      results: { type: number; resource: { id: number; display_name: string; type: string; dataformat: string | null; source_id: number } }[];
    }>().results;
  const hrefOf = async (resource: { type: string; source_id: number }) => (await api('referent', 'GET', `/fr/resource/${resource.type}/${resource.source_id}/`)).json().href;

  it('become link resources of the dataset, updated and removed with the remote, never fetched nor duplicated', async () => {
    const records = ckanRecords();
    const resources = records[1].resources as Record<string, unknown>[];
    // A distribution on the remote's own host: the harvest does not ask for it.
    resources[1] = { ...resources[1], url: `${remote.base}/files/rectangles.csv` };
    remote.routes.set('/api/3/action/package_search', () => ({ body: ckanAnswer(records) }));
    const id = await createIndexer({ name: 'CKAN resources' });
    expect((await runNow(id)).status).toBe('SUCCESS');
    const [antennes, insee] = await datasetsOf(id);
    const shape = (links: Awaited<ReturnType<typeof resourcesOf>>) =>
      links.map((link) => ({ name: link.resource.display_name, type: link.resource.type, format: link.resource.dataformat, main: link.type === 1 }));
    expect(shape(await resourcesOf(antennes.id))).toEqual([
      { name: 'coordonnees_antennes.xlsx', type: 'href', format: 'XLSX', main: false },
      { name: 'Visionneuse mviewer', type: 'href', format: null, main: false },
    ]);
    const first = await resourcesOf(insee.id);
    expect(shape(first)).toEqual([
      { name: 'rectangles_200m_menage_erbm (WFS)', type: 'href', format: 'WFS', main: false },
      { name: 'rectangles_200m_menage_erbm.csv', type: 'href', format: 'CSV', main: false },
    ]);
    expect(await hrefOf(first[1].resource)).toBe(`${remote.base}/files/rectangles.csv`);
    expect(remote.requests.filter((request) => request.startsWith('/files/'))).toEqual([]);
    // The export's formats column reads the same resources.
    const exported = (await api('referent', 'GET', `/fr/dataset/datasets/export/odl/?usergroup_id=${region}&search=${encodeURIComponent('rectangles')}`)).body;
    expect(exported).toContain('WFS;CSV');

    // Remotely, the WFS link goes and the CSV moves: the same resource follows it, none is added.
    resources.splice(0, 1);
    resources[0] = { ...resources[0], url: `${remote.base}/files/rectangles-2.csv` };
    const second = await runNow(id);
    expect(second.timeline.map((step) => step.message).join('\n')).toMatch(/0 créé, 1 mis à jour, 1 inchangé/);
    const after = await resourcesOf(insee.id);
    expect(shape(after)).toEqual([{ name: 'rectangles_200m_menage_erbm.csv', type: 'href', format: 'CSV', main: false }]);
    expect(after[0].resource.id).toBe(first[1].resource.id);
    expect(await hrefOf(after[0].resource)).toBe(`${remote.base}/files/rectangles-2.csv`);
    expect((await t.db.query('SELECT count(*)::integer AS n FROM resources WHERE id = $1', [first[0].resource.id])).rows[0].n).toBe(0);
    expect(remote.requests.filter((request) => request.startsWith('/files/'))).toEqual([]);

    // Deleting a harvested dataset removes its harvested resources; deleting the indexer keeps its datasets and their resources.
    const count = async (ids: number[]) => (await t.db.query('SELECT count(*)::integer AS n FROM resources WHERE id = ANY($1::integer[])', [ids])).rows[0].n;
    const kept = (await resourcesOf(antennes.id)).map((link) => link.resource.id);
    expect((await api('referent', 'DELETE', `/fr/dataset/datasets/${insee.id}/`)).statusCode).toBe(204);
    expect(await count([after[0].resource.id])).toBe(0);
    expect((await api('referent', 'DELETE', `/fr/indexer/remote-api-indexes/${id}/`)).statusCode).toBe(204);
    expect(await count(kept)).toBe(2);
    expect((await resourcesOf(antennes.id)).map((link) => link.resource.id)).toEqual(kept);
  });

  it("keep an editor's changes: a renamed resource keeps its name and follows its link, a deleted one stays deleted", async () => {
    const records = ckanRecords();
    const resources = records[1].resources as Record<string, unknown>[];
    remote.routes.set('/api/3/action/package_search', () => ({ body: ckanAnswer(records) }));
    const id = await createIndexer({ name: 'CKAN resource edits' });
    expect((await runNow(id)).status).toBe('SUCCESS');
    const insee = (await datasetsOf(id))[1];
    const [wfs, csv] = await resourcesOf(insee.id);
    expect((await api('referent', 'PATCH', `/fr/resource/resources/${csv.resource.id}/`, { display_name: 'Carroyage 200 m (CSV)' })).statusCode).toBe(200);
    expect((await api('referent', 'DELETE', `/fr/resource/resources/${wfs.resource.id}/`)).statusCode).toBe(204);

    // Remotely, both change: the CSV's name and link, the WFS's link.
    resources[0] = { ...resources[0], url: `${resources[0].url}&v=2` };
    resources[1] = { ...resources[1], name: 'rectangles_200m_v2.csv', url: 'https://example.org/rectangles-v2.csv' };
    expect((await runNow(id)).status).toBe('SUCCESS');
    const after = await resourcesOf(insee.id);
    expect(after.map((link) => [link.resource.id, link.resource.display_name])).toEqual([[csv.resource.id, 'Carroyage 200 m (CSV)']]);
    expect(await hrefOf(after[0].resource)).toBe('https://example.org/rectangles-v2.csv');

    // Once the remote drops the deleted distribution, the harvest forgets it.
    resources.splice(0, 1);
    expect((await runNow(id)).status).toBe('SUCCESS');
    const { rows } = await t.db.query(
      'SELECT h.resource_id FROM harvested_resources h JOIN harvested_records r ON r.id = h.record_id WHERE r.dataset_id = $1', [insee.id]);
    expect(rows).toEqual([{ resource_id: csv.resource.id }]);
  });
});

describe("this platform's own records", () => {
  const DCT = 'http://purl.org/dc/terms/';
  const feedQuads = async () => new Parser().parse((await t.app.inject({ url: '/fr/dataset/catalog/?format=ttl&page_size=100' })).body);
  const dcatType = async () => (await t.db.query<{ id: number }>("SELECT id FROM remote_api_index_types WHERE codename = 'dcat'")).rows[0].id;

  it('the DCAT feed says where a harvested dataset comes from: its remote identifier and the remote record', async () => {
    remote.routes.set('/api/3/action/package_search', () => ({ body: fixture('ckan-package_search-fr.json') }));
    const id = await createIndexer({ name: 'CKAN provenance' });
    await runNow(id);
    const [antennes] = await datasetsOf(id);
    const quads = await feedQuads();
    const codename = (await t.db.query('SELECT codename FROM datasets WHERE id = $1', [antennes.id])).rows[0].codename;
    const subject = quads.find((q) => q.predicate.value === `${DCT}identifier` && q.object.value === String(antennes.id) && q.subject.value.endsWith(`/dataset/${codename}`))!.subject.value;
    const of = (s: string, p: string) => quads.filter((q) => q.subject.value === s && q.predicate.value === p).map((q) => q.object.value);
    expect(of(subject, `${DCT}source`)).toEqual([`https://opendata.example.org/dataset/${antennes.remote_id}`]);
    const notations = of(subject, 'http://www.w3.org/ns/adms#identifier').flatMap((node) => of(node, 'http://www.w3.org/2004/02/skos/core#notation'));
    const urn = quads.find((q) => q.predicate.value === `${DCT}identifier` && q.object.value.startsWith('urn:publish:'))!.object.value;
    expect(notations.sort()).toEqual([antennes.remote_id, `${urn}:dataset:${antennes.id}`].sort());
  });

  it("refuses this platform's feed as an indexer's catalogue: 400 on save, a readable FAILURE on trial, under another address too", async () => {
    const own = await api('referent', 'POST', '/en/indexer/remote-api-indexes/', indexerBody({ implementation_type: await dcatType(), url: 'http://localhost/fr/dataset/catalog/' }));
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ url: [expect.stringMatching(/is this platform's own catalogue/)] });
    const trial = await api('referent', 'POST', '/en/indexer/remote-api-indexes/trial/', indexerBody({ implementation_type: await dcatType(), url: 'http://localhost:80/it/dataset/catalog' }));
    expect(trial.json()).toEqual({ status: 'FAILURE', error: expect.stringMatching(/is this platform's own catalogue/) });
    // The same feed served elsewhere (a proxy, another name): the catalogue names this platform.
    const feed = await t.app.inject({ url: '/fr/dataset/catalog/?format=ttl' });
    remote.routes.set('/mirror/catalog.ttl', () => ({ type: 'text/turtle', body: feed.body }));
    const mirrored = await api('referent', 'POST', '/en/indexer/remote-api-indexes/trial/', indexerBody({ implementation_type: await dcatType(), url: `${remote.base}/mirror/catalog.ttl` }));
    expect(mirrored.json()).toEqual({ status: 'FAILURE', error: `${remote.base}/mirror/catalog.ttl is this platform's own catalogue: a harvester does not harvest the platform itself.` });
  });

  it('skips, with the reason, the records of another catalogue that come from this platform', async () => {
    const urn = (await feedQuads()).find((q) => q.predicate.value === `${DCT}identifier` && q.object.value.startsWith('urn:publish:'))!.object.value;
    remote.routes.set('/aggregator/catalog.ttl', () => ({
      type: 'text/turtle',
      body: `@prefix dcat: <http://www.w3.org/ns/dcat#> . @prefix dct: <http://purl.org/dc/terms/> .
        @prefix adms: <http://www.w3.org/ns/adms#> . @prefix skos: <http://www.w3.org/2004/02/skos/core#> .
        <http://aggregator.test/catalog> a dcat:Catalog ; dct:title "Agrégateur" ; dcat:dataset <http://aggregator.test/d/1>, <http://aggregator.test/d/2>, <http://aggregator.test/d/3> .
        <http://aggregator.test/d/1> a dcat:Dataset ; dct:identifier "agg-1" ; dct:title "Republié par l'agrégateur" ;
          adms:identifier [ a adms:Identifier ; skos:notation "${urn}:dataset:42" ] .
        <http://aggregator.test/d/2> a dcat:Dataset ; dct:identifier "agg-2" ; dct:title "Seulement sur l'agrégateur" .
        <http://aggregator.test/d/3> a dcat:Dataset ; dct:identifier "agg-3" ; dct:title "Repris sans identifiant" ;
          dcat:landingPage <https://portail.example.org/dataset/arrets-de-bus> .`,
    }));
    const id = await createIndexer({ name: 'Aggregator', implementation_type: await dcatType(), url: `${remote.base}/aggregator/catalog.ttl` });
    const task = await runNow(id);
    expect(task.status, JSON.stringify(task)).toBe('SUCCESS');
    const log = task.timeline.map((step) => step.message).join('\n');
    expect(log).toContain(`Enregistrement agg-1 ignoré : il vient de cette plateforme (${urn}:dataset:42)`);
    // Its landing page is one of this platform's dataset pages (PORTAL_URL).
    expect(log).toContain('Enregistrement agg-3 ignoré : il vient de cette plateforme (https://portail.example.org/dataset/arrets-de-bus)');
    expect(log).toMatch(/1 créé, 0 mis à jour, 0 inchangé, 2 ignorés/);
    expect((await datasetsOf(id)).map((row) => row.remote_id)).toEqual(['agg-2']);
  });
});

describe('a page written all or nothing', () => {
  it('gives records of one page with the same title distinct codenames, after those already taken', async () => {
    const [record] = ckanRecords();
    const same = (n: number) => ({ ...record, id: `same-${n}`, name: `same-${n}`, title: 'Titre partagé' });
    await t.db.query("UPDATE datasets SET codename = 'titre-partage-2' WHERE id = (SELECT min(id) FROM datasets WHERE id NOT IN (SELECT dataset_id FROM harvested_records))");
    remote.routes.set('/api/3/action/package_search', () => ({ body: ckanAnswer([same(1), same(2), same(3)]) }));
    const id = await createIndexer({ name: 'CKAN same titles' });
    expect((await runNow(id)).status).toBe('SUCCESS');
    const { rows } = await t.db.query('SELECT d.codename FROM harvested_records hr JOIN datasets d ON d.id = hr.dataset_id WHERE hr.indexer_id = $1 ORDER BY hr.remote_id', [id]);
    expect(rows.map((row) => row.codename)).toEqual(['titre-partage', 'titre-partage-3', 'titre-partage-4']);
  });

  it('skips a record the database refuses, with its reason, and keeps the rest of its page', async () => {
    const records = ckanRecords();
    // Year 0 is a date JavaScript reads but PostgreSQL refuses.
    records.push({ ...records[0], id: 'year-zero', name: 'year-zero', title: 'Année zéro', metadata_created: '0000-01-01T00:00:00' });
    remote.routes.set('/api/3/action/package_search', () => ({ body: ckanAnswer(records) }));
    const id = await createIndexer({ name: 'CKAN refused value' });
    const task = await runNow(id);
    expect(task.status, JSON.stringify(task)).toBe('SUCCESS');
    const log = task.timeline.map((step) => step.message).join('\n');
    expect(log).toMatch(/Page 1 : 2 créés, 0 mis à jour, 0 inchangé, 1 ignoré/);
    expect(log).toMatch(/Enregistrement year-zero ignoré : la base de données refuse une de ses valeurs \(.*out of range/);
    expect((await datasetsOf(id)).map((row) => row.remote_id)).toEqual(['antennes-regionales-de-la-region-hauts-de-france-au-01102019-0', 'insee-part-des-menages-presents-depuis-5-ans-ou-plus-2010']);
    // Still listed by the remote: the refused record is not written, and the others stay unchanged.
    const again = await runNow(id);
    expect(again.timeline.map((step) => step.message).join('\n')).toMatch(/0 créé, 0 mis à jour, 2 inchangés, 1 ignoré/);
  });
});

describe('trials', () => {
  it('says what a run would do, writing nothing, for a saved indexer and for an unsaved form', async () => {
    remote.routes.set('/api/3/action/package_search', () => ({ body: fixture('ckan-package_search-fr.json') }));
    const id = await createIndexer({ name: 'Trial' });
    const before = (await t.db.query('SELECT (SELECT count(*) FROM datasets) + (SELECT count(*) FROM harvested_records) AS n')).rows[0].n;
    const trial = (await api('referent', 'GET', `/fr/indexer/remote-api-indexes/${id}/trial/`)).json<HarvestTrial>();
    expect(trial).toMatchObject({ status: 'SUCCESS', complete: true, counts: { created: 2, updated: 0, unchanged: 0, withdrawn: 0 } });
    expect(trial.records![0]).toMatchObject({ display_name: 'Antennes régionales de la Région Hauts-de-France (au 01/10/2019)', action: 'create' });
    const unsaved = await api('referent', 'POST', '/fr/indexer/remote-api-indexes/trial/', indexerBody());
    expect(unsaved.statusCode).toBe(200);
    expect(unsaved.json().records).toHaveLength(2);
    expect((await t.db.query('SELECT (SELECT count(*) FROM datasets) + (SELECT count(*) FROM harvested_records) AS n')).rows[0].n).toBe(before);
    const invalid = await api('referent', 'POST', '/en/indexer/remote-api-indexes/trial/', indexerBody({ url: 'ftp://x', url_pattern: 'nothing' }));
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json()).sort()).toEqual(['url', 'url_pattern']);
  });

  it('runs two trials at once at most, answering 429 to more while they read the remote', async () => {
    remote.routes.set('/slow/api/3/action/package_search', () => ({ body: fixture('ckan-package_search-fr.json'), delayMs: 1000 }));
    const tries = await Promise.all([1, 2, 3].map(() => api('referent', 'POST', '/en/indexer/remote-api-indexes/trial/', indexerBody({ url: `${remote.base}/slow/` }))));
    expect(tries.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 429]);
    const busy = tries.find((answer) => answer.statusCode === 429)!;
    expect(busy.headers['retry-after']).toBe('10');
    expect(busy.json()).toEqual({ detail: 'Several catalogue trials are already running: try again in a few seconds.' });
    const after = await api('referent', 'POST', '/en/indexer/remote-api-indexes/trial/', indexerBody({ url: `${remote.base}/slow/` }));
    expect(after.json()).toMatchObject({ status: 'SUCCESS', counts: { created: 2 } });
  });

  it('answers FAILURE in words an administrator understands', async () => {
    remote.routes.set('/not-ckan/api/3/action/package_search', () => ({ type: 'text/html', body: '<html>Hello</html>' }));
    const html = (await api('referent', 'POST', '/en/indexer/remote-api-indexes/trial/', indexerBody({ url: `${remote.base}/not-ckan/` }))).json();
    expect(html).toEqual({ status: 'FAILURE', error: expect.stringMatching(/does not answer as a ckan catalogue: the answer is not JSON/) });
    const missing = (await api('referent', 'POST', '/en/indexer/remote-api-indexes/trial/', indexerBody({ url: `${remote.base}/nothing/` }))).json();
    expect(missing.error).toMatch(/answered HTTP 404/);
    const closed = (await api('referent', 'POST', '/en/indexer/remote-api-indexes/trial/', indexerBody({ url: 'http://127.0.0.1:1/' }))).json();
    expect(closed).toMatchObject({ status: 'FAILURE', error: expect.stringMatching(/cannot be reached/) });
  });

  it('refuses a form address no URL reader takes with a 400 on url, as a save does', async () => {
    for (const url of ['http://[fe80::1%25lo]/', 'http://[::1/', 'http://exa%mple.org/']) {
      const tried = await api('referent', 'POST', '/en/indexer/remote-api-indexes/trial/', indexerBody({ url }));
      expect(tried.statusCode, url).toBe(400);
      expect(Object.keys(tried.json())).toEqual(['url']);
      expect((await api('referent', 'POST', '/en/indexer/remote-api-indexes/', indexerBody({ url }))).statusCode, url).toBe(400);
    }
  });

  it("answers FAILURE when a remote's page names a next page that is no address", async () => {
    const udataType = (await t.db.query<{ id: number }>("SELECT id FROM remote_api_index_types WHERE codename = 'udata'")).rows[0].id;
    remote.routes.set('/bad-next/api/1/datasets/', () => ({ body: JSON.stringify({ data: [], next_page: 'http://[' }) }));
    const tried = await api('referent', 'POST', '/en/indexer/remote-api-indexes/trial/', indexerBody({ implementation_type: udataType, url: `${remote.base}/bad-next/` }));
    expect(tried.statusCode, tried.body).toBe(200);
    expect(tried.json()).toMatchObject({ status: 'FAILURE', error: expect.any(String) });
  });

  it('refuses private addresses unless OUTBOUND_ALLOW_PRIVATE is set', async () => {
    const guarded = await createTestApp();
    try {
      const referent = await guarded.signIn('referent');
      const response = await guarded.app.inject({
        method: 'POST', url: '/en/indexer/remote-api-indexes/trial/', headers: referent.sessionHeaders,
        payload: indexerBody(),
      });
      expect(response.json()).toMatchObject({ status: 'FAILURE', error: expect.stringMatching(/private network/) });
      // Named by its address, in the reader's language only: no English detail after a French message.
      const french = await guarded.app.inject({
        method: 'POST', url: '/fr/indexer/remote-api-indexes/trial/', headers: referent.sessionHeaders,
        payload: indexerBody(),
      });
      const error = french.json().error as string;
      expect(error.startsWith(`L'adresse est sur un réseau local ou privé, que la plateforme n'a pas le droit de joindre : ${remote.base}/`), error).toBe(true);
      expect(error).not.toMatch(/private address/);
      expect(remote.requests.filter((request) => request.includes('guarded'))).toEqual([]);
    } finally {
      await guarded.close();
    }
  });
});
