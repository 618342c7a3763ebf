/** The SQL mapping of an entity: fields map by name, and whatever the mapping names is checked. */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../schemas/contacts.ts';
import { defineEntity, type EntitySchema } from '../../schemas/entity.ts';
import { users } from '../../schemas/users.ts';
import { registerEntity, type EntityConfig } from '../../src/server/crud/index.ts';
import { resolveMapping } from '../../src/server/crud/mapping.ts';
import { createPool, type Db } from '../../src/server/db/pool.ts';
import { createTestDatabase } from './helpers.ts';

const contactsSql = { from: 'contacts c', alias: 'c', columns: { usergroup: 'c.usergroup_id' }, searchColumns: ['c.name'], extraFilters: { usergroup_id: () => null } };
const usersSql = { from: 'users u', alias: 'u', columns: { organisation: 'NULL', usergroup_roles: 'NULL' }, searchColumns: ['u.username'], extraFilters: { organisation: () => null, is_superuser: () => null } };

describe('resolving a mapping', () => {
  it('reads every field as <alias>.<field> and writes it to <field>, unless renamed', () => {
    const mapping = resolveMapping(contacts, contactsSql, { table: 'contacts', columns: { usergroup: 'usergroup_id' } });
    expect(mapping.read).toEqual({
      id: 'c.id', name: 'c.name', email: 'c.email', phone: 'c.phone', position: 'c.position', usergroup: 'c.usergroup_id', role: 'c.role',
    });
    expect(mapping.write).toEqual({ name: 'name', email: 'email', phone: 'phone', position: 'position', usergroup: 'usergroup_id', role: 'role' });
  });

  it('neither reads nor writes a write-only virtual field, and adds the extras', () => {
    const mapping = resolveMapping(users, { ...usersSql, extras: { full_name: 'u.first_name' } }, { table: 'users', virtual: ['password'] });
    expect(mapping.read).not.toHaveProperty('password');
    expect(mapping.read.full_name).toBe('u.first_name');
    expect(mapping.write).not.toHaveProperty('password');
    expect(mapping.write.is_superuser).toBe('is_superuser');
  });

  it('refuses a misspelt write column, naming the entity and the field', () => {
    expect(() => resolveMapping(contacts, contactsSql, { table: 'contacts', columns: { usergrup: 'usergroup_id' } })).toThrow(
      'Entity "contacts": write.columns "usergrup" is not a writable field of the schema',
    );
  });

  it('refuses a misspelt or read-only virtual field', () => {
    expect(() => resolveMapping(users, usersSql, { table: 'users', virtual: ['pasword'] })).toThrow(
      'Entity "users": write.virtual "pasword" is not a writable field of the schema',
    );
    expect(() => resolveMapping(users, usersSql, { table: 'users', virtual: ['date_joined'] })).toThrow(
      /write.virtual "date_joined"/,
    );
  });

  it('refuses a misspelt read column, and an extra that is in fact a field', () => {
    expect(() => resolveMapping(contacts, { ...contactsSql, columns: { usergroupe: 'c.usergroup_id' } })).toThrow(
      'Entity "contacts": sql.columns "usergroupe" is not a field of the schema',
    );
    expect(() => resolveMapping(contacts, { ...contactsSql, extras: { name: 'c.name' } })).toThrow(/sql.extras "name" is a field/);
  });

  it('refuses a filter without a field nor an extra filter, an unknown default ordering, a search without columns', () => {
    expect(() => resolveMapping(contacts, { ...contactsSql, extraFilters: {} })).toThrow(
      'Entity "contacts": filter "usergroup_id" is mapped neither by a readable field nor by sql.extraFilters',
    );
    const reordered: EntitySchema = { ...contacts, list: { ...contacts.list, defaultOrdering: ['-nmae'] } };
    expect(() => resolveMapping(reordered, contactsSql)).toThrow('Entity "contacts": default ordering "nmae" is not orderable');
    expect(() => resolveMapping(contacts, { ...contactsSql, searchColumns: [] })).toThrow(/neither sql.searchColumns nor sql.searchCondition/);
  });
});

describe('checking a mapping against the database at start-up', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    db = createPool(database.url);
    drop = database.drop;
  });
  afterAll(async () => {
    await db?.end();
    await drop?.();
  });

  const notes = defineEntity({
    resource: 'notes',
    endpoint: 'dataset/notes',
    route: 'data/notes',
    recordRepresentation: 'name',
    fields: { id: { type: 'id', readOnly: true }, name: { type: 'string' }, group: { type: 'reference', reference: 'usergroups' } },
    list: { columns: ['name'], search: false, filters: {}, orderable: ['name'], defaultOrdering: ['name'], pageSize: 20 },
    form: ['name', 'group'],
  });

  async function start(config: Omit<EntityConfig, 'schema' | 'access'>) {
    const app = Fastify();
    app.decorate('db', db);
    registerEntity(app, { schema: notes, access: {}, ...config });
    try {
      await app.ready();
    } finally {
      await app.close();
    }
  }

  it('starts when every field reads and writes', async () => {
    await expect(
      start({ sql: { from: 'contacts c', alias: 'c', columns: { group: 'c.usergroup_id' } }, write: { table: 'contacts', columns: { group: 'usergroup_id' } } }),
    ).resolves.toBeUndefined();
  });

  it('stops on a field the table does not have, naming the field', async () => {
    await expect(start({ sql: { from: 'contacts c', alias: 'c' } })).rejects.toThrow(
      'Entity "notes": the SQL of "group" does not run on the database',
    );
  });

  it('stops on a write column the table does not have, naming the field and the column', async () => {
    await expect(
      start({ sql: { from: 'contacts c', alias: 'c', columns: { group: 'c.usergroup_id' } }, write: { table: 'contacts', columns: { group: 'usergroupid' } } }),
    ).rejects.toThrow('Entity "notes": field "group" (column "usergroupid") has no column in table "contacts"');
  });
});
