/**
 * Dataset counts follow every write that changes them, whoever makes it, without making writers
 * wait for one another; large searched or filtered lists are counted up to a threshold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../src/server/datasets/pages.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let editor: SignedIn;
let editorGroups: number[];
/** An organisation the editor may change the datasets of. */
let editedOrganisation: number;

beforeAll(async () => {
  t = await createTestApp();
  editor = await t.signIn('editor');
  const me = (await t.app.inject({ url: '/fr/login/', headers: editor.jwtHeaders })).json();
  editorGroups = me.usergroup_roles.map((r: { usergroup_id: number }) => r.usergroup_id);
  editedOrganisation = me.usergroup_roles.find((r: { role: number; usergroup_type: string }) => r.role >= 1 && r.usergroup_type === 'organisation').usergroup_id;
});
afterAll(() => t?.close());

const counts = async () => {
  const list = (await t.app.inject({ url: '/fr/dataset/datasets/?page_size=1', headers: editor.jwtHeaders })).json();
  const all = (await t.app.inject({ url: '/fr/dataset/datasets-count/', headers: editor.jwtHeaders })).json();
  return { list: list.count as number, ...(all as { count: number; editable: number; viewable: number }) };
};

/** A new dataset at level 0 of an organisation the editor is not in: theirs to see through a grant only. */
async function privateDatasetOfAnotherGroup(codename: string): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO datasets (codename, display_name, usergroup_id, default_permission_level)
     SELECT $1, $1, id, 0 FROM usergroups WHERE usergroup_type = 'organisation' AND NOT (id = ANY($2::integer[])) ORDER BY id LIMIT 1 RETURNING id`,
    [codename, editorGroups],
  );
  return rows[0].id;
}

describe('dataset counts', () => {
  it('follow datasets, special permissions and spheres written by any means', async () => {
    const before = await counts();
    expect(await counts()).toEqual(before);

    // A private dataset of a group the editor is not in: counted for the platform, not seen.
    const id = await privateDatasetOfAnotherGroup('counted-private');
    expect(await counts()).toEqual({ ...before, count: before.count + 1 });

    // A special permission of one of the editor's groups makes it seen.
    await t.db.query('INSERT INTO dataset_permissions (dataset_id, usergroup_id, level) VALUES ($1, $2, 1)', [id, editorGroups[0]]);
    expect(await counts()).toEqual({ ...before, count: before.count + 1, list: before.list + 1, viewable: before.viewable + 1 });

    // So does a sphere's, once the sphere holds one of the editor's organisations.
    await t.db.query('DELETE FROM dataset_permissions WHERE dataset_id = $1', [id]);
    expect(await counts()).toEqual({ ...before, count: before.count + 1 });
    const { rows: spheres } = await t.db.query<{ id: number }>(
      `INSERT INTO usergroups (usergroup_type, display_name, slug) VALUES ('group-of-organisation', 'Sphère comptée', 'sphere-comptee') RETURNING id`,
    );
    await t.db.query('INSERT INTO dataset_permissions (dataset_id, usergroup_id, level) VALUES ($1, $2, 2)', [id, spheres[0].id]);
    expect(await counts()).toEqual({ ...before, count: before.count + 1 });
    const { rows: organisations } = await t.db.query<{ id: number }>(
      `SELECT id FROM usergroups WHERE usergroup_type = 'organisation' AND id = ANY($1::integer[]) LIMIT 1`,
      [editorGroups],
    );
    await t.db.query('INSERT INTO usergroup_links (parent_id, child_id) VALUES ($1, $2)', [spheres[0].id, organisations[0].id]);
    expect(await counts()).toEqual({ ...before, count: before.count + 1, list: before.list + 1, viewable: before.viewable + 1 });

    // Its grant follows the dataset's own changes: public, it is counted once; unpublished, the
    // list of unpublished datasets counts it; private again, it is seen through the grant only.
    const unpublished = async () => (await t.app.inject({ url: '/fr/dataset/datasets/?publish=false&page_size=1', headers: editor.jwtHeaders })).json().count as number;
    const unpublishedBefore = await unpublished();
    await t.db.query('UPDATE datasets SET default_permission_level = 2 WHERE id = $1', [id]);
    expect(await counts()).toEqual({ ...before, count: before.count + 1, list: before.list + 1, viewable: before.viewable + 1 });
    await t.db.query('UPDATE datasets SET default_permission_level = 0, publish = false WHERE id = $1', [id]);
    expect(await counts()).toEqual({ ...before, count: before.count + 1, list: before.list + 1, viewable: before.viewable + 1 });
    expect(await unpublished()).toBe(unpublishedBefore + 1);
    await t.db.query('UPDATE datasets SET publish = true WHERE id = $1', [id]);
    expect(await unpublished()).toBe(unpublishedBefore);
    // Owned by the editor's organisation, it is theirs to change, still counted once.
    await t.db.query('UPDATE datasets SET usergroup_id = $2 WHERE id = $1', [id, editedOrganisation]);
    expect(await counts()).toEqual({ ...before, count: before.count + 1, list: before.list + 1, viewable: before.viewable + 1, editable: before.editable + 1 });

    await t.db.query('DELETE FROM datasets WHERE id = $1', [id]);
    expect(await counts()).toEqual(before);
  });

  it('order datasets by their group name, renames included', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT usergroup_id AS id FROM datasets GROUP BY usergroup_id ORDER BY usergroup_id LIMIT 1`,
    );
    await t.db.query(`UPDATE usergroups SET display_name = '   Premier du classement' WHERE id = $1`, [rows[0].id]);
    const admin = await t.signIn('admin');
    const first = (await t.app.inject({ url: '/fr/dataset/datasets/?ordering=usergroup&page_size=1', headers: admin.jwtHeaders })).json();
    expect(first.results[0].usergroup).toBe(rows[0].id);
    const last = (await t.app.inject({ url: '/fr/dataset/datasets/?ordering=-usergroup&page_size=1', headers: admin.jwtHeaders })).json();
    expect(last.results[0].usergroup).not.toBe(rows[0].id);
  });

  it('let writers of different datasets go on at once, one of them moving its dataset to another class', async () => {
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM datasets ORDER BY id LIMIT 2');
    const first = await t.db.connect();
    const second = await t.db.connect();
    try {
      await first.query('BEGIN');
      await first.query('UPDATE datasets SET publish = NOT COALESCE(publish, true), default_permission_level = 3 - default_permission_level WHERE id = $1', [rows[0].id]);
      await second.query('BEGIN');
      await second.query(`SET LOCAL lock_timeout = '2s'`);
      await second.query(`UPDATE datasets SET description = 'Écrit pendant une autre écriture' WHERE id = $1`, [rows[1].id]);
      await second.query('COMMIT');
      // Committed while the first writer still holds its class's count: it did not wait for it.
      const written = await t.db.query<{ description: string }>('SELECT description FROM datasets WHERE id = $1', [rows[1].id]);
      expect(written.rows[0].description).toBe('Écrit pendant une autre écriture');
    } finally {
      await first.query('ROLLBACK');
      first.release();
      second.release();
    }
  });

  it('of a list of ids are the ids it holds, alone or with other filters', async () => {
    const { rows } = await t.db.query<{ id: number; usergroup_id: number }>('SELECT id, usergroup_id FROM datasets WHERE usergroup_id = $1 ORDER BY id LIMIT 2', [editedOrganisation]);
    expect(rows).toHaveLength(2);
    const ids = rows.map((row) => row.id).join(',');
    for (const query of [`id__in=${rows[0].id}`, `id__in=${ids}`, `id__in=${ids}&usergroup_id=${editedOrganisation}`, `id__in=${ids}&publish=true`, 'id__in=999999999']) {
      const page = (await t.app.inject({ url: `/fr/dataset/datasets/?${query}`, headers: editor.jwtHeaders })).json();
      expect(page.count, query).toBe(page.results.length);
    }
  });

  it('of a topic follow its links and its datasets, and equal the list counted row by row', async () => {
    const admin = await t.signIn('admin');
    const { rows: topics } = await t.db.query<{ id: number }>('SELECT id FROM topics ORDER BY id LIMIT 1');
    const topic = topics[0].id;
    // One topic is counted from the topic counts; with a second one that no dataset has, the same
    // datasets are counted from the rows themselves.
    const topicCount = async (user: SignedIn, also = '') =>
      (await t.app.inject({ url: `/fr/dataset/datasets/?topics__in=${topic}${also}&page_size=1`, headers: user.jwtHeaders })).json().count as number;
    const both = async () => {
      const seen = { editor: await topicCount(editor), admin: await topicCount(admin) };
      expect(seen).toEqual({ editor: await topicCount(editor, ',999999'), admin: await topicCount(admin, ',999999') });
      return seen;
    };
    const before = await both();

    // A private dataset of a group the editor is not in, given the topic: counted for the admin only.
    const id = await privateDatasetOfAnotherGroup('topic-counted');
    expect(await both()).toEqual(before);
    await t.db.query('INSERT INTO dataset_topics (dataset_id, topic_id) VALUES ($1, $2)', [id, topic]);
    expect(await both()).toEqual({ editor: before.editor, admin: before.admin + 1 });
    // Seen by the editor through a grant, then by its default level.
    await t.db.query('INSERT INTO dataset_permissions (dataset_id, usergroup_id, level) VALUES ($1, $2, 1)', [id, editorGroups[0]]);
    expect(await both()).toEqual({ editor: before.editor + 1, admin: before.admin + 1 });
    await t.db.query('DELETE FROM dataset_permissions WHERE dataset_id = $1', [id]);
    await t.db.query('UPDATE datasets SET default_permission_level = 2, publish = false WHERE id = $1', [id]);
    expect(await both()).toEqual({ editor: before.editor + 1, admin: before.admin + 1 });
    // A description saved through the API changes no count; the topic taken away does.
    const saved = await t.app.inject({ method: 'PATCH', url: `/fr/dataset/datasets/${id}/`, headers: admin.jwtHeaders, payload: { description: 'Toujours du thème' } });
    expect(saved.statusCode).toBe(200);
    expect(await both()).toEqual({ editor: before.editor + 1, admin: before.admin + 1 });
    const untopiced = await t.app.inject({ method: 'PATCH', url: `/fr/dataset/datasets/${id}/`, headers: admin.jwtHeaders, payload: { topics: [] } });
    expect(untopiced.statusCode).toBe(200);
    expect(await both()).toEqual(before);
    await t.db.query('INSERT INTO dataset_topics (dataset_id, topic_id) VALUES ($1, $2)', [id, topic]);
    expect(await both()).toEqual({ editor: before.editor + 1, admin: before.admin + 1 });
    await t.db.query('DELETE FROM datasets WHERE id = $1', [id]);
    expect(await both()).toEqual(before);

    // Made again from the datasets after a load without triggers.
    await t.db.query('DELETE FROM dataset_topic_class_counts');
    expect(await topicCount(admin)).toBe(0);
    await t.db.query('SELECT dataset_topic_class_counts_rebuild()');
    expect(await both()).toEqual(before);
  });

  it('are made again from the datasets by dataset_class_counts_rebuild(), after a load without triggers', async () => {
    const before = await counts();
    const client = await t.db.connect();
    try {
      await client.query('SET session_replication_role = replica');
      await client.query(
        `INSERT INTO datasets (codename, display_name, usergroup_id, default_permission_level)
         SELECT 'loaded-' || n, 'Chargé ' || n, $1, 1 FROM generate_series(1, 5) n`,
        [editedOrganisation],
      );
      await client.query('RESET session_replication_role');
    } finally {
      client.release();
    }
    expect((await counts()).count).toBe(before.count);
    await t.db.query('SELECT dataset_class_counts_rebuild()');
    expect(await counts()).toEqual({ count: before.count + 5, list: before.list + 5, editable: before.editable + 5, viewable: before.viewable + 5 });
    await t.db.query(`DELETE FROM datasets WHERE codename LIKE 'loaded-%'`);
    expect(await counts()).toEqual(before);
  });

  it('of a large searched list stop at the threshold, flagged, with pages on; smaller ones stay exact', async () => {
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM usergroups WHERE usergroup_type = 'organisation' ORDER BY id LIMIT 1`);
    await t.db.query(
      `INSERT INTO datasets (codename, display_name, usergroup_id, default_permission_level)
       SELECT 'nombreux-' || n, 'Capucines ' || n, $1, 1 FROM generate_series(1, $2::integer) n`,
      [rows[0].id, COUNT_CAP + 5],
    );
    try {
      const admin = await t.signIn('admin');
      const large = (await t.app.inject({ url: '/fr/dataset/datasets/?search=capucines&page_size=20&page=2', headers: admin.jwtHeaders })).json();
      expect(large).toMatchObject({ count: COUNT_CAP, count_capped: true, next: 'http://localhost/fr/dataset/datasets/?search=capucines&page_size=20&page=3' });
      expect(large.results).toHaveLength(20);
      // Past the threshold, pages go on while they are full.
      const beyond = (await t.app.inject({ url: `/fr/dataset/datasets/?search=capucines&page_size=1000&page=${COUNT_CAP / 1000 + 1}`, headers: admin.jwtHeaders })).json();
      expect(beyond).toMatchObject({ count: COUNT_CAP, count_capped: true, next: null });
      expect(beyond.results).toHaveLength(5);
      // A smaller list, and the whole list, are counted exactly.
      const small = (await t.app.inject({ url: '/fr/dataset/datasets/?search=capucines%2012&page_size=1', headers: admin.jwtHeaders })).json();
      expect(small.count_capped).toBeUndefined();
      expect(small.count).toBe((await t.db.query(`SELECT count(*)::integer AS n FROM datasets WHERE display_name ~ '^Capucines 12'`)).rows[0].n);
      const whole = (await t.app.inject({ url: '/fr/dataset/datasets/?page_size=1', headers: admin.jwtHeaders })).json();
      expect(whole.count_capped).toBeUndefined();
      expect(whole.count).toBe((await t.db.query('SELECT count(*)::integer AS n FROM datasets')).rows[0].n);
    } finally {
      await t.db.query(`DELETE FROM datasets WHERE codename LIKE 'nombreux-%'`);
    }
  });
});
