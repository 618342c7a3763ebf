/**
 * How a page of the dataset lists is read, with its count, at a cost bounded whatever the
 * catalogue's size, its writes and the list's conditions; and the datasets' full-text search.
 *
 * - Lists filtered by the owner, publish and default level columns alone (most lists) are counted
 *   from the class counts (counts.ts) and read along their order's index, from whichever end of it
 *   is nearer the page: a page past the middle is read backwards, its offset from the end taken
 *   from the exact count read in the same statement (so in the same snapshot).
 * - A topic's list (with those filters or not) is counted from the topic's class counts, exactly, and
 *   its page found as below: sorted from its rows when they are few, else walked (as far as
 *   TOPIC_WALK_PER_ROW times the topic's rows), else sorted.
 * - Any other list (a search, several topics, a rating, a dataset's children) reads its first
 *   COUNT_CAP + 1 rows by whatever index its conditions allow, with the columns its order needs,
 *   in one statement: when that is all of them, they are its exact count and its page is sorted
 *   from them. Otherwise its count is "more than COUNT_CAP", and its page is the matching rows
 *   among the first WALK_ROWS of its order (a walk along the order's index, which stops early when
 *   the rows are common), or, when the matches lie further, its rows up to the page's edge (the
 *   order's first column on the page's last row among those the count read) sorted, else all its
 *   rows. A search's walk goes only a few times as far as its matches' density puts the page. A
 *   search whose matches are spread thin (the count read much of the table to find its rows) is
 *   sorted at once: the walk would read many rows for each one on the page.
 *
 * A walk without that bound reads most of the index when the matches sit at the end of the order
 * (a word that only one late-sorting organisation uses: seconds at 300,000 datasets), and a sort
 * of every match costs as many table reads as there are matches: each is kept for the lists it
 * serves well. Every way gives the page LIMIT and OFFSET give (tests/server/dataset-pages.test.ts).
 */
import type { FastifyRequest } from 'fastify';
import { escapeLiteral } from 'pg';
import { prepared, type Db } from '../db/pool.ts';
import { offsetPageIds, orderByClause, SqlParams, type ListPage, type PageIdsQuery, type QueryParams } from '../http/pagination.ts';
import { classFilterOf, holdsSearchWords, topicDatasetCounts, visibleCountSql, visibleDatasetCount } from './counts.ts';

/** Lists with a search or other filters are counted up to this many rows ("more than 1,000"). */
export const COUNT_CAP = 1_000;
/** How far along its order's index a page of a large filtered list is looked for (a topic's: TOPIC_WALK_PER_ROW). */
export const WALK_ROWS = 20_000;
/**
 * How far along its order a large topic's page is walked, for each of the topic's datasets: a
 * walked row (an entry of the order's index, which holds the topics and the visibility columns)
 * costs a third of one the sort reads (the topic's index, then a table page each, then sorted).
 * So a walk that finds nothing costs about what the sort after it does, and one that passes over
 * the thousands of datasets a harvest put at the head of the newest-first orders (without the
 * topic) still finds the page, where a walk of WALK_ROWS failed and 16,000 rows were sorted.
 */
export const TOPIC_WALK_PER_ROW = 3;

/**
 * The WHERE condition of a search, or null when it holds no word: every word a prefix, all
 * required, turned into the exact lexemes the datasets hold (migration 044). The query is read
 * first and written into the statements as a constant: the planner then knows how common its words
 * are (the column's statistics) and reads a word found in a fifth of the datasets along the table
 * until it has enough rows, rather than listing each of its matches from the index first (a
 * subquery's value is unknown when the statement is planned). A search of stop words alone
 * matches nothing.
 */
export async function datasetSearchCondition(search: string, _params: SqlParams, db: Db): Promise<string | null> {
  const words = search.match(/[\p{L}\p{N}]+/gu)?.slice(0, 10) ?? [];
  if (words.length === 0) return null;
  const { rows } = await db.query<{ query: string | null }>(prepared('SELECT dataset_search_query($1::text[])::text AS query', [words]));
  const query = rows[0].query;
  return query === null || query === '' ? 'false' : `d.search_vector @@ ${escapeLiteral(query)}::tsquery`;
}

/** The `d` columns a page's order reads, with the id. */
const orderColumns = (query: PageIdsQuery) => [...new Set(['d.id', ...query.orderTerms.flatMap((term) => term.column.match(/\bd\.\w+/g) ?? [])])].join(', ');

const pageOf = (query: PageIdsQuery, params: SqlParams, terms = query.orderTerms) =>
  `${orderByClause(terms)} LIMIT ${params.add(query.limit)} OFFSET ${params.add(query.offset)}`;

/**
 * The first `cap` + 1 matching rows, counted, and the page sorted from them (right when they are
 * all); with the share of the table read to find them, which tells how thinly the matches are
 * spread. A search's rows come in the table's order (a bitmap scan): the share is the last one's
 * block out of the table's blocks.
 */
