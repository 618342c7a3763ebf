/**
 * A dataset's special permissions: the groups' levels (usergroup-permissions/), bulk changes
 * (usergroup-permission-actions/) with their activity entry, and "who can see this dataset, and
 * why" (datasets/{id}/access/), for groups and for one user. Each call as every kind of caller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupIds } from './accounts-helpers.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let referent: SignedIn;
let member: SignedIn;
/** Editor of the Département, another organisation than the editor's Métropole. */
let otherEditor: SignedIn;
/** Member of the geomaticians' user group. */
let geomatician: SignedIn;
let g: Record<string, number>;
let d: Record<string, number>;
let groupCount: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, editor, referent, member, otherEditor, geomatician] = await Promise.all(
    ['admin', 'editor', 'referent', 'member', 'marie.lefebvre', 'thomas.girard'].map((name) => t.signIn(name)),
  );
  g = await groupIds(t);
  const { rows } = await t.db.query<{ id: number; codename: string }>('SELECT id, codename FROM datasets');
  d = Object.fromEntries(rows.map((row) => [row.codename, row.id]));
  groupCount = (await t.db.query('SELECT count(*)::integer AS n FROM usergroups')).rows[0].n;
});
afterAll(() => t?.close());

type Caller = SignedIn | null;

const get = (path: string, who: Caller = admin, locale = 'fr') =>
  t.app.inject({ url: `/${locale}/dataset/${path}`, headers: who?.jwtHeaders ?? {} });
const put = (action: string, payload: unknown, who: Caller = admin, locale = 'fr') =>
  t.app.inject({
    method: 'PUT',
    url: `/${locale}/dataset/usergroup-permission-actions/?action=${action}`,
    headers: who?.sessionHeaders ?? {},
    payload: payload as object,
  });

const levels = async (datasetId: number) =>
  Object.fromEntries(
    (await t.db.query<{ usergroup_id: number; level: number }>('SELECT usergroup_id, level FROM dataset_permissions WHERE dataset_id = $1', [datasetId])).rows.map(
      (row) => [row.usergroup_id, row.level],
    ),
  );

const activity = async (datasetId: number) =>
  (await t.db.query<{ action: string; user_id: number; changes: unknown }>(
    'SELECT action, user_id, changes FROM dataset_activity WHERE dataset_id = $1 ORDER BY id',
    [datasetId],
  )).rows;

