/**
 * One generic, schema-driven resource handler (the DRF viewset idea): given an entity schema
 * (schemas/*.ts), its SQL mapping and its access rules, `registerEntity` answers
 *
 *   GET    /{endpoint}/        list: DRF pagination, ordering whitelist, filters, `id__in`, search
 *   POST   /{endpoint}/        create (201)
 *   GET    /{endpoint}/{id}/   retrieve
 *   PUT    /{endpoint}/{id}/   update (required fields checked)
 *   PATCH  /{endpoint}/{id}/   partial update (only the fields given are checked)
 *   DELETE /{endpoint}/{id}/   destroy (204)
 *   any    /{endpoint}/{id}/<action path>   the entity's detail actions (DRF's @action(detail=True))
 *
 * A record is the schema's fields, minus write-only ones, plus the mapping's read-only extras.
 * Fields map to SQL by name (crud/mapping.ts): the mapping declares only renamed, computed and
 * virtual ones, and is checked at registration and at start-up. Writes are validated by the
 * shared `writeValidator` and run in one transaction with their hooks. Every
 * call needs a signed-in user (401); an id that names no record answers 404 whoever asks, so the
 * app says the page does not exist; the access rules then decide 403 for a record that exists.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { PoolClient } from 'pg';
import type { EntitySchema, FieldSpec } from '../../../schemas/entity.ts';
import type { AuthUser } from '../auth/users.ts';
import { inTransaction, prepared } from '../db/pool.ts';
import { ApiError, notFound, permissionDenied } from '../http/errors.ts';
import {
  listClauses,
  listRequest,
  paginatedList,
  SqlParams,
  type FieldType as ListFieldType,
  type ListField,
  type ListPage,
  type ListSpec,
  type Page,
  type PageIdsQuery,
  type QueryParams,
} from '../http/pagination.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { checkMappingInDatabase, resolveMapping } from './mapping.ts';
import { viewMetadata } from './metadata.ts';
import { databaseWriteError, validateWrite } from './validation.ts';

export type Row = Record<string, unknown>;
export type Operation = 'list' | 'retrieve' | 'create' | 'update' | 'destroy';

export interface AccessTarget {
  request: FastifyRequest;
  /** The id in the path (retrieve, update, destroy). */
  id?: number;
  /** The record as the API shows it (an id that names none answers 404 before any rule is asked); undefined on a list or a create. */
  record?: Row;
  /** The raw request body of a write, before validation. */
  body?: unknown;
}

/** True when the user may perform the operation; may query the database through target.request.server. */
export type AccessRule = (user: AuthUser, target: AccessTarget) => boolean | Promise<boolean>;

export interface EntitySql {
  /** FROM clause with its joins, e.g. 'contacts c'. Written by the programmer, never from the request. */
  from: string;
  /** Alias of the entity's table in `from`: a field without a `columns` entry reads `<alias>.<field>`. */
  alias: string;
  /** Fields read otherwise than `<alias>.<field>`: renamed columns, joins, subqueries. */
  columns?: Record<string, string>;
  /** Read-only values a record shows beyond the schema's fields, e.g. nested details. */
  extras?: Record<string, string>;
  /** Expressions matched by `search`, case and accent insensitive (index them with immutable_unaccent(lower(…))). */
  searchColumns?: string[];
  /** A search of its own instead of the columns (full text): the trimmed text → an SQL condition, or null (ListSpec.searchCondition). */
  searchCondition?: ListSpec['searchCondition'];
  /**
   * Query parameters of filters the schema declares without a field (or beyond the schema), read
   * from `name__in` when the schema's filter has the 'in' lookup: the raw value → an SQL
   * condition using `params`, or null to ignore it. Throw a ValidationError
   * for a bad value.
   */
  extraFilters?: Record<string, (value: string, params: SqlParams, request: FastifyRequest) => string | null>;
  /** Conditions of every list and single-record read: the entity's scope, e.g. usergroup_type = 'organisation'. */
  fixedConditions?: (params: SqlParams, request: FastifyRequest) => string[];
  /** Conditions of lists only: what the user may see (single records are guarded by the access rules). */
  listConditions?: (params: SqlParams, request: FastifyRequest) => string[];
  /** Ordering names beyond the schema's orderable fields, e.g. { user__date_joined: 'u.date_joined' }. */
  orderings?: Record<string, string>;
  /**
   * How lists read a page and its count (ListSource.page), given the list's query, its request, and
   * whether its caller narrowed it with conditions of its own (a record's children); default:
   * `count(*)`, and LIMIT and OFFSET.
   */
  page?: (query: PageIdsQuery, request: FastifyRequest, narrowed: boolean) => Promise<ListPage>;
  /** Final touch of each record (DRF's to_representation), e.g. prefixing URLs with the locale. */
  present?: (row: Row, request: FastifyRequest) => Row;
  /**
   * Read-only fields as their reader sees them (counts of what they may read): field → SQL using
   * `params`, in place of the field's mapping in the statement that reads the records, whether a
   * page's or a single one's.
   */
  readerColumns?: (params: SqlParams, request: FastifyRequest) => Record<string, string>;
}

