/** The generic entity handler, through its first entity: dataset contacts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: SignedIn;
let referent: SignedIn;
let editor: SignedIn;
let member: SignedIn;
const groups: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  [admin, referent, editor, member] = await Promise.all(['admin', 'referent', 'editor', 'member'].map((name) => t.signIn(name)));
  const { rows } = await t.db.query<{ id: number; slug: string }>('SELECT id, slug FROM usergroups');
  for (const row of rows) groups[row.slug] = row.id;
  // 30 more contacts of the metropole for paging.
  for (let i = 1; i <= 30; i += 1) {
    await t.db.query('INSERT INTO contacts (usergroup_id, name, email, position) VALUES ($1, $2, $3, $4)', [
      groups['metropole-cote-azurine'],
      `Agent ${String(i).padStart(2, '0')}`,
      `agent${i}@cote-azurine.example`,
      i % 2 === 0 ? 'Géomètre' : 'Chargé de mission',
    ]);
  }
});
afterAll(() => t?.close());

const URL = '/fr/dataset/contacts/';
const get = (query: string, who: SignedIn = admin, locale = 'fr') =>
  t.app.inject({ url: `/${locale}/dataset/contacts/${query}`, headers: who.jwtHeaders });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload: unknown, who: SignedIn = admin, locale = 'fr') =>
  t.app.inject({ method, url: `/${locale}/dataset/contacts/${path}`, headers: who.sessionHeaders, payload: payload as object });

describe('generic list', () => {
  it('pages with DRF links and the schema page size', async () => {
    const body = (await get('')).json();
    expect(body.count).toBe(35);
    expect(body.results).toHaveLength(20);
    // Absolute, from PUBLIC_URL, as DRF's links are.
    expect(body.next).toBe(`http://localhost${URL}?page=2`);
    expect(body.previous).toBeNull();
    expect(Object.keys(body.results[0]).sort()).toEqual(['email', 'id', 'name', 'phone', 'position', 'role', 'usergroup']);
    const second = (await get('?page=2')).json();
    expect(second.results).toHaveLength(15);
    expect((await get('?page=3')).statusCode).toBe(404);
    expect((await get('?page_size=5')).json().results).toHaveLength(5);
  });

  it('orders on the schema orderings only, by name by default', async () => {
    const names = (await get('?page_size=100')).json().results.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byEmailDesc = (await get('?ordering=-email&page_size=3')).json().results.map((c: { email: string }) => c.email);
    expect(byEmailDesc[0]).toBe('opendata@region-sud-mediterranee.example');
    const refused = await get('?ordering=phone');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ ordering: ['Champ de tri invalide : « phone ».'] });
    const refusedEn = await get('?ordering=-password', admin, 'en');
    expect(refusedEn.json()).toEqual({ ordering: ['Invalid ordering field: "-password".'] });
  });

  it('filters by group and by ids, and searches without accents or case', async () => {
    const region = (await get(`?usergroup_id=${groups['region-sud-mediterranee']}`)).json();
    expect(region.count).toBe(2);
    expect((await get('?usergroup_id=abc')).statusCode).toBe(400);
    const ids = region.results.map((c: { id: number }) => c.id);
    const byIds = (await get(`?id__in=${ids.join(',')}`)).json();
    expect(byIds.results.map((c: { id: number }) => c.id).sort()).toEqual([...ids].sort());
    expect((await get('?id__in=1,x')).statusCode).toBe(400);
    const helene = (await get('?search=helene')).json();
    expect(helene.results.map((c: { name: string }) => c.name)).toEqual(['Hélène Garnier']);
    expect((await get('?search=GEOMETRE')).json().count).toBe(15);
    expect((await get('?search=50%25')).json().count).toBe(0);
  });
});

describe('generic writes', () => {
  let id: number;

  it('creates (201), reads, updates fully and partially, then deletes (204)', async () => {
    const created = await send('POST', '', {
      name: '  Bureau <b>SIG</b> ',
      email: 'sig@region.example',
      usergroup: groups['region-sud-mediterranee'],
      id: 999,
      unknown: 'ignored',
    });
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record).toMatchObject({ name: 'Bureau SIG', email: 'sig@region.example', phone: '', usergroup: groups['region-sud-mediterranee'] });
    expect(record.id).not.toBe(999);
    id = record.id;
    expect((await get(`${id}/`)).json()).toEqual(record);

    const patched = await send('PATCH', `${id}/`, { phone: '0612345678' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Bureau SIG', phone: '0612345678' });

    const putMissing = await send('PUT', `${id}/`, { phone: '0612345678' });
    expect(putMissing.statusCode).toBe(400);
    expect(putMissing.json()).toEqual({ name: ['Ce champ est obligatoire.'], email: ['Ce champ est obligatoire.'] });

    const put = await send('PUT', `${id}/`, { name: 'Bureau SIG régional', email: 'sig@region.example', usergroup: groups['region-sud-mediterranee'] });
    expect(put.statusCode).toBe(200);
    expect(put.json().name).toBe('Bureau SIG régional');

    expect((await send('DELETE', `${id}/`, undefined)).statusCode).toBe(204);
    expect((await get(`${id}/`)).statusCode).toBe(404);
    expect((await send('DELETE', `${id}/`, undefined)).statusCode).toBe(404);
  });

  it('answers 404 for unknown or non-numeric ids', async () => {
    expect((await get('987654/')).statusCode).toBe(404);
    expect((await get('abc/')).statusCode).toBe(404);
    expect((await get('99999999999/')).statusCode).toBe(404);
    expect((await send('PATCH', 'abc/', { name: 'x' })).statusCode).toBe(404);
  });

  it('translates every field message in fr, en and it', async () => {
    const payload = { name: 'x'.repeat(300), email: 'not-an-email', phone: '06 12 ab' };
    const fr = await send('POST', '', payload, admin, 'fr');
    expect(fr.statusCode).toBe(400);
    expect(fr.json()).toEqual({
      name: ['Ce champ ne doit pas dépasser 255 caractères.'],
      email: ['Saisissez une adresse e-mail valide.'],
      phone: ['Veuillez saisir un numéro valide.'],
    });
    expect((await send('POST', '', payload, admin, 'en')).json()).toEqual({
      name: ['Ensure this field has no more than 255 characters.'],
      email: ['Enter a valid email address.'],
      phone: ['This field must contain only digits.'],
    });
    const it = (await send('POST', '', payload, admin, 'it')).json();
    expect(Object.keys(it).sort()).toEqual(['email', 'name', 'phone']);
    expect(it.name[0]).toContain('255');
    expect(it.name[0]).not.toContain('%{max}');
  });

  it('reports a unique violation and an unknown reference on their field', async () => {
    const duplicate = await send('POST', '', {
      name: 'Doublon',
      email: 'OPENDATA@region-sud-mediterranee.example',
      usergroup: groups['region-sud-mediterranee'],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ email: ['Cette valeur est déjà utilisée.'] });
    const unknownGroup = await send('POST', '', { name: 'Perdu', email: 'perdu@example.org', usergroup: 987654 }, admin, 'en');
    expect(unknownGroup.statusCode).toBe(400);
    expect(unknownGroup.json()).toEqual({ usergroup: ['Invalid value.'] });
    const notInteger = await send('POST', '', { name: 'Perdu', email: 'perdu@example.org', usergroup: 'abc' }, admin, 'en');
    expect(notInteger.json()).toEqual({ usergroup: ['Invalid value.'] });
  });
});

describe('contacts access', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
  });

  it('shows each user the contacts of their groups only', async () => {
    const mine = (await get('?page_size=100', editor)).json();
    expect(mine.count).toBe(31);
    expect(new Set(mine.results.map((c: { usergroup: number }) => c.usergroup))).toEqual(new Set([groups['metropole-cote-azurine']]));
    expect((await get('', member)).json().count).toBe(0);
    const regionContact = (await get(`?usergroup_id=${groups['region-sud-mediterranee']}`)).json().results[0];
    expect((await get(`${regionContact.id}/`, referent)).statusCode).toBe(200);
    expect((await get(`${regionContact.id}/`, editor)).statusCode).toBe(403);
    expect((await get('987654/', editor)).statusCode).toBe(404);
  });

  it('lets editors and administrators of the group write, nobody else', async () => {
    const payload = { name: 'Contact métropole', email: 'contact@cote-azurine.example', usergroup: groups['metropole-cote-azurine'] };
    const created = await send('POST', '', payload, editor);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await send('POST', '', { ...payload, email: 'b@example.org' }, referent)).statusCode).toBe(403);
    expect((await send('POST', '', { ...payload, email: 'c@example.org', usergroup: groups['commune-de-saint-aubin-sur-mer'] }, member)).statusCode).toBe(403);
    expect((await send('POST', '', { name: 'Sans groupe', email: 'd@example.org' }, editor)).statusCode).toBe(403);
    // Moving a contact to a group one does not edit is refused.
    expect((await send('PATCH', `${id}/`, { usergroup: groups['region-sud-mediterranee'] }, editor)).statusCode).toBe(403);
    expect((await send('PATCH', `${id}/`, { position: 'Accueil' }, referent)).statusCode).toBe(403);
    expect((await send('DELETE', `${id}/`, undefined, editor)).statusCode).toBe(204);
  });

  it("does not delete a contact that another group's dataset keeps, and records what its own datasets lose", async () => {
    const dataset = async (codename: string) => (await t.db.query<{ id: number }>('SELECT id FROM datasets WHERE codename = $1', [codename])).rows[0].id;
    const [metropolis, region] = [await dataset('arrets-de-bus-du-reseau-urbain'), await dataset('budget-primitif-regional-2024')];
    const pointOfContact = (await t.db.query<{ id: number }>("SELECT id FROM contact_roles WHERE codename = 'pointOfContact'")).rows[0].id;
    const contact = (await send('POST', '', { name: 'Cellule partagée', email: 'partage@region.example', usergroup: groups['region-sud-mediterranee'] }, referent)).json().id;
    // A member of the region who edits the metropolis's datasets reads the region's contacts, and links one.
    const editorId = (await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'editor'")).rows[0].id;
    await t.db.query('INSERT INTO usergroup_members (usergroup_id, user_id, role, status) VALUES ($1, $2, 0, 2)', [groups['region-sud-mediterranee'], editorId]);
    try {
      const link = (path: string, who: SignedIn) =>
        t.app.inject({ method: 'POST', url: `/fr/dataset/datasets/${path}/contact-roles/`, headers: who.sessionHeaders, payload: { contact, role: pointOfContact } });
      expect((await link(String(metropolis), editor)).statusCode).toBe(201);
      expect((await link(String(region), referent)).statusCode).toBe(201);
    } finally {
      await t.db.query('DELETE FROM usergroup_members WHERE usergroup_id = $1 AND user_id = $2', [groups['region-sud-mediterranee'], editorId]);
    }
    const links = async () =>
      (await t.db.query<{ dataset_id: number }>('SELECT dataset_id FROM dataset_contacts WHERE contact_id = $1 ORDER BY dataset_id', [contact])).rows.map((row) => row.dataset_id);

    // The region's administrator may delete the region's contacts, but not take it from the metropolis's dataset.
    const refused = await send('DELETE', `${contact}/`, undefined, referent);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/jeux de données que vous ne pouvez pas modifier/);
    expect((await get(`${contact}/`, referent)).statusCode).toBe(200);
    expect(await links()).toEqual([metropolis, region].sort((a, b) => a - b));

    // Once the metropolis's editor removed it from their dataset, the deletion goes, and the region's dataset records its loss.
    const metropolisLink = (await t.db.query<{ id: number }>('SELECT id FROM dataset_contacts WHERE contact_id = $1 AND dataset_id = $2', [contact, metropolis])).rows[0].id;
    const removal = await t.app.inject({ method: 'DELETE', url: `/fr/dataset/datasets/${metropolis}/contact-roles/${metropolisLink}/?force=true`, headers: editor.sessionHeaders });
    expect(removal.statusCode).toBe(204);
    expect((await send('DELETE', `${contact}/`, undefined, referent)).statusCode).toBe(204);
    expect(await links()).toEqual([]);
    const activity = (await t.app.inject({ url: `/fr/dataset/datasets/${region}/activity/?action=contacts`, headers: referent.jwtHeaders })).json();
    expect(activity.results[0].changes).toEqual({ contact_roles: { old: { contact, role: pointOfContact }, new: null } });
    expect(activity.results[0].user.username).toBe('referent');
  });

  it('needs the CSRF header with a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: URL, headers: { cookie: admin.cookie }, payload: { name: 'x', email: 'x@example.org' } });
    expect(response.statusCode).toBe(403);
  });
});
