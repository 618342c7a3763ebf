import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import path from 'node:path';
import { listMigrations, migrate, schemaState } from '../../src/server/db/migrate.ts';
import { createPool, endPool, listReadSlot, type Db } from '../../src/server/db/pool.ts';
import { DEMO_USERS, seedDemoData } from '../../src/server/db/seed.ts';
import { createTestDatabase } from './helpers.ts';

let db: Db;
let url: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  // An empty database, not a copy of the template: what a first start sees.
  const database = await createTestDatabase();
  drop = database.drop;
  url = database.url;
  db = createPool(database.url);
  await db.query('DROP SCHEMA public CASCADE');
  await db.query('CREATE SCHEMA public');
});
afterAll(async () => {
  await db?.end();
  await drop?.();
});

describe('migrations', () => {
  it('apply once even when several servers start together', async () => {
    const pools = [0, 1, 2].map(() => createPool(url));
    try {
      const results = await Promise.all(pools.map((pool) => migrate(pool)));
      const all = (await listMigrations()).map((migration) => migration.version);
      expect(results.flat().sort()).toEqual(all);
      expect(await migrate(db)).toEqual([]);
      const { rows } = await db.query('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((row) => row.version)).toEqual(all);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('roll back a failing migration as a whole', async () => {
    const failing = [{ version: '999', name: 'broken', sql: 'CREATE TABLE half_done (id int); SELECT 1/0;' }];
    await expect(migrate(db, failing)).rejects.toThrow(/999_broken/);
    const { rows } = await db.query("SELECT to_regclass('half_done') AS table, (SELECT count(*) FROM schema_migrations WHERE version = '999') AS applied");
    expect(rows[0]).toEqual({ table: null, applied: 0 });
  });

  it('refuse a database a newer version migrated, saying so, and the worker too', async () => {
    await db.query("INSERT INTO schema_migrations (version, name) VALUES ('998', 'from_the_future')");
    try {
      await expect(migrate(db)).rejects.toThrow(
        'The database has migrations this version of Publish does not know (998_from_the_future): a newer version upgraded it. Run that version (or a newer one); this one refuses to serve.',
      );
      expect(await schemaState(db)).toEqual({ missing: [], unknown: ['998_from_the_future'] });
      const worker = spawnSync('npx', ['tsx', 'src/server/worker.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, DATABASE_URL: url, SECRET_KEY: 'test-secret-key-test-secret-key-0123456789', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(worker.status).toBe(1);
      expect(worker.stderr).toContain('does not know (998_from_the_future)');
    } finally {
      await db.query("DELETE FROM schema_migrations WHERE version = '998'");
    }
    expect(await migrate(db)).toEqual([]);
  }, 90_000);

  it('create the expected tables', async () => {
    const { rows } = await db.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
    expect(rows.map((row) => row.tablename)).toEqual(
      expect.arrayContaining([
        'users',
        'usergroups',
        'organisation_types',
        'usergroup_members',
        'usergroup_links',
        'sessions',
        'data_formats',
        'task_queue_track',
        'schema_migrations',
      ]),
    );
  });
});

describe('demo data', () => {
  it('is seeded once, in one go, even by concurrent servers', async () => {
    const results = await Promise.all([
      seedDemoData(db, { password: 'pw-one-123', termsVersion: '1' }),
      seedDemoData(db, { password: 'pw-two-123', termsVersion: '1' }),
    ]);
    expect(results.filter((result) => result.seeded)).toHaveLength(1);
    const { rows } = await db.query('SELECT count(*)::int AS users FROM users');
    expect(rows[0].users).toBe(DEMO_USERS.length);
    expect((await seedDemoData(db, { password: 'x', termsVersion: '1' })).seeded).toBe(false);
  });

  it('covers every role, type and status the screens list', async () => {
    const groups = await db.query('SELECT usergroup_type, count(*)::int AS n FROM usergroups GROUP BY 1 ORDER BY 1');
    expect(Object.fromEntries(groups.rows.map((row) => [row.usergroup_type, row.n]))).toEqual({
      'group-of-organisation': 1,
      organisation: 6,
      'user-group': 2,
    });
    const roles = await db.query('SELECT DISTINCT role FROM usergroup_members WHERE status = 2 ORDER BY role');
    expect(roles.rows.map((row) => row.role)).toEqual([0, 1, 2]);
    const pending = await db.query('SELECT count(*)::int AS n FROM usergroup_members WHERE status IN (0, 1)');
    expect(pending.rows[0].n).toBeGreaterThanOrEqual(2);
    const sphere = await db.query(
      "SELECT count(*)::int AS n FROM usergroup_links l JOIN usergroups p ON p.id = l.parent_id WHERE p.usergroup_type = 'group-of-organisation'",
    );
    expect(sphere.rows[0].n).toBeGreaterThanOrEqual(2);
    const terms = await db.query('SELECT count(*)::int AS n FROM users WHERE terms_version IS NULL');
    expect(terms.rows[0].n).toBe(0);
    const superusers = await db.query('SELECT username FROM users WHERE is_superuser');
    expect(superusers.rows).toEqual([{ username: 'admin' }]);
  });

  it('search expressions ignore case and accents', async () => {
    const { rows } = await db.query(
      "SELECT display_name FROM usergroups WHERE immutable_unaccent(lower(display_name)) LIKE immutable_unaccent(lower('%MÉTROPOLE%'))",
    );
    expect(rows).toEqual([{ display_name: 'Métropole Côte-Azurine' }]);
  });
});

describe('list read slots', () => {
  it('run as many list reads at once as the pool allows; the others wait, and other queries do not', async () => {
    const pool = createPool(url, () => {}, { listReads: 2 });
    try {
      // Each read holds its slot until released; the database sees how many run at once.
      let running = 0;
      let most = 0;
      const releases: (() => void)[] = [];
      const reads = Array.from({ length: 5 }, (_, n) =>
        listReadSlot(pool)(async () => {
          running++;
          most = Math.max(most, running);
          await pool.query('SELECT 1');
          await new Promise<void>((resolve) => releases.push(resolve));
          running--;
          return n;
        }),
      );
      await expect.poll(() => releases.length).toBe(2);
      // A query outside the slots is answered while both are taken.
      expect((await pool.query<{ answer: number }>('SELECT 42 AS answer')).rows[0].answer).toBe(42);
      let settled = false;
      const all = Promise.all(reads).finally(() => (settled = true));
      while (!settled) {
        releases.shift()?.();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(await all).toEqual([0, 1, 2, 3, 4]);
      expect(most).toBe(2);
    } finally {
      await pool.end();
    }
  });
});

describe('background connections', () => {
  /** The PostgreSQL process of a pool's connection, when it runs on this machine. */
  async function backendOf(pool: Db): Promise<number | null> {
    const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return existsSync(`/proc/${rows[0].pid}`) ? rows[0].pid : null;
  }

  it('run their PostgreSQL processes at the priority asked, also where the system groups processes by session', async (context) => {
    const background = createPool(url, () => {}, { nice: 7 });
    try {
      const pid = await backendOf(background);
      if (pid === null) return context.skip(); // a database on another machine: not ours to renice
      expect(getPriority(pid)).toBe(7);
      // Linux's autogroup: each PostgreSQL process leads its session, whose group carries the nice.
      if (existsSync(`/proc/${pid}/autogroup`)) expect(readFileSync(`/proc/${pid}/autogroup`, 'utf8')).toMatch(/ nice 7\b/);
      // The people's pool keeps the priority its processes were started with.
      const people = await backendOf(db);
      expect(getPriority(people!)).toBeLessThan(7);
    } finally {
      await background.end();
    }
  });
});

describe('idle connections', () => {
  it('that fail are reported by their error alone, not with the connection (its statements, its keys)', async () => {
    const errors: Error[] = [];
    const pool = createPool(url, (error) => errors.push(error));
    try {
      const client = await pool.connect();
      const pid = (client as unknown as { processID: number }).processID;
      client.release();
      await db.query('SELECT pg_terminate_backend($1)', [pid]);
      await expect.poll(() => errors.length).toBe(1);
      expect(errors[0].message).toMatch(/terminat/);
      expect(errors[0]).toHaveProperty('code', '57P01');
      expect(errors[0]).not.toHaveProperty('client');
    } finally {
      await pool.end();
    }
  });
});

describe('ending a pool', () => {
  it('waits until its connections have closed, so that a database stopped next ends none of them', async () => {
    const pool = createPool(url);
    const clients = await Promise.all([0, 1, 2].map(() => pool.connect()));
    const pids = clients.map((client) => (client as unknown as { processID: number }).processID);
    for (const client of clients) client.release();
    await endPool(pool);
    // Closed on the client's side: each connection's socket has ended (its 'end' event).
    expect(clients.map((client) => (client as unknown as { _ended: boolean })._ended)).toEqual([true, true, true]);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM pg_stat_activity WHERE pid = ANY($1::integer[])', [pids]);
    expect(rows[0].n).toBe(0);
  });
});
