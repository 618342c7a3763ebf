/** Accounts API flows: users, organisations, groups and spheres, members, links, requests, files. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupIds, multipart, OVERSIZED_PNG, TINY_PDF, TINY_PNG, userIds } from './accounts-helpers.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: SignedIn;
let referent: SignedIn;
let member: SignedIn;
let g: Record<string, number>;
let u: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  [admin, referent, member] = await Promise.all(['admin', 'referent', 'member'].map((name) => t.signIn(name)));
  g = await groupIds(t);
  u = await userIds(t);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, who: SignedIn = admin, payload?: unknown) {
  return t.app.inject({ method, url: `/fr/${url}`, headers: who.sessionHeaders, ...(payload === undefined ? {} : { payload: payload as object }) });
}
const names = (body: { results: Array<{ username?: string; display_name?: string }> }) =>
  body.results.map((r) => r.username ?? r.display_name);

describe('users', () => {
  it('lists with search, filters and orderings; records carry organisation and roles, never the password', async () => {
    const all = (await call('GET', 'usergroup/users/?page_size=100')).json();
    expect(all.count).toBe(10);
    expect(all.results[0].last_name).toBe('Bernard');
    const referentRecord = all.results.find((r: { username: string }) => r.username === 'referent');
    expect(referentRecord).not.toHaveProperty('password');
    expect(referentRecord.organisation).toBe(g['region-sud-mediterranee']);
    expect(referentRecord.usergroup_roles).toEqual([
      { usergroup_id: g['region-sud-mediterranee'], usergroup_name: 'Région Sud-Méditerranée', usergroup_type: 'organisation', role: 2 },
      { usergroup_id: g['reseau-des-geomaticiens'], usergroup_name: 'Réseau des géomaticiens', usergroup_type: 'user-group', role: 2 },
    ]);
    expect(typeof referentRecord.date_joined).toBe('string');
    expect(names((await call('GET', 'usergroup/users/?search=elodie')).json())).toEqual(['elodie.mercier']);
    expect(names((await call('GET', 'usergroup/users/?status__in=1')).json())).toEqual(['camille.roux']);
    expect(names((await call('GET', 'usergroup/users/?is_superuser=true')).json())).toEqual(['admin']);
    expect(names((await call('GET', `usergroup/users/?organisation=${g['region-sud-mediterranee']}`)).json())).toEqual(['referent']);
    const byJoined = (await call('GET', 'usergroup/users/?ordering=-date_joined&page_size=2')).json();
    expect(names(byJoined)).toEqual(['elodie.mercier', 'nicolas.fontaine']);
    expect((await call('GET', 'usergroup/users/?ordering=password')).statusCode).toBe(400);
  });

  it('creates with a hashed password, refuses duplicates, updates and deletes', async () => {
    const created = await call('POST', 'usergroup/users/', admin, {
      username: 'paul.henry', first_name: 'Paul', last_name: 'Henry', email: 'paul@example.org', password: 'un mot de passe',
    });
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record).toMatchObject({ username: 'paul.henry', status: 2, is_superuser: false, organisation: null, usergroup_roles: [] });
    expect(record).not.toHaveProperty('password');
    const { rows } = await t.db.query('SELECT password FROM users WHERE id = $1', [record.id]);
    expect(rows[0].password).toMatch(/^scrypt\$/);

    const duplicate = await call('POST', 'usergroup/users/', admin, { username: 'PAUL.HENRY', first_name: 'P', last_name: 'H', email: 'p@example.org' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ username: ['Cette valeur est déjà utilisée.'] });

    const patched = await call('PATCH', `usergroup/users/${record.id}/`, admin, { status: 1, phone: '06 00 00 00 00' });
    expect(patched.json()).toMatchObject({ status: 1, phone: '0600000000', first_name: 'Paul' });
    expect((await call('PATCH', `usergroup/users/${record.id}/`, admin, { status: 9 })).json()).toEqual({ status: ['Valeur invalide.'] });
    expect((await call('DELETE', `usergroup/users/${record.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `usergroup/users/${record.id}/`)).statusCode).toBe(404);
  });

  it('keeps a superuser from deleting themselves or dropping their own flag', async () => {
    const drop = await call('PATCH', `usergroup/users/${admin.userId}/`, admin, { is_superuser: false });
    expect(drop.statusCode).toBe(400);
    expect(drop.json()).toEqual({ is_superuser: ['Vous ne pouvez pas retirer votre propre statut de super-utilisateur.'] });
    const remove = await call('DELETE', `usergroup/users/${admin.userId}/`);
    expect(remove.statusCode).toBe(400);
    expect(remove.json()).toEqual({ detail: 'Vous ne pouvez pas supprimer votre propre compte.' });
  });

  it('shows a delegated administrator the members and applicants of their groups only, without their other roles', async () => {
    const seen = names((await call('GET', 'usergroup/users/?page_size=100&status__in=0,1,2', referent)).json()).sort();
    expect(seen).toEqual(['marie.lefebvre', 'newcomer', 'referent', 'thomas.girard']);
    // An exact e-mail lookup finds nobody outside their groups.
    expect(names((await call('GET', 'usergroup/users/?email=MEMBER@demo.publish.example', referent)).json())).toEqual([]);
    expect(names((await call('GET', 'usergroup/users/?email=NEWCOMER@demo.publish.example', referent)).json())).toEqual(['newcomer']);
    expect((await call('GET', `usergroup/users/${u.member}/`, referent)).statusCode).toBe(403);
    const own = (await call('GET', `usergroup/users/${u.referent}/`, referent)).json();
    expect(own).not.toHaveProperty('phone');
    expect(own).not.toHaveProperty('is_superuser');
    expect(own.usergroup_roles.map((r: { usergroup_id: number }) => r.usergroup_id).sort()).toEqual(
      [g['region-sud-mediterranee'], g['reseau-des-geomaticiens']].sort(),
    );
    expect((await call('GET', `usergroup/users/${u.referent}/`)).json()).toHaveProperty('is_superuser', false);
    expect((await call('GET', `usergroup/users/${u.newcomer}/`, referent)).statusCode).toBe(200);
    expect((await call('GET', `usergroup/users/${u.editor}/`, referent)).statusCode).toBe(403);
    expect((await call('PATCH', `usergroup/users/${u.newcomer}/`, referent, { phone: '01' })).statusCode).toBe(403);
  });

  it("filters a delegated administrator's list on what they see only: not on another group's members, nor on the superuser flag", async () => {
    const list = async (query: string) => names((await call('GET', `usergroup/users/?page_size=100&status__in=0,1,2${query}`, referent)).json()).sort();
    // thomas.girard administers the water office, which the referent does not: that membership is not theirs to search.
    expect(await list(`&organisation=${g['office-de-l-eau-du-bassin-de-la-durance']}`)).toEqual([]);
    expect(await list(`&organisation=${g['region-sud-mediterranee']}`)).toEqual(['referent']);
    const everyone = await list('');
    await t.db.query('UPDATE users SET is_superuser = true WHERE id = $1', [u['thomas.girard']]);
    try {
      expect(await list('&is_superuser=true')).toEqual(everyone);
      expect(await list('&is_superuser=false')).toEqual(everyone);
      expect(names((await call('GET', 'usergroup/users/?page_size=100&is_superuser=true')).json()).sort()).toEqual(['admin', 'thomas.girard']);
      expect((await call('GET', 'usergroup/users/?is_superuser=maybe')).statusCode).toBe(400);
    } finally {
      await t.db.query('UPDATE users SET is_superuser = false WHERE id = $1', [u['thomas.girard']]);
    }
  });
});

describe('organisations', () => {
  it('lists with counts, type filter, search and orderings', async () => {
    const active = (await call('GET', 'organisation/organisations/?status__in=2&page_size=50')).json();
    expect(active.count).toBe(5);
    const region = active.results.find((o: { id: number }) => o.id === g['region-sud-mediterranee']);
    expect(region).toMatchObject({ member_count: 1, convention_signed: true, logo: null, convention_file: null, spheres: [] });
    const metropole = active.results.find((o: { id: number }) => o.id === g['metropole-cote-azurine']);
    expect(metropole.spheres).toEqual([g['sphere-territoires-littoraux']]);
    const { rows } = await t.db.query("SELECT id FROM organisation_types WHERE codename = 'commune'");
    expect(names((await call('GET', `organisation/organisations/?organisation_type=${rows[0].id}`)).json())).toEqual(['Commune de Saint-Aubin-sur-Mer']);
    expect(names((await call('GET', 'organisation/organisations/?search=cote-azur')).json())).toEqual(['Métropole Côte-Azurine']);
    const byMembers = (await call('GET', 'organisation/organisations/?ordering=-member_count&page_size=1')).json();
    expect(byMembers.results[0].member_count).toBeGreaterThanOrEqual(1);
    expect((await call('GET', 'organisation/organisations/?ordering=siret')).statusCode).toBe(400);
    expect((await call('GET', `organisation/organisations/${g['reseau-des-geomaticiens']}/`)).statusCode).toBe(404);
  });

  it('creates with spheres in the same transaction, then changes them', async () => {
    const { rows } = await t.db.query("SELECT id FROM organisation_types WHERE codename = 'epci'");
    const missing = await call('POST', 'organisation/organisations/', admin, { display_name: 'Sans type' });
    expect(missing.json()).toEqual({ organisation_type: ['Ce champ est obligatoire.'] });
    const badSphere = await call('POST', 'organisation/organisations/', admin, {
      display_name: 'Mauvaise sphère', organisation_type: rows[0].id, spheres: [g['groupe-de-travail-mobilite']],
    });
    expect(badSphere.statusCode).toBe(400);
    expect(badSphere.json()).toEqual({ spheres: ['Valeur invalide.'] });
    expect((await t.db.query("SELECT 1 FROM usergroups WHERE display_name = 'Mauvaise sphère'")).rows).toHaveLength(0);

    const created = await call('POST', 'organisation/organisations/', admin, {
      display_name: 'Communauté de communes du Lubéron', organisation_type: rows[0].id, spheres: [g['sphere-territoires-littoraux']],
      website: 'https://luberon.example', jurisdiction: null,
    });
    expect(created.statusCode).toBe(201);
    const org = created.json();
    expect(org).toMatchObject({ spheres: [g['sphere-territoires-littoraux']], status: 2, member_count: 0, convention_signed: false, logo: null });
    const sphere = (await call('GET', `usergroup/user-groups/${g['sphere-territoires-littoraux']}/`)).json();
    expect(sphere.organisation_count).toBe(4);
    const put = await call('PUT', `organisation/organisations/${org.id}/`, admin, { display_name: 'CC du Lubéron', organisation_type: rows[0].id, spheres: [] });
    expect(put.json()).toMatchObject({ display_name: 'CC du Lubéron', spheres: [] });
    // A SIRET is 14 digits with INSEE's check digit; written in groups, it is kept as its digits.
    const siret = (value: string) => call('PATCH', `organisation/organisations/${org.id}/`, admin, { siret: value });
    for (const wrong of ['123', '20005378800014', '2000537880001A', '200053788000100']) {
      const refused = await siret(wrong);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ siret: ['Saisissez un numéro SIRET valide : 14 chiffres, dont le dernier est la clé de contrôle.'] });
    }
    expect((await siret('200 053 788 00010')).json().siret).toBe('20005378800010');
    expect((await siret('35600000000047')).json().siret).toBe('35600000000047');
    expect((await siret('')).json().siret).toBe('');
    // Another organisation of the same name, as people read it, is refused on its name and not written.
    const twin = await call('POST', 'organisation/organisations/', admin, { display_name: ' cc du luberon ', organisation_type: rows[0].id });
    expect(twin.statusCode).toBe(400);
    expect(twin.json()).toEqual({ display_name: ['Cette valeur est déjà utilisée.'] });
    const renamed = await call('PATCH', `organisation/organisations/${g['region-sud-mediterranee']}/`, admin, { display_name: 'CC DU LUBÉRON' });
    expect(renamed.json()).toEqual({ display_name: ['Cette valeur est déjà utilisée.'] });
    expect((await t.db.query("SELECT count(*)::int AS n FROM usergroups WHERE display_name ILIKE 'cc du lub%'")).rows[0].n).toBe(1);
    expect((await call('DELETE', `organisation/organisations/${org.id}/`)).statusCode).toBe(204);
  });

  it('lets a delegated administrator edit their organisation information only', async () => {
    const region = g['region-sud-mediterranee'];
    expect((await call('PATCH', `organisation/organisations/${region}/`, referent, { acronym: 'RSM2' })).json().acronym).toBe('RSM2');
    expect((await call('PATCH', `organisation/organisations/${region}/`, referent, { status: 1 })).statusCode).toBe(403);
    expect((await call('PATCH', `organisation/organisations/${g['departement-des-alpes-provencales']}/`, referent, { acronym: 'X' })).statusCode).toBe(403);
    expect((await call('GET', `organisation/organisations/${g['departement-des-alpes-provencales']}/`, referent)).statusCode).toBe(403);
    expect((await call('GET', 'organisation/organisations/987654/', referent)).statusCode).toBe(404);
    expect((await call('GET', 'organisation/organisations/987654/', admin)).statusCode).toBe(404);
  });

  it('signs the agreement (superuser) and stores the convention PDF', async () => {
    const id = g['metropole-cote-azurine'];
    const signed = await call('PUT', `organisation/organisations/${id}/agreement/`, admin, { convention_signed: true });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().convention_signed).toBe(true);
    expect((await call('PUT', `organisation/organisations/${id}/agreement/`, admin, { convention_signed: 'peut-être' })).json()).toEqual({
      convention_signed: ['Valeur invalide.'],
    });
    expect((await call('PUT', `organisation/organisations/${g['region-sud-mediterranee']}/agreement/`, referent, { convention_signed: false })).statusCode).toBe(403);

    const region = g['region-sud-mediterranee'];
    const upload = (bytes: Buffer, who = referent) => {
      const body = multipart(bytes, 'convention.pdf', { type: 'application/pdf' });
      return t.app.inject({ method: 'PUT', url: `/fr/organisation/organisations/${region}/convention/`, headers: { ...who.sessionHeaders, ...body.headers }, payload: body.payload });
    };
    const notPdf = await upload(Buffer.from('hello, not a pdf'));
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toEqual({ file: ['Le fichier doit être un document PDF.'] });
    const stored = await upload(TINY_PDF);
    expect(stored.statusCode).toBe(200);
    expect(stored.json().convention_file).toMatch(new RegExp(`^/fr/organisation/organisations/${region}/convention/\\?v=\\d+$`));
    const file = await call('GET', `organisation/organisations/${region}/convention/`, referent);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(TINY_PDF)).toBe(true);
    expect((await call('DELETE', `organisation/organisations/${region}/convention/`, referent)).statusCode).toBe(403);
    expect((await call('DELETE', `organisation/organisations/${region}/convention/`, admin)).statusCode).toBe(204);
    expect((await call('GET', `organisation/organisations/${region}/convention/`, referent)).statusCode).toBe(404);
  });

  it('lists organisation types to anyone signed in, with id__in', async () => {
    const types = (await call('GET', 'organisation/organisation-types/', member)).json();
    expect(types.count).toBe(7);
    const two = types.results.slice(0, 2).map((r: { id: number }) => r.id);
    expect((await call('GET', `organisation/organisation-types/?id__in=${two.join(',')}`, member)).json().count).toBe(2);
    expect((await call('POST', 'organisation/organisation-types/', admin, { codename: 'x', display_name: 'X' })).statusCode).toBe(405);
  });

  it("lets a delegated administrator give their organisation a territory of their own only, and leaves its partnership to superusers", async () => {
    const region = g['region-sud-mediterranee'];
    const jurisdiction = async (who: SignedIn, codename: string) => {
      const response = await call('POST', 'organisation/jurisdictions/', who, { display_name: codename, codename, municipalities: ['13055'] });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };
    // Another organisation's territory: taking it would share it, and lock its own administrators out of it.
    const theirs = await jurisdiction(admin, 'territoire-saint-aubin');
    await t.db.query('UPDATE usergroups SET jurisdiction_id = $1 WHERE id = $2', [theirs, g['commune-de-saint-aubin-sur-mer']]);
    const before = (await call('GET', `organisation/organisations/${region}/`, referent)).json().jurisdiction;
    const refused = await t.app.inject({ method: 'PATCH', url: `/en/organisation/organisations/${region}/`, headers: referent.sessionHeaders, payload: { jurisdiction: theirs } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ jurisdiction: ["This territory is another organisation's: only a superuser can share it with yours."] });
    expect((await call('GET', `organisation/organisations/${region}/`, referent)).json().jurisdiction).toBe(before);
    const theirsSeen = (await call('GET', `organisation/jurisdictions/${theirs}/`, referent)).json();
    expect(theirsSeen.editable).toBe(false);
    // One of their own, or no territory: theirs to choose; a record saved as it is, too.
    const own = await jurisdiction(referent, 'territoire-region');
    expect((await call('PATCH', `organisation/organisations/${region}/`, referent, { jurisdiction: own })).json().jurisdiction).toBe(own);
    expect((await call('PATCH', `organisation/organisations/${region}/`, referent, { jurisdiction: own, description: 'La région.' })).statusCode).toBe(200);
    expect((await call('PATCH', `organisation/organisations/${region}/`, referent, { jurisdiction: null })).json().jurisdiction).toBeNull();
    // A superuser shares one.
    expect((await call('PATCH', `organisation/organisations/${region}/`, admin, { jurisdiction: theirs })).json().jurisdiction).toBe(theirs);
    expect((await call('PATCH', `organisation/organisations/${region}/`, referent, { description: 'Toujours la région.' })).statusCode).toBe(200);

    // The partnership with the platform is the superusers' to set, as the convention's signature.
    expect((await call('PATCH', `organisation/organisations/${region}/`, referent, { partnership: true })).statusCode).toBe(403);
    expect((await call('GET', `organisation/organisations/${region}/`, referent)).json().partnership).toBe(false);
    expect((await call('PATCH', `organisation/organisations/${region}/`, admin, { partnership: true })).json().partnership).toBe(true);
    await call('PATCH', `organisation/organisations/${region}/`, admin, { partnership: false, jurisdiction: before });
    for (const id of [own, theirs]) await t.db.query('UPDATE usergroups SET jurisdiction_id = NULL WHERE jurisdiction_id = $1', [id]);
  });

  it("names organisation types in the reader's language, sorted by that name, and orders organisations by it", async () => {
    const typeNames = async (locale: string) =>
      (await t.app.inject({ method: 'GET', url: `/${locale}/organisation/organisation-types/`, headers: member.sessionHeaders })).json().results.map((r: { display_name: string }) => r.display_name);
    expect(await typeNames('fr')).toEqual(['Association', 'Commune', 'Département', 'Entreprise', 'Établissement public', 'Intercommunalité', 'Région']);
    expect(await typeNames('en')).toEqual(['Association', 'Company', 'Department', 'Inter-municipal authority', 'Municipality', 'Public body', 'Region']);
    expect(await typeNames('it')).toEqual(['Associazione', 'Comune', 'Dipartimento', 'Ente intercomunale', 'Ente pubblico', 'Impresa', 'Regione']);
    // A type added by the platform with French only is named in French everywhere.
    await t.db.query(`INSERT INTO organisation_types (codename, labels) VALUES ('syndicat', '{"fr": "Syndicat mixte"}')`);
    expect(await typeNames('it')).toContain('Syndicat mixte');
    await t.db.query(`DELETE FROM organisation_types WHERE codename = 'syndicat'`);

    const typeOf = new Map<number, string>(
      (await t.app.inject({ method: 'GET', url: '/en/organisation/organisation-types/', headers: admin.sessionHeaders })).json().results.map((r: { id: number; display_name: string }) => [r.id, r.display_name]),
    );
    const ordered = async (ordering: string) =>
      (await t.app.inject({ method: 'GET', url: `/en/organisation/organisations/?ordering=${ordering}&page_size=100`, headers: admin.sessionHeaders })).json().results.map((r: { organisation_type: number | null }) => (r.organisation_type === null ? null : typeOf.get(r.organisation_type)));
    const byName = (await ordered('organisation_type')).filter((name: string | null) => name !== null);
    expect(byName.length).toBeGreaterThan(2);
    expect(byName).toEqual([...byName].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    expect(new Set(byName).size).toBeGreaterThan(1);
    expect((await ordered('-organisation_type')).filter((name: string | null) => name !== null)).toEqual([...byName].reverse());
    // The filter still takes the type's id.
    const commune = [...typeOf].find(([, name]) => name === 'Municipality')![0];
    expect(names((await call('GET', `organisation/organisations/?organisation_type=${commune}`)).json())).toEqual(['Commune de Saint-Aubin-sur-Mer']);
  });
});

describe('user groups and spheres', () => {
  it('creates groups whose names give one slug at the same moment, each with its own slug', async () => {
    for (let round = 0; round < 4; round++) {
      const created = await Promise.all(
        [`Vélo & co ${round}`, `Vélo co ${round}`, `vélo, co ${round}`].map((display_name) =>
          call('POST', 'usergroup/user-groups/?usergroup_type=user-group', admin, { display_name }),
        ),
      );
      expect(created.map((response) => response.statusCode)).toEqual([201, 201, 201]);
      const { rows } = await t.db.query<{ slug: string }>('SELECT slug FROM usergroups WHERE id = ANY($1) ORDER BY slug', [created.map((response) => response.json().id)]);
      expect(rows.map((row) => row.slug)).toEqual([`velo-co-${round}`, `velo-co-${round}-2`, `velo-co-${round}-3`]);
      for (const response of created) expect((await call('DELETE', `usergroup/user-groups/${response.json().id}/`)).statusCode).toBe(204);
    }
  });

  it('filters by type, status, role of the current user and search', async () => {
    expect(names((await call('GET', 'usergroup/user-groups/?usergroup_type=user-group')).json())).toEqual(['Groupe de travail Mobilité', 'Réseau des géomaticiens']);
    const spheres = (await call('GET', 'usergroup/user-groups/?usergroup_type=group-of-organisation')).json();
    expect(spheres.results).toHaveLength(1);
    expect(spheres.results[0]).toMatchObject({ organisation_count: 3, usergroup_type: 'group-of-organisation', thumbnail: null });
    expect((await call('GET', 'usergroup/user-groups/?usergroup_type=organisation&status__in=1')).json().count).toBe(1);
    const mine = names((await call('GET', 'usergroup/user-groups/?user__role__in=2', referent)).json());
    expect(mine).toEqual(['Région Sud-Méditerranée', 'Réseau des géomaticiens']);
    expect(names((await call('GET', 'usergroup/user-groups/?search=geomaticiens')).json())).toEqual(['Réseau des géomaticiens']);
    expect((await call('GET', 'usergroup/user-groups/?ordering=-organisation_count')).statusCode).toBe(200);
    // Without Accounts access one sees only one's own groups.
    expect(names((await call('GET', 'usergroup/user-groups/', member)).json())).toEqual(['Commune de Saint-Aubin-sur-Mer']);
  });

  it('creates groups and spheres, refuses other types, and guards other groups', async () => {
    const sphere = await call('POST', 'usergroup/user-groups/', admin, { display_name: 'Sphère montagne', usergroup_type: 'group-of-organisation' });
    expect(sphere.statusCode).toBe(201);
    expect(sphere.json()).toMatchObject({ usergroup_type: 'group-of-organisation', organisation_count: 0, member_count: 0 });
    const group = await call('POST', 'usergroup/user-groups/', admin, { display_name: 'Sphère montagne' });
    expect(group.json().usergroup_type).toBe('user-group');
    // A name is unique within a type: a second sphere of that name is refused.
    const twin = await call('POST', 'usergroup/user-groups/', admin, { display_name: 'Sphere Montagne', usergroup_type: 'group-of-organisation' });
    expect(twin.json()).toEqual({ display_name: ['Cette valeur est déjà utilisée.'] });
    const organisation = await call('POST', 'usergroup/user-groups/', admin, { display_name: 'Org', usergroup_type: 'organisation' });
    expect(organisation.json()).toEqual({ usergroup_type: ['Valeur invalide.'] });
    const geomaticiens = g['reseau-des-geomaticiens'];
    expect((await call('PATCH', `usergroup/user-groups/${geomaticiens}/`, referent, { description: 'Réseau SIG' })).json().description).toBe('Réseau SIG');
    expect((await call('PATCH', `usergroup/user-groups/${g['groupe-de-travail-mobilite']}/`, referent, { description: 'x' })).statusCode).toBe(403);
    expect((await call('GET', `usergroup/user-groups/${g['groupe-de-travail-mobilite']}/`, referent)).statusCode).toBe(403);
    expect((await call('DELETE', `usergroup/user-groups/${geomaticiens}/`, referent)).statusCode).toBe(403);
    expect((await call('DELETE', `usergroup/user-groups/${group.json().id}/`, admin)).statusCode).toBe(204);
  });

  it('stores, serves and removes thumbnails checked by content and size', async () => {
    const id = g['reseau-des-geomaticiens'];
    const upload = (bytes: Buffer, filename: string, who = referent) => {
      const body = multipart(bytes, filename, { type: 'image/png' });
      return t.app.inject({ method: 'PUT', url: `/en/usergroup/user-groups/${id}/thumbnail/`, headers: { ...who.sessionHeaders, ...body.headers }, payload: body.payload });
    };
    const text = await upload(Buffer.from('just some text'), 'logo.png');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ file: ['The image must be a JPG or PNG file.'] });
    const big = await upload(OVERSIZED_PNG, 'big.png');
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ file: ['The image must not exceed 2 MB.'] });
    const noFile = await t.app.inject({ method: 'PUT', url: `/en/usergroup/user-groups/${id}/thumbnail/`, headers: referent.sessionHeaders, payload: {} });
    expect(noFile.statusCode).toBe(400);
    expect((await call('GET', `usergroup/user-groups/${id}/thumbnail/`)).statusCode).toBe(404);

    const stored = await upload(TINY_PNG, 'logo.png');
    expect(stored.statusCode).toBe(200);
    expect(stored.json().thumbnail).toMatch(new RegExp(`^/en/usergroup/user-groups/${id}/thumbnail/\\?v=\\d+$`));
    const image = await call('GET', `usergroup/user-groups/${id}/thumbnail/`, member);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // Stored re-encoded: still the same 1×1 PNG.
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect((await upload(TINY_PNG, 'logo.png', member)).statusCode).toBe(403);

    // The logo of an organisation is its thumbnail.
    const region = g['region-sud-mediterranee'];
    const body = multipart(TINY_PNG, 'logo.png');
    await t.app.inject({ method: 'PUT', url: `/fr/usergroup/user-groups/${region}/thumbnail/`, headers: { ...referent.sessionHeaders, ...body.headers }, payload: body.payload });
    expect((await call('GET', `organisation/organisations/${region}/`, referent)).json().logo).toMatch(/^\/fr\/usergroup\/user-groups\/\d+\/thumbnail\//);

    expect((await call('DELETE', `usergroup/user-groups/${id}/thumbnail/`, referent)).statusCode).toBe(204);
    expect((await call('GET', `usergroup/user-groups/${id}/thumbnail/`)).statusCode).toBe(404);
    expect((await call('GET', `usergroup/user-groups/${id}/`)).json().thumbnail).toBeNull();
  });
});

describe('members', () => {
  const region = () => g['region-sud-mediterranee'];

  it('lists, adds, changes and removes members of the groups one administers', async () => {
    const list = (await call('GET', `usergroup/user-groups/${region()}/members/?page_size=50`, referent)).json();
    expect(list.results.map((m: { user: { username: string } }) => m.user.username).sort()).toEqual(['newcomer', 'referent', 'thomas.girard']);
    const record = list.results.find((m: { user_id: number }) => m.user_id === u.newcomer);
    expect(record).toEqual({
      user: { id: u.newcomer, username: 'newcomer', first_name: 'Lucas', last_name: 'Bernard', email: 'newcomer@demo.publish.example' },
      user_id: u.newcomer, role: 0, status: 1, date_joined: expect.any(String),
    });
    expect((await call('GET', `usergroup/user-groups/${region()}/members/?status__in=1`, referent)).json().count).toBe(2);
    expect((await call('GET', `usergroup/user-groups/${region()}/members/?search=lucas`, referent)).json().count).toBe(1);
    expect((await call('GET', `usergroup/user-groups/${region()}/members/?ordering=-user__date_joined`, referent)).statusCode).toBe(200);

    // A stranger's id answers like an unknown one: the members POST is no oracle.
    const byId = await call('POST', `usergroup/user-groups/${region()}/members/`, referent, { user_id: u.member, role: 1 });
    expect(byId.statusCode).toBe(400);
    expect(byId.json()).toEqual({ user_id: ['Valeur invalide.'] });
    expect((await call('POST', `usergroup/user-groups/${region()}/members/`, referent, { user_id: 987654 })).json()).toEqual({ user_id: ['Valeur invalide.'] });
    const added = await call('POST', `usergroup/user-groups/${region()}/members/`, referent, { account: ' MEMBER@demo.publish.example ', role: 1 });
    expect(added.statusCode).toBe(201);
    // Added by a delegated administrator: pending the person's word, shown by name only.
    expect(added.json()).toEqual({
      user: { id: u.member, username: 'member', first_name: expect.any(String), last_name: expect.any(String) },
      user_id: u.member, role: 1, status: 0, date_joined: expect.any(String),
    });
    // Someone already attached: how, and where to change it, rather than a taken value.
    expect((await call('POST', `usergroup/user-groups/${region()}/members/`, referent, { account: 'member' })).json()).toEqual({
      non_field_errors: ["Cette personne est déjà invitée dans ce groupe : l'invitation attend sa réponse."],
    });
    expect((await call('POST', `usergroup/user-groups/${region()}/members/`, referent, { account: 'newcomer', role: 1 })).json()).toEqual({
      non_field_errors: ['Cette personne a demandé à rejoindre ce groupe : acceptez ou refusez sa demande parmi les rattachements en attente.'],
    });
    expect((await call('POST', `usergroup/user-groups/${region()}/members/`, referent, { account: 'referent' })).json()).toEqual({
      non_field_errors: ['Cette personne est déjà membre de ce groupe : changez son rôle dans la liste de ses membres.'],
    });
    // A user of one of their groups may be added by id, e.g. from the user's page.
    expect((await call('POST', `usergroup/user-groups/${g['reseau-des-geomaticiens']}/members/`, referent, { user_id: u.newcomer })).statusCode).toBe(201);
    expect((await call('DELETE', `usergroup/user-groups/${g['reseau-des-geomaticiens']}/members/${u.newcomer}/`, referent)).statusCode).toBe(204);
    expect((await call('POST', `usergroup/user-groups/${region()}/members/`, referent, { account: 'nobody@example.org' })).json()).toEqual({
      account: ["Aucun compte n'a ce nom d'utilisateur ou cette adresse e-mail."],
    });
    expect((await call('POST', `usergroup/user-groups/${region()}/members/`, referent, { role: 5 })).json()).toEqual({
      role: ['Valeur invalide.'], account: ['Ce champ est obligatoire.'],
    });

    const accepted = await call('PUT', `usergroup/user-groups/${region()}/members/${u.newcomer}/`, referent, { status: 2 });
    expect(accepted.json()).toMatchObject({ user_id: u.newcomer, status: 2, role: 0 });
    const newcomer = (await call('GET', `usergroup/users/${u.newcomer}/`, referent)).json();
    expect(newcomer.usergroup_roles.map((r: { usergroup_id: number }) => r.usergroup_id)).toEqual([region()]);
    expect(newcomer.organisation).toBe(region());
    expect((await call('PUT', `usergroup/user-groups/${region()}/members/${u.editor}/`, referent, { status: 2 })).statusCode).toBe(404);

    expect((await call('DELETE', `usergroup/user-groups/${region()}/members/${u.member}/`, referent)).statusCode).toBe(204);
    expect((await call('DELETE', `usergroup/user-groups/${region()}/members/${u.member}/`, referent)).statusCode).toBe(404);
    expect((await call('GET', `usergroup/user-groups/${g['metropole-cote-azurine']}/members/`, referent)).statusCode).toBe(403);
    expect((await call('GET', 'usergroup/user-groups/987654/members/', admin)).statusCode).toBe(404);
  });
});

describe('parents and children', () => {
  it('links groups, refuses self-links and cycles, unlinks', async () => {
    const mobilite = g['groupe-de-travail-mobilite'];
    const geomaticiens = g['reseau-des-geomaticiens'];
    const linked = await call('POST', `usergroup/user-groups/${mobilite}/parents/`, admin, { parent_id: geomaticiens });
    expect(linked.statusCode).toBe(201);
    expect(linked.json().id).toBe(geomaticiens);
    expect(names((await call('GET', `usergroup/user-groups/${mobilite}/parents/`)).json())).toEqual(['Réseau des géomaticiens']);
    expect(names((await call('GET', `usergroup/user-groups/${geomaticiens}/children/`)).json())).toEqual(['Groupe de travail Mobilité']);
    const cycle = await call('POST', `usergroup/user-groups/${geomaticiens}/parents/`, admin, { parent_id: mobilite });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json()).toEqual({ parent_id: ['Ce lien ferait d’un groupe son propre ancêtre.'] });
    expect((await call('POST', `usergroup/user-groups/${mobilite}/children/`, admin, { child_id: geomaticiens })).statusCode).toBe(400);
    expect((await call('POST', `usergroup/user-groups/${mobilite}/children/`, admin, { child_id: mobilite })).json()).toEqual({ child_id: ['Un groupe ne peut pas être lié à lui-même.'] });
    expect((await call('POST', `usergroup/user-groups/${mobilite}/children/`, admin, { child_id: 987654 })).statusCode).toBe(400);
    expect((await call('POST', `usergroup/user-groups/${mobilite}/children/`, admin, {})).statusCode).toBe(400);
    expect((await call('POST', `usergroup/user-groups/${geomaticiens}/children/`, referent, { child_id: mobilite })).statusCode).toBe(403);
    expect((await call('DELETE', `usergroup/user-groups/${mobilite}/parents/${geomaticiens}/`)).statusCode).toBe(204);
    expect((await call('DELETE', `usergroup/user-groups/${mobilite}/parents/${geomaticiens}/`)).statusCode).toBe(404);

    const sphere = g['sphere-territoires-littoraux'];
    expect((await call('POST', `usergroup/user-groups/${sphere}/children/`, admin, { child_id: g['office-de-l-eau-du-bassin-de-la-durance'] })).statusCode).toBe(201);
    expect((await call('GET', `usergroup/user-groups/${sphere}/children/`)).json().count).toBe(4);
  });
});

describe('members added by a delegated administrator', () => {
  const region = () => g['region-sud-mediterranee'];
  const geomaticiens = () => g['reseau-des-geomaticiens'];

  it("are pending until the person accepts, and the account's private fields stay unreadable meanwhile", async () => {
    const editor = await t.signIn('editor');
    // The superuser's account: pending, named only, unreadable.
    const superuser = await call('POST', `usergroup/user-groups/${region()}/members/`, referent, { account: 'admin', role: 0, status: 2 });
    expect(superuser.statusCode).toBe(201);
    expect(superuser.json()).toEqual({
      user: { id: u.admin, username: 'admin', first_name: 'Alice', last_name: 'Martin' },
      user_id: u.admin, role: 0, status: 0, date_joined: expect.any(String),
    });
    expect((await call('GET', `usergroup/users/${u.admin}/`, referent)).statusCode).toBe(403);
    expect((await call('DELETE', `usergroup/user-groups/${region()}/members/${u.admin}/`, referent)).statusCode).toBe(204);

    const added = await call('POST', `usergroup/user-groups/${region()}/members/`, referent, { account: 'EDITOR@demo.publish.example', role: 1 });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ user_id: u.editor, role: 1, status: 0 });
    expect(added.json().user).not.toHaveProperty('email');
    const read = await call('GET', `usergroup/users/${u.editor}/`, referent);
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain('editor@demo.publish.example');
    expect(names((await call('GET', 'usergroup/users/?page_size=100', referent)).json())).not.toContain('editor');
    expect((await call('GET', 'usergroup/users/?email=editor@demo.publish.example', referent)).json().count).toBe(0);
    // The members list and the pending attachments show the name, not the e-mail, nor answer a search on it.
    const row = (await call('GET', `usergroup/user-groups/${region()}/members/?page_size=50`, referent)).json().results.find((m: { user_id: number }) => m.user_id === u.editor);
    expect(row).toMatchObject({ status: 0, user: { id: u.editor, username: 'editor', first_name: 'Julien', last_name: 'Moreau' } });
    expect(row.user).not.toHaveProperty('email');
    expect((await call('GET', `usergroup/user-groups/${region()}/members/?search=demo.publish`, referent)).json().results.map((m: { user_id: number }) => m.user_id)).not.toContain(u.editor);
    const pending = (await call('GET', 'usergroup/group-members/?status__in=0,1&page_size=50', referent)).json().results;
    const attachment = pending.find((m: { user: number; usergroup: number }) => m.user === u.editor && m.usergroup === region());
    expect(attachment).toMatchObject({ status: 0, role: 1, user_detail: { username: 'editor', first_name: 'Julien' } });
    expect(attachment.user_detail).not.toHaveProperty('email');
    // The superuser sees it whole among the attachments pending validation.
    const seenByAdmin = (await call('GET', 'usergroup/group-members/?status__in=0,1&page_size=50')).json().results.find((m: { id: number }) => m.id === attachment.id);
    expect(seenByAdmin.user_detail.email).toBe('editor@demo.publish.example');

    // The referent cannot make it active; another user can neither see nor accept it.
    const forced = await call('PUT', `usergroup/user-groups/${region()}/members/${u.editor}/`, referent, { status: 2 });
    expect(forced.statusCode).toBe(400);
    expect(Object.keys(forced.json())).toEqual(['status']);
    expect((await call('POST', `usergroup/group-members/${attachment.id}/accept/`, referent, {})).statusCode).toBe(403);
    expect((await call('POST', `usergroup/group-members/${attachment.id}/accept/`, member, {})).statusCode).toBe(403);
    expect((await call('GET', `usergroup/group-members/?user=${u.editor}`, member)).statusCode).toBe(403);
    expect((await call('GET', `usergroup/users/${u.editor}/`, referent)).statusCode).toBe(403);

    // The person sees it among their own memberships and accepts it.
    const mine = await call('GET', `usergroup/group-members/?user=${u.editor}&status__in=0`, editor);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().results).toEqual([expect.objectContaining({ id: attachment.id, usergroup: region(), status: 0, usergroup_detail: expect.objectContaining({ display_name: 'Région Sud-Méditerranée' }) })]);
    const accepted = await call('POST', `usergroup/group-members/${attachment.id}/accept/`, editor, {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: attachment.id, status: 2, role: 1 });
    expect((await call('POST', `usergroup/group-members/${attachment.id}/accept/`, editor, {})).statusCode).toBe(403);
    const now = await call('GET', `usergroup/users/${u.editor}/`, referent);
    expect(now.statusCode).toBe(200);
    expect(now.json().email).toBe('editor@demo.publish.example');
    expect((await t.app.inject({ url: '/fr/login/', headers: editor.jwtHeaders })).json().usergroup_roles.map((r: { usergroup_id: number }) => r.usergroup_id)).toContain(region());
    expect((await call('DELETE', `usergroup/user-groups/${region()}/members/${u.editor}/`, referent)).statusCode).toBe(204);
  });

  it('are declined by the person, validated by a superuser, and a superuser still adds members directly', async () => {
    const newcomer = await t.signIn('newcomer');
    const invited = (await call('POST', `usergroup/user-groups/${geomaticiens()}/members/`, referent, { account: 'newcomer', role: 0 })).json();
    expect(invited.status).toBe(0);
    const [attachment] = (await call('GET', `usergroup/group-members/?user=${u.newcomer}&status__in=0`, newcomer)).json().results;
    expect(attachment).toMatchObject({ usergroup: geomaticiens(), status: 0 });
    expect((await call('POST', `usergroup/group-members/${attachment.id}/decline/`, newcomer, {})).statusCode).toBe(204);
    expect((await call('GET', `usergroup/user-groups/${geomaticiens()}/members/?page_size=50`, referent)).json().results.map((m: { user_id: number }) => m.user_id)).not.toContain(u.newcomer);

    // A superuser validates a pending addition.
    expect((await call('POST', `usergroup/user-groups/${geomaticiens()}/members/`, referent, { account: 'newcomer', role: 0 })).json().status).toBe(0);
    const validated = await call('PUT', `usergroup/user-groups/${geomaticiens()}/members/${u.newcomer}/`, admin, { status: 2 });
    expect(validated.json()).toMatchObject({ status: 2, user: { email: expect.any(String) } });

    // A superuser's addition is active at once.
    const direct = await call('POST', `usergroup/user-groups/${geomaticiens()}/members/`, admin, { account: 'nicolas.fontaine', role: 0 });
    expect(direct.statusCode).toBe(201);
    expect(direct.json()).toMatchObject({ status: 2, user: { username: 'nicolas.fontaine', email: expect.any(String) } });
    expect((await call('GET', `usergroup/users/${u['nicolas.fontaine']}/`, referent)).statusCode).toBe(200);
  });
});

describe('group-members (membership requests)', () => {
  it('lists pending attachments ordered by the user join date, with details', async () => {
    const response = await call('GET', 'usergroup/group-members/?ordering=-user__date_joined&status__in=0,1&page_size=50');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const first = body.results[0];
    expect(Object.keys(first).sort()).toEqual(['date_joined', 'id', 'role', 'status', 'user', 'user_detail', 'usergroup', 'usergroup_detail', 'usergroup_type']);
    expect(first.user_detail).toMatchObject({ id: first.user, username: expect.any(String) });
    expect(first.usergroup_detail).toMatchObject({ id: first.usergroup, display_name: expect.any(String), usergroup_type: expect.any(String) });
    const usernames = body.results.map((r: { user_detail: { username: string } }) => r.user_detail.username);
    expect(usernames[0]).toBe('elodie.mercier');
    // Hers asks to create a group, not active yet: its status says so.
    expect(first.usergroup_detail).toEqual({ id: first.usergroup, display_name: 'Association Données ouvertes en Provence', usergroup_type: 'organisation', status: 1 });
    expect(body.results.every((r: { status: number }) => r.status < 2)).toBe(true);
    const organisations = (await call('GET', 'usergroup/group-members/?status__in=0,1&usergroup_type=organisation&page_size=50')).json();
    expect(organisations.results.every((r: { usergroup_type: string }) => r.usergroup_type === 'organisation')).toBe(true);
    expect((await call('GET', 'usergroup/group-members/?ordering=password')).statusCode).toBe(400);
  });

  it('shows a delegated administrator the requests of their groups only', async () => {
    const body = (await call('GET', 'usergroup/group-members/?status__in=0,1&page_size=50', referent)).json();
    const groupsSeen = new Set(body.results.map((r: { usergroup: number }) => r.usergroup));
    for (const id of groupsSeen) expect([g['region-sud-mediterranee'], g['reseau-des-geomaticiens']]).toContain(id);
    expect(body.results.map((r: { user_detail: { username: string } }) => r.user_detail.username)).toContain('marie.lefebvre');
    expect((await call('GET', 'usergroup/group-members/', member)).statusCode).toBe(403);
    expect((await call('POST', 'usergroup/group-members/', admin, {})).statusCode).toBe(405);
  });
});