export interface WriteContext {
  client: PoolClient;
  request: FastifyRequest;
  user: AuthUser;
  operation: 'create' | 'update' | 'partial_update';
  /** The record's id; null before the insert of a create. */
  id: number | null;
  /** The record before an update. */
  existing: Row | null;
  /** The validated values the body gave (writable fields only). */
  values: Row;
  /** Column → value of the INSERT / UPDATE; hooks may add, change or remove entries. */
  row: Row;
}

export interface DestroyContext {
  client: PoolClient;
  request: FastifyRequest;
  user: AuthUser;
  id: number;
  record: Row;
}

export interface EntityWrite {
  /** The table written; its primary key is `id`. */
  table: string;
  /** Writable fields stored under another column name; every other one is written to `<field>`. */
  columns?: Record<string, string>;
  /**
   * Writable fields not stored as a column of `table` (relations, passwords): validated and given
   * to the hooks in `values`, which write them.
   */
  virtual?: string[];
  /** Unique constraint or index name → the field its violation is reported on. */
  unique?: Record<string, string>;
  /** Before the INSERT / UPDATE, in the transaction: adjust `row`, check, throw ValidationError. */
  beforeWrite?: (context: WriteContext) => void | Promise<void>;
  /**
   * After the INSERT / UPDATE, in the same transaction (`id` is set): write relations. It may give
   * back the record as the user now sees it (read in the transaction, after its last write), which
   * the answer then is, rather than read again.
   */
  afterWrite?: (context: WriteContext & { id: number }) => void | Row | null | Promise<void | Row | null>;
  /** Once the write has committed: tell other parts of the process (e.g. wake a worker). */
  afterCommit?: (context: { request: FastifyRequest; id: number }) => void;
  /** Before the DELETE, in the same transaction: refuse (throw) or clean up. */
  beforeDestroy?: (context: DestroyContext) => void | Promise<void>;
  /** What a create takes beyond the schema's writable fields (read by beforeWrite), for the OpenAPI document: query parameters, body fields. */
  createDoc?: Pick<RouteDoc, 'query' | 'body'>;
}

/** A detail action's request: the record's `id` and the action path's own parameters. */
export type DetailRequest = FastifyRequest<{ Params: { id: string; [name: string]: string }; Querystring: QueryParams }>;

/**
 * A route under one record, e.g. PUT /{endpoint}/{id}/thumbnail/. Its access rule decides first
 * (403), then the record is loaded (404), then the handler runs with it.
 */
export interface DetailAction {
  method: HTTPMethods | HTTPMethods[];
  /** Path after `{id}/`, with its trailing slash: 'thumbnail/', 'members/:userId/'. */
  path: string;
  access: AccessRule;
  /** Answers as a Fastify handler does (a value, or `reply`). `entity` loads and lists records. */
  handler: (request: DetailRequest, record: Row, reply: FastifyReply, entity: RegisteredEntity) => unknown;
  /** Its description in the OpenAPI document (its success status, when not 200/204). */
  doc?: RouteDoc;
  /** It answers a page of the entity's records, as its list does (the same parameters). */
  listsRecords?: boolean;
  /** It answers the record, as a read of it does. */
  answersRecord?: boolean;
}

