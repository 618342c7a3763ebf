/**
 * Every page of a dataset list is the page LIMIT/OFFSET gives, however it is read (along the
 * order's index, sorted from its first rows, or sorted whole): random orderings (both directions, ties and nulls
 * included), filters, searches, users and page sizes, deep pages read in any order, again after
 * writes that move, add, remove or hide rows; and while writes go on, no page fails or repeats a row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { COUNT_CAP, datasetPage, datasetSearchCondition, TOPIC_WALK_PER_ROW, WALK_ROWS, type PageBounds } from '../../src/server/datasets/pages.ts';
import { buildOrderTerms, offsetPageIds, orderByClause, SqlParams, type ListSpec, type OrderTerm, type PageIdsQuery } from '../../src/server/http/pagination.ts';
import type { Db } from '../../src/server/db/pool.ts';
import { asName } from '../../src/server/db/collation.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
const users: Record<string, SignedIn> = {};
let organisations: number[];

/** A seeded generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] };
}
const random = generator(20261124);

/** Datasets with many equal names, dates and flags, some nulls: where ties and nulls decide the order. */
async function addDatasets(count: number, prefix: string): Promise<void> {
  const rows = Array.from({ length: count }, (_, index) => [
    `${prefix}-${index}`,
    random.pick(['Arbres', 'Bâtiments', 'Écoles', 'arbres', 'Zones humides']),
    random.pick(organisations),
    random.pick([0, 0, 0, 1, 2, 3]),
    random.pick([true, false, null]),
    random.pick([null, '2024-01-01', '2024-06-30', '2025-03-15']),
    // Microseconds matter: a page starting after a row must not lose them.
    random.pick(['2025-01-01 10:00:00.123456+00', '2025-01-01 10:00:00.123457+00', '2025-02-01 00:00:00+00', '2024-12-31 23:59:59.999999+00']),
    random.pick([null, '2023-05-01', '2024-06-30']),
    random.pick([null, null, '2024-02-29', '2025-01-01']),
    random.pick([null, '2020-01-01', '2024-06-30']),
  ]);
  await t.db.query(
    `INSERT INTO datasets (codename, display_name, usergroup_id, default_permission_level, publish, revision_date, updated_at, created_at,
                           publication_date, last_update_date, creation_date)
     SELECT r->>0, r->>1, (r->>2)::integer, (r->>3)::smallint, (r->>4)::boolean, (r->>5)::date, (r->>6)::timestamptz, (r->>6)::timestamptz - interval '1 day',
            (r->>7)::date, (r->>8)::date, (r->>9)::date
       FROM jsonb_array_elements($1::jsonb) r`,
    [JSON.stringify(rows)],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM usergroups WHERE usergroup_type = 'organisation' ORDER BY id`);
  organisations = rows.map((row) => row.id);
  await addDatasets(360, 'page');
  // Special permissions for some private datasets, to every organisation in turn.
  await t.db.query(
    `INSERT INTO dataset_permissions (dataset_id, usergroup_id, level)
     SELECT d.id, ($1::integer[])[1 + d.id % array_length($1::integer[], 1)], 1 + d.id % 3
       FROM datasets d WHERE d.codename LIKE 'page-%' AND d.id % 4 = 0 ON CONFLICT DO NOTHING`,
    [organisations],
  );
  // Topics 1 and 2 on some of them (one dataset may hold both).
  await t.db.query(
    `INSERT INTO dataset_topics (dataset_id, topic_id)
     SELECT d.id, t.id FROM datasets d, (VALUES (1, 3), (2, 5)) AS t (id, every) WHERE d.codename LIKE 'page-%' AND d.id % t.every = 0`,
  );
  for (const username of ['admin', 'editor', 'member', 'newcomer']) users[username] = await t.signIn(username);
});
afterAll(() => t?.close());

const ORDERINGS = ['', 'revision_date', '-revision_date', 'display_name', '-display_name', 'usergroup', '-usergroup', 'created_at', '-created_at',
  'publish', '-publish', 'updated_at', '-updated_at', '-publish,display_name', 'revision_date,-updated_at', '-revision_date,-usergroup',
  'publication_date', '-publication_date', 'last_update_date', '-last_update_date', 'creation_date', '-creation_date', 'codename', '-codename',
  '-last_update_date,display_name', 'publication_date,-creation_date'];
const FILTERS = ['', 'publish=false', 'search=arbres', 'perms=editable', 'default_permission_level__in=0,1', 'usergroup_id=ORGANISATION', 'topics__in=1', 'topics__in=2&publish=false', 'topics__in=1,2'];

/** The orders the list offers and their columns (routes/datasets.ts): terms built as the lists build them, tie-breaker included. */
const ORDER_COLUMNS: Record<string, string> = {
  updated_at: 'd.updated_at', display_name: asName('d.display_name'), usergroup: asName('d.usergroup_name'), created_at: 'd.created_at', revision_date: 'd.revision_date', publish: 'COALESCE(d.publish, true)',
};
const ORDERS: ListSpec = {
  fields: { id: { column: 'd.id', type: 'integer', orderable: true }, ...Object.fromEntries(Object.entries(ORDER_COLUMNS).map(([name, column]) => [name, { column, type: 'text' as const, orderable: true }])) },
  defaultOrdering: ['-updated_at'],
};

const list = async (user: SignedIn, query: string) => {
  const response = await t.app.inject({ url: `/fr/dataset/datasets/?${query}`, headers: user.jwtHeaders });
  return { status: response.statusCode, body: response.json() as { count: number; count_capped?: boolean; results: { id: number }[] } };
};

/** The list in full, page after page of 1,000 (the largest), from the start as OFFSET 0 reads it. */
async function everyId(user: SignedIn, query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await list(user, `${query}&page=${page}&page_size=1000`);
    // Exactly 1,000 rows: the page after is past the end.
    if (page > 1 && status === 404) return ids;
    expect(status).toBe(200);
    ids.push(...body.results.map((row) => row.id));
    if (body.results.length < 1000) {
      // A count past the cap says "more than"; below it, every row is there.
      if (!body.count_capped) expect(ids.length).toBe(body.count);
      return ids;
    }
  }
}

/** Reads pages of random lists, deep ones and repeated ones, and compares each with its slice of the full list. */
async function comparePages(rounds: number): Promise<number> {
  let compared = 0;
  for (let round = 0; round < rounds; round++) {
    const user = users[random.pick(Object.keys(users))];
    const query = [`ordering=${random.pick(ORDERINGS)}`, random.pick(FILTERS).replace('ORGANISATION', String(random.pick(organisations)))].filter((part) => !part.endsWith('=')).join('&');
    const all = await everyId(user, query);
    const size = random.pick([1, 3, 7, 20]);
    const last = Math.max(1, Math.ceil(all.length / size));
    // In order, then jumps forward and back, then repeats.
    const pages = [1, 2, 3, ...Array.from({ length: 6 }, () => 1 + random.int(last)), last, last, 2];
    for (const page of pages) {
      const { status, body } = await list(user, `${query}&page=${page}&page_size=${size}`);
      if (page > 1 && (page - 1) * size >= all.length) {
        expect(status).toBe(404);
        continue;
      }
      expect(status).toBe(200);
      expect({ query, page, size, ids: body.results.map((row) => row.id) }).toEqual({ query, page, size, ids: all.slice((page - 1) * size, page * size) });
      compared++;
    }
  }
  return compared;
}

/** The walk along the order that datasetPage sends for `query` (bounds that make it walk), once its page is checked against OFFSET's. */
async function walkOf(query: PageIdsQuery): Promise<{ text: string; values: unknown[] }> {
  const statements: { text: string; values: unknown[] }[] = [];
  const recording = { query: (text: string, values: unknown[]) => (statements.push({ text, values }), t.db.query(text, values)) } as unknown as Db;
  const page = await datasetPage(recording, query, {} as FastifyRequest, true, { cap: 5, walk: 100_000 });
  expect(page.ids).toEqual(await offsetPageIds(t.db, query));
  const walk = statements.find((statement) => statement.text.includes('walk_key_'));
  expect(walk).toBeDefined();
  return walk!;
}

describe('deep dataset pages', () => {
  it('equal the full list, page by page, for every ordering, filter and user', async () => {
    expect(await comparePages(40)).toBeGreaterThan(300);
  });

  it('follow writes that move, add, remove and hide rows', async () => {
    const admin = users.admin;
    // Read deep pages first, so their rows are remembered, then change the data under them.
    const writes: Array<() => Promise<unknown>> = [
      () => t.db.query(`UPDATE datasets SET updated_at = '2025-01-01 10:00:00.123456+00', display_name = 'Arbres' WHERE id IN (SELECT id FROM datasets ORDER BY id DESC LIMIT 40)`),
      () => addDatasets(30, `added-${random.int(1e9)}`),
      () => t.db.query(`DELETE FROM datasets WHERE id IN (SELECT id FROM datasets WHERE codename LIKE 'page-%' ORDER BY updated_at DESC, id LIMIT 25)`),
      () => t.db.query(`UPDATE datasets SET default_permission_level = 3 - default_permission_level, publish = NOT COALESCE(publish, true) WHERE id % 5 = 1`),
      () => t.db.query(`DELETE FROM dataset_permissions WHERE dataset_id % 3 = 0`),
      async () => {
        const { body } = await list(admin, 'ordering=updated_at&page_size=1');
        const response = await t.app.inject({
          method: 'PATCH',
          url: `/fr/dataset/datasets/${body.results[0].id}/`,
          headers: admin.jwtHeaders,
          payload: { display_name: 'Zones humides' },
        });
        expect(response.statusCode).toBe(200);
      },
    ];
    for (const write of writes) {
      for (const [username, query] of [['admin', 'ordering=-updated_at'], ['editor', ''], ['member', 'ordering=display_name'], ['newcomer', 'ordering=-revision_date']]) {
        // Deep pages read before the write are asked again first, before anything else reads their list.
        const pages = [4, 5, 9, 12];
        for (const page of pages) await list(users[username], `${query}&page=${page}&page_size=7`);
        await write();
        const after = [];
        for (const page of pages) after.push((await list(users[username], `${query}&page=${page}&page_size=7`)).body.results?.map((row) => row.id));
        const all = await everyId(users[username], query);
        expect(after).toEqual(pages.map((page) => (page - 1) * 7 < all.length ? all.slice((page - 1) * 7, page * 7) : undefined));
      }
      await comparePages(6);
    }
  });

  it('of filtered lists equal LIMIT and OFFSET, whether sorted from their first rows, found along their order or sorted whole', async () => {
    const from = 'datasets d LEFT JOIN usergroups g ON g.id = d.usergroup_id';
    const conditions: ((params: SqlParams) => string | null | Promise<string | null>)[] = [
      ...['arbres', 'zones hum', 'bâtiment', 'aucunmotpareil', 'le'].map((search) => (params: SqlParams) => datasetSearchCondition(search, params, t.db)),
      (params) => `d.usergroup_id = ${params.add(organisations[1])}`,
      (params) => `COALESCE(d.publish, true) = ${params.add(false)} AND d.revision_date IS NOT NULL`,
      (params) => `d.topic_ids && ${params.add([1, 2])}::integer[]`,
    ];
    // The platform's bounds, then small ones that send these lists down each way: a count capped,
    // a walk that finds the page, one too short for it, one shorter than the page; the last two
    // with a count that reads past the page, whose edge bounds the rows then sorted.
    const bounds: PageBounds[] = [{ cap: COUNT_CAP, walk: WALK_ROWS }, { cap: 5, walk: 100_000 }, { cap: 5, walk: 40 }, { cap: 5, walk: 3 }, { cap: 30, walk: 12 }, { cap: 30, walk: 3 }];
    let capped = 0;
    for (const condition of conditions) {
      for (const ordering of [[{ column: 'd.updated_at', descending: true, nullsFirst: false }], [{ column: 'COALESCE(d.publish, true)', descending: false, nullsFirst: true }, { column: asName('d.display_name'), descending: false, nullsFirst: false }]]) {
        const params = new SqlParams();
        const where = `WHERE d.default_permission_level >= ${params.add(1)} AND ${await condition(params)}`;
        const { rows } = await t.db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM ${from} ${where}`, params.values);
        const count = rows[0].count;
        const orderTerms: OrderTerm[] = [...ordering, { column: 'd.id', descending: false, nullsFirst: false }];
        for (const [offset, limit] of [[0, 20], [3, 7], [count - 2, 5]]) {
          const query: PageIdsQuery = { id: 'd.id', from, where, orderTerms, values: params.values, offset: Math.max(0, offset), limit };
          const expected = await offsetPageIds(t.db, query);
          for (const bound of bounds) {
            // Narrowed: counted capped whatever the request's filters.
            const page = await datasetPage(t.db, query, {} as FastifyRequest, true, bound);
            expect({ where, offset, bound, ids: page.ids }).toEqual({ where, offset, bound, ids: expected });
            expect(page.count).toEqual(count > bound.cap ? { count: bound.cap, capped: true } : { count });
            if (page.count.capped) capped++;
          }
        }
      }
    }
    expect(capped).toBeGreaterThan(20);
  });

  it('are found along their order without sorting the rows walked, whatever the order term', async () => {
    const from = 'datasets d LEFT JOIN usergroups g ON g.id = d.usergroup_id';
    const params = new SqlParams();
    const where = `WHERE d.default_permission_level >= ${params.add(1)}`;
    for (const first of ['COALESCE(d.publish, true)', 'd.updated_at']) {
      const orderTerms: OrderTerm[] = [{ column: first, descending: false, nullsFirst: true }, { column: 'd.id', descending: false, nullsFirst: false }];
      const query: PageIdsQuery = { id: 'd.id', from, where, orderTerms, values: params.values, offset: 0, limit: 3 };
      const walk = await walkOf(query);
      const { rows } = await t.db.query<{ 'QUERY PLAN': [{ Plan: { 'Node Type': string; Plans: { 'Node Type': string }[] } }] }>(`EXPLAIN (FORMAT JSON) ${walk.text}`, walk.values);
      const plan = rows[0]['QUERY PLAN'][0].Plan;
      // The page's LIMIT reads the walked rows as they come: a sort there would read all of them first.
      expect([plan['Node Type'], plan.Plans[0]['Node Type']]).toEqual(['Limit', 'Subquery Scan']);
    }
  });

  it("of a topic are walked along their order's index alone, in each order the list shows", async () => {
    const client = await t.db.connect();
    try {
      // A small table is read whole by the planner: here only whether the index could serve alone matters.
      await client.query('SET enable_seqscan = off');
      await client.query('SET enable_bitmapscan = off');
      for (const ordering of ['', 'display_name', '-usergroup', 'created_at', '-revision_date', 'publish', '-publish', 'updated_at']) {
        // An editor's list of the topic.
        const params = new SqlParams();
        const where = `WHERE (d.usergroup_id = ANY(${params.add(organisations)}::integer[]) OR d.default_permission_level >= ${params.add(1)}) AND d.topic_ids && ${params.add([1])}::integer[]`;
        const orderTerms = buildOrderTerms(ordering, ORDERS, 'fr');
        const query: PageIdsQuery = { id: 'd.id', from: 'datasets d LEFT JOIN usergroups g ON g.id = d.usergroup_id', where, orderTerms, values: params.values, offset: 0, limit: 3 };
        const walk = await walkOf(query);
        const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${walk.text}`, walk.values);
        expect({ ordering, plan: JSON.stringify(rows[0]['QUERY PLAN']) }).toEqual({ ordering, plan: expect.stringContaining('"Index Only Scan"') });
      }
    } finally {
      client.release();
    }
  });

  it('of every order the list shows are read along an index in both directions, no row sorted again', async () => {
    const client = await t.db.connect();
    try {
      // A small table is read whole by the planner: here only whether an index gives the order matters.
      await client.query('SET enable_seqscan = off');
      await client.query('SET enable_bitmapscan = off');
      for (const ordering of Object.keys(ORDER_COLUMNS).flatMap((name) => [name, `-${name}`])) {
        const terms = buildOrderTerms(ordering, ORDERS, 'fr');
        const { rows } = await client.query(`EXPLAIN (FORMAT JSON) SELECT d.id FROM datasets d ${orderByClause(terms)} LIMIT 3 OFFSET 10`);
        const plan = JSON.stringify(rows[0]['QUERY PLAN']);
        expect({ ordering, sorted: /"Node Type":\s*"(Incremental )?Sort"/.test(plan) }).toEqual({ ordering, sorted: false });
      }
    } finally {
      client.release();
    }
  });

  it("hold a search's full-text query as a constant the planner weighs, and nothing when the search has no word or only stop words", async () => {
    const params = new SqlParams();
    const condition = await datasetSearchCondition('Arbres  remarquables', params, t.db);
    expect(condition).toMatch(/^d\.search_vector @@ '.+'::tsquery$/);
    expect(condition).not.toContain('SELECT');
    expect(params.values).toEqual([]);
    // The same datasets as the query computed inside the statement.
    const { rows } = await t.db.query<{ same: boolean }>(
      `SELECT (SELECT array_agg(d.id ORDER BY d.id) FROM datasets d WHERE ${condition}) IS NOT DISTINCT FROM
              (SELECT array_agg(d.id ORDER BY d.id) FROM datasets d WHERE d.search_vector @@ dataset_search_query($1::text[])) AS same`,
      [['Arbres', 'remarquables']],
    );
    expect(rows[0].same).toBe(true);
    expect(await datasetSearchCondition('le', params, t.db)).toBe('false');
    expect(await datasetSearchCondition('!!!', params, t.db)).toBeNull();
  });

  it("of a large search are sorted from all its matches when they are spread thin, and walked to along the order when they are dense", async () => {
    // Eight datasets at the table's end hold a word no other holds: the count reads the whole table to find them.
    // The table is first compacted, so they cannot land in room that earlier tests' writes left in its first blocks.
    await t.db.query('VACUUM FULL datasets');
    await t.db.query(
      `INSERT INTO datasets (codename, display_name, usergroup_id) SELECT 'thin-' || n, 'Tourbières ' || n, $1 FROM generate_series(1, 8) n`,
      [organisations[0]],
    );
    await t.db.query('ANALYZE datasets');
    const { rows: [placed] } = await t.db.query<{ last: boolean }>(
      `SELECT max((ctid::text::point)[0]) + 1 = pg_relation_size('datasets') / current_setting('block_size')::integer AS last FROM datasets WHERE codename LIKE 'thin-%'`,
    );
    expect(placed.last).toBe(true);
    const from = 'datasets d LEFT JOIN usergroups g ON g.id = d.usergroup_id';
    const read = async (search: string, limit: number) => {
      const params = new SqlParams();
      const where = `WHERE ${await datasetSearchCondition(search, params, t.db)}`;
      const orderTerms: OrderTerm[] = [{ column: 'd.display_name', descending: false, nullsFirst: false }, { column: 'd.id', descending: false, nullsFirst: false }];
      const query: PageIdsQuery = { id: 'd.id', from, where, orderTerms, values: params.values, offset: 0, limit };
      const statements: string[] = [];
      const recording = { query: (text: string, values: unknown[]) => (statements.push(text), t.db.query(text, values)) } as unknown as Db;
      const page = await datasetPage(recording, query, { query: { search } } as unknown as FastifyRequest, false, { cap: 5, walk: WALK_ROWS });
      expect(page.count).toEqual({ count: 5, capped: true });
      expect(page.ids).toEqual(await offsetPageIds(t.db, query));
      return { sorted: statements.some((text) => text.includes('OFFSET 0) d')), walked: statements.some((text) => text.includes('walk_key_')) };
    };
    expect(await read('tourbières', 3)).toEqual({ sorted: true, walked: false });
    expect(await read('arbres', 1)).toEqual({ sorted: false, walked: true });
  });

  it('of a large search whose matches the first rows of the order do not hold are sorted from the rows up to their edge, not from all', async () => {
    // Sixty datasets without the word lead the newest-first order, as a harvest's do.
    await t.db.query(
      `INSERT INTO datasets (codename, display_name, usergroup_id) SELECT 'head-' || n, 'Relevés harvestés ' || n, $1 FROM generate_series(1, 60) n`,
      [organisations[0]],
    );
    try {
      const from = 'datasets d LEFT JOIN usergroups g ON g.id = d.usergroup_id';
      const params = new SqlParams();
      const where = `WHERE ${await datasetSearchCondition('arbres', params, t.db)}`;
      const orderTerms = buildOrderTerms('-updated_at', ORDERS, 'fr');
      for (const [offset, limit] of [[0, 3], [2, 4]]) {
        const query: PageIdsQuery = { id: 'd.id', from, where, orderTerms, values: params.values, offset, limit };
        const statements: string[] = [];
        const recording = { query: (text: string, values: unknown[]) => (statements.push(text), t.db.query(text, values)) } as unknown as Db;
        const page = await datasetPage(recording, query, { query: { search: 'arbres' } } as unknown as FastifyRequest, false, { cap: 6, walk: 40 });
        expect(page.count).toEqual({ count: 6, capped: true });
        expect(page.ids).toEqual(await offsetPageIds(t.db, query));
        const sorts = statements.filter((text) => text.includes('OFFSET 0) d'));
        // The walk found nothing in the first 40 rows; one sort, of the rows up to the edge only.
        expect(statements.some((text) => text.includes('walk_key_'))).toBe(true);
        expect(sorts).toHaveLength(1);
        expect(sorts[0]).toMatch(/d\.updated_at >= \$\d+::timestamp with time zone/);
      }
    } finally {
      // The later tests read whole lists: they are not to meet these rows.
      await t.db.query(`DELETE FROM datasets WHERE codename LIKE 'head-%'`);
    }
  });

  it("of a large topic are walked past the datasets without it that lead the order, as far as TOPIC_WALK_PER_ROW times the topic's rows, then sorted", async () => {
    const admin = { is_superuser: true, usergroup_roles: [] };
    const read = async (offset: number) => {
      const params = new SqlParams();
      const where = `WHERE d.topic_ids && ${params.add([3])}::integer[]`;
      const query: PageIdsQuery = { id: 'd.id', from: 'datasets d LEFT JOIN usergroups g ON g.id = d.usergroup_id', where, orderTerms: buildOrderTerms('-updated_at', ORDERS, 'fr'), values: params.values, offset, limit: 25 };
      const statements: string[] = [];
      const recording = { query: (text: string, values: unknown[]) => (statements.push(text), t.db.query(text, values)) } as unknown as Db;
      const page = await datasetPage(recording, query, { query: { topics__in: '3' }, user: admin } as unknown as FastifyRequest, false);
      expect(page.count).toEqual({ count: 1100 });
      expect(page.ids).toEqual(await offsetPageIds(t.db, query));
      return { walked: statements.some((text) => text.includes('walk_key_')), sorted: statements.some((text) => text.includes('OFFSET 0) d')) };
    };
    const lead = (count: number) =>
      t.db.query(`INSERT INTO datasets (codename, display_name, usergroup_id) SELECT 'lead-' || gen_random_uuid(), 'Moissonné', $1 FROM generate_series(1, $2::integer)`, [organisations[0], count]);
    try {
      // 1,100 datasets of topic 3, older than the rest; then datasets without it lead the newest-first order, as a harvest's do.
      await t.db.query(`INSERT INTO datasets (codename, display_name, usergroup_id, updated_at) SELECT 'topic-' || n, 'Sujet ' || n, $1, '2020-01-01'::timestamptz + n * interval '1 hour' FROM generate_series(1, 1100) n`, [organisations[0]]);
      await t.db.query(`INSERT INTO dataset_topics (dataset_id, topic_id) SELECT id, 3 FROM datasets WHERE codename LIKE 'topic-%'`);
      // Rows without the topic lead it, up to 200 short of the walk's bound: the walk passes them and finds its pages.
      const { rows: [ahead] } = await t.db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM datasets WHERE NOT COALESCE(topic_ids && '{3}', false)`);
      await lead(TOPIC_WALK_PER_ROW * 1100 - 200 - ahead.count);
      expect(await read(0)).toEqual({ walked: true, sorted: false });
      expect(await read(40)).toEqual({ walked: true, sorted: false });
      // Past the bound: the walk gives up, and the topic's rows are sorted.
      await lead(400);
      expect(await read(0)).toEqual({ walked: true, sorted: true });
    } finally {
      await t.db.query(`DELETE FROM datasets WHERE codename LIKE 'lead-%' OR codename LIKE 'topic-%'`);
    }
  });

  // On Debian's PostgreSQL 15, after this file's earlier tests, its 240 lists have taken 14 to 33 s (2 s when run alone).
  it('never repeat a row within a page, nor fail, while writes go on; and equal OFFSET once they stop', { timeout: 120_000 }, async () => {
    const admin = users.admin;
    const queries = ['ordering=-updated_at', '', 'ordering=display_name', 'search=arbres&ordering=-revision_date', 'publish=false', 'perms=editable'];
    let writing = true;
    const writer = (async () => {
      for (let round = 0; writing; round++) {
        const { body } = await list(admin, `ordering=${random.pick(['updated_at', '-updated_at', 'display_name'])}&page=${1 + random.int(5)}&page_size=1`);
        const id = body.results[0].id;
        // Edits that move rows in the orderings and in and out of the lists, some at once, some committed together.
        const response = await t.app.inject({
          method: 'PATCH',
          url: `/fr/dataset/datasets/${id}/`,
          headers: admin.jwtHeaders,
          payload: { display_name: random.pick(['Arbres', 'Zones humides', 'Écoles']), publish: random.next() < 0.5, default_permission_level: random.int(4) },
        });
        expect(response.statusCode).toBe(200);
        // At most 30 datasets added, however long a slow machine takes to read.
        if (round % 5 === 0 && round < 50) await addDatasets(3, `during-${random.int(1e9)}`);
      }
    })();
    try {
      for (let round = 0; round < 60; round++) {
        const user = users[random.pick(Object.keys(users))];
        const query = random.pick(queries);
        const responses = await Promise.all([1, 2, 3, 9].map((page) => list(user, `${query}&page=${page}&page_size=7`)));
        for (const { status, body } of responses) {
          expect([200, 404]).toContain(status);
          if (status !== 200) continue;
          const ids = body.results.map((row) => row.id);
          expect(new Set(ids).size).toBe(ids.length);
        }
      }
    } finally {
      writing = false;
      await writer;
    }
    // Once the writes stop, every page is again its slice of the full list.
    expect(await comparePages(10)).toBeGreaterThan(50);
  });
});
