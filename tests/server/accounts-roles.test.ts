/**
 * Every Accounts call as every demo role, with the exact status expected: the server half of the
 * role rules (schemas/access.ts). Targets that a call changes or deletes are made fresh for each call.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { groupIds, multipart, TINY_PDF, TINY_PNG, userIds } from './accounts-helpers.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

const ROLES = ['admin', 'referent', 'editor', 'member', 'newcomer', 'anonymous'] as const;
type RoleName = (typeof ROLES)[number];

let t: TestApp;
const signedIn: Partial<Record<RoleName, SignedIn>> = {};
let g: Record<string, number>;
let u: Record<string, number>;
let organisationType: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) if (role !== 'anonymous') signedIn[role] = await t.signIn(role);
  g = await groupIds(t);
  u = await userIds(t);
  organisationType = (await t.db.query("SELECT id FROM organisation_types WHERE codename = 'commune'")).rows[0].id;
});
afterAll(() => t?.close());

const unique = () => randomBytes(4).toString('hex');

async function freshUser(): Promise<number> {
  const name = `user-${unique()}`;
  const { rows } = await t.db.query("INSERT INTO users (username, password, email) VALUES ($1, '!', $2) RETURNING id", [name, `${name}@example.org`]);
  return rows[0].id;
}

async function freshUserName(): Promise<string> {
  const id = await freshUser();
  const { rows } = await t.db.query('SELECT username FROM users WHERE id = $1', [id]);
  return rows[0].username;
}

async function freshGroup(type = 'user-group'): Promise<number> {
  const { rows } = await t.db.query('INSERT INTO usergroups (usergroup_type, display_name, slug) VALUES ($1, $2, $2) RETURNING id', [type, `g-${unique()}`]);
  return rows[0].id;
}

async function storeFile(groupId: number, kind: 'thumbnail' | 'convention', bytes: Buffer, type: string) {
  await t.db.query(
    `INSERT INTO usergroup_files (usergroup_id, kind, content, content_type, size) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (usergroup_id, kind) DO NOTHING`,
    [groupId, kind, bytes, type, bytes.length],
  );
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
  file?: { bytes: Buffer; filename: string };
}

/** [admin, referent, editor, member, newcomer, anonymous] */
type Expected = [number, number, number, number, number, number];

const ALL_READ: Expected = [200, 200, 200, 200, 200, 401];
const ACCOUNTS_READ: Expected = [200, 200, 403, 403, 403, 401];
const SUPERUSER: (status: number) => Expected = (status) => [status, 403, 403, 403, 403, 401];
const GROUP_ADMIN: (status: number) => Expected = (status) => [status, status, 403, 403, 403, 401];

