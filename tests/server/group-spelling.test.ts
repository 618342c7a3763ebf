/**
 * The owning group of a write, in whatever spelling a client sends it: a group given as a string,
 * "1.0" or an array is checked as the group it would be written as, or refused; an editor never
 * puts a dataset, a resource or a harvester in a group they do not edit. Fields holding one value
 * take a string, a number or null, as Django REST framework's do: arrays, objects and booleans are
 * refused (400 with the field's message), not converted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
const users: Record<string, SignedIn> = {};
/** A group the editor edits, one they have no role in, and one the referent does not administer. */
let own: number;
let foreign: number;
let notReferents: number;
let ckanType: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['admin', 'editor', 'referent']) users[name] = await t.signIn(name);
  const roleOf = async (username: string, minimum: number) =>
    (
      await t.db.query<{ id: number }>(
        `SELECT g.id FROM usergroups g WHERE g.usergroup_type = 'organisation' AND EXISTS
           (SELECT 1 FROM usergroup_members m JOIN users u ON u.id = m.user_id WHERE m.usergroup_id = g.id AND u.username = $1 AND m.role >= $2 AND m.status = 2)
         ORDER BY g.id`,
        [username, minimum],
      )
    ).rows.map((row) => row.id);
  own = (await roleOf('editor', 1))[0];
  const editors = await roleOf('editor', 0);
  const referents = await roleOf('referent', 2);
  const organisations = (await t.db.query<{ id: number }>("SELECT id FROM usergroups WHERE usergroup_type = 'organisation' ORDER BY id")).rows.map((row) => row.id);
  foreign = organisations.find((id) => !editors.includes(id))!;
  notReferents = organisations.find((id) => !referents.includes(id))!;
  ckanType = (await t.db.query<{ id: number }>("SELECT id FROM remote_api_index_types WHERE codename = 'ckan'")).rows[0].id;
  expect([own, foreign, notReferents].every(Number.isInteger)).toBe(true);
});
afterAll(() => t?.close());

const call = (user: string, method: 'POST' | 'PATCH', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: { ...users[user].sessionHeaders, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

const spellings = (id: number) => [String(id), `${id}.0`, ` ${id} `, [id], [id, 'a'], { id }];

describe('the owning group, however it is spelt', () => {
  it('never lets an editor create a dataset in a group they do not edit', async () => {
    for (const usergroup of spellings(foreign)) {
      const codename = `spelt-${Math.random().toString(36).slice(2, 8)}`;
      const response = await call('editor', 'POST', '/fr/dataset/datasets/', { display_name: 'Épelé', codename, usergroup });
      expect([400, 403], `${JSON.stringify(usergroup)}: ${response.body}`).toContain(response.statusCode);
      const { rows } = await t.db.query('SELECT 1 FROM datasets WHERE codename = $1', [codename]);
      expect(rows, JSON.stringify(usergroup)).toHaveLength(0);
    }
  });

  it('never lets an editor move their dataset to a group they do not edit', async () => {
    const created = await call('editor', 'POST', '/fr/dataset/datasets/', { display_name: 'À garder', codename: 'a-garder-epele', usergroup: own });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    for (const usergroup of spellings(foreign)) {
      const response = await call('editor', 'PATCH', `/fr/dataset/datasets/${id}/`, { usergroup });
      expect([400, 403], `${JSON.stringify(usergroup)}: ${response.body}`).toContain(response.statusCode);
    }
    const { rows } = await t.db.query<{ usergroup_id: number }>('SELECT usergroup_id FROM datasets WHERE id = $1', [id]);
    expect(rows[0].usergroup_id).toBe(own);
    // Its own group, as a string, is the group it is: the save goes through.
    const kept = await call('editor', 'PATCH', `/fr/dataset/datasets/${id}/`, { usergroup: String(own), description: 'Toujours là' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ id, usergroup: own, description: 'Toujours là' });
  });

  it('never lets an editor create a resource in a group they do not edit', async () => {
    for (const usergroup_id of spellings(foreign)) {
      const name = `Ressource ${JSON.stringify(usergroup_id)}`;
      const response = await call('editor', 'POST', '/fr/resource/resources/', { display_name: name, type: 'href', usergroup_id });
      expect([400, 403], `${JSON.stringify(usergroup_id)}: ${response.body}`).toContain(response.statusCode);
      const { rows } = await t.db.query('SELECT 1 FROM resources WHERE display_name = $1', [name]);
      expect(rows).toHaveLength(0);
    }
  });

  it('never lets a delegated administrator create a harvester for a group they do not administer', async () => {
    for (const usergroup of spellings(notReferents)) {
      const name = `Moissonneur ${JSON.stringify(usergroup)}`;
      const response = await call('referent', 'POST', '/fr/indexer/remote-api-indexes/', {
        implementation_type: ckanType, name, url: 'https://example.org/', command: '*', scheduler: 1, usergroup,
      });
      expect([400, 403], `${JSON.stringify(usergroup)}: ${response.body}`).toContain(response.statusCode);
      const { rows } = await t.db.query('SELECT 1 FROM remote_api_indexes WHERE name = $1', [name]);
      expect(rows).toHaveLength(0);
    }
  });
});

describe('fields holding one value', () => {
  it('refuse arrays, objects and booleans, and take numbers and strings of digits', async () => {
    const created = await call('admin', 'POST', '/en/dataset/datasets/', { display_name: 'Types', codename: 'types-epeles', usergroup: own });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const refused = await call('admin', 'PATCH', `/en/dataset/datasets/${id}/`, {
      usergroup: [own, 'a'], licence: [1], description: true, display_name: ['Types'], publish: [true], update_frequency: { id: 1 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      usergroup: ['Invalid value.'],
      licence: ['Invalid value.'],
      description: ['Invalid value.'],
      display_name: ['Invalid value.'],
      publish: ['Invalid value.'],
      update_frequency: ['Invalid value.'],
    });
    const taken = await call('admin', 'PATCH', `/en/dataset/datasets/${id}/`, { usergroup: String(own), description: 42, publish: 'false' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ usergroup: own, description: '42', publish: false });
  });
});