export interface EntityConfig {
  schema: EntitySchema;
  /** Path under the locale prefix; default `/${schema.endpoint}/`. */
  path?: string;
  sql: EntitySql;
  /** Without it the entity is read-only (writes answer 405). */
  write?: EntityWrite;
  /** An operation without a rule answers 405. */
  access: Partial<Record<Operation, AccessRule>>;
  /** Routes under a record beyond the CRUD ones. */
  actions?: DetailAction[];
}

export interface RegisteredEntity {
  listSpec: ListSpec;
  /** The record as the API shows it, within the entity's fixed conditions, or null. */
  load(request: FastifyRequest, id: number, client?: PoolClient): Promise<Row | null>;
  /** The list answer, for routes that list the entity under another path. */
  list(request: FastifyRequest, extraConditions?: (params: SqlParams) => string[]): Promise<Page<Row>>;
  /**
   * The request's list without paging (same conditions, filters, search, ordering and 400s),
   * selecting `select` over the entity's FROM and `joins` (both written by the programmer): for exports.
   */
  listQuery(request: FastifyRequest, select: string, joins?: string): Promise<{ text: string; values: unknown[] }>;
}

const MAX_ID = 2_147_483_647;

/** The integer id of a path, or null (a non-numeric or out-of-range id is a 404). */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** An id given in a body, as a number or its digits; null for anything else (objects are never converted). */
export function bodyId(raw: unknown): number | null {
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d{1,10}\s*$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}

/** The owning group a write body names in `field`: undefined when it names none, null when it is not an id. */
export function bodyGroupId(body: unknown, field = 'usergroup'): number | null | undefined {
  if (!body || typeof body !== 'object' || !Object.hasOwn(body, field)) return undefined;
  return bodyId((body as Record<string, unknown>)[field]);
}

export function requireId(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw notFound();
  return id;
}

const TEXT_TYPES = new Set<FieldSpec['type']>(['string', 'text', 'email', 'url', 'phone', 'idComp', 'siret', 'username', 'password']);

function listType(spec: FieldSpec | undefined): ListFieldType {
  switch (spec?.type) {
    case 'id':
    case 'integer':
    case 'reference':
      return 'integer';
    case 'choice':
      return typeof spec.choices === 'string' || spec.choices?.every((c) => typeof c === 'number') ? 'integer' : 'text';
    case 'boolean':
      return 'boolean';
    case 'date':
    case 'datetime':
      return 'timestamp';
    default:
      return 'text';
  }
}

const FILTER_TYPES: Record<'integer' | 'string' | 'boolean', ListFieldType> = { integer: 'integer', string: 'text', boolean: 'boolean' };

/** The pagination spec of an entity: its orderable fields, its filters, `id__in`, its search columns. */
export function entityListSpec(schema: EntitySchema, sql: EntitySql, columns: Record<string, string>): ListSpec {
  const fields: Record<string, ListField> = {};
  for (const [name, column] of Object.entries(columns)) {
    fields[name] = {
      column,
      type: listType(schema.fields[name]),
      orderable: schema.list.orderable.includes(name),
      filters: name === 'id' ? ['in'] : [],
    };
  }
  for (const [name, filter] of Object.entries(schema.list.filters)) {
    if (!filter.field || !columns[filter.field]) continue;
    const existing = fields[name];
    if (name === filter.field && existing) {
      fields[name] = { ...existing, type: FILTER_TYPES[filter.type], filters: [...(existing.filters ?? []), filter.lookup] };
    } else if (!existing) {
      fields[name] = { column: columns[filter.field], type: FILTER_TYPES[filter.type], filters: [filter.lookup] };
    }
  }
  // An ordering of its own orders a field by another expression; its filters keep the column.
  for (const [name, column] of Object.entries(sql.orderings ?? {})) {
    const field = fields[name];
    fields[name] = field ? { ...field, orderColumn: column, orderable: true } : { column, type: 'text', orderable: true };
  }
  return {
    fields,
    defaultOrdering: schema.list.defaultOrdering,
    tieBreaker: 'id',
    searchColumns: schema.list.search ? sql.searchColumns : undefined,
    searchCondition: schema.list.search ? sql.searchCondition : undefined,
  };
}

