import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugify } from '../../schemas/slug.ts';
import { DEMO_JURISDICTIONS } from '../../src/server/jurisdictions/loadMunicipalities.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: SignedIn;
let referent: SignedIn;
let editor: SignedIn;
let member: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [admin, referent, editor, member] = await Promise.all(['admin', 'referent', 'editor', 'member'].map((name) => t.signIn(name)));
});
afterAll(() => t?.close());

type Box = [number, number, number, number];

const BASE = '/organisation/jurisdictions/';

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path = '', options: { payload?: unknown; headers?: Record<string, string>; locale?: string } = {}) {
  return t.app.inject({
    method,
    url: `/${options.locale ?? 'fr'}${BASE}${path}`,
    headers: options.headers ?? admin.sessionHeaders,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

async function boxOf(code: string): Promise<Box> {
  const { rows } = await t.db.query('SELECT min_lon, min_lat, max_lon, max_lat FROM municipalities WHERE codename = $1', [code]);
  const row = rows[0];
  return [row.min_lon, row.min_lat, row.max_lon, row.max_lat];
}

function covers(outer: Box, inner: Box): boolean {
  return outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];
}

let counter = 0;
async function create(municipalities: unknown = ['13055'], extra: Record<string, unknown> = {}) {
  counter += 1;
  const response = await call('POST', '', { payload: { display_name: `Territoire ${counter}`, codename: `territoire-${counter}`, municipalities, ...extra } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('demo jurisdictions', () => {
  it('are seeded, one being a demo organisation’s territory', async () => {
    const { rows } = await t.db.query(
      `SELECT j.codename, g.slug FROM jurisdictions j LEFT JOIN usergroups g ON g.jurisdiction_id = j.id ORDER BY j.codename`,
    );
    expect(rows.map((row) => row.codename).sort()).toEqual(DEMO_JURISDICTIONS.map((demo) => demo.codename).sort());
    expect(rows).toContainEqual({ codename: 'metropole-cote-azurine', slug: slugify('Métropole Côte-Azurine') });
    const list = (await call('GET', '?search=alpes')).json();
    expect(list.count).toBe(1);
    expect(list.results[0].municipality_count).toBeGreaterThan(150);
    expect(list.results[0].latlon_bounding_box).toHaveLength(4);
  });
});

describe('create', () => {
  it('stores the communes and the union of their boxes', async () => {
    const response = await call('POST', '', {
      payload: { display_name: 'Aix-Marseille', codename: 'aix-marseille', municipalities: ['13055', '13001', '13055', ' 13001 '] },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      display_name: 'Aix-Marseille',
      codename: 'aix-marseille',
      municipalities: ['13001', '13055'],
      latlon_bounding_box: expect.any(Array),
      municipality_count: 2,
      editable: true,
    });
    const box = body.latlon_bounding_box as Box;
    const [marseille, aix] = [await boxOf('13055'), await boxOf('13001')];
    expect(covers(box, marseille)).toBe(true);
    expect(covers(box, aix)).toBe(true);
    expect(box).toEqual([Math.min(marseille[0], aix[0]), Math.min(marseille[1], aix[1]), Math.max(marseille[2], aix[2]), Math.max(marseille[3], aix[3])]);
    expect((await call('GET', `${body.id}/`, { headers: admin.jwtHeaders })).json()).toEqual(body);
  });

  it('names unknown INSEE codes, in each language', async () => {
    const payload = { display_name: 'Nulle part', codename: 'nulle-part', municipalities: ['13055', '99999', '00000'] };
    const messages: Record<string, string> = {};
    for (const locale of ['fr', 'en', 'it']) {
      const response = await call('POST', '', { payload, locale });
      expect(response.statusCode).toBe(400);
      messages[locale] = response.json().municipalities[0];
    }
    expect(messages.en).toBe('Unknown INSEE code(s): 99999, 00000');
    expect(messages.fr).toBe('Code(s) INSEE inconnu(s) : 99999, 00000');
    expect(messages.it).toContain('99999, 00000');
    expect(new Set(Object.values(messages)).size).toBe(3);
    expect((await t.db.query('SELECT 1 FROM jurisdictions WHERE codename = $1', ['nulle-part'])).rows).toHaveLength(0);
  });

  it('checks the fields with the shared schema, messages translated', async () => {
    const response = await call('POST', '', { payload: { display_name: '  ', municipalities: [] }, locale: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      display_name: ['This field is required.'],
      codename: ['This field is required.'],
      municipalities: ['This field is required.'],
    });
    const fr = await call('POST', '', { payload: { display_name: 'x'.repeat(300), codename: 'long', municipalities: ['13055'] } });
    expect(fr.json()).toEqual({ display_name: ['Ce champ ne doit pas dépasser 255 caractères.'] });
    const it = await call('POST', '', { payload: { codename: 'x' }, locale: 'it' });
    expect(it.json().display_name).toEqual(['Questo campo è obbligatorio.']);
  });

  it('keeps codenames unique', async () => {
    const first = await create();
    const response = await call('POST', '', { payload: { display_name: 'Autre', codename: first.codename, municipalities: ['13001'] }, locale: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ codename: ['This value is already used.'] });
  });

  it('accepts Corsican codes in lower case and repeated or padded codes', async () => {
    const body = await create(['2a004', ' 2B033 ', '13055', '2A004']);
    expect(body.municipalities).toEqual(['13055', '2A004', '2B033']);
  });
});

describe('update', () => {
  it('PUT replaces the communes and the box', async () => {
    const created = await create(['13055']);
    const response = await call('PUT', `${created.id}/`, {
      payload: { display_name: 'Nice et Cannes', codename: created.codename, municipalities: ['06088', '06029'] },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ display_name: 'Nice et Cannes', municipalities: ['06029', '06088'], municipality_count: 2 });
    const box = body.latlon_bounding_box as Box;
    expect(covers(box, await boxOf('06088'))).toBe(true);
    expect(covers(box, await boxOf('06029'))).toBe(true);
    expect(covers(box, await boxOf('13055'))).toBe(false);
  });

  it('PUT needs every required field; PATCH only what it changes', async () => {
    const created = await create(['13055']);
    const put = await call('PUT', `${created.id}/`, { payload: { display_name: 'Seul' }, locale: 'en' });
    expect(put.statusCode).toBe(400);
    expect(Object.keys(put.json()).sort()).toEqual(['codename', 'municipalities']);
    const patch = await call('PATCH', `${created.id}/`, { payload: { display_name: 'Renommé' } });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toEqual({ ...created, display_name: 'Renommé' });
    const patchCodes = await call('PATCH', `${created.id}/`, { payload: { municipalities: ['13001'] } });
    expect(patchCodes.json().latlon_bounding_box).toEqual(await boxOf('13001'));
  });

  it('refuses unknown codes and a codename already used', async () => {
    const [a, b] = [await create(), await create()];
    const response = await call('PATCH', `${a.id}/`, { payload: { codename: b.codename, municipalities: ['12345x'] }, locale: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ codename: ['This value is already used.'], municipalities: ['Unknown INSEE code(s): 12345X'] });
    expect((await call('PATCH', `${a.id}/`, { payload: { codename: a.codename } })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await call('PUT', '999999/', { payload: { display_name: 'x', codename: 'x', municipalities: ['13055'] } })).statusCode).toBe(404);
    expect((await call('GET', 'abc/')).statusCode).toBe(404);
  });
});

describe('delete', () => {
  it('refuses a jurisdiction that is an organisation’s territory, naming the organisation', async () => {
    const created = await create();
    await t.db.query("UPDATE usergroups SET jurisdiction_id = $1 WHERE slug = $2", [created.id, slugify('Commune de Saint-Aubin-sur-Mer')]);
    const messages: Record<string, string> = {};
    for (const locale of ['fr', 'en', 'it']) {
      const response = await call('DELETE', `${created.id}/`, { locale });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: expect.any(String), code: 'jurisdiction-in-use' });
      messages[locale] = response.json().detail;
    }
    expect(messages.en).toBe('This jurisdiction is attached to an organisation and cannot be deleted: Commune de Saint-Aubin-sur-Mer');
    expect(new Set(Object.values(messages)).size).toBe(3);
    expect((await call('GET', `${created.id}/`)).statusCode).toBe(200);
  });

  it('deletes a free jurisdiction (204) and its communes list', async () => {
    const created = await create(['13055', '13001']);
    const response = await call('DELETE', `${created.id}/`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await call('GET', `${created.id}/`)).statusCode).toBe(404);
    const { rows } = await t.db.query('SELECT 1 FROM jurisdiction_municipalities WHERE jurisdiction_id = $1', [created.id]);
    expect(rows).toHaveLength(0);
    expect((await call('DELETE', `${created.id}/`)).statusCode).toBe(404);
  });

  it('is also refused by the database itself', async () => {
    const created = await create();
    await t.db.query("UPDATE usergroups SET jurisdiction_id = $1 WHERE slug = $2", [created.id, slugify("Office de l'eau du bassin de la Durance")]);
    await expect(t.db.query('DELETE FROM jurisdictions WHERE id = $1', [created.id])).rejects.toThrow(/foreign key/);
  });
});

describe('list', () => {
  it('pages by 50, searches without accents, orders on the schema whitelist and filters by id', async () => {
    const created = [];
    for (let i = 0; i < 52; i += 1) created.push(await create(['13055'], { display_name: `Périmètre ${String(i).padStart(2, '0')}` }));
    const first = (await call('GET', '?search=perimetre')).json();
    expect(first.count).toBe(52);
    expect(first.results).toHaveLength(50);
    expect(first.results[0].display_name).toBe('Périmètre 00');
    expect(first.next).toBe('http://localhost/fr/organisation/jurisdictions/?search=perimetre&page=2');
    expect((await call('GET', '?search=perimetre&page=2')).json().results).toHaveLength(2);
    const descending = (await call('GET', '?search=PÉRIMÈTRE&ordering=-display_name&page_size=3')).json();
    expect(descending.results.map((j: { display_name: string }) => j.display_name)).toEqual(['Périmètre 51', 'Périmètre 50', 'Périmètre 49']);
    expect((await call('GET', `?search=${created[3].codename}`)).json().results.map((j: { id: number }) => j.id)).toContain(created[3].id);
    const byIds = (await call('GET', `?id__in=${created[0].id},${created[1].id}`)).json();
    expect(byIds.results.map((j: { id: number }) => j.id).sort()).toEqual([created[0].id, created[1].id].sort());
    const bad = await call('GET', '?ordering=municipality_count', { locale: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ ordering: ['Invalid ordering field: "municipality_count".'] });
  });
});

describe('access', () => {
  it('lets users of Accounts or Data read, and Accounts users create', async () => {
    const created = await create();
    for (const user of [referent, editor]) {
      expect((await call('GET', '', { headers: user.jwtHeaders })).statusCode).toBe(200);
      expect((await call('GET', `${created.id}/`, { headers: user.sessionHeaders })).statusCode).toBe(200);
    }
    const payload = { display_name: 'Interdit', codename: 'interdit', municipalities: ['13055'] };
    expect((await call('POST', '', { headers: editor.sessionHeaders, payload })).statusCode).toBe(403);
    expect((await call('PUT', `${created.id}/`, { headers: editor.jwtHeaders, payload })).statusCode).toBe(403);
    expect((await call('DELETE', `${created.id}/`, { headers: editor.jwtHeaders })).statusCode).toBe(403);

    // A delegated administrator creates, changes and deletes a territory no other organisation uses…
    const own = await call('POST', '', { headers: referent.sessionHeaders, payload: { display_name: 'Pays d’Aubagne', codename: 'pays-aubagne', municipalities: ['13005'] } });
    expect(own.statusCode).toBe(201);
    const ownId = own.json().id;
    expect(own.json().editable).toBe(true);
    expect((await call('PATCH', `${ownId}/`, { headers: referent.jwtHeaders, payload: { municipalities: ['13005', '13022'] } })).statusCode).toBe(200);
    expect((await call('DELETE', `${ownId}/`, { headers: referent.jwtHeaders })).statusCode).toBe(204);
    // …but not one another organisation uses.
    const foreign = await t.db.query<{ id: number }>(
      `SELECT j.id FROM jurisdictions j JOIN usergroups g ON g.jurisdiction_id = j.id
       WHERE g.id NOT IN (SELECT usergroup_id FROM usergroup_members m JOIN users u ON u.id = m.user_id WHERE u.username = 'referent' AND m.role = 2) LIMIT 1`,
    );
    expect(foreign.rows).toHaveLength(1);
    // Each record says so to its reader, in the list and on its own, as the writes' rule decides.
    const editableOf = async (signedIn: typeof referent, url: string) => {
      const body = (await call('GET', url, { headers: signedIn.jwtHeaders })).json();
      return 'results' in body ? body.results.find((j: { id: number }) => j.id === foreign.rows[0].id).editable : body.editable;
    };
    expect(await editableOf(referent, `${foreign.rows[0].id}/`)).toBe(false);
    expect(await editableOf(referent, `?id__in=${foreign.rows[0].id}`)).toBe(false);
    expect(await editableOf(admin, `${foreign.rows[0].id}/`)).toBe(true);
    expect(await editableOf(admin, `?id__in=${foreign.rows[0].id}`)).toBe(true);
    expect((await call('PUT', `${foreign.rows[0].id}/`, { headers: referent.jwtHeaders, payload })).statusCode).toBe(403);
    expect((await call('DELETE', `${foreign.rows[0].id}/`, { headers: referent.jwtHeaders })).statusCode).toBe(403);

    expect((await call('GET', '', { headers: member.jwtHeaders })).statusCode).toBe(403);
    expect((await call('GET', `${created.id}/`, { headers: member.jwtHeaders })).statusCode).toBe(403);
    const anonymous = await call('GET', '', { headers: {} });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('DELETE', `${created.id}/`, { headers: {} })).statusCode).toBe(401);
    const messages = await Promise.all(['fr', 'en', 'it'].map(async (locale) => (await call('GET', '', { headers: member.jwtHeaders, locale })).json().detail));
    expect(new Set(messages).size).toBe(3);
  });

  it("lets a delegated administrator redraw their territory that other groups' datasets cover, and refuses everyone its deletion while they do", async () => {
    const territory = async () => {
      const response = await call('POST', '', { headers: referent.sessionHeaders, payload: { display_name: `Couverture ${counter}`, codename: `couverture-${(counter += 1)}`, municipalities: ['13005'] } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };
    // Their own territory, covered by a dataset of an organisation the referent does not administer (the editor's metropolis):
    // choosing it as a coverage takes nothing from the referent…
    const covered = await territory();
    const { rows } = await t.db.query<{ id: number }>(
      `UPDATE datasets SET jurisdiction_id = $1, geographic_coverage = 'jurisdiction'
        WHERE id = (SELECT id FROM datasets WHERE codename = 'arrets-de-bus-du-reseau-urbain') RETURNING id`,
      [covered],
    );
    expect(rows).toHaveLength(1);
    expect((await call('GET', `${covered}/`, { headers: referent.jwtHeaders })).json().editable).toBe(true);
    expect((await call('GET', `?id__in=${covered}`, { headers: referent.jwtHeaders })).json().results[0].editable).toBe(true);
    const redrawn = await call('PATCH', `${covered}/`, { headers: referent.jwtHeaders, payload: { municipalities: ['13055'] } });
    expect(redrawn.statusCode).toBe(200);
    expect(redrawn.json().municipalities).toEqual(['13055']);
    // …but its deletion would empty that dataset's coverage: refused, to a superuser too, counting without naming.
    for (const who of [referent, admin]) {
      const refused = await call('DELETE', `${covered}/`, { headers: who.jwtHeaders, locale: 'en' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'jurisdiction-covers-datasets',
        detail: 'This jurisdiction is the geographical coverage of datasets (1) and cannot be deleted: change their coverage first.',
      });
    }
    const kept = await t.db.query('SELECT d.jurisdiction_id FROM datasets d JOIN jurisdictions j ON j.id = d.jurisdiction_id WHERE d.id = $1', [rows[0].id]);
    expect(kept.rows).toEqual([{ jurisdiction_id: covered }]);
    // Once no dataset covers it, it goes.
    await t.db.query("UPDATE datasets SET jurisdiction_id = NULL, geographic_coverage = NULL WHERE id = $1", [rows[0].id]);
    expect((await call('DELETE', `${covered}/`, { headers: referent.jwtHeaders })).statusCode).toBe(204);
  });

  it('needs the CSRF token with a session', async () => {
    const response = await call('POST', '', { headers: { cookie: admin.cookie }, payload: { display_name: 'x', codename: 'x', municipalities: ['13055'] } });
    expect(response.statusCode).toBe(403);
  });
});
