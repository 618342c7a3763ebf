/**
 * A deleted dataset as a snapshot that brings it back exactly: its row, every row of the tables
 * whose key on datasets cascades (keywords, classifications, permissions, contacts, thumbnail,
 * activity, catalogue entry, resource links…), and the rows whose key was set to null (its
 * children's parent). The tables are read from PostgreSQL's catalogue, so a table added later is
 * taken along without a change here. Generated columns are left to PostgreSQL.
 */
import type pg from 'pg';

type Queryable = Pick<pg.PoolClient, 'query'>;

interface Reference {
  table: string;
  column: string;
  /** 'c' cascade, 'n' set null (others restrict the deletion). */
  onDelete: string;
}

export interface Deletion {
  id: number;
  row: Record<string, unknown>;
  /** Rows of each cascading table. */
  rows: Record<string, unknown[]>;
  /** Ids of the rows of `table.column` set to null by the deletion. */
  nulled: Record<string, number[]>;
}

let references: Reference[] | null = null;
const columns = new Map<string, string[]>();

async function datasetReferences(client: Queryable): Promise<Reference[]> {
  if (!references) {
    const { rows } = await client.query<Reference>(
      `SELECT c.conrelid::regclass::text AS table, a.attname AS column, c.confdeltype AS "onDelete"
         FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.confrelid = 'datasets'::regclass AND cardinality(c.conkey) = 1
        ORDER BY 1, 2`,
    );
    references = rows;
  }
  return references;
}

/** The columns of a table one may insert (neither generated nor dropped), quoted. */
async function insertableColumns(client: Queryable, table: string): Promise<string[]> {
  let list = columns.get(table);
  if (!list) {
    const { rows } = await client.query<{ name: string }>(
      `SELECT quote_ident(attname) AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [table],
    );
    list = rows.map((row) => row.name);
    columns.set(table, list);
  }
  return list;
}

/** Snapshots of these datasets (those that exist), by id. */
export async function readDeletion(client: Queryable, ids: number[]): Promise<Map<number, Deletion>> {
  const { rows } = await client.query<{ id: number; row: Record<string, unknown> }>('SELECT d.id, to_jsonb(d) AS row FROM datasets d WHERE d.id = ANY($1::integer[])', [ids]);
  const result = new Map(rows.map(({ id, row }) => [id, { id, row, rows: {}, nulled: {} } as Deletion]));
  if (result.size === 0) return result;
  const found = [...result.keys()];
  for (const reference of await datasetReferences(client)) {
    // Both names come from PostgreSQL's catalogue, quoted as identifiers.
    const table = reference.table;
    const column = `"${reference.column.replaceAll('"', '""')}"`;
    if (reference.onDelete === 'c') {
      const { rows: linked } = await client.query<{ dataset_id: number; row: unknown }>(
        `SELECT t.${column} AS dataset_id, to_jsonb(t) AS row FROM ${table} t WHERE t.${column} = ANY($1::integer[])`,
        [found],
      );
      for (const link of linked) (result.get(link.dataset_id)!.rows[table] ??= []).push(link.row);
    } else if (reference.onDelete === 'n') {
      const { rows: linked } = await client.query<{ dataset_id: number; id: number }>(
        `SELECT t.${column} AS dataset_id, t.id FROM ${table} t WHERE t.${column} = ANY($1::integer[])`,
        [found],
      );
      for (const link of linked) (result.get(link.dataset_id)!.nulled[`${table}.${reference.column}`] ??= []).push(link.id);
    }
  }
  return result;
}

/** Puts a deleted dataset back as its snapshot holds it. */
export async function restoreDeletion(client: Queryable, deletion: Deletion): Promise<void> {
  const insert = async (table: string, json: unknown, many: boolean) => {
    const names = (await insertableColumns(client, table)).join(', ');
    const source = many ? `jsonb_populate_recordset(NULL::${table}, $1::jsonb)` : `jsonb_populate_record(NULL::${table}, $1::jsonb)`;
    await client.query(`INSERT INTO ${table} (${names}) SELECT ${names} FROM ${source}`, [JSON.stringify(json)]);
  };
  await insert('datasets', deletion.row, false);
  for (const reference of await datasetReferences(client)) {
    if (reference.onDelete === 'c' && deletion.rows[reference.table]?.length) {
      await insert(reference.table, deletion.rows[reference.table], true);
    } else if (reference.onDelete === 'n') {
      const ids = deletion.nulled[`${reference.table}.${reference.column}`];
      if (!ids?.length) continue;
      const column = `"${reference.column.replaceAll('"', '""')}"`;
      // Only rows still pointing nowhere: one given another value since keeps it.
      await client.query(`UPDATE ${reference.table} SET ${column} = $1 WHERE id = ANY($2::integer[]) AND ${column} IS NULL`, [deletion.id, ids]);
    }
  }
}
