/**
 * DRF-style lists: `page` (1-based), `page_size`, `ordering` (`-field` descending, comma separated),
 * `search`, `field=value` and `field__in=a,b` filters. Generic: each list passes a ListSpec naming
 * its public fields and their SQL columns; only those can be ordered or filtered, and every value
 * reaches SQL as a parameter.
 */
import type { FastifyRequest } from 'fastify';
import type { Locale } from '../../../schemas/constants.ts';
import { PAGE_SIZE } from '../../../schemas/constants.ts';
import { listReadSlot, prepared, type Db } from '../db/pool.ts';
import { t } from '../i18n.ts';
import { invalidPage, ValidationError, type FieldErrors } from './errors.ts';

export const MAX_PAGE_SIZE = 1000;

export type FieldType = 'integer' | 'text' | 'boolean' | 'timestamp';

export interface ListField {
  /** SQL expression, written by the programmer (never from the request). */
  column: string;
  /** What the list orders by when that is not `column` (a label's unaccented lower case). */
  orderColumn?: string;
  type: FieldType;
  orderable?: boolean;
  /** Filters the list accepts on this field: `field=value` (exact) and `field__in=a,b` (in). */
  filters?: ReadonlyArray<'exact' | 'in'>;
}

export interface ListSpec {
  fields: Record<string, ListField>;
  /** Ordering when the request gives none, e.g. ['-start_date']. */
  defaultOrdering: string[];
  /** Field appended to every ordering so pages are stable; default 'id' when declared. */
  tieBreaker?: string;
  /** SQL expressions matched by `search` (case and accent insensitive). */
  searchColumns?: string[];
  /**
   * A search of its own (full text), replacing the search columns: the text → an SQL condition, or
   * null. It may read the database first (once per request, before the list's statements).
   */
  searchCondition?: (search: string, params: SqlParams, db: Db) => string | null | Promise<string | null>;
}

export type QueryParams = Record<string, string | string[] | undefined>;

