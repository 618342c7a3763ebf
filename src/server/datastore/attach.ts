/**
 * Which datastore tables a user may make a `datastore` resource of. The rule:
 * - a table the loader made for a resource (`datastore.resource_<id>`, that resource still
 *   existing) may be attached by whoever may change that resource (editors of its usergroup,
 *   superusers) — so an organisation's data never becomes readable through another one's resource;
 * - any other table of the `datastore` schema (made outside the platform, or left by a deleted
 *   resource) may be attached by superusers only;
 * - a resource never attaches its own table, and tables outside the `datastore` schema or the
 *   loader's temporary tables are never offered.
 * "Free" tables are those no resource owns nor uses as its source.
 * Table names come from the client: they are only ever compared as values, and quoted with
 * escapeIdentifier where a statement needs them.
 */
import type { AccessSubject } from '../../../schemas/access.ts';
import { resourceEditCondition } from '../datasets/resource-visibility.ts';
import type { Db } from '../db/pool.ts';
import { SqlParams } from '../http/pagination.ts';
import { datastoreDb, DATASTORE_SCHEMA } from './connection.ts';

/** The name the loader gives a resource's table. */
const RESOURCE_TABLE = /^resource_(\d{1,9})$/;
const LOADING_TABLE = '%\\_\\_load\\_%';
/** PostgreSQL identifiers are at most 63 bytes. */
const MAX_NAME_BYTES = 63;

export interface DatastoreTable {
  schema_name: string;
  table_name: string;
}

/** The ids of the resources the user may change; null for superusers (every table). */
async function editableResourceIds(platform: Db, user: AccessSubject): Promise<number[] | null> {
  const params = new SqlParams();
  const condition = resourceEditCondition('r', user, params);
  if (condition === null) return null;
  const { rows } = await platform.query<{ id: number }>(`SELECT r.id FROM resources r WHERE ${condition} ORDER BY r.id`, params.values);
  return rows.map((row) => row.id);
}

/** Names of the tables some resource owns (its loader table) or uses as its datastore source. */
async function usedTableNames(platform: Db): Promise<string[]> {
  const { rows } = await platform.query<{ name: string }>(
    `SELECT 'resource_' || id AS name FROM resources
     UNION SELECT table_name FROM resource_sources WHERE schema_name = $1 AND table_name IS NOT NULL
     UNION SELECT table_name FROM geographic_layers WHERE schema_name = $1`,
    [DATASTORE_SCHEMA],
  );
  return rows.map((row) => row.name);
}

/** The first 10 tables the user may attach, by name; `free` leaves out those a resource owns or uses. */
export async function attachableTables(platform: Db, user: AccessSubject, options: { search: string; free: boolean }): Promise<DatastoreTable[]> {
  const params = new SqlParams();
  const conditions = [`t.schemaname = ${params.add(DATASTORE_SCHEMA)}`, `t.tablename NOT LIKE ${params.add(LOADING_TABLE)}`];
  const editable = await editableResourceIds(platform, user);
  if (editable !== null) conditions.push(`t.tablename = ANY(${params.add(editable.map((id) => `resource_${id}`))}::text[])`);
  if (options.search !== '') {
    conditions.push(`(t.schemaname || '.' || t.tablename) ILIKE ${params.add(`%${options.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`)}`);
  }
  if (options.free) conditions.push(`NOT (t.tablename = ANY(${params.add(await usedTableNames(platform))}::text[]))`);
  const { rows } = await datastoreDb(platform).query<DatastoreTable>(
    `SELECT t.schemaname AS schema_name, t.tablename AS table_name FROM pg_tables t WHERE ${conditions.join(' AND ')} ORDER BY 1, 2 LIMIT 10`,
    params.values,
  );
  return rows;
}

/** True when the user may make resource `resourceId` of this table (see the rule above). */
export async function mayAttachTable(platform: Db, user: AccessSubject, schema: unknown, table: unknown, resourceId: number): Promise<boolean> {
  if (schema !== DATASTORE_SCHEMA || typeof table !== 'string' || table === '' || Buffer.byteLength(table) > MAX_NAME_BYTES) return false;
  if (table.includes('\u0000') || table.includes('__load_')) return false;
  const { rowCount } = await datastoreDb(platform).query('SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = $2', [schema, table]);
  if (!rowCount) return false;
  const owner = RESOURCE_TABLE.exec(table);
  const ownerId = owner ? Number(owner[1]) : null;
  const ownerExists = ownerId !== null && !!(await platform.query('SELECT 1 FROM resources WHERE id = $1', [ownerId])).rowCount;
  if (!ownerExists) return user.is_superuser;
  if (ownerId === resourceId) return false;
  const editable = await editableResourceIds(platform, user);
  return editable === null || editable.includes(ownerId!);
}

/** The table's columns (the loader's own `_id` and geometry columns left out), in order; [] when it is gone. */
export async function attachedColumns(platform: Db, table: DatastoreTable): Promise<string[]> {
  const { rows } = await datastoreDb(platform).query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 AND column_name NOT IN ('_id', '_point', 'geom', '_bbox') ORDER BY ordinal_position`,
    [table.schema_name, table.table_name],
  );
  return rows.map((row) => row.column_name);
}

/** The table's first rows as strings, for the resource's preview. */
export async function attachedPreview(platform: Db, table: DatastoreTable, columns: string[], limit: number): Promise<Array<Array<string | null>>> {
  if (columns.length === 0) return [];
  const client = await datastoreDb(platform).connect();
  try {
    const quote = (name: string) => client.escapeIdentifier(name);
    const order = (await client.query("SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 AND column_name = '_id'", [table.schema_name, table.table_name])).rowCount
      ? ' ORDER BY "_id"'
      : '';
    const { rows } = await client.query<Array<string | null>>({
      text: `SELECT ${columns.map((column) => `${quote(column)}::text`).join(', ')} FROM ${quote(table.schema_name)}.${quote(table.table_name)}${order} LIMIT ${Math.trunc(limit)}`,
      rowMode: 'array',
    });
    return rows;
  } finally {
    client.release();
  }
}