/** A fresh dataset of `owner` at `level`, with no special permission. */
async function dataset(owner: string, level = 0): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO datasets (codename, display_name, usergroup_id, default_permission_level) VALUES ($1, $2, $3, $4) RETURNING id`,
    [`perm-${Math.random().toString(36).slice(2, 10)}`, 'Jeu de test des droits', g[owner], level],
  );
  return rows[0].id;
}

describe('who may call', () => {
  // The editor's private dataset (Métropole): others do not see it. A public one of the Métropole: others see it, only its editors change it.
  it('answers the owner and superusers; 404 to those who do not see the dataset, 403 to those who see it only', async () => {
    const own = d['comptages-velo'];
    const seen = d['arrets-de-bus-du-reseau-urbain'];
    const callers: Array<[string, Caller]> = [['admin', admin], ['editor', editor], ['other editor', otherEditor], ['member', member], ['anonymous', null]];
    const statuses: Record<string, number[]> = {};
    for (const [name, who] of callers) {
      statuses[name] = [
        (await get(`usergroup-permissions/?dataset_id=${own}`, who)).statusCode,
        (await get(`usergroup-permissions/?dataset_id=${seen}`, who)).statusCode,
        (await put('set_permission_level_search', { dataset_id: own, usergroup_ids: [g['groupe-de-travail-mobilite']] }, who)).statusCode,
        (await put('set_permission_level_search', { dataset_id: seen, usergroup_ids: [g['groupe-de-travail-mobilite']] }, who)).statusCode,
        (await get(`datasets/${own}/access/`, who)).statusCode,
        (await get(`datasets/${seen}/access/`, who)).statusCode,
        (await get(`datasets/${seen}/access/?user=editor`, who)).statusCode,
      ];
    }
    expect(statuses).toEqual({
      admin: [200, 200, 200, 200, 200, 200, 200],
      editor: [200, 200, 200, 200, 200, 200, 200],
      'other editor': [404, 403, 404, 403, 404, 403, 403],
      member: [404, 403, 404, 403, 404, 403, 403],
      anonymous: [401, 401, 401, 401, 401, 401, 401],
    });
    // A write without the CSRF header is refused, and writes nothing.
    const before = await levels(own);
    const noCsrf = await t.app.inject({
      method: 'PUT',
      url: '/fr/dataset/usergroup-permission-actions/?action=set_permission_level_download',
      headers: { cookie: editor.cookie },
      payload: { dataset_id: own, usergroup_ids: [g['reseau-des-geomaticiens']] },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await levels(own)).toEqual(before);
    // An unknown dataset answers as an invisible one.
    expect((await get('usergroup-permissions/?dataset_id=999999', admin)).statusCode).toBe(404);
    expect((await put('set_permission_level_search', { dataset_id: 999999, usergroup_ids: [g['groupe-de-travail-mobilite']] })).statusCode).toBe(404);
  });
});

describe('usergroup-permissions/', () => {
  it('lists every group with its level on the dataset, 0 without a special permission', async () => {
    const id = d['colleges-publics'];
    const response = await get(`usergroup-permissions/?dataset_id=${id}&page_size=100`, otherEditor);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ count: groupCount, next: null, previous: null });
    expect(page.results).toHaveLength(groupCount);
    const epci = (await t.db.query("SELECT id FROM organisation_types WHERE codename = 'epci'")).rows[0].id;
    expect(page.results.find((row: { id: number }) => row.id === g['metropole-cote-azurine'])).toEqual({
      id: g['metropole-cote-azurine'],
      dataset_id: id,
      usergroup_id: g['metropole-cote-azurine'],
      display_name: 'Métropole Côte-Azurine',
      usergroup_type: 'organisation',
      organisation_type: epci,
      organisation_type_label: 'Intercommunalité',
      level: 0,
      effective_level: 1,
      effective_reasons: [{ via: 'sphere', level: 1, through: { id: g['sphere-territoires-littoraux'], display_name: 'Sphère Territoires littoraux' } }],
    });
    expect(page.results.find((row: { id: number }) => row.id === g['sphere-territoires-littoraux'])).toEqual({
      id: g['sphere-territoires-littoraux'],
      dataset_id: id,
      usergroup_id: g['sphere-territoires-littoraux'],
      display_name: 'Sphère Territoires littoraux',
      usergroup_type: 'group-of-organisation',
      organisation_type: null,
      organisation_type_label: null,
      level: 1,
      effective_level: 1,
      effective_reasons: [{ via: 'special', level: 1, through: null }],
    });
    // Ordered by name by default, accents aside.
    const names = page.results.map((row: { display_name: string }) => row.display_name);
    expect(names[0]).toBe('Association Données ouvertes en Provence');
    expect(names.indexOf('Département des Alpes-Provençales')).toBeLessThan(names.indexOf('Groupe de travail Mobilité'));
  });

  it("names each group's organisation type in the reader's language", async () => {
    const id = d['colleges-publics'];
    const label = async (locale: string) => {
      const response = await get(`usergroup-permissions/?dataset_id=${id}&page_size=100`, otherEditor, locale);
      return response.json().results.find((row: { id: number }) => row.id === g['metropole-cote-azurine']).organisation_type_label;
    };
    expect(await label('en')).toBe('Inter-municipal authority');
    expect(await label('it')).toBe('Ente intercomunale');
  });

  it('filters by group type, one organisation type and several levels, searches and orders', async () => {
    const id = await dataset('metropole-cote-azurine');
    expect((await put('set_permission_level_download', { dataset_id: id, usergroup_ids: [g['reseau-des-geomaticiens'], g['commune-de-saint-aubin-sur-mer']] }, editor)).statusCode).toBe(200);
    expect((await put('set_permission_level_consultation', { dataset_id: id, usergroup_ids: [g['sphere-territoires-littoraux']] }, editor)).statusCode).toBe(200);
    const list = async (query: string) => {
      const response = await get(`usergroup-permissions/?dataset_id=${id}&page_size=100&${query}`, editor, 'en');
      expect(response.statusCode, query).toBe(200);
      return response.json() as { count: number; results: Array<{ id: number; display_name: string; level: number; usergroup_type: string }> };
    };
    const ids = async (query: string) => (await list(query)).results.map((row) => row.id);

    expect(await ids('usergroup_type=user-group')).toEqual([g['groupe-de-travail-mobilite'], g['reseau-des-geomaticiens']]);
    expect(await ids('usergroup_type=group-of-organisation')).toEqual([g['sphere-territoires-littoraux']]);
    expect((await list('usergroup_type=organisation')).count).toBe(6);
    const region = (await t.db.query("SELECT id FROM organisation_types WHERE codename = 'region'")).rows[0].id;
    expect(await ids(`organisation_type_id=${region}`)).toEqual([g['region-sud-mediterranee']]);
    expect(await ids('level__in=3')).toEqual([g['commune-de-saint-aubin-sur-mer'], g['reseau-des-geomaticiens']]);
    expect(await ids('level__in=2,3&ordering=-level,display_name')).toEqual([
      g['commune-de-saint-aubin-sur-mer'], g['reseau-des-geomaticiens'], g['sphere-territoires-littoraux'],
    ]);
    expect(await ids('level__in=2,3&ordering=level')).toEqual([
      g['sphere-territoires-littoraux'], g['commune-de-saint-aubin-sur-mer'], g['reseau-des-geomaticiens'],
    ]);
    expect((await list('level__in=0')).count).toBe(groupCount - 3);
    expect(await ids('level__in=3&usergroup_type=organisation')).toEqual([g['commune-de-saint-aubin-sur-mer']]);
    // Search ignores case and accents.
    expect(await ids('search=METROPOLE')).toEqual([g['metropole-cote-azurine']]);
    expect(await ids('search=geomat')).toEqual([g['reseau-des-geomaticiens']]);
    expect(await ids('search=sud%20région')).toEqual([g['region-sud-mediterranee']]);
    // Ordering by name both ways, and by type.
    const ascending = (await list('ordering=display_name')).results.map((row) => row.id);
    expect((await list('ordering=-display_name')).results.map((row) => row.id)).toEqual([...ascending].reverse());
    const types = (await list('ordering=-usergroup_type')).results.map((row) => row.usergroup_type);
    expect(types).toEqual([...types].sort().reverse());
    // Pages.
    const paged = (await get(`usergroup-permissions/?dataset_id=${id}&page_size=4&page=2`, editor)).json();
    expect(paged).toMatchObject({ count: groupCount, results: expect.any(Array) });
    expect(paged.results.map((row: { id: number }) => row.id)).toEqual(ascending.slice(4, 8));
    expect(paged.previous).toBe(`http://localhost/fr/dataset/usergroup-permissions/?dataset_id=${id}&page_size=4`);
  });

  it('says what each group can actually do and why, by the rules every dataset call applies, and filters on it', async () => {
    // The Métropole's dataset everyone may search, shared for download with the mobility user group.
    const id = await dataset('metropole-cote-azurine', 1);
    await put('set_permission_level_download', { dataset_id: id, usergroup_ids: [g['groupe-de-travail-mobilite']] }, editor);
    await put('set_permission_level_consultation', { dataset_id: id, usergroup_ids: [g['sphere-territoires-littoraux']] }, editor);
    const response = await get(`usergroup-permissions/?dataset_id=${id}&page_size=100`, editor);
    expect(response.statusCode).toBe(200);
    const rows = new Map(response.json().results.map((row: { id: number }) => [row.id, row]));
    const littoral = { id: g['sphere-territoires-littoraux'], display_name: 'Sphère Territoires littoraux' };
    const everyone = { via: 'default', level: 1, through: null };
    expect(rows.get(g['metropole-cote-azurine'])).toMatchObject({
      level: 0,
      effective_level: 3,
      effective_reasons: [{ via: 'owner', level: 3, through: null }, { via: 'sphere', level: 2, through: littoral }, everyone],
    });
    expect(rows.get(g['groupe-de-travail-mobilite'])).toMatchObject({
      level: 3,
      effective_level: 3,
      effective_reasons: [{ via: 'special', level: 3, through: null }, everyone],
    });
    expect(rows.get(g['commune-de-saint-aubin-sur-mer'])).toMatchObject({
      level: 0,
      effective_level: 2,
      effective_reasons: [{ via: 'sphere', level: 2, through: littoral }, everyone],
    });
    expect(rows.get(g['association-donnees-ouvertes-en-provence'])).toMatchObject({ level: 0, effective_level: 1, effective_reasons: [everyone] });

    const filtered = async (levels: string) => {
      const page = await get(`usergroup-permissions/?dataset_id=${id}&page_size=100&effective_level__in=${levels}`, editor);
      expect(page.statusCode).toBe(200);
      return page.json().results.map((row: { id: number }) => row.id).sort((a: number, b: number) => a - b);
    };
    const reachedAt = (level: number) => [...rows.values()].filter((row) => (row as { effective_level: number }).effective_level === level).map((row) => (row as { id: number }).id).sort((a, b) => a - b);
    expect(await filtered('3')).toEqual([g['groupe-de-travail-mobilite'], g['metropole-cote-azurine']].sort((a, b) => a - b));
    expect(await filtered('2')).toEqual(reachedAt(2));
    expect(await filtered('2')).toContain(g['commune-de-saint-aubin-sur-mer']);
    // The default level: every group the rules do not reach further.
    expect(await filtered('1')).toEqual(reachedAt(1));
    expect((await filtered('1,2,3')).length).toBe(groupCount);
    expect(await filtered('0')).toEqual([]);
    // With the special-permission filter too.
    expect(await filtered('3&level__in=0')).toEqual([g['metropole-cote-azurine']]);

    const bad = await get(`usergroup-permissions/?dataset_id=${id}&effective_level__in=4`, editor);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('effective_level__in');
  });

  it('answers 400 on a missing or bad dataset_id and bad filters', async () => {
    const id = d['comptages-velo'];
    const cases: Array<[string, object]> = [
      ['', { dataset_id: ['This field is required.'] }],
      ['dataset_id=', { dataset_id: ['This field is required.'] }],
      ['dataset_id=abc', { dataset_id: ['A valid integer is required.'] }],
      ['dataset_id=-3', { dataset_id: ['A valid integer is required.'] }],
      ['dataset_id=99999999999999', { dataset_id: ['A valid integer is required.'] }],
      [`dataset_id=${id}&level__in=1,5`, { level__in: ['Invalid value.'] }],
      [`dataset_id=${id}&level__in=x`, { level__in: ['A valid integer is required.'] }],
      [`dataset_id=${id}&usergroup_type=sphere`, { usergroup_type: ['Invalid value.'] }],
      [`dataset_id=${id}&organisation_type_id=epci`, { organisation_type_id: ['A valid integer is required.'] }],
      [`dataset_id=${id}&ordering=name`, { ordering: ['Invalid ordering field: "name".'] }],
    ];
    for (const [query, body] of cases) {
      const response = await get(`usergroup-permissions/?${query}`, editor, 'en');
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual(body);
    }
    expect((await get('usergroup-permissions/', editor, 'fr')).json()).toEqual({ dataset_id: ['Ce champ est obligatoire.'] });
  });
});