const CASES: Array<[string, Expected, () => Promise<Call>]> = [
  ['GET user-status', ALL_READ, async () => ({ method: 'GET', url: 'usergroup/user-status/' })],
  ['GET user-group-status', ALL_READ, async () => ({ method: 'GET', url: 'usergroup/user-group-status/' })],
  ['GET user-group-roles', ALL_READ, async () => ({ method: 'GET', url: 'usergroup/user-group-roles/' })],
  ['GET taggit tags', ALL_READ, async () => ({ method: 'GET', url: 'usergroup/taggit/tags/?search=eau' })],
  ['GET schedulers', ALL_READ, async () => ({ method: 'GET', url: 'usergroup/schedulers/' })],

  ['GET users', ACCOUNTS_READ, async () => ({ method: 'GET', url: 'usergroup/users/?status__in=2' })],
  ['GET user of a managed group', ACCOUNTS_READ, async () => ({ method: 'GET', url: `usergroup/users/${u.newcomer}/` })],
  ['GET user of another group', SUPERUSER(200), async () => ({ method: 'GET', url: `usergroup/users/${u.editor}/` })],
  ['POST users', SUPERUSER(201), async () => ({
    method: 'POST', url: 'usergroup/users/', payload: { username: `new-${unique()}`, first_name: 'N', last_name: 'N', email: 'n@example.org' },
  })],
  ['PUT user', SUPERUSER(200), async () => ({
    method: 'PUT', url: `usergroup/users/${await freshUser()}/`, payload: { username: `put-${unique()}`, first_name: 'P', last_name: 'P', email: 'p@example.org' },
  })],
  ['PATCH user', SUPERUSER(200), async () => ({ method: 'PATCH', url: `usergroup/users/${await freshUser()}/`, payload: { phone: '0102030405' } })],
  ['PATCH user superuser flag', SUPERUSER(200), async () => ({ method: 'PATCH', url: `usergroup/users/${await freshUser()}/`, payload: { is_superuser: true } })],
  ['DELETE user', SUPERUSER(204), async () => ({ method: 'DELETE', url: `usergroup/users/${await freshUser()}/` })],

  ['GET organisations', ALL_READ, async () => ({ method: 'GET', url: 'organisation/organisations/?status__in=2' })],
  ['GET own organisation', ACCOUNTS_READ, async () => ({ method: 'GET', url: `organisation/organisations/${g['region-sud-mediterranee']}/` })],
  ['GET other organisation', SUPERUSER(200), async () => ({ method: 'GET', url: `organisation/organisations/${g['office-de-l-eau-du-bassin-de-la-durance']}/` })],
  ['POST organisations', SUPERUSER(201), async () => ({
    method: 'POST', url: 'organisation/organisations/', payload: { display_name: `Org ${unique()}`, organisation_type: organisationType },
  })],
  ['PUT own organisation', GROUP_ADMIN(200), async () => ({
    method: 'PUT', url: `organisation/organisations/${g['region-sud-mediterranee']}/`,
    payload: { display_name: 'Région Sud-Méditerranée', organisation_type: (await t.db.query("SELECT id FROM organisation_types WHERE codename = 'region'")).rows[0].id, status: 2, spheres: [] },
  })],
  ['PATCH own organisation', GROUP_ADMIN(200), async () => ({ method: 'PATCH', url: `organisation/organisations/${g['region-sud-mediterranee']}/`, payload: { website: 'https://region.example' } })],
  ['PATCH other organisation', SUPERUSER(200), async () => ({ method: 'PATCH', url: `organisation/organisations/${g['metropole-cote-azurine']}/`, payload: { acronym: 'MCA' } })],
  ['DELETE organisation', SUPERUSER(204), async () => ({ method: 'DELETE', url: `organisation/organisations/${await freshGroup('organisation')}/` })],
  ['PUT agreement', SUPERUSER(200), async () => ({ method: 'PUT', url: `organisation/organisations/${g['region-sud-mediterranee']}/agreement/`, payload: { convention_signed: true } })],
  ['PUT convention', GROUP_ADMIN(200), async () => ({
    method: 'PUT', url: `organisation/organisations/${g['region-sud-mediterranee']}/convention/`, file: { bytes: TINY_PDF, filename: 'convention.pdf' },
  })],
  ['GET convention', GROUP_ADMIN(200), async () => {
    await storeFile(g['region-sud-mediterranee'], 'convention', TINY_PDF, 'application/pdf');
    return { method: 'GET', url: `organisation/organisations/${g['region-sud-mediterranee']}/convention/` };
  }],
  ['DELETE convention', SUPERUSER(204), async () => ({ method: 'DELETE', url: `organisation/organisations/${g['region-sud-mediterranee']}/convention/` })],
  ['GET organisation types', ALL_READ, async () => ({ method: 'GET', url: 'organisation/organisation-types/' })],

  ['GET user groups', ALL_READ, async () => ({ method: 'GET', url: 'usergroup/user-groups/?usergroup_type=user-group&status__in=2' })],
  ['GET own group', ACCOUNTS_READ, async () => ({ method: 'GET', url: `usergroup/user-groups/${g['reseau-des-geomaticiens']}/` })],
  ['GET sphere', SUPERUSER(200), async () => ({ method: 'GET', url: `usergroup/user-groups/${g['sphere-territoires-littoraux']}/` })],
  ['POST user groups', SUPERUSER(201), async () => ({ method: 'POST', url: 'usergroup/user-groups/', payload: { display_name: `Groupe ${unique()}` } })],
  ['POST spheres', SUPERUSER(201), async () => ({
    method: 'POST', url: 'usergroup/user-groups/?usergroup_type=group-of-organisation', payload: { display_name: `Sphère ${unique()}` },
  })],
  ['PUT own group', GROUP_ADMIN(200), async () => ({
    method: 'PUT', url: `usergroup/user-groups/${g['reseau-des-geomaticiens']}/`, payload: { display_name: 'Réseau des géomaticiens', description: 'SIG', status: 2 },
  })],
  ['PATCH own group', GROUP_ADMIN(200), async () => ({ method: 'PATCH', url: `usergroup/user-groups/${g['reseau-des-geomaticiens']}/`, payload: { description: 'SIG' } })],
  ['PATCH other group', SUPERUSER(200), async () => ({ method: 'PATCH', url: `usergroup/user-groups/${g['groupe-de-travail-mobilite']}/`, payload: { description: 'x' } })],
  ['DELETE group', SUPERUSER(204), async () => ({ method: 'DELETE', url: `usergroup/user-groups/${await freshGroup()}/` })],
  ['GET thumbnail', ALL_READ, async () => {
    await storeFile(g['reseau-des-geomaticiens'], 'thumbnail', TINY_PNG, 'image/png');
    return { method: 'GET', url: `usergroup/user-groups/${g['reseau-des-geomaticiens']}/thumbnail/` };
  }],
  ['PUT thumbnail', GROUP_ADMIN(200), async () => ({
    method: 'PUT', url: `usergroup/user-groups/${g['reseau-des-geomaticiens']}/thumbnail/`, file: { bytes: TINY_PNG, filename: 'logo.png' },
  })],
  ['PUT other thumbnail', SUPERUSER(200), async () => ({
    method: 'PUT', url: `usergroup/user-groups/${g['groupe-de-travail-mobilite']}/thumbnail/`, file: { bytes: TINY_PNG, filename: 'logo.png' },
  })],
  ['DELETE thumbnail', GROUP_ADMIN(204), async () => ({ method: 'DELETE', url: `usergroup/user-groups/${g['reseau-des-geomaticiens']}/thumbnail/` })],

  ['GET members', GROUP_ADMIN(200), async () => ({ method: 'GET', url: `usergroup/user-groups/${g['region-sud-mediterranee']}/members/` })],
  ['GET other members', SUPERUSER(200), async () => ({ method: 'GET', url: `usergroup/user-groups/${g['metropole-cote-azurine']}/members/` })],
  ['POST member', GROUP_ADMIN(201), async () => ({
    method: 'POST', url: `usergroup/user-groups/${g['region-sud-mediterranee']}/members/`, payload: { account: `${await freshUserName()}@example.org`, role: 0, status: 2 },
  })],
  ['PUT member', GROUP_ADMIN(200), async () => ({
    method: 'PUT', url: `usergroup/user-groups/${g['region-sud-mediterranee']}/members/${u.newcomer}/`, payload: { role: 0, status: 1 },
  })],
  ['DELETE member', GROUP_ADMIN(204), async () => {
    const userId = await freshUser();
    await t.db.query('INSERT INTO usergroup_members (usergroup_id, user_id, status) VALUES ($1, $2, 1)', [g['region-sud-mediterranee'], userId]);
    return { method: 'DELETE', url: `usergroup/user-groups/${g['region-sud-mediterranee']}/members/${userId}/` };
  }],

  ['GET parents', ACCOUNTS_READ, async () => ({ method: 'GET', url: `usergroup/user-groups/${g['region-sud-mediterranee']}/parents/` })],
  ['GET children', SUPERUSER(200), async () => ({ method: 'GET', url: `usergroup/user-groups/${g['sphere-territoires-littoraux']}/children/` })],
  ['POST parent', SUPERUSER(201), async () => ({
    method: 'POST', url: `usergroup/user-groups/${await freshGroup('organisation')}/parents/`, payload: { parent_id: g['sphere-territoires-littoraux'] },
  })],
  ['POST child', SUPERUSER(201), async () => ({
    method: 'POST', url: `usergroup/user-groups/${g['sphere-territoires-littoraux']}/children/`, payload: { child_id: await freshGroup('organisation') },
  })],
  ['DELETE child', SUPERUSER(204), async () => {
    const child = await freshGroup('organisation');
    await t.db.query('INSERT INTO usergroup_links (parent_id, child_id) VALUES ($1, $2)', [g['sphere-territoires-littoraux'], child]);
    return { method: 'DELETE', url: `usergroup/user-groups/${g['sphere-territoires-littoraux']}/children/${child}/` };
  }],

  ['GET group-members', ACCOUNTS_READ, async () => ({ method: 'GET', url: 'usergroup/group-members/?ordering=-user__date_joined&status__in=0,1' })],
  ['GET contacts', ALL_READ, async () => ({ method: 'GET', url: 'dataset/contacts/' })],
];

