/**
 * The public DCAT-AP catalogue (/{locale}/dataset/catalog/): every format parsed back with a real
 * parser, paging followed to the end, and which datasets it lists (exposed, published, public).
 */
import type { Quad } from '@rdfjs/types';
import jsonld from 'jsonld';
import { Parser } from 'n3';
import type pg from 'pg';
import { RdfXmlParser } from 'rdfxml-streaming-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exposeDataset, withdrawDataset } from '../../src/server/catalog/entries.ts';
import { validateDcatAp } from '../../src/server/catalog/shacl.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';
const FOAF = 'http://xmlns.com/foaf/0.1/';
const HYDRA = 'http://www.w3.org/ns/hydra/core#';
const VCARD = 'http://www.w3.org/2006/vcard/ns#';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const EU = 'http://publications.europa.eu/resource/authority/';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Format = 'ttl' | 'jsonld' | 'rdf';
const CONTENT_TYPES: Record<Format, string> = { ttl: 'text/turtle', jsonld: 'application/ld+json', rdf: 'application/rdf+xml' };

async function parse(body: string, format: Format): Promise<Quad[]> {
  if (format === 'ttl') return new Parser({ format: 'Turtle' }).parse(body) as Quad[];
  if (format === 'jsonld') {
    const nquads = (await jsonld.toRDF(JSON.parse(body), { format: 'application/n-quads' })) as unknown as string;
    return new Parser({ format: 'N-Quads' }).parse(nquads) as Quad[];
  }
  return new Promise((resolve, reject) => {
    const quads: Quad[] = [];
    const parser = new RdfXmlParser();
    parser.on('data', (q: Quad) => quads.push(q));
    parser.on('error', reject);
    parser.on('end', () => resolve(quads));
    parser.write(body);
    parser.end();
  });
}

/** A parsed page with lookups by subject and predicate. */
class Graph {
  constructor(readonly quads: Quad[]) {}
  objects(subject: string, predicate: string): string[] {
    return this.quads.filter((q) => q.subject.value === subject && q.predicate.value === predicate).map((q) => q.object.value);
  }
  one(subject: string, predicate: string): string | undefined {
    const values = this.objects(subject, predicate);
    expect(values.length, `${subject} ${predicate}`).toBeLessThanOrEqual(1);
    return values[0];
  }
  subjects(predicate: string, object: string): string[] {
    return this.quads.filter((q) => q.predicate.value === predicate && q.object.value === object).map((q) => q.subject.value);
  }
  /** The quads as sorted N-Triples-like lines, to compare formats. */
  lines(): string[] {
    const term = (x: Quad['object']) =>
      x.termType === 'Literal' ? `"${x.value}"@${x.language}^^${x.datatype.value}` : `<${x.value}>`;
    return [...new Set(this.quads.map((q) => `${term(q.subject)} ${term(q.predicate)} ${term(q.object)}`))].sort();
  }
}

async function fetchPage(url: string, headers: Record<string, string> = {}, format?: Format): Promise<{ graph: Graph; body: string; format: Format }> {
  const response = await t.app.inject({ url, headers });
  expect(response.statusCode, response.body).toBe(200);
  const type = String(response.headers['content-type']);
  const answered = (Object.keys(CONTENT_TYPES) as Format[]).find((f) => type.startsWith(CONTENT_TYPES[f]))!;
  expect(answered).toBeDefined();
  if (format) expect(answered).toBe(format);
  return { graph: new Graph(await parse(response.body, answered)), body: response.body, format: answered };
}

function catalogOf(graph: Graph): string {
  const catalogs = graph.subjects(RDF_TYPE, `${DCAT}Catalog`);
  expect(catalogs).toHaveLength(1);
  expect(graph.objects(catalogs[0], RDF_TYPE)).toContain(`${HYDRA}Collection`);
  return catalogs[0];
}

