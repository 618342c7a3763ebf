/**
 * Every dataset call as every demo role, on demo datasets at every default level, with and without
 * special permissions (of a user group, of a sphere): the exact status each combination answers.
 * A dataset one cannot see answers 404 (its existence is not told); one seen but not editable, 403.
 * Write calls act on a fresh copy of the target (same owner, level and special permissions).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { canSeeDataset, type AccessSubject } from '../../schemas/access.ts';
import { multipart, TINY_PNG } from './accounts-helpers.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

const ROLES = ['admin', 'referent', 'editor', 'member', 'newcomer', 'anonymous'] as const;
type RoleName = (typeof ROLES)[number];

let t: TestApp;
const signedIn: Partial<Record<RoleName, SignedIn>> = {};
const datasetIds: Record<string, number> = {};
let region: number;
let pointOfContact: number;
let regionContact: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) if (role !== 'anonymous') signedIn[role] = await t.signIn(role);
  for (const row of (await t.db.query<{ id: number; codename: string }>('SELECT id, codename FROM datasets')).rows) datasetIds[row.codename] = row.id;
  region = (await t.db.query("SELECT id FROM usergroups WHERE slug = 'region-sud-mediterranee'")).rows[0].id;
  pointOfContact = (await t.db.query("SELECT id FROM contact_roles WHERE codename = 'pointOfContact'")).rows[0].id;
  regionContact = (await t.db.query('SELECT id FROM contacts WHERE usergroup_id = $1 LIMIT 1', [region])).rows[0].id;
});
afterAll(() => t?.close());

/** Demo datasets (src/server/db/seed.ts) by codename, and which of admin, referent, editor, member, newcomer see and edit them. */
const TARGETS: Record<string, { level: string; sees: string; edits: string }> = {
  // region, download
  'lycees-de-la-region': { level: 'download', sees: '11111', edits: '11000' },
  // region, search
  'budget-primitif-regional-2024': { level: 'search', sees: '11111', edits: '11000' },
  // region, private, consultation for the geomaticians' user group (referent is a member)
  'schema-regional-des-donnees-projet': { level: 'private + user group', sees: '11000', edits: '11000' },
  // departement, private, search for the coastal sphere (holding the metropole and the commune)
  'colleges-publics': { level: 'private + sphere', sees: '10110', edits: '10000' },
  // metropole, private (editor's own)
  'comptages-velo': { level: 'private', sees: '10100', edits: '10100' },
  // commune, consultation (member is only a registered user there)
  'deliberations-du-conseil-municipal': { level: 'consultation', sees: '11111', edits: '10000' },
};

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
  file?: Buffer;
}

type Kind = 'read' | 'edit';

const unique = () => randomBytes(4).toString('hex');