async function boundedPage(db: Db, query: PageIdsQuery, cap: number): Promise<Bounded> {
  const params = new SqlParams(query.values);
  // The page's last row among these rows, by the order's first term, when that term is a column
  // (compared in its collation, if it names one: the value is compared as the order sorts).
  const edgeColumn = /^d\.\w+( COLLATE "\w+")?$/.test(query.orderTerms[0]?.column ?? '') ? query.orderTerms[0].column : null;
  const edge = edgeColumn
    ? `(SELECT (${edgeColumn})::text FROM d ${orderByClause(query.orderTerms)} LIMIT 1 OFFSET ${params.add(query.offset + query.limit - 1)}) AS edge,
       (SELECT pg_typeof(${edgeColumn})::text FROM d LIMIT 1) AS edge_type`
    : 'NULL AS edge, NULL AS edge_type';
  const { rows } = await db.query<{ rows: number; ids: number[]; share: number | null; table_rows: number; edge: string | null; edge_type: string | null }>(
    `WITH d AS MATERIALIZED (SELECT ${orderColumns(query)}, (d.ctid::text::point)[0] AS block FROM ${query.from} ${query.where} LIMIT ${params.add(cap + 1)})
     SELECT (SELECT count(*) FROM d)::integer AS rows, ARRAY(SELECT d.id FROM d ${pageOf(query, params)}) AS ids,
            LEAST(1, ((SELECT max(block) FROM d) + 1) / NULLIF(pg_relation_size('datasets') / current_setting('block_size')::float8, 0)) AS share,
            (SELECT GREATEST(reltuples, 0) FROM pg_class WHERE oid = 'datasets'::regclass) AS table_rows, ${edge}`,
    params.values,
  );
  const row = rows[0];
  // The type comes from the catalogue (e.g. "timestamp with time zone"); anything else is not written into SQL.
  const edgeOk = edgeColumn !== null && row.edge !== null && /^[a-z ]+$/.test(row.edge_type ?? '');
  return {
    rows: row.rows,
    ids: row.ids.map(Number),
    share: row.share ?? 1,
    tableRows: Number(row.table_rows),
    edge: edgeOk ? { column: edgeColumn, value: row.edge!, type: row.edge_type! } : null,
  };
}

interface Bounded {
  rows: number;
  ids: number[];
  share: number;
  tableRows: number;
  /** The order's first column's value on the page's last row among the rows read, if there is one. */
  edge: { column: string; value: string; type: string } | null;
}

/**
 * A large list's page sorted from its rows up to an edge of its order: the page's last row among
 * the bounded count's rows (some of the list's rows) has the edge's value, so the list's first
 * offset + limit rows all lie at or before it, and no row past it can be on the page. The rows
 * before the edge are those the page needs, whatever the order's first rows hold: after a
 * harvest, thousands of datasets lead the newest-first orders that a search's words are not in.
 * Null (then all rows are sorted) when the rows up to the edge no longer fill the page (a write
 * since the count moved some of them past it).
 */
async function pageBeforeEdge(db: Db, query: PageIdsQuery, edge: NonNullable<Bounded['edge']>): Promise<number[] | null> {
  const params = new SqlParams(query.values);
  const term = query.orderTerms[0];
  const value = `${params.add(edge.value)}::${edge.type}`;
  const before = `${edge.column} ${term.descending ? '>=' : '<='} ${value}${term.nullsFirst ? ` OR ${edge.column} IS NULL` : ''}`;
  const where = query.where ? `${query.where} AND (${before})` : `WHERE ${before}`;
  const ids = await sortedPage(db, { ...query, where, values: params.values });
  return ids.length === query.limit ? ids : null;
}

/**
 * The page among the first `walk` rows of the order (datasets only, joined as the list joins
 * them): null when fewer rows there match than the page needs, as it may then lie further.
 */
async function walkedPage(db: Db, query: PageIdsQuery, walk: number): Promise<number[] | null> {
  const params = new SqlParams(query.values);
  // The order's values leave the prefix as its own columns: the outer ORDER BY then names what the
  // prefix is sorted by, and the planner stops at the page. An expression (COALESCE(d.publish, …))
  // computed again outside is not known to be sorted, and every walked row would be read and sorted.
  const keys = query.orderTerms.map((term, n) => ({ ...term, column: `d.walk_key_${n}` }));
  const keyColumns = query.orderTerms.map((term, n) => `${term.column} AS walk_key_${n}`).join(', ');
  const prefix = `(SELECT d.*, ${keyColumns} FROM datasets d ${orderByClause(query.orderTerms)} LIMIT ${params.add(walk)}) d`;
  const { rows } = await db.query<{ id: number }>(
    `SELECT d.id FROM ${query.from.replace(/^datasets d\b/, prefix)} ${query.where} ${pageOf(query, params, keys)}`,
    params.values,
  );
  return rows.length === query.limit ? rows.map((row) => row.id) : null;
}

/** Every matching row found by its conditions' own indexes, sorted: kept apart by OFFSET 0 so the planner does not walk the order instead. */
function sortedPage(db: Db, query: PageIdsQuery): Promise<number[]> {
  return offsetPageIds(db, { ...query, from: `(SELECT ${orderColumns(query)} FROM ${query.from} ${query.where} OFFSET 0) d`, where: '' });
}

