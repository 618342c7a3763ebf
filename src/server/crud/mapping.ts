/**
 * The SQL mapping of an entity, resolved from its schema: a field is read as `<alias>.<field>` and
 * written to the column `<field>` unless the mapping renames or computes it, so the mapping names
 * only what differs. Everything the mapping names is checked against the schema when the entity
 * is registered, and every expression and column against the database when the server starts:
 * a misspelt name stops the start with the entity and the field, instead of dropping a value or
 * failing one request in production.
 */
import { writableFields, type EntitySchema } from '../../../schemas/entity.ts';
import type { Db } from '../db/pool.ts';

export interface MappingSql {
  from: string;
  alias: string;
  columns?: Record<string, string>;
  extras?: Record<string, string>;
  searchColumns?: string[];
  searchCondition?: unknown;
  extraFilters?: Record<string, unknown>;
  orderings?: Record<string, string>;
}

export interface MappingWrite {
  table: string;
  columns?: Record<string, string>;
  virtual?: string[];
  unique?: Record<string, string>;
}

export interface ResolvedMapping {
  /** Field (and extra) → SQL expression of every value a record shows. */
  read: Record<string, string>;
  /** Field → column written. */
  write: Record<string, string>;
}

function fail(schema: EntitySchema, message: string): never {
  throw new Error(`Entity "${schema.resource}": ${message}`);
}

function fieldNames(schema: EntitySchema, names: Iterable<string>, what: string, allowed: (name: string) => boolean) {
  for (const name of names) if (!allowed(name)) fail(schema, `${what} "${name}" is not ${what.startsWith('write') ? 'a writable field' : 'a field'} of the schema`);
}

/** Resolves the mapping and checks it against the schema; throws an Error naming the entity and the field. */
export function resolveMapping(schema: EntitySchema, sql: MappingSql, write?: MappingWrite): ResolvedMapping {
  const fields = schema.fields;
  const readable = (name: string) => name in fields && !fields[name].writeOnly;
  fieldNames(schema, Object.keys(sql.columns ?? {}), 'sql.columns', readable);
  for (const name of Object.keys(sql.extras ?? {})) {
    if (name in fields) fail(schema, `sql.extras "${name}" is a field of the schema: map it in sql.columns`);
  }

  const read: Record<string, string> = {};
  for (const [name, spec] of Object.entries(fields)) {
    if (!spec.writeOnly) read[name] = sql.columns?.[name] ?? `${sql.alias}.${name}`;
  }
  if (!read.id) fail(schema, 'the schema has no readable "id" field');
  Object.assign(read, sql.extras);

  for (const [name, filter] of Object.entries(schema.list.filters)) {
    if (filter.field ? !readable(filter.field) : !sql.extraFilters?.[name]) {
      fail(schema, `filter "${name}" is mapped neither by a readable field nor by sql.extraFilters`);
    }
  }
  fieldNames(schema, schema.list.orderable, 'ordering', readable);
  for (const name of schema.list.defaultOrdering.map((entry) => entry.replace(/^-/, ''))) {
    if (!schema.list.orderable.includes(name) && !sql.orderings?.[name]) fail(schema, `default ordering "${name}" is not orderable`);
  }
  if (schema.list.search && !sql.searchColumns?.length && !sql.searchCondition) {
    fail(schema, 'the list has a search box but neither sql.searchColumns nor sql.searchCondition');
  }

  const writeColumns: Record<string, string> = {};
  if (write) {
    const writable = new Set<string>(writableFields(schema));
    fieldNames(schema, Object.keys(write.columns ?? {}), 'write.columns', (name) => writable.has(name));
    fieldNames(schema, write.virtual ?? [], 'write.virtual', (name) => writable.has(name));
    for (const name of write.virtual ?? []) {
      if (write.columns?.[name]) fail(schema, `"${name}" is both virtual and written to a column`);
    }
    fieldNames(schema, Object.values(write.unique ?? {}), 'write.unique field', (name) => name in fields);
    for (const name of writable) {
      if (!write.virtual?.includes(name)) writeColumns[name] = write.columns?.[name] ?? name;
    }
  }
  return { read, write: writeColumns };
}

/** Runs `SELECT <expressions> … LIMIT 0`; on failure, finds the names whose expression fails. */
async function failingNames(db: Db, from: string, expressions: Record<string, string>): Promise<string[]> {
  const select = (entries: [string, string][]) =>
    db.query(`SELECT ${entries.map(([, expression]) => expression).join(', ')} FROM ${from} LIMIT 0`).then(
      () => true,
      () => false,
    );
  const entries = Object.entries(expressions);
  if (entries.length === 0 || (await select(entries))) return [];
  const failing: string[] = [];
  for (const entry of entries) if (!(await select([entry]))) failing.push(entry[0]);
  return failing.length > 0 ? failing : ['(the FROM clause)'];
}

/** Checks every read expression, ordering, search column and written column against the database. */
export async function checkMappingInDatabase(db: Db, schema: EntitySchema, sql: MappingSql, mapping: ResolvedMapping, table?: string) {
  const expressions: Record<string, string> = { ...mapping.read };
  for (const [name, expression] of Object.entries(sql.orderings ?? {})) expressions[`ordering ${name}`] = expression;
  (sql.searchColumns ?? []).forEach((expression, index) => (expressions[`search column ${index + 1}`] = expression));
  const reads = await failingNames(db, sql.from, expressions);
  if (reads.length > 0) fail(schema, `the SQL of ${reads.map((name) => `"${name}"`).join(', ')} does not run on the database`);
  if (table) {
    const columns = Object.fromEntries(Object.entries(mapping.write).map(([field, column]) => [field, `"${column}"`]));
    const writes = await failingNames(db, table, columns);
    if (writes.some((name) => !(name in mapping.write))) fail(schema, `table "${table}" does not exist`);
    if (writes.length > 0) {
      fail(schema, `${writes.map((name) => `field "${name}" (column "${mapping.write[name]}")`).join(', ')} has no column in table "${table}"; rename it in write.columns or declare it in write.virtual`);
    }
  }
}