it('answers every Accounts call with the status each role expects', async () => {
  const actual: Record<string, number[]> = {};
  const expected: Record<string, number[]> = {};
  for (const [name, statuses, prepare] of CASES) {
    expected[name] = statuses;
    actual[name] = [];
    for (const role of ROLES) {
      const call = await prepare();
      const headers: Record<string, string> = { ...(signedIn[role]?.sessionHeaders ?? {}) };
      let payload: object | Buffer | undefined = call.payload;
      if (call.file) {
        const body = multipart(call.file.bytes, call.file.filename);
        Object.assign(headers, body.headers);
        payload = body.payload;
      }
      const response = await t.app.inject({ method: call.method, url: `/fr/${call.url}`, headers, ...(payload ? { payload } : {}) });
      actual[name].push(response.statusCode);
    }
  }
  expect(actual).toEqual(expected);
});

it('answers 404 to every signed-in role for an id that names no record, malformed or unknown', async () => {
  const endpoints = [
    'usergroup/users',
    'organisation/organisations',
    'usergroup/user-groups',
    'dataset/contacts',
    'dataset/datasets',
    'organisation/jurisdictions',
    'indexer/remote-api-indexes',
  ];
  const actual: Record<string, number[]> = {};
  const expected: Record<string, number[]> = {};
  for (const endpoint of endpoints) {
    for (const id of ['abc', '999999']) {
      for (const method of ['GET', 'DELETE'] as const) {
        const name = `${method} ${endpoint}/${id}/`;
        expected[name] = [404, 404, 404, 404, 404, 401];
        actual[name] = [];
        for (const role of ROLES) {
          const response = await t.app.inject({ method, url: `/fr/${name.split(' ')[1]}`, headers: signedIn[role]?.sessionHeaders ?? {} });
          actual[name].push(response.statusCode);
        }
      }
    }
  }
  expect(actual).toEqual(expected);
});