/** Follows hydra:next from `url` to the last page; answers the dct:identifier of every dataset seen, in order. */
async function harvest(url: string, format: Format): Promise<{ identifiers: string[]; pages: number; total: number }> {
  const identifiers: string[] = [];
  let next: string | undefined = url;
  let pages = 0;
  let total = -1;
  let last: string | undefined;
  while (next) {
    const target = new URL(next, 'http://localhost');
    const { graph } = await fetchPage(`${target.pathname}${target.search}`, {}, pages === 0 ? undefined : format);
    pages += 1;
    const catalog = catalogOf(graph);
    total = Number(graph.one(catalog, `${HYDRA}totalItems`));
    const view = graph.one(catalog, `${HYDRA}view`)!;
    expect(graph.objects(view, RDF_TYPE)).toContain(`${HYDRA}PartialCollectionView`);
    expect(graph.one(view, `${HYDRA}first`)).toBeDefined();
    last = graph.one(view, `${HYDRA}last`);
    for (const dataset of graph.objects(catalog, `${DCAT}dataset`)) {
      expect(graph.objects(dataset, RDF_TYPE)).toContain(`${DCAT}Dataset`);
      const identifier = graph.one(dataset, `${DCT}identifier`);
      expect(identifier).toMatch(/^\d+$/);
      expect(graph.one(dataset, `${DCT}title`)).toBeTruthy();
      expect(graph.one(dataset, `${DCT}description`)).toBeTruthy();
      const publisher = graph.one(dataset, `${DCT}publisher`)!;
      expect(graph.objects(publisher, RDF_TYPE)).toContain(`${FOAF}Organization`);
      expect(graph.one(publisher, `${FOAF}name`)).toBeTruthy();
      identifiers.push(identifier!);
    }
    next = graph.one(view, `${HYDRA}next`);
    if (!next) expect(view).toBe(last);
    expect(pages).toBeLessThan(100);
  }
  // RDF keeps no order among a page's datasets: the pages come in id order, so sort within each.
  return { identifiers: identifiers.sort((a, b) => Number(a) - Number(b)), pages, total };
}

/** The datasets the feed must list: exposed, published, found by anyone. */
async function expectedIdentifiers(): Promise<string[]> {
  const { rows } = await t.db.query<{ id: number }>(
    `SELECT d.id FROM catalog_entries e JOIN datasets d ON d.id = e.dataset_id
      WHERE COALESCE(d.publish, true) AND d.default_permission_level >= 1 ORDER BY d.id`,
  );
  return rows.map((row) => String(row.id));
}

async function withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await t.db.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

async function listedIds(query = ''): Promise<string[]> {
  return (await harvest(`/fr/dataset/catalog/?page_size=100${query}`, 'ttl')).identifiers;
}

async function datasetId(name: string): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM datasets WHERE display_name = $1', [name]);
  return rows[0].id;
}