describe('usergroup-permission-actions/', () => {
  it('grants and removes levels in bulk, records each group\'s old and new level, and the groups reach the dataset', async () => {
    const id = await dataset('metropole-cote-azurine');
    const geomaticians = g['reseau-des-geomaticiens'];
    const mobility = g['groupe-de-travail-mobilite'];
    const commune = g['commune-de-saint-aubin-sur-mer'];
    // Private: a geomatician does not see it.
    expect((await get(`datasets/${id}/`, geomatician)).statusCode).toBe(404);

    const granted = await put('set_permission_level_consultation', { dataset_id: id, usergroup_ids: [geomaticians, mobility, geomaticians] }, editor);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ updated: 2 });
    expect(await levels(id)).toEqual({ [geomaticians]: 2, [mobility]: 2 });
    expect((await get(`datasets/${id}/`, geomatician)).statusCode).toBe(200);

    const raised = await put('set_permission_level_download', { dataset_id: id, usergroup_ids: [geomaticians, commune] }, editor);
    expect(raised.json()).toEqual({ updated: 2 });
    expect(await levels(id)).toEqual({ [geomaticians]: 3, [mobility]: 2, [commune]: 3 });

    const removed = await put('set_permission_level_private', { dataset_id: id, usergroup_ids: [geomaticians, mobility, g['region-sud-mediterranee']] }, editor);
    expect(removed.json()).toEqual({ updated: 3 });
    expect(await levels(id)).toEqual({ [commune]: 3 });
    expect((await get(`datasets/${id}/`, geomatician)).statusCode).toBe(404);

    // Setting a level a group already has changes nothing and records nothing.
    expect((await put('set_permission_level_download', { dataset_id: id, usergroup_ids: [commune] }, editor)).json()).toEqual({ updated: 1 });

    const entries = await activity(id);
    expect(entries).toEqual([
      {
        action: 'permissions',
        user_id: editor.userId,
        changes: {
          permissions: {
            old: [
              { id: mobility, display_name: 'Groupe de travail Mobilité', level: 0 },
              { id: geomaticians, display_name: 'Réseau des géomaticiens', level: 0 },
            ],
            new: [
              { id: mobility, display_name: 'Groupe de travail Mobilité', level: 2 },
              { id: geomaticians, display_name: 'Réseau des géomaticiens', level: 2 },
            ],
          },
        },
      },
      {
        action: 'permissions',
        user_id: editor.userId,
        changes: {
          permissions: {
            old: [
              { id: commune, display_name: 'Commune de Saint-Aubin-sur-Mer', level: 0 },
              { id: geomaticians, display_name: 'Réseau des géomaticiens', level: 2 },
            ],
            new: [
              { id: commune, display_name: 'Commune de Saint-Aubin-sur-Mer', level: 3 },
              { id: geomaticians, display_name: 'Réseau des géomaticiens', level: 3 },
            ],
          },
        },
      },
      {
        action: 'permissions',
        user_id: editor.userId,
        changes: {
          permissions: {
            old: [
              { id: mobility, display_name: 'Groupe de travail Mobilité', level: 2 },
              { id: geomaticians, display_name: 'Réseau des géomaticiens', level: 3 },
            ],
            new: [
              { id: mobility, display_name: 'Groupe de travail Mobilité', level: 0 },
              { id: geomaticians, display_name: 'Réseau des géomaticiens', level: 0 },
            ],
          },
        },
      },
    ]);
    // The history answers it.
    const history = (await get(`datasets/${id}/activity/`, editor)).json();
    expect(history.count).toBe(3);
    expect(history.results[0]).toMatchObject({ action: 'permissions', user: { username: 'editor' } });
  });

  it('runs concurrent changes of one dataset one after the other, each recording the levels the previous one left', async () => {
    const id = await dataset('metropole-cote-azurine');
    const groups = [g['reseau-des-geomaticiens'], g['groupe-de-travail-mobilite']];
    const sequence = ['download', 'search', 'private', 'consultation', 'download', 'search'];
    const responses = await Promise.all(sequence.map((level) => put(`set_permission_level_${level}`, { dataset_id: id, usergroup_ids: groups }, editor)));
    expect(responses.map((response) => response.statusCode)).toEqual(sequence.map(() => 200));
    const entries = (await activity(id)).map((entry) => entry.changes as { permissions: { old: Array<{ level: number }>; new: Array<{ level: number }> } });
    let current = [0, 0];
    for (const { permissions } of entries) {
      expect(permissions.old.map((group) => group.level)).toEqual(current);
      current = permissions.new.map((group) => group.level);
    }
    const final = await levels(id);
    expect(groups.map((group) => final[group] ?? 0)).toEqual(current);
  });

  it('answers 400, never 500, on a bad action or body, and writes nothing', async () => {
    const id = await dataset('metropole-cote-azurine');
    await put('set_permission_level_search', { dataset_id: id, usergroup_ids: [g['groupe-de-travail-mobilite']] }, editor);
    const before = { levels: await levels(id), activity: await activity(id) };
    const mobility = g['groupe-de-travail-mobilite'];
    const actions = 'set_permission_level_private, set_permission_level_search, set_permission_level_consultation, set_permission_level_download';
    const cases: Array<[string, unknown, object]> = [
      ['set_permission_level_admin', { dataset_id: id, usergroup_ids: [mobility] }, { action: [`Unknown action: the actions are ${actions}.`] }],
      ['', { dataset_id: id, usergroup_ids: [mobility] }, { action: [`Unknown action: the actions are ${actions}.`] }],
      ['constructor', { dataset_id: id, usergroup_ids: [mobility] }, { action: [`Unknown action: the actions are ${actions}.`] }],
      ['set_permission_level_search', { dataset_id: id, usergroup_ids: [mobility, 999999, 888888] }, { usergroup_ids: ['Unknown group(s): 999999, 888888.'] }],
      ['set_permission_level_private', { dataset_id: id, usergroup_ids: [mobility, 999999] }, { usergroup_ids: ['Unknown group(s): 999999.'] }],
      ['set_permission_level_search', { dataset_id: id, usergroup_ids: Array.from({ length: 5000 }, (_, i) => i + 1) }, { usergroup_ids: ['Give between 1 and 1000 groups.'] }],
      ['set_permission_level_search', { dataset_id: id, usergroup_ids: [] }, { usergroup_ids: ['Give between 1 and 1000 groups.'] }],
      ['set_permission_level_search', { dataset_id: id, usergroup_ids: mobility }, { usergroup_ids: ['Give between 1 and 1000 groups.'] }],
      ['set_permission_level_search', { dataset_id: id, usergroup_ids: [mobility, 'x'] }, { usergroup_ids: ['Invalid value.'] }],
      ['set_permission_level_search', { dataset_id: id, usergroup_ids: [mobility, 1.5, -2] }, { usergroup_ids: ['Invalid value.'] }],
      ['set_permission_level_search', { dataset_id: id, usergroup_ids: [{ id: mobility }] }, { usergroup_ids: ['Invalid value.'] }],
      ['set_permission_level_search', { usergroup_ids: [mobility] }, { dataset_id: ['This field is required.'] }],
      ['set_permission_level_search', { dataset_id: 'abc', usergroup_ids: [mobility] }, { dataset_id: ['A valid integer is required.'] }],
      ['set_permission_level_search', { dataset_id: id }, { usergroup_ids: ['This field is required.'] }],
      // A body that is no object of fields, whatever the action.
      ['set_permission_level_search', [1, 2], { non_field_errors: ['Invalid data. Expected a dictionary of fields.'] }],
      ['nope', {}, { action: [`Unknown action: the actions are ${actions}.`], dataset_id: ['This field is required.'], usergroup_ids: ['This field is required.'] }],
    ];
    for (const [action, payload, body] of cases) {
      const response = await put(action, payload, editor, 'en');
      expect(response.statusCode, `${action} ${JSON.stringify(payload).slice(0, 80)}`).toBe(400);
      expect(response.json(), action).toEqual(body);
    }
    expect(await levels(id)).toEqual(before.levels);
    expect(await activity(id)).toEqual(before.activity);
    // Messages follow the locale.
    expect((await put('set_permission_level_search', { dataset_id: id, usergroup_ids: [999999] }, editor, 'fr')).json()).toEqual({
      usergroup_ids: ['Groupe(s) inconnu(s) : 999999.'],
    });
    expect((await put('set_permission_level_search', { dataset_id: id, usergroup_ids: [999999] }, editor, 'it')).json()).toEqual({
      usergroup_ids: ['Gruppo/i sconosciuto/i: 999999.'],
    });
    // Ids may come as their digits, as in a form.
    const digits = await put('set_permission_level_download', { dataset_id: String(id), usergroup_ids: [String(mobility)] }, editor);
    expect(digits.json()).toEqual({ updated: 1 });
    expect(await levels(id)).toEqual({ [mobility]: 3 });
  });
});