/** Collects parameter values and hands out their $n placeholders. */
export class SqlParams {
  readonly values: unknown[];
  /** `values`: those of a statement already written, whose placeholders the new ones follow. */
  constructor(values: readonly unknown[] = []) {
    this.values = [...values];
  }
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface PageParams {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  count: number;
  /** Present (true) when the rows were counted up to `count` only and more exist (ListCount.capped). */
  count_capped?: true;
  next: string | null;
  previous: string | null;
  results: T[];
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** Page number and size. A bad `page` is DRF's 404 "Invalid page."; a bad `page_size` falls back to the default. */
export function parsePageParams(query: QueryParams, defaultPageSize = PAGE_SIZE, maxPageSize = MAX_PAGE_SIZE): PageParams {
  const rawPage = single(query.page);
  let page = 1;
  if (rawPage !== undefined && rawPage !== '') {
    if (rawPage === 'last' || !/^\d{1,9}$/.test(rawPage) || Number(rawPage) < 1) throw invalidPage();
    page = Number(rawPage);
  }
  const rawSize = single(query.page_size);
  let pageSize = defaultPageSize;
  if (rawSize !== undefined && /^\d{1,9}$/.test(rawSize) && Number(rawSize) > 0) {
    pageSize = Math.min(Number(rawSize), maxPageSize);
  }
  return { page, pageSize };
}

/** One ORDER BY term: an SQL expression, its direction and where its nulls sort. */
export interface OrderTerm {
  column: string;
  descending: boolean;
  nullsFirst: boolean;
}

/** The ordering terms of `ordering`, restricted to orderable fields (unknown fields are a 400), then the tie-breaker. */
export function buildOrderTerms(ordering: string | undefined, spec: ListSpec, locale: Locale): OrderTerm[] {
  const requested = (ordering ?? '')
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean);
  const terms = requested.length > 0 ? requested : spec.defaultOrdering;
  const errors: string[] = [];
  const result: OrderTerm[] = [];
  const used = new Set<string>();
  for (const term of terms) {
    const descending = term.startsWith('-');
    const name = descending ? term.slice(1) : term;
    const field = Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined;
    if (!field || !field.orderable) {
      errors.push(t(locale, 'invalidOrdering', { field: term }));
      continue;
    }
    if (used.has(name)) continue;
    used.add(name);
    result.push({ column: field.orderColumn ?? field.column, descending, nullsFirst: !descending });
  }
  if (errors.length > 0) throw new ValidationError({ ordering: errors });
  const tieBreaker = spec.tieBreaker ?? (spec.fields.id ? 'id' : undefined);
  // The tie-breaker goes the way of the last term: an index on (column NULLS FIRST, id) then gives
  // either direction exactly, read forwards or backwards. Against the order, every row a page skips
  // or a walk reads was sorted again among its equals (a deep page of a descending order: twice as long).
  const descending = result.at(-1)?.descending ?? false;
  if (tieBreaker && !used.has(tieBreaker)) result.push({ column: spec.fields[tieBreaker].column, descending, nullsFirst: descending });
  return result;
}

/** `ORDER BY …` of ordering terms, or '' when there are none. */
export function orderByClause(terms: readonly OrderTerm[]): string {
  // PostgreSQL's default placement (nulls last ascending, first descending) goes unsaid.
  const clauses = terms.map(
    ({ column, descending, nullsFirst }) => `${column} ${descending ? 'DESC' : 'ASC'}${nullsFirst === descending ? '' : nullsFirst ? ' NULLS FIRST' : ' NULLS LAST'}`,
  );
  return clauses.length > 0 ? `ORDER BY ${clauses.join(', ')}` : '';
}

/** ORDER BY clause from `ordering`, restricted to orderable fields; unknown fields are a 400. */
export function buildOrderBy(ordering: string | undefined, spec: ListSpec, locale: Locale): string {
  return orderByClause(buildOrderTerms(ordering, spec, locale));
}

const SQL_TYPES: Record<FieldType, string> = {
  integer: 'integer',
  text: 'text',
  boolean: 'boolean',
  timestamp: 'timestamptz',
};

/** A query's boolean: `true`/`1` or `false`/`0` in any case, else null. */
export function parseBoolean(raw: string): boolean | null {
  const lowered = raw.trim().toLowerCase();
  if (lowered === 'true' || lowered === '1') return true;
  if (lowered === 'false' || lowered === '0') return false;
  return null;
}

function parseValue(raw: string, type: FieldType): { ok: true; value: unknown } | { ok: false; message: 'invalidInteger' | 'invalidValue' } {
  switch (type) {
    case 'integer':
      return /^-?\d{1,9}$/.test(raw.trim()) ? { ok: true, value: Number(raw) } : { ok: false, message: 'invalidInteger' };
    case 'boolean': {
      const value = parseBoolean(raw);
      return value === null ? { ok: false, message: 'invalidValue' } : { ok: true, value };
    }
    case 'timestamp':
      return Number.isNaN(Date.parse(raw)) ? { ok: false, message: 'invalidValue' } : { ok: true, value: raw };
    case 'text':
      // PostgreSQL text cannot hold NUL.
      return raw.includes('\u0000') ? { ok: false, message: 'invalidValue' } : { ok: true, value: raw };
  }
}

/** WHERE conditions for the `field` / `field__in` filters present in the query. */
export function buildFilters(query: QueryParams, spec: ListSpec, params: SqlParams, locale: Locale): string[] {
  const conditions: string[] = [];
  const errors: FieldErrors = {};
  for (const [name, field] of Object.entries(spec.fields)) {
    const filters = field.filters ?? [];
    if (filters.includes('exact')) {
      const raw = single(query[name]);
      if (raw !== undefined && raw !== '') {
        const parsed = parseValue(raw, field.type);
        if (parsed.ok) conditions.push(`${field.column} = ${params.add(parsed.value)}`);
        else errors[name] = [t(locale, parsed.message)];
      }
    }
    if (filters.includes('in')) {
      const key = `${name}__in`;
      const rawValue = query[key];
      const raw = Array.isArray(rawValue) ? rawValue.join(',') : rawValue;
      if (raw !== undefined && raw !== '') {
        const values: unknown[] = [];
        for (const item of raw.split(',').filter((part) => part !== '')) {
          const parsed = parseValue(item, field.type);
          if (parsed.ok) values.push(parsed.value);
          else errors[key] = [t(locale, parsed.message)];
        }
        if (!errors[key]) conditions.push(`${field.column} = ANY(${params.add(values)}::${SQL_TYPES[field.type]}[])`);
      }
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return conditions;
}

/** `search` matches any search column, ignoring case and accents (or the list's own searchCondition). */
export async function buildSearch(search: string | undefined, spec: ListSpec, params: SqlParams, db: Db): Promise<string | null> {
  if (spec.searchCondition) {
    const text = (search ?? '').replaceAll('\u0000', '').trim();
    return text === '' ? null : spec.searchCondition(text, params, db);
  }
  // Like DRF's SearchFilter: every word must match one of the search columns.
  const terms = (search ?? '').replaceAll('\u0000', '').split(/\s+/).filter(Boolean).slice(0, 10);
  if (terms.length === 0 || !spec.searchColumns?.length) return null;
  const clauses = terms.map((term) => {
    const pattern = params.add(`%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const matches = spec.searchColumns!.map((column) => `immutable_unaccent(lower(${column})) LIKE immutable_unaccent(${pattern})`);
    return `(${matches.join(' OR ')})`;
  });
  return clauses.join(' AND ');
}

/** What a list reads of its request: the path and query its page links keep, the locale of its messages. */
export interface ListRequest {
  url: string;
  query: QueryParams;
  locale: Locale;
  /** PUBLIC_URL, where the page links start. */
  publicUrl: string;
}

export const listRequest = (request: FastifyRequest): ListRequest => ({
  url: request.url,
  query: request.query as QueryParams,
  locale: request.locale,
  publicUrl: request.server.config.publicUrl,
});

/**
 * next/previous as absolute URLs keeping the other query parameters, like DRF's; page 1 drops
 * `page`. They start from PUBLIC_URL (with its path prefix behind a proxy), never from the Host
 * header. A capped count (`more`: rows exist beyond it) gives a next page to every full page.
 */
export function pageLinks(
  request: Pick<ListRequest, 'url' | 'publicUrl'>,
  page: number,
  pageSize: number,
  count: number,
  more = false,
): { next: string | null; previous: string | null } {
  const [path, search = ''] = request.url.split('?', 2);
  const base = request.publicUrl + path.replace(/^\/+/, '');
  const link = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete('page');
    else params.set('page', String(target));
    const query = params.toString();
    return query ? `${base}?${query}` : base;
  };
  return {
    next: page * pageSize < count || more ? link(page + 1) : null,
    previous: page > 1 ? link(more ? page - 1 : Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize)))) : null,
  };
}

export interface ListSource {
  /** FROM clause (tables and joins), written by the programmer. */
  from: string;
  /** SELECT list; a function when it has values of its own (added to the statement's `params`). */
  select: string | ((params: SqlParams) => string);
  /** Extra conditions and their values, e.g. visibility rules, using `params`. */
  where?: (params: SqlParams) => string[];
  /**
   * SQL expression of the row's integer id. When given, the page's ids are found first and the
   * SELECT list (often correlated subqueries) is computed for those rows only: PostgreSQL would
   * otherwise compute it for every row an OFFSET skips, and deep pages would slow down.
   */
  id?: string;
  /** How a list with an `id` reads one page and its count; default: `count(*)` of its rows, and LIMIT and OFFSET. */
  page?: (query: PageIdsQuery) => Promise<ListPage>;
}

/** A list's row count; `capped` when only the first `count` rows were counted and more exist. */
export interface ListCount {
  count: number;
  capped?: boolean;
}

/** One page of a list: its count and its rows' ids, in order. */
export interface ListPage {
  count: ListCount;
  ids: number[];
}

/** The exact count of a list's rows. */
async function countRows(db: Db, query: PageIdsQuery): Promise<ListCount> {
  const { rows } = await db.query<{ count: string }>(`SELECT count(*) AS count FROM ${query.from} ${query.where}`, query.values);
  return { count: Number(rows[0].count) };
}

/** A page read by LIMIT and OFFSET, counted exactly alongside. */
async function defaultPage(db: Db, query: PageIdsQuery): Promise<ListPage> {
  const [count, ids] = await Promise.all([countRows(db, query), offsetPageIds(db, query)]);
  return { count, ids };
}

/** The ids of one page of a list: its id expression, FROM, WHERE, ordering and values, and the rows wanted. */
export interface PageIdsQuery {
  id: string;
  from: string;
  where: string;
  orderTerms: OrderTerm[];
  /** The values of the WHERE's placeholders. */
  values: unknown[];
  offset: number;
  limit: number;
}

/** A page's ids by LIMIT and OFFSET: the reference every other way of paging must equal. */
export async function offsetPageIds(db: Db, query: PageIdsQuery): Promise<number[]> {
  const params = new SqlParams(query.values);
  const { rows } = await db.query<{ id: number }>(
    `SELECT ${query.id} AS id FROM ${query.from} ${query.where} ${orderByClause(query.orderTerms)} LIMIT ${params.add(query.limit)} OFFSET ${params.add(query.offset)}`,
    params.values,
  );
  return rows.map((row) => row.id);
}

export interface ListClauses {
  /** `WHERE …`, or '' when nothing restricts the list. */
  where: string;
  /** `ORDER BY …` with the tie-breaker. */
  orderBy: string;
  /** The terms of orderBy. */
  orderTerms: OrderTerm[];
  /** The values of the clauses' placeholders; more may be added after them. */
  params: SqlParams;
}

/**
 * The WHERE and ORDER BY of a list request, without paging: its filters, search and ordering,
 * refused with the same 400s. Lists page them; exports stream every row.
 */
export async function listClauses(
  db: Db,
  source: Pick<ListSource, 'where'>,
  spec: ListSpec,
  request: { query: QueryParams; locale: Locale },
  extraConditions?: (params: SqlParams) => string[],
): Promise<ListClauses> {
  const orderTerms = buildOrderTerms(single(request.query.ordering), spec, request.locale);
  const params = new SqlParams();
  const conditions = [
    ...(source.where?.(params) ?? []),
    ...(extraConditions?.(params) ?? []),
    ...buildFilters(request.query, spec, params, request.locale),
  ];
  const search = await buildSearch(single(request.query.search), spec, params, db);
  if (search) conditions.push(search);
  return { where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', orderBy: orderByClause(orderTerms), orderTerms, params };
}

/** Runs a list request end to end: filters, search, ordering, count and one page. */
export async function paginatedList<T>(
  db: Db,
  source: ListSource,
  spec: ListSpec,
  request: ListRequest,
  options: { defaultPageSize?: number; extraConditions?: (params: SqlParams) => string[] } = {},
): Promise<Page<T>> {
  const { page, pageSize } = parsePageParams(request.query, options.defaultPageSize);
  const { where, orderBy, orderTerms, params } = await listClauses(db, source, spec, request, options.extraConditions);
  const idQuery = { id: source.id ?? '', from: source.from, where, orderTerms, values: [...params.values], offset: (page - 1) * pageSize, limit: pageSize };
  const selectOf = (selectParams: SqlParams) => (typeof source.select === 'string' ? source.select : source.select(selectParams));
  let countResult: ListCount;
  let pageResult: { rows: (T & object)[] };
  if (source.id) {
    const read = source.page ?? ((query: PageIdsQuery) => defaultPage(db, query));
    // $1 is the page's ids, known once it is read; the SELECT list's own values follow.
    const rowParams = new SqlParams([null]);
    const text = `SELECT ${selectOf(rowParams)} FROM ${source.from} WHERE ${source.id} = ANY($1::bigint[]) ORDER BY array_position($1::bigint[], ${source.id}::bigint)`;
    [countResult, pageResult] = await listReadSlot(db)(async () => {
      const { count, ids } = await read(idQuery);
      // The same text for every page of the list.
      return [count, await db.query<T & object>(prepared(text, [ids, ...rowParams.values.slice(1)]))] as const;
    });
  } else {
    const select = selectOf(params);
    const limit = params.add(pageSize);
    const offset = params.add((page - 1) * pageSize);
    [countResult, pageResult] = await Promise.all([
      countRows(db, idQuery),
      db.query<T & object>(`SELECT ${select} FROM ${source.from} ${where} ${orderBy} LIMIT ${limit} OFFSET ${offset}`, params.values),
    ]);
  }
  const { count, capped = false } = countResult;
  if (page > 1 && pageResult.rows.length === 0) throw invalidPage();
  // Past a capped count, only a full page tells that rows may follow.
  const more = capped && pageResult.rows.length === pageSize;
  return { count, ...(capped ? { count_capped: true as const } : {}), ...pageLinks(request, page, pageSize, count, more), results: pageResult.rows };
}