/** A copy of a dataset with its owner, default level and special permissions, and a thumbnail and a contact. */
async function freshCopy(id: number): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO datasets (codename, display_name, usergroup_id, default_permission_level, parent_id)
     SELECT $2, display_name, usergroup_id, default_permission_level, parent_id FROM datasets WHERE id = $1 RETURNING id`,
    [id, `copy-${unique()}`],
  );
  const copy = rows[0].id;
  await t.db.query('INSERT INTO dataset_permissions (dataset_id, usergroup_id, level) SELECT $2, usergroup_id, level FROM dataset_permissions WHERE dataset_id = $1', [id, copy]);
  await t.db.query("INSERT INTO dataset_files (dataset_id, kind, content, content_type, size) VALUES ($1, 'thumbnail', $2, 'image/png', $3)", [copy, TINY_PNG, TINY_PNG.length]);
  await t.db.query('UPDATE datasets SET thumbnail_updated_at = now() WHERE id = $1', [copy]);
  return copy;
}

/** A contact of the dataset's owner, which its editors may link (the region's, for a group without one). */
async function ownerContact(datasetId: number): Promise<number> {
  const { rows } = await t.db.query('SELECT c.id FROM contacts c JOIN datasets d ON d.usergroup_id = c.usergroup_id WHERE d.id = $1 ORDER BY c.id LIMIT 1', [datasetId]);
  return rows[0]?.id ?? regionContact;
}

async function contactRole(datasetId: number): Promise<number> {
  const { rows } = await t.db.query('INSERT INTO dataset_contacts (dataset_id, contact_id, role_id) VALUES ($1, $2, $3) RETURNING id', [datasetId, regionContact, pointOfContact]);
  return rows[0].id;
}

/** Every call on one dataset: what it needs (see or edit), its success status and how to make it. */
const DATASET_CALLS: Array<[string, Kind, number, (id: number) => Promise<Call>]> = [
  ['GET dataset', 'read', 200, async (id) => ({ method: 'GET', url: `datasets/${id}/` })],
  ['PUT dataset', 'edit', 200, async (id) => {
    const copy = await freshCopy(id);
    const { usergroup_id } = (await t.db.query('SELECT usergroup_id FROM datasets WHERE id = $1', [copy])).rows[0];
    return { method: 'PUT', url: `datasets/${copy}/`, payload: { display_name: 'Renommé', usergroup: usergroup_id, tags: ['x'] } };
  }],
  ['PATCH dataset', 'edit', 200, async (id) => ({ method: 'PATCH', url: `datasets/${await freshCopy(id)}/`, payload: { description: 'Changée' } })],
  ['DELETE dataset', 'edit', 204, async (id) => ({ method: 'DELETE', url: `datasets/${await freshCopy(id)}/` })],
  ['GET thumbnail', 'read', 200, async (id) => ({ method: 'GET', url: `datasets/${await freshCopy(id)}/thumbnail/` })],
  ['PUT thumbnail', 'edit', 200, async (id) => ({ method: 'PUT', url: `datasets/${await freshCopy(id)}/thumbnail/`, file: TINY_PNG })],
  ['DELETE thumbnail', 'edit', 204, async (id) => ({ method: 'DELETE', url: `datasets/${await freshCopy(id)}/thumbnail/` })],
  ['GET children', 'read', 200, async (id) => ({ method: 'GET', url: `datasets/${id}/children/` })],
  ['GET activity', 'edit', 200, async (id) => ({ method: 'GET', url: `datasets/${id}/activity/?page=1` })],
  ['POST duplicate', 'edit', 201, async (id) => ({ method: 'POST', url: `datasets/${await freshCopy(id)}/duplicate/` })],
  ['GET contact roles', 'read', 200, async (id) => ({ method: 'GET', url: `datasets/${id}/contact-roles/` })],
  ['POST contact role', 'edit', 201, async (id) => {
    const copy = await freshCopy(id);
    return { method: 'POST', url: `datasets/${copy}/contact-roles/`, payload: { contact: await ownerContact(copy), role: pointOfContact } };
  }],
  ['PUT contact role', 'edit', 200, async (id) => {
    const copy = await freshCopy(id);
    return { method: 'PUT', url: `datasets/${copy}/contact-roles/${await contactRole(copy)}/?force=true`, payload: { contact: await ownerContact(copy), role: pointOfContact } };
  }],
  ['DELETE contact role', 'edit', 204, async (id) => {
    const copy = await freshCopy(id);
    return { method: 'DELETE', url: `datasets/${copy}/contact-roles/${await contactRole(copy)}/?force=true` };
  }],
  ['GET access', 'edit', 200, async (id) => ({ method: 'GET', url: `datasets/${id}/access/` })],
  ['GET usergroup permissions', 'edit', 200, async (id) => ({ method: 'GET', url: `usergroup-permissions/?dataset_id=${id}&level__in=1,2,3` })],
  ['PUT permission action', 'edit', 200, async (id) => ({
    method: 'PUT', url: 'usergroup-permission-actions/?action=set_permission_level_search', payload: { dataset_id: await freshCopy(id), usergroup_ids: [region] },
  })],
];

/** Calls not about one dataset: [admin, referent, editor, member, newcomer, anonymous]. */
const ALL_READ = [200, 200, 200, 200, 200, 401];
const LIST_CALLS: Array<[string, number[], () => Call]> = [
  ['GET datasets', ALL_READ, () => ({ method: 'GET', url: 'datasets/?ordering=-revision_date&search=donnees&publish=true' })],
  ['GET datasets-count', ALL_READ, () => ({ method: 'GET', url: 'datasets-count/' })],
  ['POST datasets of the region', [201, 201, 403, 403, 403, 401], () => ({
    method: 'POST', url: 'datasets/', payload: { display_name: `Nouveau ${unique()}`, usergroup: region },
  })],
  // Licences are read by those with the Data paths (their own rules).
  ['GET licenses', [200, 200, 200, 403, 403, 401], () => ({ method: 'GET', url: 'licenses/' })],
  ...['categories', 'granularities', 'topics', 'kinds', 'restrictions', 'update-frequencies', 'record-types', 'contact-roles'].map(
    (list) => [`GET ${list}`, ALL_READ, () => ({ method: 'GET', url: `${list}/` })] as [string, number[], () => Call],
  ),
];

async function run(role: RoleName, call: Call): Promise<number> {
  const headers: Record<string, string> = { ...(signedIn[role]?.sessionHeaders ?? {}) };
  let payload: object | Buffer | undefined = call.payload;
  if (call.file) {
    const body = multipart(call.file, 'vignette.png');
    Object.assign(headers, body.headers);
    payload = body.payload;
  }
  const url = call.url.startsWith('usergroup/') ? `/fr/${call.url}` : `/fr/dataset/${call.url}`;
  return (await t.app.inject({ method: call.method, url, headers, ...(payload ? { payload } : {}) })).statusCode;
}

function expectedStatus(kind: Kind, success: number, sees: boolean, edits: boolean): number {
  if (!sees) return 404;
  if (kind === 'edit' && !edits) return 403;
  return success;
}

it('answers every dataset call, on datasets at every level, with the status each role expects', async () => {
  const actual: Record<string, number[]> = {};
  const expected: Record<string, number[]> = {};
  for (const [codename, target] of Object.entries(TARGETS)) {
    const id = datasetIds[codename];
    expect(id, codename).toBeDefined();
    for (const [name, kind, success, prepare] of DATASET_CALLS) {
      const key = `${name} · ${codename} (${target.level})`;
      expected[key] = [...ROLES.slice(0, 5).map((_, index) => expectedStatus(kind, success, target.sees[index] === '1', target.edits[index] === '1')), 401];
      actual[key] = [];
      for (const role of ROLES) actual[key].push(await run(role, await prepare(id)));
    }
  }
  for (const [name, statuses, prepare] of LIST_CALLS) {
    expected[name] = statuses;
    actual[name] = [];
    for (const role of ROLES) actual[name].push(await run(role, prepare()));
  }
  expected['GET taggit tags'] = ALL_READ;
  actual['GET taggit tags'] = [];
  for (const role of ROLES) actual['GET taggit tags'].push(await run(role, { method: 'GET', url: 'usergroup/taggit/tags/?search=mob' }));
  expect(actual).toEqual(expected);
});

it('lists and counts exactly the datasets each role sees, as the shared rules decide', async () => {
  const { rows: datasets } = await t.db.query<{ id: number; usergroup: number; default_permission_level: number }>(
    "SELECT id, usergroup_id AS usergroup, default_permission_level FROM datasets WHERE codename NOT LIKE 'copy-%'",
  );
  const { rows: grants } = await t.db.query<{ dataset_id: number; usergroup_id: number; level: number }>('SELECT dataset_id, usergroup_id, level FROM dataset_permissions');
  for (const role of ROLES.slice(0, 5)) {
    const headers = signedIn[role]!.jwtHeaders;
    const user = (await t.app.inject({ url: '/fr/login/', headers })).json<AccessSubject>();
    const organisations = user.usergroup_roles.filter((r) => r.usergroup_type === 'organisation').map((r) => r.usergroup_id);
    const { rows: spheres } = await t.db.query<{ parent_id: number }>(
      `SELECT l.parent_id FROM usergroup_links l JOIN usergroups s ON s.id = l.parent_id AND s.usergroup_type = 'group-of-organisation'
        WHERE l.child_id = ANY($1::integer[])`,
      [organisations],
    );
    const sphereIds = spheres.map((row) => row.parent_id);
    const shouldSee = datasets
      .filter((dataset) => canSeeDataset(user, dataset, grants.filter((g) => g.dataset_id === dataset.id), sphereIds))
      .map((dataset) => dataset.id)
      .sort((a, b) => a - b);
    const listed = (await t.app.inject({ url: '/fr/dataset/datasets/?page_size=1000', headers })).json().results
      .map((record: { id: number }) => record.id)
      .filter((id: number) => datasets.some((dataset) => dataset.id === id))
      .sort((a: number, b: number) => a - b);
    expect(listed, role).toEqual(shouldSee);
    const count = (await t.app.inject({ url: '/fr/dataset/datasets-count/', headers })).json();
    const total = (await t.app.inject({ url: '/fr/dataset/datasets/', headers })).json().count;
    expect(count.viewable, role).toBe(total);
  }
});
