/** Detail actions of the generic handler: an unknown id answers 404 whoever asks, a forbidden record 403. */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity } from '../../schemas/entity.ts';
import type { AuthUser } from '../../src/server/auth/users.ts';
import { registerEntity } from '../../src/server/crud/index.ts';
import { createPool, type Db } from '../../src/server/db/pool.ts';
import '../../src/server/types.ts';
import { createTestDatabase } from './helpers.ts';

const notes = defineEntity({
  resource: 'notes',
  endpoint: 'notes',
  route: 'notes',
  recordRepresentation: 'name',
  fields: { id: { type: 'id', readOnly: true }, name: { type: 'string' } },
  list: { columns: ['name'], search: false, filters: {}, orderable: ['name'], defaultOrdering: ['name'], pageSize: 20 },
  form: ['name'],
});

/** Notes 1 and 2 exist; the user may act on 1 and on 999, which does not exist. */
const ALLOWED = new Set([1, 999]);

describe('detail actions', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  const calls: unknown[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    db = createPool(database.url);
    drop = database.drop;
    app = Fastify();
    app.decorate('db', db);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      request.user = { id: 1, username: 'reader', is_superuser: false, usergroup_roles: [] } as unknown as AuthUser;
    });
    registerEntity(app, {
      schema: notes,
      sql: { from: `(VALUES (1, 'one'), (2, 'two')) AS n(id, name)`, alias: 'n' },
      access: {},
      actions: [
        {
          method: ['GET', 'POST'],
          path: 'items/:item/',
          access: (_user, { id }) => id !== undefined && ALLOWED.has(id),
          handler: async (request, record, reply) => {
            calls.push(record.id);
            return reply.code(request.method === 'POST' ? 201 : 200).send({ note: record.name, item: request.params.item });
          },
        },
      ],
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await db?.end();
    await drop?.();
  });

  it('runs the handler with the record and the path parameters when allowed', async () => {
    const response = await app.inject({ method: 'POST', url: '/notes/1/items/7/' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ note: 'one', item: '7' });
  });

  it('answers 403 for a record that exists but is forbidden, without running the handler', async () => {
    calls.length = 0;
    expect((await app.inject({ method: 'GET', url: '/notes/2/items/7/' })).statusCode).toBe(403);
    expect(calls).toEqual([]);
  });

  it('answers 404 for an id that names no record, whether the rule would allow it or not', async () => {
    calls.length = 0;
    for (const id of ['999', '998', 'abc', '0', '99999999999']) {
      expect((await app.inject({ method: 'GET', url: `/notes/${id}/items/7/` })).statusCode, id).toBe(404);
    }
    expect(calls).toEqual([]);
  });
});