export interface PageBounds {
  cap: number;
  walk: number;
}

/** One page of a dataset list and its count (ListSource.page); `narrowed` when its caller added conditions (a dataset's children). */
export async function datasetPage(
  db: Db,
  query: PageIdsQuery,
  request: FastifyRequest,
  narrowed: boolean,
  { cap, walk }: PageBounds = { cap: COUNT_CAP, walk: WALK_ROWS },
): Promise<ListPage> {
  const filter = narrowed ? null : classFilterOf(request.query as QueryParams);
  if (filter) {
    if (filter.topic !== undefined) {
      // A topic's datasets are not found along an order's index alone: its page is a filtered list's.
      const { count, topicRows } = await topicDatasetCounts(db, request.user!, { ...filter, topic: filter.topic });
      return { count: { count }, ids: count <= cap ? await sortedPage(db, query) : await largePage(db, query, TOPIC_WALK_PER_ROW * topicRows) };
    }
    const count = await visibleDatasetCount(db, request.user!, filter);
    const nearerEnd = query.offset * 2 + query.limit > count;
    const ids = nearerEnd ? await pageFromEnd(db, query, (params) => visibleCountSql(request.user!, filter, params)) : await offsetPageIds(db, query);
    return { count: { count }, ids };
  }
  const bounded = await boundedPage(db, query, cap);
  if (bounded.rows <= cap) return { count: { count: bounded.rows }, ids: bounded.ids };
  // A search's matches come from its own index in the table's order: how far the count read tells their density.
  const searched = holdsSearchWords(String((request.query as QueryParams | undefined)?.search ?? ''));
  const sorted = searched && thinlySpread(bounded, cap, query, walk);
  if (sorted) return { count: { count: cap, capped: true }, ids: await sortedPage(db, query) };
  // With an edge to fall back on, a search's walk goes only as far as its page should lie.
  const length = searched && bounded.edge ? Math.min(walk, expectedWalk(bounded, cap, query)) : walk;
  return { count: { count: cap, capped: true }, ids: await largePage(db, query, length, bounded.edge) };
}

/**
 * The page read backwards from the end of its order (each term reversed, nulls included), the
 * list's rows after it skipped: what LIMIT and OFFSET give, reading at most half of the index.
 */
async function pageFromEnd(db: Db, query: PageIdsQuery, countSql: (params: SqlParams) => string): Promise<number[]> {
  const params = new SqlParams(query.values);
  const rest = `(${countSql(params)}) - ${params.add(query.offset)}`;
  const limit = params.add(query.limit);
  const reversed = query.orderTerms.map((term) => ({ ...term, descending: !term.descending, nullsFirst: !term.nullsFirst }));
  const { rows } = await db.query<{ id: number }>(
    `WITH n AS MATERIALIZED (SELECT ${rest} AS rest)
     SELECT ${query.id} AS id FROM ${query.from} ${query.where} ${orderByClause(reversed)}
      LIMIT (SELECT LEAST(GREATEST(rest, 0), ${limit}) FROM n) OFFSET (SELECT GREATEST(rest - ${limit}, 0) FROM n)`,
    params.values,
  );
  return rows.map((row) => row.id).reverse();
}

/**
 * Whether a large search's page is sooner sorted from all its matches than walked to along its
 * order: matches spread thin make a long walk for each row of the page, and a walked row (its heap
 * row read, its words checked) costs at least what a sorted one does. Their density is that of the
 * rows the bounded count read to find its `cap` + 1; never more than `walk` matches are sorted.
 */
function thinlySpread({ share, tableRows }: { share: number; tableRows: number }, cap: number, query: PageIdsQuery, walk: number): boolean {
  const scanned = share * tableRows;
  if (scanned <= 0) return false;
  const matches = (cap + 1) / share;
  const walked = ((query.offset + query.limit) * scanned) / (cap + 1);
  return matches <= walk && matches < walked;
}

/**
 * How far along its order a search's page is looked for before its rows up to the edge are sorted:
 * a few times as far as its matches' density says the page lies (at least SHORT_WALK rows). Where
 * the order's first rows hold the words as the rest of the table does, the page is there; where
 * they do not (a harvest's datasets lead the order), little is read in vain.
 */
function expectedWalk({ share, tableRows }: Bounded, cap: number, query: PageIdsQuery): number {
  const rowsPerMatch = (share * tableRows) / (cap + 1);
  return Math.max(SHORT_WALK, Math.ceil(WALK_SLACK * rowsPerMatch * (query.offset + query.limit)));
}
const SHORT_WALK = 1_000;
const WALK_SLACK = 4;

/**
 * A page of a list of more than COUNT_CAP rows: walked along its order, else sorted from its rows
 * up to the edge the bounded count found, else from all its rows.
 */
async function largePage(db: Db, query: PageIdsQuery, walk: number, edge: Bounded['edge'] = null): Promise<number[]> {
  // A page past the walk's end is not looked for there.
  const walked = query.offset + query.limit <= walk ? await walkedPage(db, query, walk) : null;
  return walked ?? (edge && (await pageBeforeEdge(db, query, edge))) ?? sortedPage(db, query);
}
