/**
 * Each kind of remote catalogue harvested from a local HTTP server serving its real answers
 * (tests/fixtures/harvest/), page 2 served at the URL page 1 names: the right records, with the
 * right fields, and a second run that changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../schemas/scenarios.ts';
import { DEFAULT_HARVEST_CONFIG } from '../../src/server/config.ts';
import { fixture, rewritten, startRemote, type RemoteCatalogue } from './harvest-remote.ts';
import { createTestApp, testConfig, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let remote: RemoteCatalogue;
let admin: SignedIn;
let group: number;
let scenario: number;
const types: Record<string, number> = {};
const outbound = { allowPrivate: true, timeoutMs: 5000, maxRedirects: 5 };

beforeAll(async () => {
  remote = await startRemote();
  const base = testConfig();
  t = await createTestApp({ outbound, tasks: { ...base.tasks, outbound, harvest: { ...DEFAULT_HARVEST_CONFIG, retryDelayMs: 10 } } }, { tasks: true });
  admin = await t.signIn('admin');
  group = (await t.db.query<{ id: number }>("SELECT id FROM usergroups WHERE usergroup_type = 'organisation' ORDER BY id LIMIT 1")).rows[0].id;
  scenario = (await t.db.query<{ id: number }>("SELECT id FROM scenarios WHERE codename = 'harvest-remoteapiindex'")).rows[0].id;
  for (const row of (await t.db.query<{ id: number; codename: string }>('SELECT id, codename FROM remote_api_index_types')).rows) types[row.codename] = row.id;
});
afterAll(async () => {
  await t?.close();
  await remote?.close();
});

async function harvest(kind: string, url: string): Promise<{ task: Task; records: { remote_id: string; display_name: string; dataset_id: number }[]; second: Task }> {
  const created = await t.app.inject({
    method: 'POST', url: '/fr/indexer/remote-api-indexes/', headers: admin.sessionHeaders,
    payload: { implementation_type: types[kind], name: `${kind} ${url}`, url, command: '*', scheduler: 1, usergroup: group, url_pattern: '' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const run = async () => {
    const response = await t.app.inject({ method: 'POST', url: `/en/indexer/remote-api-indexes/${id}/_scenarios/${scenario}/run/`, headers: admin.sessionHeaders, payload: {} });
    return response.json<Task>();
  };
  const task = await run();
  const { rows } = await t.db.query(
    `SELECT hr.remote_id, d.display_name, d.id AS dataset_id FROM harvested_records hr JOIN datasets d ON d.id = hr.dataset_id WHERE hr.indexer_id = $1 ORDER BY hr.id`,
    [id],
  );
  const second = await run();
  return { task, records: rows, second };
}

const dataset = async (id: number) => (await t.app.inject({ url: `/fr/dataset/datasets/${id}/`, headers: admin.jwtHeaders })).json();
/** The dataset's resources as its resources panel reads them: name, type, format, link, main (1) or annex (2). */
const resourcesOf = async (id: number) =>
  (await t.app.inject({ url: `/fr/resource/resource-dataset/?dataset_id=${id}&page_size=100`, headers: admin.jwtHeaders })).json<{
    results: { type: number; resource: { id: number; display_name: string; type: string; dataformat: string | null; source_id: number } }[];
  }>().results.map((link) => ({ name: link.resource.display_name, type: link.resource.type, format: link.resource.dataformat, main: link.type === 1 }));
const log = (task: Task) => task.timeline.map((step) => step.message).join('\n');

