/** Datasets: lookup lists, the record payload, writes with their rules, search, filters, counts and keywords. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupIds, multipart, OVERSIZED_PNG, TINY_PDF, TINY_PNG } from './accounts-helpers.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let referent: SignedIn;
let g: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  [admin, editor, referent] = await Promise.all(['admin', 'editor', 'referent'].map((name) => t.signIn(name)));
  g = await groupIds(t);
});
afterAll(() => t?.close());

const get = (path: string, who: SignedIn = admin, locale = 'fr') => t.app.inject({ url: `/${locale}/dataset/${path}`, headers: who.jwtHeaders });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: object, who: SignedIn = admin, locale = 'fr') =>
  t.app.inject({ method, url: `/${locale}/dataset/${path}`, headers: who.sessionHeaders, payload });

async function lookupId(list: string, codename: string): Promise<number> {
  const { results } = (await get(`${list}/?page_size=100`)).json();
  return results.find((entry: { codename: string }) => entry.codename === codename).id;
}

describe('lookup lists', () => {
  it('answer every list sorted by its label in the request language', async () => {
    for (const list of ['categories', 'granularities', 'topics', 'kinds', 'restrictions', 'update-frequencies', 'record-types', 'contact-roles']) {
      for (const locale of ['fr', 'en', 'it']) {
        const response = await get(`${list}/`, editor, locale);
        expect(response.statusCode).toBe(200);
        const labels = response.json().results.map((entry: { label: string }) => entry.label);
        expect(labels.length).toBeGreaterThan(3);
        const key = (label: string) => label.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
        expect(labels).toEqual([...labels].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)));
      }
    }
    const topics = (await get('topics/?search=hydro', editor, 'en')).json().results;
    expect(topics).toEqual([{ id: expect.any(Number), codename: 'hy', label: 'Hydrography' }]);
    const weekly = (await get('update-frequencies/?search=hebdo', editor, 'fr')).json().results;
    expect(weekly.map((entry: { codename: string }) => entry.codename)).toEqual(['WEEKLY']);
    expect((await t.app.inject({ url: '/fr/dataset/kinds/' })).statusCode).toBe(401);
  });
});

describe('datasets', () => {
  it('are created by another program with only its few fields, the codename made from the name', async () => {
    const payload = {
      display_name: 'Qualité de l’eau des rivières',
      description: 'Mesures mensuelles des stations de la Durance.',
      publish: true,
      usergroup: g['metropole-cote-azurine'],
      tags: ['Rivières', 'qualité', 'rivières'],
      publication_date: '2024-03-01',
      last_update_date: '2024-06-30',
    };
    const created = await send('POST', 'datasets/', payload, editor);
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record).toMatchObject({
      codename: 'qualite-de-l-eau-des-rivieres',
      display_name: 'Qualité de l’eau des rivières',
      usergroup: g['metropole-cote-azurine'],
      tags: ['qualité', 'Rivières'],
      publication_date: '2024-03-01',
      last_update_date: '2024-06-30',
      publish: true,
      default_permission_level: 0,
      editable: true,
      detail_url: `/fr/dataset/datasets/${record.id}/`,
      categories: [],
      extras: [],
      thumbnail: null,
    });
    expect(record.unfilled_fields).toEqual(['topics', 'kinds', 'record_type', 'update_frequency']);

    const again = (await send('POST', 'datasets/', payload, editor)).json();
    expect(again.codename).toBe('qualite-de-l-eau-des-rivieres-2');
    const named = await send('POST', 'datasets/', { ...payload, codename: 'qualite-de-l-eau-des-rivieres' }, editor);
    expect(named.statusCode).toBe(400);
    expect(named.json()).toEqual({ codename: ['Cette valeur est déjà utilisée.'] });
  });

  it('require a name and an owner, and check dates, codenames, references and the owner kind', async () => {
    expect((await send('POST', 'datasets/', {}, admin, 'en')).json()).toEqual({
      display_name: ['This field is required.'],
      usergroup: ['This field is required.'],
    });
    const owner = g['metropole-cote-azurine'];
    for (const date of ['2024-02-30', '01/02/2024', '2024-1-5']) {
      expect((await send('POST', 'datasets/', { display_name: 'X', usergroup: owner, creation_date: date }, admin, 'en')).json()).toEqual({
        creation_date: ['Enter a valid date (YYYY-MM-DD).'],
      });
    }
    const bad = await send('POST', 'datasets/', { display_name: 'X', usergroup: g['sphere-territoires-littoraux'], codename: 'Pas Un Slug' }, admin, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      usergroup: ['A dataset belongs to an organisation or a user group.'],
      codename: ['A short name holds only lowercase letters without accents, digits and hyphens between them, for example “bus-stops-2024”.'],
    });
    const extras = await send('POST', 'datasets/', { display_name: 'X', usergroup: owner, extras: [{ key: 'a', value: { b: 1 } }], year: 'deux' }, admin, 'en');
    expect(extras.json()).toEqual({ extras: ['Invalid value.'], year: ['Invalid value.'] });
    const unknownTopic = await send('POST', 'datasets/', { display_name: 'X', usergroup: g['metropole-cote-azurine'], topics: [99999] }, admin, 'en');
    expect(unknownTopic.json()).toEqual({ topics: ['Invalid value.'] });
    // Numbers beyond the integer columns are refused on their field, as an unknown id is.
    const huge = await send('POST', 'datasets/', { display_name: 'X', usergroup: owner, topics: [1e30], licence: '99999999999999999999', parent: 2 ** 31, year: -(2 ** 31) - 1 }, admin, 'en');
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ topics: ['Invalid value.'], licence: ['Invalid value.'], parent: ['Invalid value.'], year: ['Invalid value.'] });
    // Year 0 does not exist: a field error, not the database's refusal.
    const yearZero = await send('POST', 'datasets/', { display_name: 'X', usergroup: owner, publication_date: '0000-01-01', creation_date: '0001-01-01' }, admin, 'en');
    expect(yearZero.statusCode).toBe(400);
    expect(Object.keys(yearZero.json())).toEqual(['publication_date']);
    // A cleared date input sends '': no date.
    const cleared = await send('POST', 'datasets/', { display_name: 'Sans date', usergroup: owner, creation_date: '', publication_date: '' }, admin, 'en');
    expect(cleared.statusCode, cleared.body).toBe(201);
    expect(cleared.json()).toMatchObject({ creation_date: null, publication_date: null });
    expect((await send('DELETE', `datasets/${cleared.json().id}/`)).statusCode).toBe(204);
    const coverage = await send('POST', 'datasets/', { display_name: 'X', usergroup: g['groupe-de-travail-mobilite'], geographic_coverage: 'organisation' }, admin, 'en');
    expect(coverage.json()).toEqual({ geographic_coverage: ['The organisation has no jurisdiction.'] });
  });

  it('take "computed on the data" only with a geographic resource, whose boxes make the coverage', async () => {
    const owner = g['metropole-cote-azurine'];
    const created = await send('POST', 'datasets/', { display_name: 'Arbres calculés', usergroup: owner, geographic_coverage: 'computed' }, editor, 'en');
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ geographic_coverage: ['The dataset has no geographic resource.'] });

    const id = (await send('POST', 'datasets/', { display_name: 'Arbres calculés', usergroup: owner }, editor)).json().id;
    const addResource = async (codename: string, bbox: number[] | null, type: 1 | 2) => {
      const { rows } = await t.db.query(
        `INSERT INTO resources (display_name, codename, type, usergroup_id, bbox, geographic) VALUES ($1, $1, 'file-upload', $2, $3, $4) RETURNING id`,
        [codename, owner, bbox, bbox !== null],
      );
      await t.db.query('INSERT INTO resource_datasets (resource_id, dataset_id, type) VALUES ($1, $2, $3)', [rows[0].id, id, type]);
      return rows[0].id as number;
    };
    await addResource('notice-arbres', null, 1);
    const withoutBox = await send('PATCH', `datasets/${id}/`, { geographic_coverage: 'computed' }, editor, 'en');
    expect(withoutBox.json()).toEqual({ geographic_coverage: ['The dataset has no geographic resource.'] });

    await addResource('arbres-nord', [7.1, 43.6, 7.3, 43.8], 2);
    const south = await addResource('arbres-sud', [7.0, 43.5, 7.2, 43.7], 2);
    const patched = await send('PATCH', `datasets/${id}/`, { geographic_coverage: 'computed' }, editor);
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ geographic_coverage: 'computed', bbox: [7.0, 43.5, 7.3, 43.8] });

    // Read from the resources each time: one gone, the box follows.
    await t.db.query('DELETE FROM resources WHERE id = $1', [south]);
    expect((await get(`datasets/${id}/`, editor)).json().bbox).toEqual([7.1, 43.6, 7.3, 43.8]);
  });

  it('are filtered by classification as their links stand, whoever wrote them', async () => {
    const owner = g['metropole-cote-azurine'];
    const [hy, ae, lu] = await Promise.all(['hy', 'au', 'tn'].map((codename) => lookupId('topics', codename)));
    const ids = async (query: string) => (await get(`datasets/?${query}&page_size=1000`)).json().results.map((row: { id: number }) => row.id);
    const first = (await send('POST', 'datasets/', { display_name: 'Classés 1', usergroup: owner, topics: [ae, hy] }, editor)).json().id;
    const second = (await send('POST', 'datasets/', { display_name: 'Classés 2', usergroup: owner }, editor)).json().id;
    expect((await get(`datasets/${first}/`)).json().topics).toEqual([ae, hy].sort((a, b) => a - b));
    expect(await ids(`topics__in=${hy}`)).toContain(first);

    await send('PATCH', `datasets/${first}/`, { topics: [lu] }, editor);
    expect(await ids(`topics__in=${hy}`)).not.toContain(first);
    expect(await ids(`topics__in=${lu},${hy}`)).toContain(first);

    // Written straight into the link table: inserted, moved to another dataset, deleted.
    await t.db.query('INSERT INTO dataset_topics (dataset_id, topic_id) VALUES ($1, $2), ($3, $2)', [first, hy, second]);
    expect((await get(`datasets/${first}/`)).json().topics).toEqual([hy, lu].sort((a, b) => a - b));
    expect(await ids(`topics__in=${hy}`)).toEqual(expect.arrayContaining([first, second]));
    await t.db.query('UPDATE dataset_topics SET dataset_id = $2 WHERE dataset_id = $1 AND topic_id = $3', [first, second, lu]);
    expect((await get(`datasets/${first}/`)).json().topics).toEqual([hy]);
    expect((await get(`datasets/${second}/`)).json().topics).toEqual([hy, lu].sort((a, b) => a - b));
    await t.db.query('DELETE FROM dataset_topics WHERE topic_id = $1', [hy]);
    expect(await ids(`topics__in=${hy}`)).not.toEqual(expect.arrayContaining([first]));
    const remaining = await ids(`topics__in=${lu}&usergroup_id=${owner}`);
    expect(remaining).toContain(second);
    expect(remaining).not.toContain(first);
  });

  it('are read, replaced, patched and deleted, with every field round-tripping', async () => {
    const hy = await lookupId('topics', 'hy');
    const tabular = await lookupId('kinds', 'tabular');
    const envi = await lookupId('categories', 'ENVI');
    const monthly = await lookupId('update-frequencies', 'MONTHLY');
    const dataset = await lookupId('record-types', 'dataset');
    const licence = (await t.db.query('SELECT id FROM licences ORDER BY id LIMIT 1')).rows[0].id;
    const full = {
      display_name: 'Stations hydrométriques',
      codename: 'stations-de-mesure',
      description: 'Réseau de mesure',
      usergroup: g['metropole-cote-azurine'],
      tags: ['hydrométrie'],
      categories: [envi],
      topics: [hy],
      kinds: [tabular],
      record_type: dataset,
      update_frequency: monthly,
      licence,
      publication_date: '2023-01-15',
      last_update_date: '2024-01-15',
      creation_date: '2020-05-01',
      revision_date: '2024-02-01',
      year: 2024,
      geographic_coverage: 'bbox',
      bbox: [5.1, 43.2, 6.3, 44.1],
      extras: [{ key: 'source', value: 'capteurs' }],
      dataviz_href: 'https://dataviz.example/stations',
      default_permission_level: 2,
      publish: false,
      usage_recommendation: 'Citer la source',
      constitution_mode: 'Relevés automatiques',
    };
    const created = await send('POST', 'datasets/', full, editor);
    expect(created.json()).toMatchObject({ id: expect.any(Number) });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const read = (await get(`datasets/${id}/`, editor)).json();
    expect(read).toMatchObject(full);
    expect(read.unfilled_fields).toEqual([]);

    const put = await send('PUT', `datasets/${id}/`, { ...full, tags: ['Hydrométrie', 'débits'], topics: [] }, editor);
    expect(put.statusCode).toBe(200);
    // Keywords are shared: one spelled differently only by case is the existing one.
    expect(put.json()).toMatchObject({ tags: ['débits', 'hydrométrie'], topics: [], unfilled_fields: ['topics'] });

    const patch = await send('PATCH', `datasets/${id}/`, { publish: true, bbox: null }, editor);
    expect(patch.json()).toMatchObject({ publish: true, bbox: null, display_name: 'Stations hydrométriques', tags: ['débits', 'hydrométrie'] });

    expect((await send('DELETE', `datasets/${id}/`, undefined, editor)).statusCode).toBe(204);
    expect((await get(`datasets/${id}/`, editor)).statusCode).toBe(404);
  });

  it("tell in each child's history that its parent was deleted, and by whom, whoever owns the child", async () => {
    const parent = (await send('POST', 'datasets/', { display_name: 'Parent supprimé', usergroup: g['metropole-cote-azurine'] }, editor)).json().id as number;
    // A child in another organisation, which the editor does not administer.
    const child = (await send('POST', 'datasets/', { display_name: 'Enfant de la région', usergroup: g['region-sud-mediterranee'], parent }, admin)).json().id as number;
    expect((await send('DELETE', `datasets/${parent}/`, undefined, editor)).statusCode).toBe(204);
    expect((await get(`datasets/${child}/`)).json().parent).toBeNull();
    const [latest] = (await get(`datasets/${child}/activity/`)).json().results;
    expect(latest).toMatchObject({ action: 'update', user: { username: 'editor' }, changes: { parent: { old: parent, new: null } } });
  });

  it('refuse a parent that would make a cycle', async () => {
    const make = async (name: string, parent?: number) =>
      (await send('POST', 'datasets/', { display_name: name, usergroup: g['metropole-cote-azurine'], parent }, admin)).json().id as number;
    const a = await make('Parent A');
    const b = await make('Enfant B', a);
    const c = await make('Petit-enfant C', b);
    const cycle = await send('PATCH', `datasets/${a}/`, { parent: c }, admin, 'en');
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json()).toEqual({ parent: ['A dataset cannot be its own parent or the parent of one of its ancestors.'] });
    expect((await send('PATCH', `datasets/${a}/`, { parent: a }, admin)).statusCode).toBe(400);
    expect((await get(`datasets/${a}/`)).json().children_count).toBe(1);
    // The database refuses it too, whatever program writes; a dataset leaving its parent is no cycle.
    await expect(t.db.query('UPDATE datasets SET parent_id = $2 WHERE id = $1', [a, c])).rejects.toMatchObject({ code: '23514' });
    await t.db.query('UPDATE datasets SET parent_id = NULL WHERE id = $1', [c]);
    expect((await get(`datasets/${c}/`)).json().parent).toBeNull();
  });

  it('refuse the cycle two saves at once would close, each naming the other as its parent', async () => {
    const make = async (name: string) => (await send('POST', 'datasets/', { display_name: name, usergroup: g['metropole-cote-azurine'] }, admin)).json().id as number;
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const [a, b] = [await make(`Croisé A${attempt}`), await make(`Croisé B${attempt}`)];
      const saves = await Promise.all([send('PATCH', `datasets/${a}/`, { parent: b }, admin, 'en'), send('PATCH', `datasets/${b}/`, { parent: a }, admin, 'en')]);
      expect(saves.map((save) => save.statusCode).sort()).toEqual([200, 400]);
      expect(saves.find((save) => save.statusCode === 400)!.json()).toEqual({ parent: ['A dataset cannot be its own parent or the parent of one of its ancestors.'] });
    }
  });

  it('take as parent only a dataset the user sees: a hidden one answers as an unknown id, and nothing is linked', async () => {
    const codenames = Object.fromEntries((await t.db.query('SELECT codename, id FROM datasets')).rows.map((row) => [row.codename, row.id]));
    const hidden = codenames['prelevements-d-eau-donnees-brutes'];
    const seen = codenames['lycees-de-la-region'];
    expect((await get(`datasets/${hidden}/`, editor)).statusCode).toBe(404);
    const own = (await send('POST', 'datasets/', { display_name: 'Enfant potentiel', usergroup: g['metropole-cote-azurine'] }, editor)).json().id;

    for (const locale of ['fr', 'en']) {
      const onHidden = await send('PATCH', `datasets/${own}/`, { parent: hidden }, editor, locale);
      const onUnknown = await send('PATCH', `datasets/${own}/`, { parent: 99999999 }, editor, locale);
      expect(onHidden.statusCode).toBe(400);
      expect(onUnknown.statusCode).toBe(400);
      expect(onHidden.body).toBe(onUnknown.body);
      expect(onHidden.headers['content-length']).toBe(onUnknown.headers['content-length']);
    }
    const created = await send('POST', 'datasets/', { display_name: 'Enfant caché', usergroup: g['metropole-cote-azurine'], parent: hidden }, editor);
    const createdUnknown = await send('POST', 'datasets/', { display_name: 'Enfant caché', usergroup: g['metropole-cote-azurine'], parent: 99999999 }, editor);
    expect(created.statusCode).toBe(400);
    expect(created.body).toBe(createdUnknown.body);
    expect((await get(`datasets/${own}/`, editor)).json().parent).toBeNull();
    expect((await get(`datasets/${hidden}/children/`)).json().count).toBe(0);
    expect((await t.db.query('SELECT count(*)::integer AS n FROM datasets WHERE parent_id = $1', [hidden])).rows[0].n).toBe(0);

    // A dataset the editor sees but does not edit may be a parent; a superuser names any.
    const linked = await send('PATCH', `datasets/${own}/`, { parent: seen }, editor);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().parent).toBe(seen);
    expect((await send('PATCH', `datasets/${own}/`, { parent: hidden }, admin)).statusCode).toBe(200);
    // Left as it is, a parent the editor no longer sees does not stop other changes.
    expect((await send('PUT', `datasets/${own}/`, { ...(await get(`datasets/${own}/`, admin)).json(), description: 'Changé' }, editor)).statusCode).toBe(200);
  });

  it('list to a reader only the children they may see', async () => {
    const owner = g['metropole-cote-azurine'];
    const parent = (await send('POST', 'datasets/', { display_name: 'Parent public', usergroup: owner, default_permission_level: 3 }, editor)).json().id;
    const open = (await send('POST', 'datasets/', { display_name: 'Enfant public', usergroup: owner, parent, default_permission_level: 3 }, editor)).json().id;
    const closed = (await send('POST', 'datasets/', { display_name: 'Enfant privé', usergroup: owner, parent, default_permission_level: 0 }, editor)).json().id;
    const children = async (who: SignedIn) => (await get(`datasets/${parent}/children/`, who)).json().results.map((r: { id: number }) => r.id).sort();
    expect(await children(editor)).toEqual([open, closed].sort());
    expect(await children(referent)).toEqual([open]);
    // Their count too, on the record and in lists: a hidden child is not even counted.
    expect((await get(`datasets/${parent}/`, editor)).json().children_count).toBe(2);
    expect((await get(`datasets/${parent}/`, referent)).json().children_count).toBe(1);
    const listed = (await get(`datasets/?id__in=${parent}`, referent)).json().results;
    expect(listed.map((r: { children_count: number }) => r.children_count)).toEqual([1]);
  });

  it('are found by full-text search, in French, ignoring accents and word endings', async () => {
    const owner = g['metropole-cote-azurine'];
    await send('POST', 'datasets/', { display_name: 'Bornes de recharge électrique', description: 'Points de charge des véhicules', usergroup: owner, tags: ['électromobilité'] });
    await send('POST', 'datasets/', { display_name: 'Fontaines publiques', description: 'Emplacements à Saint-Aubin', usergroup: owner, tags: ['patrimoine'] });
    const search = async (text: string) =>
      (await get(`datasets/?search=${encodeURIComponent(text)}`)).json().results.map((r: { display_name: string }) => r.display_name);
    expect(await search('electrique')).toEqual(['Bornes de recharge électrique']);
    expect(await search('ÉLECTROMOBILITÉ')).toEqual(['Bornes de recharge électrique']);
    expect(await search('vehicule')).toEqual(['Bornes de recharge électrique']);
    expect(await search('fontaine')).toEqual(['Fontaines publiques']);
    expect(await search('emplacement saint aub')).toEqual(['Fontaines publiques']);
    expect(await search('bornes fontaines')).toEqual([]);
    expect(await search('l\'eau & | !')).toEqual(expect.any(Array));
  });

  it('find a word by any of its beginnings, including words an edit has just brought, and nothing for stop words alone', async () => {
    const owner = g['metropole-cote-azurine'];
    const search = async (text: string) =>
      (await get(`datasets/?search=${encodeURIComponent(text)}`)).json().results.map((r: { display_name: string }) => r.display_name).sort();
    const id = (await send('POST', 'datasets/', { display_name: 'Hydrogéologie des karsts', usergroup: owner })).json().id;
    expect(await search('hydrog')).toEqual(['Hydrogéologie des karsts']);
    expect(await search('kars')).toEqual(['Hydrogéologie des karsts']);
    expect(await search('zythol')).toEqual([]);
    // A word no dataset held before this edit.
    expect((await send('PATCH', `datasets/${id}/`, { description: 'Relevés zythologiques du plateau' })).statusCode).toBe(200);
    expect(await search('zythol')).toEqual(['Hydrogéologie des karsts']);
    expect(await search('ZYTHOLOGIQUES karst')).toEqual(['Hydrogéologie des karsts']);
    // Once the text is gone, so is the match (the words a prefix stands for are only a way to find the rows).
    expect((await send('PATCH', `datasets/${id}/`, { description: 'Relevés du plateau' })).statusCode).toBe(200);
    expect(await search('zythol')).toEqual([]);
    expect(await search('le la de du et')).toEqual([]);
    // A prefix that stands for more words than a query spells out is still a prefix.
    await t.db.query("INSERT INTO search_lexemes (lexeme) SELECT 'qwv' || n FROM generate_series(1, 100) AS n ON CONFLICT DO NOTHING");
    await send('POST', 'datasets/', { display_name: 'Qwvzèle', usergroup: owner });
    expect(await search('qwv')).toEqual(['Qwvzèle']);
  });

  it('filter and order the list', async () => {
    const owner = (await t.db.query("INSERT INTO usergroups (usergroup_type, display_name, slug) VALUES ('organisation', 'Syndicat', 'syndicat') RETURNING id")).rows[0].id;
    const envi = await lookupId('categories', 'ENVI');
    const created = (await send('POST', 'datasets/', { display_name: 'Zzz filtre', usergroup: owner, categories: [envi], publish: false })).json();
    const ids = async (query: string) => (await get(`datasets/?${query}`)).json().results.map((r: { id: number }) => r.id);
    expect(await ids(`usergroup_id=${owner}`)).toEqual([created.id]);
    expect(await ids(`categories__in=${envi}&usergroup_id=${owner}`)).toEqual([created.id]);
    expect(await ids(`publish=false&usergroup_id=${owner}`)).toEqual([created.id]);
    expect(await ids(`publish=true&usergroup_id=${owner}`)).toEqual([]);
    for (const ordering of ['revision_date', '-revision_date', 'display_name', '-display_name', 'usergroup', '-usergroup', 'created_at', '-created_at', 'publish', '-publish']) {
      expect((await get(`datasets/?ordering=${ordering}`)).statusCode).toBe(200);
    }
    // Every date and name a dataset shows orders the list, both ways, as dates (nulls after the values descending).
    for (const field of ['publication_date', 'last_update_date', 'creation_date', 'revision_date', 'updated_at']) {
      for (const ordering of [field, `-${field}`]) {
        const response = await get(`datasets/?ordering=${ordering}&page_size=1000`);
        expect(response.statusCode, ordering).toBe(200);
        const values: (string | null)[] = response.json().results.map((row: Record<string, string | null>) => row[field]);
        const present = values.filter((value): value is string => value !== null);
        const sorted = [...present].sort();
        if (ordering.startsWith('-')) {
          expect(values.slice(0, present.length), ordering).toEqual(sorted.reverse());
        } else {
          expect(values.slice(values.length - present.length), ordering).toEqual(sorted);
        }
      }
    }
    const byName = (await get('datasets/?ordering=-display_name')).json().results;
    expect(byName[0].display_name).toBe('Zzz filtre');
    expect((await get('datasets/?perms=nope')).statusCode).toBe(400);
    expect((await get('datasets/?ordering=description')).statusCode).toBe(400);
  });

  it('order names as people read them, accented letters among the others, in every language, along their indexes', async () => {
    const ordered = ['Délibérations', 'Double clic', 'École', 'Eté', 'Étude', 'zone'];
    const owner = (await t.db.query("INSERT INTO usergroups (usergroup_type, display_name, slug) VALUES ('organisation', 'Élan', 'elan-noms') RETURNING id")).rows[0].id;
    const other = (await t.db.query("INSERT INTO usergroups (usergroup_type, display_name, slug) VALUES ('organisation', 'Ebre', 'ebre-noms') RETURNING id")).rows[0].id;
    for (const name of [...ordered].reverse()) expect((await send('POST', 'datasets/', { display_name: name, usergroup: owner })).statusCode).toBe(201);
    expect((await send('POST', 'datasets/', { display_name: 'Ebre data', usergroup: other })).statusCode).toBe(201);
    const names = async (query: string, locale: string) =>
      (await get(`datasets/?${query}&page_size=100`, admin, locale)).json().results.map((r: { display_name: string }) => r.display_name);
    for (const locale of ['fr', 'en', 'it']) {
      expect(await names(`usergroup_id=${owner}&ordering=display_name`, locale), locale).toEqual(ordered);
      expect(await names(`usergroup_id=${owner}&ordering=-display_name`, locale), locale).toEqual([...ordered].reverse());
      // By owner: "Ebre" before "Élan", where bytes put É after every E; every owner as French sorts them.
      const owners = (await get('datasets/?ordering=usergroup&page_size=1000', admin, locale)).json().results.map((r: { usergroup_name: string }) => r.usergroup_name);
      expect(owners.indexOf('Ebre'), locale).toBeLessThan(owners.indexOf('Élan'));
      expect(owners, locale).toEqual([...owners].sort(new Intl.Collator('fr').compare));
    }
    // The orders still read their index: the first page of 300,000 datasets is not a sort of them all.
    const client = await t.db.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SET LOCAL enable_sort = off');
      for (const [column, index] of [['display_name', 'datasets_name_idx'], ['usergroup_name', 'datasets_usergroup_name_idx']]) {
        const { rows } = await client.query(`EXPLAIN SELECT id FROM datasets d ORDER BY d.${column} COLLATE "names" NULLS FIRST, d.id LIMIT 20`);
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan, column).toContain(index);
        expect(plan, column).not.toMatch(/\bSort\b/);
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('suggest keywords', async () => {
    await send('POST', 'datasets/', { display_name: 'Tags', usergroup: g['metropole-cote-azurine'], tags: ['Énergie solaire', 'énergie éolienne', 'Eau potable'] });
    const response = await t.app.inject({ url: '/fr/usergroup/taggit/tags/?search=energie', headers: editor.jwtHeaders });
    expect(response.json().results.map((tag: { name: string }) => tag.name)).toEqual(['énergie éolienne', 'Énergie solaire']);
  });

  it("suggest only keywords of datasets the user sees: a private dataset's keywords stay its own", async () => {
    const hidden = (await send('POST', 'datasets/', { display_name: 'Projet', usergroup: g['metropole-cote-azurine'], tags: ['Nom de code Hermine'] })).json().id;
    await t.db.query('UPDATE datasets SET default_permission_level = 0 WHERE id = $1', [hidden]);
    const suggest = async (who: SignedIn) =>
      (await t.app.inject({ url: '/fr/usergroup/taggit/tags/?search=hermine', headers: who.jwtHeaders })).json().results.map((tag: { name: string }) => tag.name);
    expect(await suggest(referent)).toEqual([]);
    expect(await suggest(editor)).toEqual(['Nom de code Hermine']);
    expect(await suggest(admin)).toEqual(['Nom de code Hermine']);
    await t.db.query('UPDATE datasets SET default_permission_level = 1 WHERE id = $1', [hidden]);
    expect(await suggest(referent)).toEqual(['Nom de code Hermine']);
  });

  it('are given in alphabetical order whatever their case and accents, in the lists as in the record', async () => {
    const tags = ['Zones humides', 'élevage', 'Eaux usées', 'abris', 'Écoles'];
    const id = (await send('POST', 'datasets/', { display_name: 'Mots clés dans l’ordre', usergroup: g['metropole-cote-azurine'], tags })).json().id;
    const sorted = ['abris', 'Eaux usées', 'Écoles', 'élevage', 'Zones humides'];
    expect((await get(`datasets/${id}/`)).json().tags).toEqual(sorted);
    const listed = (await get(`datasets/?search=${encodeURIComponent('Mots clés dans l’ordre')}`)).json().results;
    expect(listed.map((dataset: { tags: string[] }) => dataset.tags)).toEqual([sorted]);
  });
});

describe('visibility', () => {
  it('hides private datasets of other groups (404), shows those shared, and refuses writes to non-editors (403)', async () => {
    const region = g['region-sud-mediterranee'];
    const hidden = (await send('POST', 'datasets/', { display_name: 'Privé région', usergroup: region })).json().id;
    const shared = (await send('POST', 'datasets/', { display_name: 'Ouvert région', usergroup: region, default_permission_level: 1 })).json().id;
    expect((await get(`datasets/${hidden}/`, editor)).statusCode).toBe(404);
    expect((await send('PATCH', `datasets/${hidden}/`, { display_name: 'x' }, editor)).statusCode).toBe(404);
    expect((await get(`datasets/${shared}/`, editor)).json()).toMatchObject({ editable: false });
    expect((await send('PATCH', `datasets/${shared}/`, { display_name: 'x' }, editor)).statusCode).toBe(403);
    expect((await send('DELETE', `datasets/${shared}/`, undefined, editor)).statusCode).toBe(403);
    expect((await send('POST', 'datasets/', { display_name: 'x', usergroup: region }, editor)).statusCode).toBe(403);
    const listed = (await get('datasets/?page_size=1000', editor)).json().results.map((r: { id: number }) => r.id);
    expect(listed).toContain(shared);
    expect(listed).not.toContain(hidden);

    // A special permission of the sphere holding the editor's organisation opens it.
    await t.db.query('INSERT INTO dataset_permissions (dataset_id, usergroup_id, level) VALUES ($1, $2, 1)', [hidden, g['sphere-territoires-littoraux']]);
    expect((await get(`datasets/${hidden}/`, editor)).statusCode).toBe(200);

    const counts = (await get('datasets-count/', editor)).json();
    const all = (await get('datasets-count/', admin)).json();
    expect(all.count).toBe(all.viewable);
    expect(all.count).toBe(all.editable);
    expect(counts.count).toBe(all.count);
    expect(counts.viewable).toBe((await get('datasets/', editor)).json().count);
    expect(counts.editable).toBe((await get('datasets/?perms=editable', editor)).json().count);
    expect(counts.editable).toBeLessThan(counts.viewable);
  });
});

describe('detail actions', () => {
  it('record who changed which field, with old and new values, newest first', async () => {
    const id = (await send('POST', 'datasets/', { display_name: 'Historique', usergroup: g['metropole-cote-azurine'], tags: ['a'] }, editor)).json().id;
    await send('PATCH', `datasets/${id}/`, { display_name: 'Historique 2', tags: ['a', 'b'], year: 2020 }, editor);
    await send('PATCH', `datasets/${id}/`, { display_name: 'Historique 2' }, editor);
    const activity = (await get(`datasets/${id}/activity/?page=1`, editor)).json();
    expect(activity.count).toBe(2);
    expect(activity.results[0]).toMatchObject({
      action: 'update',
      user: { username: 'editor' },
      changes: { display_name: { old: 'Historique', new: 'Historique 2' }, tags: { old: ['a'], new: ['a', 'b'] }, year: { old: null, new: 2020 } },
    });
    expect(Object.keys(activity.results[0].changes).sort()).toEqual(['display_name', 'tags', 'year']);
    expect(activity.results[1]).toMatchObject({ action: 'create', changes: { display_name: { old: null, new: 'Historique' } } });
  });

  it('duplicate a dataset unpublished, under a new codename, with its parent, permissions and contacts', async () => {
    const owner = g['metropole-cote-azurine'];
    const parent = (await send('POST', 'datasets/', { display_name: 'Parent', usergroup: owner })).json().id;
    const source = (await send('POST', 'datasets/', { display_name: 'Original', usergroup: owner, parent, tags: ['t'], default_permission_level: 2, publish: true })).json();
    await t.db.query('INSERT INTO dataset_permissions (dataset_id, usergroup_id, level) VALUES ($1, $2, 3)', [source.id, g['groupe-de-travail-mobilite']]);
    const contact = (await t.db.query('SELECT id FROM contacts WHERE usergroup_id = $1 LIMIT 1', [owner])).rows[0].id;
    const role = await lookupId('contact-roles', 'pointOfContact');
    expect((await send('POST', `datasets/${source.id}/contact-roles/`, { contact, role }, editor)).statusCode).toBe(201);

    const copy = await send('POST', `datasets/${source.id}/duplicate/`, undefined, editor);
    expect(copy.statusCode).toBe(201);
    // Told apart from the original by its name, in the language of the call.
    expect(copy.json()).toMatchObject({ display_name: 'Original (copie)', codename: 'original-2', publish: false, parent, tags: ['t'], default_permission_level: 2 });
    const copyId = copy.json().id;
    expect((await t.db.query('SELECT usergroup_id, level FROM dataset_permissions WHERE dataset_id = $1', [copyId])).rows).toEqual([
      { usergroup_id: g['groupe-de-travail-mobilite'], level: 3 },
    ]);
    expect((await get(`datasets/${copyId}/contact-roles/`, editor)).json().results).toMatchObject([{ contact, role, contact_detail: { id: contact } }]);
    const children = (await get(`datasets/${parent}/children/`, editor)).json().results.map((r: { id: number }) => r.id).sort();
    expect(children).toEqual([source.id, copyId].sort());
  });

  it('give each of several copies or creations at once a codename of its own, rather than failing all but one', async () => {
    const owner = g['metropole-cote-azurine'];
    // A name of its own: the ordering test above has made a 'Double clic'.
    const source = (await send('POST', 'datasets/', { display_name: 'Clic répété', usergroup: owner })).json();
    const copies = await Promise.all([1, 2, 3, 4].map(() => send('POST', `datasets/${source.id}/duplicate/`, undefined, editor)));
    expect(copies.map((copy) => copy.statusCode)).toEqual([201, 201, 201, 201]);
    expect(copies.map((copy) => copy.json().codename).sort()).toEqual(['clic-repete-2', 'clic-repete-3', 'clic-repete-4', 'clic-repete-5']);
    const created = await Promise.all([1, 2, 3, 4].map(() => send('POST', 'datasets/', { display_name: 'Import parallèle', usergroup: owner }, editor)));
    expect(created.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    expect(created.map((answer) => answer.json().codename).sort()).toEqual(['import-parallele', 'import-parallele-2', 'import-parallele-3', 'import-parallele-4']);
  });

  it('keep the last point of contact unless forced, and refuse unknown contacts and roles', async () => {
    const owner = g['metropole-cote-azurine'];
    const id = (await send('POST', 'datasets/', { display_name: 'Contacts', usergroup: owner })).json().id;
    const contact = (await t.db.query('SELECT id FROM contacts WHERE usergroup_id = $1 LIMIT 1', [owner])).rows[0].id;
    const point = await lookupId('contact-roles', 'pointOfContact');
    const author = await lookupId('contact-roles', 'author');
    const link = (await send('POST', `datasets/${id}/contact-roles/`, { contact, role: point }, editor)).json();
    expect((await send('POST', `datasets/${id}/contact-roles/`, { contact: 999999, role: 999999 }, editor, 'en')).json()).toEqual({ contact: ['Invalid value.'] });
    expect((await send('POST', `datasets/${id}/contact-roles/`, {}, editor, 'en')).json()).toEqual({ contact: ['This field is required.'], role: ['This field is required.'] });

    const put = await send('PUT', `datasets/${id}/contact-roles/${link.id}/`, { contact, role: author }, editor, 'en');
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({ role: ["This is the dataset's last point of contact: confirm to remove it."] });
    expect((await send('DELETE', `datasets/${id}/contact-roles/${link.id}/`, undefined, editor)).statusCode).toBe(400);
    expect((await get(`datasets/${id}/contact-roles/`, editor)).json().count).toBe(1);
    const forced = await send('PUT', `datasets/${id}/contact-roles/${link.id}/?force=true`, { contact, role: author }, editor);
    expect(forced.json()).toMatchObject({ id: link.id, role: author });
    expect((await send('DELETE', `datasets/${id}/contact-roles/${link.id}/`, undefined, editor)).statusCode).toBe(204);
    expect((await send('DELETE', `datasets/${id}/contact-roles/${link.id}/`, undefined, editor)).statusCode).toBe(404);
    const activity = (await get(`datasets/${id}/activity/`, editor)).json().results.filter((entry: { action: string }) => entry.action === 'contacts');
    expect(activity.map((entry: { changes: unknown }) => entry.changes)).toEqual([
      { contact_roles: { old: { contact, role: author }, new: null } },
      { contact_roles: { old: { contact, role: point }, new: { contact, role: author } } },
      { contact_roles: { old: null, new: { contact, role: point } } },
    ]);
  });

  it('keep the last point of contact when two of them are removed at once', async () => {
    const owner = g['metropole-cote-azurine'];
    const point = await lookupId('contact-roles', 'pointOfContact');
    const contacts: number[] = [];
    for (const name of ['Accueil', 'Standard']) {
      contacts.push((await send('POST', 'contacts/', { name, email: `${name.toLowerCase()}@deux-points.example`, usergroup: owner }, editor)).json().id);
    }
    // Datasets with two points of contact each, both removed at once: at least one stays on each.
    const datasets: Array<{ id: number; links: number[] }> = [];
    for (let n = 0; n < 12; n += 1) {
      const id = (await send('POST', 'datasets/', { display_name: `Deux points de contact ${n}`, usergroup: owner })).json().id as number;
      const links: number[] = [];
      for (const contact of contacts) links.push((await send('POST', `datasets/${id}/contact-roles/`, { contact, role: point }, editor)).json().id);
      datasets.push({ id, links });
    }
    const answers = await Promise.all(datasets.flatMap(({ id, links }) => links.map((link) => send('DELETE', `datasets/${id}/contact-roles/${link}/`, undefined, editor))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(12).fill(204), ...Array(12).fill(400)]);
    const { rows } = await t.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM dataset_contacts WHERE dataset_id = ANY($1::integer[]) GROUP BY dataset_id', [datasets.map((d) => d.id)]);
    expect(rows.map((row) => row.count)).toEqual(Array(12).fill(1));
  });

  it("link only contacts the editor may read: another group's contact answers as an unknown one and lends none of its address", async () => {
    const owner = g['metropole-cote-azurine'];
    const id = (await send('POST', 'datasets/', { display_name: 'Contacts des autres', usergroup: owner })).json().id;
    const own = (await t.db.query('SELECT id FROM contacts WHERE usergroup_id = $1 LIMIT 1', [owner])).rows[0].id;
    const foreign = (await t.db.query('SELECT id FROM contacts WHERE usergroup_id = $1 LIMIT 1', [g['region-sud-mediterranee']])).rows[0].id;
    const point = await lookupId('contact-roles', 'pointOfContact');
    const author = await lookupId('contact-roles', 'author');
    expect((await get(`contacts/${foreign}/`, editor)).statusCode).toBe(403);

    const refused = await send('POST', `datasets/${id}/contact-roles/`, { contact: foreign, role: point }, editor, 'en');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ contact: ['Invalid value.'] });
    const link = (await send('POST', `datasets/${id}/contact-roles/`, { contact: own, role: point }, editor)).json();
    const swapped = await send('PUT', `datasets/${id}/contact-roles/${link.id}/?force=true`, { contact: foreign, role: point }, editor, 'en');
    expect(swapped.json()).toEqual({ contact: ['Invalid value.'] });
    expect((await get(`datasets/${id}/contact-roles/`, editor)).json().results).toMatchObject([{ contact: own, contact_detail: { id: own } }]);

    // A superuser may link any contact; the editor may then change its role, not learn more from it.
    const adminLink = (await send('POST', `datasets/${id}/contact-roles/`, { contact: foreign, role: author }, admin)).json();
    const kept = await send('PUT', `datasets/${id}/contact-roles/${adminLink.id}/`, { contact: foreign, role: point }, editor);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ contact: foreign, role: point });
  });

  it('take a JPG or PNG thumbnail of at most 2 MB, judged by content', async () => {
    const id = (await send('POST', 'datasets/', { display_name: 'Vignette', usergroup: g['metropole-cote-azurine'] })).json().id;
    const upload = (bytes: Buffer, name: string) => {
      const body = multipart(bytes, name);
      return t.app.inject({ method: 'PUT', url: `/en/dataset/datasets/${id}/thumbnail/`, headers: { ...editor.sessionHeaders, ...body.headers }, payload: body.payload });
    };
    expect((await upload(TINY_PDF, 'image.png')).json()).toEqual({ file: ['The image must be a JPG or PNG file.'] });
    expect((await upload(OVERSIZED_PNG, 'big.png')).statusCode).toBe(400);
    const stored = await upload(TINY_PNG, 'vignette.png');
    expect(stored.statusCode).toBe(200);
    expect(stored.json().thumbnail).toMatch(new RegExp(`^/en/dataset/datasets/${id}/thumbnail/\\?v=\\d+$`));
    // Its file name, in the record and in the list's rows (spec, section 3: "existing url and name").
    expect(stored.json().thumbnail_name).toBe('vignette.png');
    expect((await get(`datasets/?id__in=${id}`, editor)).json().results[0].thumbnail_name).toBe('vignette.png');
    const image = await get(`datasets/${id}/thumbnail/`, editor);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await send('DELETE', `datasets/${id}/thumbnail/`, undefined, editor)).statusCode).toBe(204);
    expect((await get(`datasets/${id}/thumbnail/`, editor)).statusCode).toBe(404);
    expect((await get(`datasets/${id}/`, editor)).json()).toMatchObject({ thumbnail: null, thumbnail_name: null });
  });
});

describe('owners', () => {
  it('cannot be deleted while they own datasets', async () => {
    for (const [url, slug] of [['organisation/organisations', 'office-de-l-eau-du-bassin-de-la-durance'], ['usergroup/user-groups', 'groupe-de-travail-mobilite']]) {
      const refused = await t.app.inject({ method: 'DELETE', url: `/en/${url}/${g[slug]}/`, headers: admin.sessionHeaders });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ non_field_errors: ['This group owns datasets and cannot be deleted.'] });
    }
  });
});