function selectList(columns: Record<string, string>): string {
  return Object.entries(columns)
    .map(([name, expression]) => `${expression} AS "${name}"`)
    .join(', ');
}

/** Paths already checked against the database, per server (each entity is registered once per locale). */
const checkedInDatabase = new WeakMap<object, Set<string>>();

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function joined(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

function currentUser(request: FastifyRequest): AuthUser {
  // Every route here is `auth: 'required'`: the auth hook answered 401 otherwise.
  return request.user!;
}

async function allow(rule: AccessRule | undefined, request: FastifyRequest, target: Omit<AccessTarget, 'request'>) {
  if (!rule) throw new ApiError(405, 'methodNotAllowed');
  if (!(await rule(currentUser(request), { request, ...target }))) throw permissionDenied();
}

export function registerEntity(app: FastifyInstance, config: EntityConfig): RegisteredEntity {
  const { schema, sql, write, access } = config;
  const mapping = resolveMapping(schema, sql, write);
  const path = config.path ?? `/${schema.endpoint}/`;
  const listSpec = entityListSpec(schema, sql, mapping.read);
  const staticSelect = selectList(mapping.read);
  const { readerColumns } = sql;
  const selectFor = (request: FastifyRequest) => (params: SqlParams) =>
    readerColumns ? selectList({ ...mapping.read, ...readerColumns(params, request) }) : staticSelect;
  const idColumn = mapping.read.id;
  const routeConfig = { config: { auth: 'required' as const } };
  const extraFilters = Object.keys(sql.extraFilters ?? {});
  // A read-only entity's writes answer 405 and are not described.
  const documented = (operation: NonNullable<RouteDoc['entity']>['operation']) => ({
    config: {
      auth: 'required' as const,
      openapi:
        !write && operation !== 'list' && operation !== 'retrieve'
          ? { hidden: true }
          : { ...(operation === 'create' ? write?.createDoc : {}), entity: { schema, operation, list: listSpec, extraFilters } },
    },
  });

  app.addHook('onReady', async () => {
    const checked = checkedInDatabase.get(app.server) ?? new Set<string>();
    checkedInDatabase.set(app.server, checked);
    if (checked.has(path)) return;
    await checkMappingInDatabase(app.db, schema, sql, mapping, write?.table);
    checked.add(path);
  });

  // Field ↔ column of writes.
  const writeColumns = mapping.write;
  const columnFields = Object.fromEntries(Object.entries(writeColumns).map(([field, column]) => [column, field]));

  async function load(request: FastifyRequest, id: number, client?: PoolClient): Promise<Row | null> {
    const params = new SqlParams();
    const conditions = [`${idColumn} = ${params.add(id)}`, ...(sql.fixedConditions?.(params, request) ?? [])];
    const select = selectFor(request)(params);
    // Prepared: a record's statement (a dataset's holds a dozen subqueries) is planned once per connection, not at every read and save.
    const { rows } = await (client ?? app.db).query<Row>(prepared(`SELECT ${select} FROM ${sql.from} WHERE ${conditions.join(' AND ')}`, params.values));
    const row = rows[0];
    if (!row) return null;
    return sql.present ? sql.present(row, request) : row;
  }

  /** What a list request keeps: the entity's conditions, then the extra filters it was given. */
  function listWhere(request: FastifyRequest) {
    return (params: SqlParams) => [...(sql.fixedConditions?.(params, request) ?? []), ...(sql.listConditions?.(params, request) ?? [])];
  }
  function listFilters(request: FastifyRequest, extraConditions?: (params: SqlParams) => string[]) {
    const query = request.query as QueryParams;
    return (params: SqlParams) => {
      const conditions = extraConditions?.(params) ?? [];
      for (const [name, filter] of Object.entries(sql.extraFilters ?? {})) {
        // A filter the schema declares with the 'in' lookup arrives as `name__in=a,b`.
        const raw = schema.list.filters[name]?.lookup === 'in' ? joined(query[`${name}__in`]) : single(query[name]);
        if (raw === undefined || raw === '') continue;
        const condition = filter(raw, params, request);
        if (condition) conditions.push(condition);
      }
      return conditions;
    };
  }

  async function list(request: FastifyRequest, extraConditions?: (params: SqlParams) => string[]): Promise<Page<Row>> {
    const page = await paginatedList<Row>(
      app.db,
      { from: sql.from, select: selectFor(request), id: idColumn, where: listWhere(request), page: sql.page && ((query) => sql.page!(query, request, extraConditions !== undefined)) },
      listSpec,
      listRequest(request),
      { defaultPageSize: schema.list.pageSize, extraConditions: listFilters(request, extraConditions) },
    );
    const { present } = sql;
    const results = present ? page.results.map((row) => present(row, request)) : page.results;
    return { ...page, results };
  }

  async function listQuery(request: FastifyRequest, columns: string, joins = ''): Promise<{ text: string; values: unknown[] }> {
    const { where, orderBy, params } = await listClauses(
      app.db,
      { where: listWhere(request) },
      listSpec,
      { query: request.query as QueryParams, locale: request.locale },
      listFilters(request),
    );
    return { text: `SELECT ${columns} FROM ${sql.from} ${joins} ${where} ${orderBy}`, values: params.values };
  }

  /** Column values of a write: text fields store '' rather than null (NOT NULL DEFAULT '' columns). */
  function rowOf(values: Row): Row {
    const row: Row = {};
    for (const [field, value] of Object.entries(values)) {
      if (!Object.hasOwn(writeColumns, field)) continue;
      const column = writeColumns[field];
      row[column] = value == null && TEXT_TYPES.has(schema.fields[field]?.type) ? '' : value;
    }
    return row;
  }

  async function save(request: FastifyRequest, operation: WriteContext['operation'], existing: Row | null): Promise<{ id: number; record: Row | null }> {
    if (!write) throw new ApiError(405, 'methodNotAllowed');
    const values = await validateWrite(schema, request.body, { partial: operation === 'partial_update', locale: request.locale });
    // Asked again of the values as validated: a group given as "1" or "1.0" is checked as the 1 it is written as.
    await allow(existing ? access.update : access.create, request, { id: existing ? (existing.id as number) : undefined, record: existing ?? undefined, body: values });
    try {
      const saved = await inTransaction(app.db, async (client) => {
        const context: WriteContext = {
          client,
          request,
          user: currentUser(request),
          operation,
          id: existing ? (existing.id as number) : null,
          existing,
          values,
          row: rowOf(values),
        };
        await write.beforeWrite?.(context);
        const columns = Object.keys(context.row);
        const params = columns.map((column) => context.row[column]);
        let id = context.id;
        if (id === null) {
          const { rows } = await client.query<{ id: number }>(
            columns.length > 0
              ? `INSERT INTO ${write.table} (${columns.map((c) => `"${c}"`).join(', ')})
                 VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`
              : `INSERT INTO ${write.table} DEFAULT VALUES RETURNING id`,
            params,
          );
          id = rows[0].id;
        } else if (columns.length > 0) {
          await client.query(
            `UPDATE ${write.table} SET ${columns.map((c, index) => `"${c}" = $${index + 1}`).join(', ')}
              WHERE id = $${columns.length + 1}`,
            [...params, id],
          );
        }
        const record = await write.afterWrite?.({ ...context, id });
        return { id, record: record ?? null };
      });
      write.afterCommit?.({ request, id: saved.id });
      return saved;
    } catch (error) {
      throw databaseWriteError(error, request.locale, columnFields, write.unique);
    }
  }

  /** Loads the record of the path, then asks the access rule: 405, then 404, then 403. */
  async function guarded(request: FastifyRequest<{ Params: { id: string } }>, rule: AccessRule | undefined): Promise<Row> {
    if (!rule) throw new ApiError(405, 'methodNotAllowed');
    const id = parseId(request.params.id);
    const record = id === null ? null : await load(request, id);
    if (!record) throw notFound();
    await allow(rule, request, { id: id ?? undefined, record, body: request.body });
    return record;
  }

  app.get(path, documented('list'), async (request) => {
    await allow(access.list, request, {});
    return list(request);
  });

  app.post(path, documented('create'), async (request, reply) => {
    await allow(write ? access.create : undefined, request, { body: request.body });
    const { id, record } = await save(request, 'create', null);
    return reply.code(201).send(record ?? (await load(request, id)));
  });

  app.get<{ Params: { id: string } }>(`${path}:id/`, documented('retrieve'), async (request) => guarded(request, access.retrieve));

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route<{ Params: { id: string } }>({
      method,
      url: `${path}:id/`,
      ...documented(method === 'PUT' ? 'update' : 'partial_update'),
      handler: async (request) => {
        if (!write) throw new ApiError(405, 'methodNotAllowed');
        const existing = await guarded(request, access.update);
        const { id, record } = await save(request, method === 'PUT' ? 'update' : 'partial_update', existing);
        return record ?? load(request, id);
      },
    });
  }

  app.delete<{ Params: { id: string } }>(`${path}:id/`, documented('destroy'), async (request, reply) => {
    if (!write) throw new ApiError(405, 'methodNotAllowed');
    const record = await guarded(request, access.destroy);
    const id = record.id as number;
    try {
      await inTransaction(app.db, async (client) => {
        await write.beforeDestroy?.({ client, request, user: currentUser(request), id, record });
        await client.query(`DELETE FROM ${write.table} WHERE id = $1`, [id]);
      });
    } catch (error) {
      throw databaseWriteError(error, request.locale, columnFields, write.unique);
    }
    return reply.code(204).send();
  });

  // Methods the list or a record does not take answer 405 with what they do take, as Django REST
  // framework's views do, rather than the 404 of a path that does not exist.
  const refuse = (allowed: string) => async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', allowed);
    throw new ApiError(405, 'methodNotAllowed');
  };
  const hidden = { config: { ...routeConfig.config, openapi: { hidden: true } } };
  app.route({ method: ['PUT', 'PATCH', 'DELETE'], url: path, ...hidden, handler: refuse(write ? 'GET, POST, HEAD, OPTIONS' : 'GET, HEAD, OPTIONS') });
  app.route({ method: 'POST', url: `${path}:id/`, ...hidden, handler: refuse(write ? 'GET, PUT, PATCH, DELETE, HEAD, OPTIONS' : 'GET, HEAD, OPTIONS') });

  // OPTIONS describes the list or the record (crud/metadata.ts). The list describes its creation's
  // fields whenever the entity takes creations (whether the caller may create depends on what
  // they send); a record describes its PUT to those who may change it.
  app.route({
    method: 'OPTIONS',
    url: path,
    ...hidden,
    handler: async (request) => {
      await allow(access.list, request, {});
      return viewMetadata(schema, request.locale, false, write && access.create ? 'POST' : null);
    },
  });
  app.route<{ Params: { id: string } }>({
    method: 'OPTIONS',
    url: `${path}:id/`,
    ...hidden,
    handler: async (request) => {
      const record = await guarded(request, access.retrieve);
      const mayUpdate = !!write && !!access.update && (await access.update(currentUser(request), { request, id: record.id as number, record }));
      return viewMetadata(schema, request.locale, true, mayUpdate ? 'PUT' : null);
    },
  });

  const actionDoc = (action: DetailAction) => {
    if (action.listsRecords) return { openapi: { ...action.doc, ...documented('list').config.openapi } };
    if (action.answersRecord) return { openapi: { ...action.doc, record: schema } };
    return action.doc ? { openapi: action.doc } : {};
  };
  const entity: RegisteredEntity = { listSpec, load, list, listQuery };
  for (const action of config.actions ?? []) {
    app.route<{ Params: { id: string; [name: string]: string }; Querystring: QueryParams }>({
      method: action.method,
      url: `${path}:id/${action.path}`,
      config: { ...routeConfig.config, ...actionDoc(action) },
      handler: async (request, reply) => action.handler(request, await guarded(request, action.access), reply, entity),
    });
  }
  return entity;
}
