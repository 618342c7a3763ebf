/**
 * Applies src/server/db/migrations/NNN_name.sql in order, each in its own transaction.
 * A session-level advisory lock serialises servers that start together on the same database, so
 * each migration runs once. A database that has a migration this code does not know was upgraded
 * by a newer version of the platform: this one refuses it (NewerDatabaseError) rather than serve.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './pool.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Arbitrary constant shared by every Publish server: "publish" in ASCII. */
const MIGRATION_LOCK_KEY = 0x7075626c6973;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: file.slice(0, 3),
      name: file.slice(4, -4),
      sql: await readFile(path.join(dir, file), 'utf8'),
    })),
  );
}

export class NewerDatabaseError extends Error {
  constructor(readonly unknown: string[]) {
    super(
      `The database has migrations this version of Publish does not know (${unknown.join(', ')}): a newer version upgraded it. ` +
        'Run that version (or a newer one); this one refuses to serve.',
    );
    this.name = 'NewerDatabaseError';
  }
}

export interface SchemaState {
  /** Migrations of this code the database lacks. */
  missing: string[];
  /** Migrations of the database this code does not know (`version_name`). */
  unknown: string[];
}

function compare(applied: Array<{ version: string; name: string }>, known: Migration[]): SchemaState {
  const versions = new Set(known.map((migration) => migration.version));
  const done = new Set(applied.map((row) => row.version));
  return {
    missing: known.filter((migration) => !done.has(migration.version)).map((migration) => migration.version),
    unknown: applied.filter((row) => !versions.has(row.version)).map((row) => `${row.version}_${row.name}`).sort(),
  };
}

let knownMigrations: Promise<Migration[]> | null = null;

/** How the database's schema compares with this code's migrations. */
export async function schemaState(db: Pick<Db, 'query'>): Promise<SchemaState> {
  const { rows: table } = await db.query<{ exists: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS exists");
  const { rows } = table[0].exists ? await db.query<{ version: string; name: string }>('SELECT version, name FROM schema_migrations') : { rows: [] };
  // The code's migrations never change while it runs: read once (the readiness probe asks often).
  knownMigrations ??= listMigrations();
  return compare(rows, await knownMigrations);
}

/** Returns the versions applied by this call (empty when the database was up to date). */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const pending = migrations ?? (await listMigrations());
  const client = await db.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = (await client.query<{ version: string; name: string }>('SELECT version, name FROM schema_migrations')).rows;
    const { unknown } = compare(rows, [...(await listMigrations()), ...pending]);
    if (unknown.length > 0) throw new NewerDatabaseError(unknown);
    const done = new Set(rows.map((r) => r.version));
    for (const migration of pending) {
      if (done.has(migration.version)) continue;
      try {
        await client.query('BEGIN');
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw new Error(`Migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      applied.push(migration.version);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
  return applied;
}