describe('the public catalogue', () => {
  it('answers anyone, without redirect, a DCAT-AP catalogue of the exposed published public demo datasets', async () => {
    const expected = await expectedIdentifiers();
    expect(expected.length).toBeGreaterThan(2);
    for (const url of ['/fr/dataset/catalog/', '/fr/dataset/catalog', '/en/dataset/catalog/', '/it/dataset/catalog/?page=1']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/turtle/);
      expect(response.headers['cache-control']).toMatch(/public, max-age=\d+/);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const { graph } = await fetchPage('/fr/dataset/catalog/', {}, 'ttl');
    const catalog = catalogOf(graph);
    expect(catalog).toBe('http://localhost/fr/dataset/catalog/');
    expect(graph.one(catalog, `${DCT}title`)).toBeTruthy();
    expect(graph.one(catalog, `${DCT}description`)).toBeTruthy();
    expect(graph.one(catalog, `${DCT}language`)).toBe(`${EU}language/FRA`);
    expect(graph.one(catalog, `${DCT}modified`)).toBeTruthy();
    expect(graph.one(catalog, `${FOAF}homepage`)).toMatch(/^http:\/\/localhost\/?/);
    const publisher = graph.one(catalog, `${DCT}publisher`)!;
    expect(graph.one(publisher, `${FOAF}name`)).toBeTruthy();
    expect(Number(graph.one(catalog, `${HYDRA}totalItems`))).toBe(expected.length);
    expect(await listedIds()).toEqual(expected);
  });

  it('conforms to the DCAT-AP 3.0.0 shapes in every format: zero violations over the whole demo catalogue', async () => {
    const expected = await expectedIdentifiers();
    for (const format of ['ttl', 'jsonld', 'rdf'] as const) {
      const { graph } = await fetchPage(`/fr/dataset/catalog/?format=${format}&page_size=100`, {}, format);
      expect(graph.objects(catalogOf(graph), `${DCAT}dataset`)).toHaveLength(expected.length);
      const results = await validateDcatAp(graph.quads);
      expect(results.map((r) => `${r.focus} ${r.path} ${r.constraint} ${r.value ?? ''}`), format).toEqual([]);
    }
  });

  it('pages through hydra:next in every format, listing each dataset exactly once', async () => {
    const expected = await expectedIdentifiers();
    for (const format of ['ttl', 'jsonld', 'rdf', 'xml'] as const) {
      const { identifiers, pages, total } = await harvest(`/fr/dataset/catalog/?format=${format}&page_size=2`, format === 'xml' ? 'rdf' : format);
      expect(total).toBe(expected.length);
      expect(pages).toBe(Math.ceil(expected.length / 2));
      expect(identifiers).toEqual(expected);
    }
  });

  it('names its pages with absolute addresses under PUBLIC_URL behind a proxy, whatever the forwarded host says', async () => {
    const proxied = await createTestApp({ trustProxy: true, portalUrl: '/portail/', publicUrl: 'https://data.example.org/' });
    try {
      const response = await proxied.app.inject({
        url: '/fr/dataset/catalog/?page_size=1&page=2',
        headers: { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.example' },
      });
      const graph = new Graph(await parse(response.body, 'ttl'));
      const catalog = catalogOf(graph);
      expect(catalog).toBe('https://data.example.org/fr/dataset/catalog/');
      const view = graph.one(catalog, `${HYDRA}view`)!;
      expect(view).toBe('https://data.example.org/fr/dataset/catalog/?format=ttl&page=2&page_size=1');
      expect(graph.one(view, `${HYDRA}first`)).toBe('https://data.example.org/fr/dataset/catalog/?format=ttl&page=1&page_size=1');
      expect(graph.one(view, `${HYDRA}previous`)).toBe('https://data.example.org/fr/dataset/catalog/?format=ttl&page=1&page_size=1');
      expect(graph.one(view, `${HYDRA}next`)).toBe('https://data.example.org/fr/dataset/catalog/?format=ttl&page=3&page_size=1');
      const dataset = graph.objects(catalog, `${DCAT}dataset`)[0];
      expect(dataset).toMatch(/^https:\/\/data\.example\.org\/portail\/dataset\/[a-z0-9-]+$/);
      expect(graph.one(dataset, `${DCAT}landingPage`)).toBe(dataset);
    } finally {
      await proxied.close();
    }
  });

  it('chooses the format by ?format, else by Accept, each serialising the same graph', async () => {
    const byFormat: Record<string, string[]> = {};
    for (const [format, expected] of [['ttl', 'ttl'], ['jsonld', 'jsonld'], ['rdf', 'rdf'], ['xml', 'rdf'], ['JSONLD', 'jsonld']] as const) {
      const page = await fetchPage(`/fr/dataset/catalog/?format=${format}`, { accept: 'text/turtle' }, expected);
      // The paging links name the format answered.
      byFormat[expected] = page.graph.lines().map((line) => line.replaceAll(`format=${expected}&`, 'format=F&'));
    }
    expect(byFormat.jsonld.length).toBeGreaterThan(20);
    expect(byFormat.rdf).toEqual(byFormat.ttl);
    expect(byFormat.jsonld).toEqual(byFormat.ttl);
    for (const [accept, expected] of [
      ['application/ld+json', 'jsonld'],
      ['application/json', 'jsonld'],
      ['application/rdf+xml', 'rdf'],
      ['text/turtle', 'ttl'],
      ['text/html;q=0.9, application/rdf+xml;q=0.5, text/turtle;q=0.8', 'ttl'],
      ['application/ld+json;q=0.2, application/rdf+xml', 'rdf'],
      ['*/*', 'ttl'],
      ['text/html', 'ttl'],
    ] as const) {
      await fetchPage('/fr/dataset/catalog/', { accept }, expected);
    }
    // The paging links keep the format answered, whatever the next request accepts.
    const { graph } = await fetchPage('/fr/dataset/catalog/?page_size=1', { accept: 'application/ld+json' }, 'jsonld');
    const view = graph.one(catalogOf(graph), `${HYDRA}view`)!;
    expect(graph.one(view, `${HYDRA}next`)).toContain('format=jsonld');
  });

  it('describes a dataset with its keywords, themes, frequency, licence, contact point and box', async () => {
    const id = await datasetId('Stations hydrométriques');
    await t.db.query(
      `UPDATE datasets SET min_lon = 5.35, min_lat = 43.24, max_lon = 5.5, max_lat = 43.36,
         licence_id = (SELECT id FROM licences WHERE alternate_title = 'ODbL-1.0') WHERE id = $1`,
      [id],
    );
    await t.db.query(`INSERT INTO dataset_categories (dataset_id, category_id) SELECT $1, id FROM categories WHERE codename = 'ENVI'`, [id]);
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO contacts (usergroup_id, name, email, phone) SELECT usergroup_id, 'Service de l''eau', 'eau@example.org', '04 00 00 00 00'
         FROM datasets WHERE id = $1 RETURNING id`,
      [id],
    );
    await t.db.query(
      `INSERT INTO dataset_contacts (dataset_id, contact_id, role_id) SELECT $1, $2, id FROM contact_roles WHERE codename = 'pointOfContact'`,
      [id, rows[0].id],
    );
    const { graph } = await fetchPage('/fr/dataset/catalog/?q=hydrométriques', {}, 'ttl');
    const [dataset] = graph.subjects(`${DCT}identifier`, String(id));
    expect(dataset).toBeDefined();
    expect(graph.one(dataset, `${DCT}title`)).toBe('Stations hydrométriques');
    expect(graph.objects(dataset, `${DCAT}keyword`).sort()).toEqual(['eau', 'hydrométrie']);
    expect(graph.objects(dataset, `${DCAT}theme`)).toEqual(expect.arrayContaining([`${EU}data-theme/ENVI`, 'http://inspire.ec.europa.eu/theme/hy']));
    expect(graph.one(dataset, `${DCT}accrualPeriodicity`)).toBe(`${EU}frequency/ANNUAL`);
    expect(graph.one(dataset, `${DCT}license`)).toBe('https://opendatacommons.org/licenses/odbl/1-0/');
    expect(graph.one(dataset, `${DCT}issued`)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(graph.one(dataset, `${DCT}modified`)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(graph.one(dataset, `${DCAT}landingPage`)).toBe(dataset);
    const contact = graph.one(dataset, `${DCAT}contactPoint`)!;
    expect(graph.one(contact, `${VCARD}fn`)).toBe('Service de l\'eau');
    expect(graph.one(contact, `${VCARD}hasEmail`)).toBe('mailto:eau@example.org');
    expect(graph.one(contact, `${VCARD}hasTelephone`)).toBe('tel:0400000000');
    const spatial = graph.one(dataset, `${DCT}spatial`)!;
    const bbox = graph.quads.find((q) => q.subject.value === spatial && q.predicate.value === `${DCAT}bbox`)!;
    expect(bbox.object.value).toBe('POLYGON((5.35 43.24, 5.5 43.24, 5.5 43.36, 5.35 43.36, 5.35 43.24))');
    expect(bbox.object.termType === 'Literal' && bbox.object.datatype.value).toBe('http://www.opengis.net/ont/geosparql#wktLiteral');
    const geometry = graph.one(spatial, 'http://www.w3.org/ns/locn#geometry')!;
    expect(graph.objects(geometry, RDF_TYPE)).toEqual(['http://www.w3.org/ns/locn#Geometry']);
    expect(graph.one(geometry, 'http://www.opengis.net/ont/geosparql#asWKT')).toBe(bbox.object.value);
    // Box, licence and contact point conform too.
    expect(await validateDcatAp(graph.quads)).toEqual([]);
    // The search finds it, and only what matches.
    expect(graph.objects(catalogOf(graph), `${DCAT}dataset`)).toEqual([dataset]);
    expect(await listedIds('&q=zzzyyyxxx')).toEqual([]);
  });

  it('stays well-formed RDF/XML whatever text a dataset holds: "]]>" kept, characters XML cannot carry left out', async () => {
    const id = await datasetId('Stations hydrométriques');
    const before = (await t.db.query<{ display_name: string; description: string }>('SELECT display_name, description FROM datasets WHERE id = $1', [id])).rows[0];
    await t.db.query("UPDATE datasets SET display_name = 'Stations ]]> hydrométriques', description = E'Débits \\uFFFF\\uFFFE\\u0001]]>' WHERE id = $1", [id]);
    try {
      const { graph } = await fetchPage(`/fr/dataset/catalog/?format=rdf&q=hydrométriques`, {}, 'rdf');
      const [dataset] = graph.subjects(`${DCT}identifier`, String(id));
      expect(graph.one(dataset, `${DCT}title`)).toBe('Stations ]]> hydrométriques');
      expect(graph.one(dataset, `${DCT}description`)).toBe('Débits ]]>');
    } finally {
      await t.db.query('UPDATE datasets SET display_name = $2, description = $3 WHERE id = $1', [id, before.display_name, before.description]);
    }
  });

  it('lists a dataset once exposed and drops it once withdrawn, keeping its row, permissions and contacts', async () => {
    const id = await datasetId('Arrêts de bus du réseau urbain');
    const before = await t.db.query('SELECT (SELECT count(*) FROM dataset_permissions WHERE dataset_id = $1) AS p, (SELECT count(*) FROM dataset_contacts WHERE dataset_id = $1) AS c', [id]);
    expect(await listedIds()).toContain(String(id));
    await withClient((client) => withdrawDataset(client, id));
    expect(await listedIds()).not.toContain(String(id));
    expect((await t.db.query('SELECT 1 FROM datasets WHERE id = $1', [id])).rowCount).toBe(1);
    const after = await t.db.query('SELECT (SELECT count(*) FROM dataset_permissions WHERE dataset_id = $1) AS p, (SELECT count(*) FROM dataset_contacts WHERE dataset_id = $1) AS c', [id]);
    expect(after.rows).toEqual(before.rows);
    await withClient((client) => withdrawDataset(client, id));
    expect(await withClient((client) => exposeDataset(client, id))).toBe(true);
    expect(await withClient((client) => exposeDataset(client, id))).toBe(true);
    expect((await listedIds()).filter((listed) => listed === String(id))).toHaveLength(1);
    expect(await withClient((client) => exposeDataset(client, 987654321))).toBe(false);
  });

  it('exposes in the caller\'s transaction: a rolled back exposure lists nothing', async () => {
    const id = await datasetId('Arrêts de bus du réseau urbain');
    await withClient((client) => withdrawDataset(client, id));
    await withClient(async (client) => {
      await client.query('BEGIN');
      await exposeDataset(client, id);
      await client.query('ROLLBACK');
    });
    expect(await listedIds()).not.toContain(String(id));
    await withClient((client) => exposeDataset(client, id));
    expect(await listedIds()).toContain(String(id));
  });

  it('hides an unpublished dataset at once, and lists it again when republished', async () => {
    const id = await datasetId('Arrêts de bus du réseau urbain');
    const { rows } = await t.db.query<{ codename: string }>('SELECT codename FROM datasets WHERE id = $1', [id]);
    await t.db.query('UPDATE datasets SET publish = false WHERE id = $1', [id]);
    expect(await listedIds()).not.toContain(String(id));
    for (const format of ['ttl', 'jsonld', 'rdf']) {
      const body = (await t.app.inject({ url: `/fr/dataset/catalog/?format=${format}&page_size=100` })).body;
      expect(body).not.toContain(rows[0].codename);
    }
    expect((await t.db.query('SELECT 1 FROM catalog_entries WHERE dataset_id = $1', [id])).rowCount).toBe(1);
    await t.db.query('UPDATE datasets SET publish = NULL WHERE id = $1', [id]);
    expect(await listedIds()).toContain(String(id));
  });

  it('never lists a dataset anyone may not find, even exposed, nor an unpublished demo dataset', async () => {
    const { rows } = await t.db.query<{ id: number; codename: string }>(
      `SELECT id, codename FROM datasets WHERE default_permission_level = 0 OR publish = false`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) await withClient((client) => exposeDataset(client, row.id));
    const listed = await listedIds();
    const body = (await t.app.inject({ url: '/fr/dataset/catalog/?page_size=100' })).body;
    for (const row of rows) {
      expect(listed).not.toContain(String(row.id));
      expect(body).not.toContain(row.codename);
    }
    // Made searchable by anyone (and published), it appears.
    await t.db.query('UPDATE datasets SET default_permission_level = 1, publish = true WHERE id = $1', [rows[0].id]);
    expect(await listedIds()).toContain(String(rows[0].id));
    await t.db.query('UPDATE datasets SET default_permission_level = 0 WHERE id = $1', [rows[0].id]);
  });

  it('answers a page past the last one empty, without hydra:next', async () => {
    const { graph } = await fetchPage('/fr/dataset/catalog/?page=999&page_size=5', {}, 'ttl');
    const catalog = catalogOf(graph);
    expect(graph.objects(catalog, `${DCAT}dataset`)).toEqual([]);
    const view = graph.one(catalog, `${HYDRA}view`)!;
    expect(graph.one(view, `${HYDRA}next`)).toBeUndefined();
    const last = graph.one(view, `${HYDRA}last`)!;
    expect(graph.one(view, `${HYDRA}previous`)).toBe(last);
    expect(Number(graph.one(catalog, `${HYDRA}totalItems`))).toBe((await expectedIdentifiers()).length);
  });

  it('refuses bad parameters with 400 {field: [message]}', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=-1', 'page'],
      ['page_size=0', 'page_size'],
      ['page_size=101', 'page_size'],
      ['page_size=ten', 'page_size'],
      ['format=csv', 'format'],
    ] as const) {
      const response = await t.app.inject({ url: `/en/dataset/catalog/?${query}` });
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(Object.keys(body)).toEqual([field]);
      expect(body[field]).toEqual([expect.any(String)]);
    }
    const both = (await t.app.inject({ url: '/fr/dataset/catalog/?page=x&format=csv' })).json();
    expect(Object.keys(both).sort()).toEqual(['format', 'page']);
  });

  it('answers 304 to a harvester that has the page already, and refuses writes', async () => {
    const first = await t.app.inject({ url: '/fr/dataset/catalog/' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await t.app.inject({ url: '/fr/dataset/catalog/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: '/fr/dataset/catalog/' })).statusCode).not.toBe(200);
    }
  });
});