describe('datasets/{id}/access/', () => {
  it('names every group reaching the dataset and through what: owner, special permission, sphere', async () => {
    // The Département's private school dataset, shared with the coastal sphere (Métropole, Commune, Département).
    const response = await get(`datasets/${d['colleges-publics']}/access/`, otherEditor);
    expect(response.statusCode).toBe(200);
    const littoral = { id: g['sphere-territoires-littoraux'], display_name: 'Sphère Territoires littoraux' };
    expect(response.json()).toEqual({
      dataset_id: d['colleges-publics'],
      default_permission_level: 0,
      groups: [
        {
          usergroup: { id: g['departement-des-alpes-provencales'], display_name: 'Département des Alpes-Provençales', usergroup_type: 'organisation' },
          level: 3,
          reasons: [{ via: 'owner', level: 3, through: null }, { via: 'sphere', level: 1, through: littoral }],
        },
        {
          usergroup: { id: g['commune-de-saint-aubin-sur-mer'], display_name: 'Commune de Saint-Aubin-sur-Mer', usergroup_type: 'organisation' },
          level: 1,
          reasons: [{ via: 'sphere', level: 1, through: littoral }],
        },
        {
          usergroup: { id: g['metropole-cote-azurine'], display_name: 'Métropole Côte-Azurine', usergroup_type: 'organisation' },
          level: 1,
          reasons: [{ via: 'sphere', level: 1, through: littoral }],
        },
        {
          usergroup: { ...littoral, usergroup_type: 'group-of-organisation' },
          level: 1,
          reasons: [{ via: 'special', level: 1, through: null }],
        },
      ],
    });
  });

  it('follows the changes: a group granted more than its sphere, a group removed, the default level', async () => {
    const id = await dataset('metropole-cote-azurine', 1);
    await put('set_permission_level_search', { dataset_id: id, usergroup_ids: [g['sphere-territoires-littoraux']] }, editor);
    await put('set_permission_level_download', { dataset_id: id, usergroup_ids: [g['commune-de-saint-aubin-sur-mer'], g['reseau-des-geomaticiens']] }, editor);
    const answer = (await get(`datasets/${id}/access/`, editor, 'en')).json();
    expect(answer.default_permission_level).toBe(1);
    const summary = answer.groups.map((group: { usergroup: { display_name: string }; level: number; reasons: Array<{ via: string; level: number }> }) =>
      `${group.usergroup.display_name} ${group.level} ${group.reasons.map((reason) => `${reason.via}:${reason.level}`).join(',')}`);
    expect(summary).toEqual([
      'Commune de Saint-Aubin-sur-Mer 3 special:3,sphere:1',
      'Métropole Côte-Azurine 3 owner:3,sphere:1',
      'Réseau des géomaticiens 3 special:3',
      'Département des Alpes-Provençales 1 sphere:1',
      'Sphère Territoires littoraux 1 special:1',
    ]);
    await put('set_permission_level_private', { dataset_id: id, usergroup_ids: [g['sphere-territoires-littoraux'], g['reseau-des-geomaticiens']] }, editor);
    const after = (await get(`datasets/${id}/access/`, editor)).json();
    expect(after.groups.map((group: { usergroup: { id: number }; level: number }) => [group.usergroup.id, group.level])).toEqual([
      [g['commune-de-saint-aubin-sur-mer'], 3],
      [g['metropole-cote-azurine'], 3],
    ]);
  });

  it('answers for one user their level and why, and whether they see and change the dataset, as every dataset call decides', async () => {
    const id = d['schema-regional-des-donnees-projet']; // the Région's, private, consultation for the geomaticians
    // A delegated administrator of the Région asks about a fellow geomatician, by username and by e-mail in any case.
    for (const account of ['thomas.girard', 'THOMAS.GIRARD@demo.publish.example']) {
      const response = await get(`datasets/${id}/access/?user=${encodeURIComponent(account)}`, referent);
      expect(response.statusCode, account).toBe(200);
      expect(response.json()).toEqual({
        user: { id: geomatician.userId, username: 'thomas.girard', first_name: 'Thomas', last_name: 'Girard' },
        level: 2,
        visible: true,
        editable: false,
        reasons: [{ via: 'special', level: 2, usergroup: { id: g['reseau-des-geomaticiens'], display_name: 'Réseau des géomaticiens' }, through: null }],
      });
    }
    expect((await get(`datasets/${id}/`, geomatician)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PATCH', url: `/fr/dataset/datasets/${id}/`, headers: geomatician.sessionHeaders, payload: { description: 'x' } })).statusCode).toBe(403);

    // Themselves: the owner's editor.
    expect((await get(`datasets/${id}/access/?user=referent`, referent)).json()).toMatchObject({
      level: 3,
      visible: true,
      editable: true,
      reasons: [
        { via: 'owner', level: 3, usergroup: { id: g['region-sud-mediterranee'], display_name: 'Région Sud-Méditerranée' }, through: null },
        { via: 'special', level: 2, usergroup: { id: g['reseau-des-geomaticiens'] }, through: null },
      ],
    });

    // A superuser asks about anyone: the member reaches the coastal sphere's dataset through their commune.
    const colleges = d['colleges-publics'];
    expect((await get(`datasets/${colleges}/access/?user=member`, admin)).json()).toEqual({
      user: { id: member.userId, username: 'member', first_name: 'Sophie', last_name: 'Laurent' },
      level: 1,
      visible: true,
      editable: false,
      reasons: [{
        via: 'sphere',
        level: 1,
        usergroup: { id: g['commune-de-saint-aubin-sur-mer'], display_name: 'Commune de Saint-Aubin-sur-Mer' },
        through: { id: g['sphere-territoires-littoraux'], display_name: 'Sphère Territoires littoraux' },
      }],
    });
    expect((await get(`datasets/${colleges}/`, member)).statusCode).toBe(200);
    const other = (await get(`datasets/${id}/access/?user=member`, admin)).json();
    expect(other).toMatchObject({ level: 0, visible: false, editable: false, reasons: [] });
    expect((await get(`datasets/${id}/`, member)).statusCode).toBe(404);
    expect((await get(`datasets/${id}/access/?user=admin`, admin)).json()).toMatchObject({
      level: 3,
      visible: true,
      editable: true,
      reasons: [{ via: 'superuser', level: 3, usergroup: null, through: null }],
    });
    const lycees = d['lycees-de-la-region'];
    expect((await get(`datasets/${lycees}/access/?user=member`, admin)).json()).toMatchObject({
      level: 3,
      visible: true,
      reasons: [{ via: 'default', level: 3, usergroup: null, through: null }],
    });
  });

  it('refuses, exactly as an unknown account, a user the caller shares no active group with', async () => {
    const id = d['schema-regional-des-donnees-projet'];
    const unknown = { user: ['No account you may look up has this username or e-mail address.'] };
    // member: no common group; newcomer: only asks to join the Région; nobody: no such account.
    for (const account of ['member', 'member@demo.publish.example', 'newcomer', 'nobody-at-all', 'admin', '', '%', 'thomas']) {
      const response = await get(`datasets/${id}/access/?user=${encodeURIComponent(account)}`, referent, 'en');
      expect(response.statusCode, account).toBe(400);
      expect(response.json(), account).toEqual(unknown);
    }
    expect((await get(`datasets/${id}/access/?user=nobody`, referent, 'fr')).json()).toEqual({
      user: ["Aucun compte que vous pouvez consulter n'a ce nom d'utilisateur ou cette adresse e-mail."],
    });
    // Those who may not change the dataset learn nothing either.
    expect((await get(`datasets/${id}/access/?user=thomas.girard`, geomatician)).statusCode).toBe(403);
  });
});
