/** Dataset counts are reused between calls, yet follow every write that changes them, whoever makes it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let editor: SignedIn;
let editorGroups: number[];

beforeAll(async () => {
  t = await createTestApp();
  editor = await t.signIn('editor');
  const me = (await t.app.inject({ url: '/fr/login/', headers: editor.jwtHeaders })).json();
  editorGroups = me.usergroup_roles.map((r: { usergroup_id: number }) => r.usergroup_id);
});
afterAll(() => t?.close());

const counts = async () => {
  const list = (await t.app.inject({ url: '/fr/dataset/datasets/?page_size=1', headers: editor.jwtHeaders })).json();
  const all = (await t.app.inject({ url: '/fr/dataset/datasets-count/', headers: editor.jwtHeaders })).json();
  return { list: list.count as number, ...(all as { count: number; editable: number; viewable: number }) };
};

describe('dataset counts', () => {
  it('follow datasets, special permissions and spheres written by any means', async () => {
    const before = await counts();
    expect(await counts()).toEqual(before);

    // A private dataset of a group the editor is not in: counted for the platform, not seen.
    const { rows: groups } = await t.db.query<{ id: number }>(
      `SELECT id FROM usergroups WHERE usergroup_type = 'organisation' AND NOT (id = ANY($1::integer[])) ORDER BY id LIMIT 1`,
      [editorGroups],
    );
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO datasets (codename, display_name, usergroup_id, default_permission_level) VALUES ('counted-private', 'Compté', $1, 0) RETURNING id`,
      [groups[0].id],
    );
    const id = rows[0].id;
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
});