describe('harvest of each kind', () => {
  it('udata: follows next_page', async () => {
    const page1 = JSON.parse(rewritten(fixture('udata-datasets.json'), ['https://www.data.gouv.fr'], `${remote.base}/udata`));
    const page2 = { ...page1, data: [{ ...page1.data[0], id: 'third-dataset', title: 'Troisième jeu' }], page: 2, next_page: null };
    remote.routes.set('/udata/api/1/datasets/', (url) => ({ body: JSON.stringify(url.searchParams.get('page') === '2' ? page2 : page1) }));
    const { task, records, second } = await harvest('udata', `${remote.base}/udata/`);
    expect(task.status, log(task)).toBe('SUCCESS');
    expect(records.map((row) => row.remote_id)).toEqual([page1.data[0].id, page1.data[1].id, 'third-dataset']);
    expect(log(task)).toMatch(/Page 2: 1 created/);
    const vehicles = await dataset(records[1].dataset_id);
    expect(vehicles.bbox).toEqual([2.2745, 48.8139, 2.302, 48.8307]);
    const annual = (await t.db.query("SELECT id FROM update_frequencies WHERE codename = 'ANNUAL'")).rows[0].id;
    expect(vehicles.update_frequency).toBe(annual);
    expect(log(second)).toMatch(/0 created, 0 updated, 3 unchanged/);
    // udata marks main files: the first one is the dataset's main resource, the others annexes.
    expect(await resourcesOf(records[0].dataset_id)).toEqual([
      { name: 'bureau-de-vote-vanves.csv', type: 'href', format: 'CSV', main: true },
      { name: 'bureau-de-vote-vanves.geojson', type: 'href', format: 'JSON', main: false },
    ]);
  });

  it('udata: an identifier holding NUL characters is read without them, rather than failing the run', async () => {
    const page1 = JSON.parse(rewritten(fixture('udata-datasets.json'), ['https://www.data.gouv.fr'], `${remote.base}/udatanul`));
    const page = { ...page1, data: [{ ...page1.data[0], id: 'jeu\u0000-nul' }, page1.data[1]], next_page: null };
    remote.routes.set('/udatanul/api/1/datasets/', () => ({ body: JSON.stringify(page) }));
    const { task, records, second } = await harvest('udata', `${remote.base}/udatanul/`);
    expect(task.status, log(task)).toBe('SUCCESS');
    expect(records.map((row) => row.remote_id)).toEqual(['jeu-nul', page1.data[1].id]);
    expect(log(second)).toMatch(/0 created, 0 updated, 2 unchanged/);
  });

  it('udata: a detailed boundary, or coordinates nested past any geometry, give a box or none rather than failing the run', async () => {
    const page1 = JSON.parse(rewritten(fixture('udata-datasets.json'), ['https://www.data.gouv.fr'], `${remote.base}/udatageom`));
    // 200,000 positions: a region's coastline, as real catalogues hold.
    const ring = Array.from({ length: 200_000 }, (_, index) => [5 + (index % 1000) / 1000, 43 + (index % 500) / 1000]);
    let deep: unknown = [5, 43];
    for (let depth = 0; depth < 20_000; depth++) deep = [deep];
    const page = {
      ...page1,
      data: [
        { ...page1.data[0], spatial: { ...page1.data[0].spatial, geom: { type: 'Polygon', coordinates: [ring] } } },
        { ...page1.data[1], spatial: { ...page1.data[1].spatial, geom: { type: 'GeometryCollection', geometries: 'none' } } },
        { ...page1.data[1], id: 'deep', title: 'Profond', spatial: { ...page1.data[1].spatial, geom: { type: 'Polygon', coordinates: deep } } },
      ],
      next_page: null,
    };
    // Written by hand: JSON.stringify recurses as deep as the arrays go.
    const deepText = `${'['.repeat(20_000)}[5,43]${']'.repeat(20_000)}`;
    const body = JSON.stringify(page, (key, value) => (value === deep ? '__DEEP__' : value)).replace('"__DEEP__"', deepText);
    remote.routes.set('/udatageom/api/1/datasets/', () => ({ body }));
    const { task, records } = await harvest('udata', `${remote.base}/udatageom/`);
    expect(task.status, log(task)).toBe('SUCCESS');
    expect(records.map((row) => row.remote_id)).toEqual([page1.data[0].id, page1.data[1].id, 'deep']);
    expect((await dataset(records[0].dataset_id)).bbox).toEqual([5, 43, 5.999, 43.499]);
    expect((await dataset(records[1].dataset_id)).bbox).toBeNull();
    expect((await dataset(records[2].dataset_id)).bbox).toBeNull();
  });

  it('Opendatasoft: pages by offset up to total_count', async () => {
    const page1 = JSON.parse(fixture('ods-catalog-datasets.json'));
    const page2 = { total_count: 3, results: [{ ...page1.results[1], dataset_id: 'third-ods', metas: { ...page1.results[1].metas, default: { ...page1.results[1].metas.default, title: 'Troisième' } } }] };
    remote.routes.set('/api/explore/v2.1/catalog/datasets', (url) => ({ body: JSON.stringify(url.searchParams.get('offset') === '2' ? page2 : page1) }));
    const { task, records, second } = await harvest('opendatasoft', `${remote.base}/`);
    expect(task.status, log(task)).toBe('SUCCESS');
    expect(records.map((row) => row.remote_id)).toEqual(['declarations-des-entrepreneurs-de-spectacles-vivants', 'bureau-de-vote-vanves', 'third-ods']);
    const first = await dataset(records[0].dataset_id);
    expect(first.display_name).toBe('Déclarations des entrepreneurs de spectacles vivants');
    expect(first.tags).toEqual(expect.arrayContaining(['spectacle', 'producteur']));
    const etalab2 = (await t.db.query("SELECT id FROM licences WHERE alternate_title = 'Etalab-2.0'")).rows[0].id;
    expect(first.licence).toBe(etalab2);
    expect(first.publication_date).toBe('2020-05-04');
    expect(log(second)).toMatch(/3 unchanged/);
  });

  it('DCAT RDF/XML: follows the legacy hydra:nextPage; the dataset IRI is the id without dct:identifier', async () => {
    const host = 'http://some.dcat.file.pagination.rdf';
    remote.routes.set('/page/1', () => ({ type: 'application/rdf+xml', body: rewritten(fixture('dcat-paged-page-1.rdf'), [host], remote.base) }));
    remote.routes.set('/page/2', () => ({ type: 'application/rdf+xml', body: rewritten(fixture('dcat-paged-page-2.rdf'), [host], remote.base) }));
    const { task, records, second } = await harvest('dcat', `${remote.base}/page/1`);
    expect(task.status, log(task)).toBe('SUCCESS');
    expect(records.map((row) => row.display_name)).toEqual(['Example dataset 1', 'Example dataset 2', 'Example dataset 3', 'Example dataset 4']);
    expect(records[0].remote_id).toBe('https://data.some.org/catalog/datasets/1');
    expect(log(second)).toMatch(/4 unchanged/);
  });

  it('DCAT RDF/XML from data.gouv.fr: keywords, dates and resource links', async () => {
    remote.routes.set('/catalog.rdf', () => ({ type: 'application/rdf+xml', body: fixture('dcat-udata-catalog.rdf') }));
    const { task, records } = await harvest('dcat', `${remote.base}/catalog.rdf`);
    expect(task.status, log(task)).toBe('SUCCESS');
    expect(records.map((row) => row.display_name)).toContain('Bureaux de vote - Vanves');
    const vote = await dataset(records.find((row) => row.display_name === 'Bureaux de vote - Vanves')!.dataset_id);
    expect(vote.tags).toEqual(expect.arrayContaining(['elections']));
    expect(vote.creation_date).toBe('2019-04-19');
    // Its distributions are link resources of the dataset, with their format (dct:format, dcat:mediaType).
    expect(await resourcesOf(vote.id)).toEqual([
      { name: 'bureau-de-vote-vanves.csv', type: 'href', format: 'CSV', main: false },
      { name: 'bureau-de-vote-vanves.json', type: 'href', format: 'JSON', main: false },
      { name: 'bureau-de-vote-vanves.geojson', type: 'href', format: 'JSON', main: false },
      { name: 'bureau-de-vote-vanves.zip', type: 'href', format: 'ZIP', main: false },
    ]);
  });

  it('DCAT JSON-LD: follows hydra:next to the absolute URL page 1 names', async () => {
    const host = 'http://data.test.org';
    remote.routes.set('/catalog.jsonld', (url) => ({
      type: 'application/ld+json',
      body: rewritten(fixture(url.searchParams.get('page') === '2' ? 'dcat-partial-collection-2.jsonld' : 'dcat-partial-collection-1.jsonld'), [host], remote.base),
    }));
    const { task, records, second } = await harvest('dcat', `${remote.base}/catalog.jsonld`);
    expect(task.status, log(task)).toBe('SUCCESS');
    expect(records.map((row) => row.remote_id).sort()).toEqual(['1', '2', '3', '4']);
    const one = await dataset(records.find((row) => row.remote_id === '1')!.dataset_id);
    expect(one.description).toBe('Dataset 1 description');
    expect(one.extras).toEqual(expect.arrayContaining([{ key: 'contact', value: 'Organization contact <hello@its.me>' }]));
    expect(log(second)).toMatch(/0 created, 0 updated/);
  });

  it('DCAT Turtle: our own feed format', async () => {
    remote.routes.set('/catalog.ttl', (url) => ({
      type: 'text/turtle',
      body: url.searchParams.get('page') === '2' ? '@prefix dcat: <http://www.w3.org/ns/dcat#> . <#c> a dcat:Catalog .' : rewritten(fixture('dcat-ap-feed-example.ttl'), ['https://data.example-region.fr'], remote.base),
    }));
    const { task, records } = await harvest('dcat', `${remote.base}/catalog.ttl`);
    expect(task.status, log(task)).toBe('SUCCESS');
    expect(records).toHaveLength(2);
    const first = await dataset(records[0].dataset_id);
    expect(first.bbox).toEqual([5.35, 43.24, 5.5, 43.36]);
  });

  it('GeoNetwork CSW with the DCAT output schema: pages by nextRecord', async () => {
    const empty = '<?xml version="1.0"?><csw:GetRecordsResponse xmlns:csw="http://www.opengis.net/cat/csw/2.0.2"><csw:SearchResults numberOfRecordsMatched="2" numberOfRecordsReturned="0" nextRecord="0"/></csw:GetRecordsResponse>';
    remote.routes.set('/geonetwork/srv/fre/csw', (url) => ({
      type: 'application/xml',
      body: url.searchParams.get('startPosition') === '3' ? empty : fixture('geonetwork-csw-dcat-page-1.xml'),
    }));
    const { task, records } = await harvest('dcat', `${remote.base}/geonetwork/srv/fre/csw`);
    expect(task.status, log(task)).toBe('SUCCESS');
    expect(records.map((row) => row.remote_id)).toEqual(['https://www.geo2france.fr/insee/partmenage5ans', 'fr-200053742/2019/limite/bud']);
    expect(remote.requests.some((request) => request.includes('outputSchema=http%3A%2F%2Fwww.w3.org%2Fns%2Fdcat%23') && request.includes('startPosition=3'))).toBe(true);
    const bud = await dataset(records[1].dataset_id);
    const never = (await t.db.query("SELECT id FROM update_frequencies WHERE codename = 'NEVER'")).rows[0].id;
    expect(bud.update_frequency).toBe(never);
  });
});
