/**
 * Bulk changes of datasets (dataset/bulk/…): the preview's counts and skips, the change as one
 * task, its undo (exact, including permissions, keywords, the catalogue and a deletion), what an
 * undo cannot restore, the undo window, who may do what, and the 400s of bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkOperation, BulkPreview } from '../../schemas/bulk.ts';
import type { Task } from '../../schemas/scenarios.ts';
import { groupIds } from './accounts-helpers.ts';
import { createTestApp, scoresSettled, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let otherEditor: SignedIn;
let member: SignedIn;
let g: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp({}, { tasks: true });
  [admin, editor, otherEditor, member] = await Promise.all(['admin', 'editor', 'marie.lefebvre', 'member'].map((name) => t.signIn(name)));
  g = await groupIds(t);
});
afterAll(() => t?.close());

const post = (path: string, payload: object, who: SignedIn | null = editor, locale = 'fr') =>
  t.app.inject({ method: 'POST', url: `/${locale}/dataset/bulk/${path}`, headers: who?.sessionHeaders ?? {}, payload });
const get = (url: string, who: SignedIn = editor) => t.app.inject({ url, headers: who.jwtHeaders });

async function waitFinished(id: number, who: SignedIn = editor): Promise<Task> {
  for (let i = 0; i < 300; i += 1) {
    const task = (await get(`/en/dashboard/task-queue-track/${id}/`, who)).json<Task>();
    if (['SUCCESS', 'FAILURE', 'REVOKED'].includes(task.status)) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`task ${id} did not finish`);
}

/** Applies and waits for the task; answers the finished task. */
async function apply(payload: object, who: SignedIn = editor): Promise<Task> {
  const response = await post('apply/', payload, who);
  expect(response.statusCode, response.body).toBe(202);
  const task = await waitFinished(response.json<Task>().id, who);
  expect(task.status, JSON.stringify(task)).toBe('SUCCESS');
  return task;
}

async function undo(taskId: number, who: SignedIn = editor): Promise<Task> {
  const response = await post(`${taskId}/undo/`, {}, who, 'en');
  expect(response.statusCode, response.body).toBe(202);
  const task = await waitFinished(response.json<Task>().id, who);
  expect(task.status, JSON.stringify(task)).toBe('SUCCESS');
  return task;
}

let counter = 0;
/** A fresh dataset of `owner`. */
async function dataset(owner = 'metropole-cote-azurine', values: { level?: number; publish?: boolean | null } = {}): Promise<number> {
  counter += 1;
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO datasets (codename, display_name, usergroup_id, default_permission_level, publish) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [`bulk-${counter}-${Math.random().toString(36).slice(2, 8)}`, `Jeu groupé ${counter}`, g[owner], values.level ?? 1, values.publish ?? null],
  );
  return rows[0].id;
}

/** Everything a bulk change may touch on a dataset, as stored (once the scores saves owed are in). */
async function stored(id: number) {
  await scoresSettled(t.db);
  const one = async (text: string) => (await t.db.query(text, [id])).rows;
  return {
    row: (await one('SELECT to_jsonb(d) - \'search_vector\' AS row FROM datasets d WHERE id = $1'))[0]?.row ?? null,
    tags: await one('SELECT tag_id FROM dataset_tags WHERE dataset_id = $1 ORDER BY tag_id'),
    // The rows' own ids mean nothing outside the table: the groups and their levels.
    permissions: await one('SELECT usergroup_id, level FROM dataset_permissions WHERE dataset_id = $1 ORDER BY usergroup_id'),
    catalog: await one('SELECT exposed_at, search_vector::text FROM catalog_entries WHERE dataset_id = $1'),
    activity: await one("SELECT id, action, changes FROM dataset_activity WHERE dataset_id = $1 AND action NOT LIKE 'bulk%' ORDER BY id"),
    categories: await one('SELECT category_id FROM dataset_categories WHERE dataset_id = $1 ORDER BY 1'),
    children: await one('SELECT id FROM datasets WHERE parent_id = $1 ORDER BY id'),
  };
}

describe('input and rights', () => {
  it('answers 400 on each field of a bad body, in the request language', async () => {
    const own = await dataset();
    const cases: Array<[object, string]> = [
      [{ action: 'explode', ids: [own] }, 'action'],
      [{ action: 'publish' }, 'ids'],
      [{ action: 'publish', ids: [own], filters: {} }, 'ids'],
      [{ action: 'publish', ids: [] }, 'ids'],
      [{ action: 'publish', ids: Array.from({ length: 10_001 }, (_, i) => i + 1) }, 'ids'],
      [{ action: 'publish', ids: ['x'] }, 'ids'],
      [{ action: 'publish', filters: { search: { nested: true } } }, 'filters'],
      [{ action: 'publish', ids: [own], params: [] }, 'params'],
      [{ action: 'set_default_level', ids: [own], params: { level: 7 } }, 'params.level'],
      [{ action: 'set_group_level', ids: [own], params: { level: 1, usergroup_ids: [99999999] } }, 'params.usergroup_ids'],
      [{ action: 'add_keyword', ids: [own], params: { keyword: '  ' } }, 'params.keyword'],
      [{ action: 'add_keyword', ids: [own], params: { keyword: '<b></b>' } }, 'params.keyword'],
      [{ action: 'add_keyword', ids: [own], params: { keyword: 'a\u0000b' } }, 'params.keyword'],
    ];
    for (const [payload, field] of cases) {
      const response = await post('preview/', payload, editor, 'en');
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(response.json())).toContain(field);
    }
    expect((await post('preview/', { action: 'explode', ids: [own] }, editor, 'en')).json().action[0]).toMatch(/^Unknown action/);
  });

  it('answers an id the caller cannot see as an unknown one', async () => {
    const hidden = await dataset('departement-des-alpes-provencales', { level: 0 });
    const response = await post('preview/', { action: 'publish', ids: [hidden] }, editor, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ids: [`Unknown dataset(s): ${hidden}.`] });
    expect((await post('preview/', { action: 'publish', ids: [99999999] }, editor, 'en')).json()).toEqual({ ids: ['Unknown dataset(s): 99999999.'] });
  });

  it('keeps the owner change to superusers, and the calls to those with the Data paths', async () => {
    const own = await dataset();
    expect((await post('preview/', { action: 'set_owner', ids: [own], params: { usergroup: g['region-sud-mediterranee'] } })).statusCode).toBe(403);
    expect((await post('apply/', { action: 'set_owner', ids: [own], params: { usergroup: g['region-sud-mediterranee'] } })).statusCode).toBe(403);
    expect((await post('preview/', { action: 'publish', ids: [own] }, member)).statusCode).toBe(403);
    expect((await post('preview/', { action: 'publish', ids: [own] }, null)).statusCode).toBe(401);
    const preview = await post('preview/', { action: 'set_owner', ids: [own], params: { usergroup: g['sphere-territoires-littoraux'] } }, admin, 'en');
    expect(preview.statusCode).toBe(400);
    expect(Object.keys(preview.json())).toEqual(['params.usergroup']);
  });
});

describe('preview', () => {
  it('counts the changes, shows them before → after, and says which are skipped and why', async () => {
    const a = await dataset('metropole-cote-azurine', { publish: true });
    const b = await dataset('metropole-cote-azurine', { publish: true });
    const already = await dataset('metropole-cote-azurine', { publish: false });
    const theirs = await dataset('departement-des-alpes-provencales', { level: 3, publish: true });
    const response = await post('preview/', { action: 'unpublish', ids: [a, b, already, theirs] }, editor, 'en');
    expect(response.statusCode).toBe(200);
    const preview = response.json<BulkPreview>();
    expect(preview.count).toBe(2);
    expect(preview.changes.map((change) => change.id)).toEqual([a, b]);
    expect(preview.changes[0]).toMatchObject({ before: { publish: true, in_catalog: false }, after: { publish: false, in_catalog: false } });
    expect(preview.skipped).toEqual([
      { id: already, name: expect.any(String), reason: 'unchanged', message: 'Already so.' },
      { id: theirs, name: expect.any(String), reason: 'forbidden', message: 'You may not change this dataset.' },
    ]);
    expect(preview.skipped_count).toBe(2);
    // Nothing was written.
    expect((await t.db.query('SELECT publish FROM datasets WHERE id = $1', [a])).rows[0].publish).toBe(true);
  });

  it('selects the datasets the list filters match', async () => {
    const word = `zorglub${Date.now()}`;
    const ids = [await dataset(), await dataset()];
    for (const id of ids) await t.db.query('UPDATE datasets SET description = $2 WHERE id = $1', [id, word]);
    const preview = (await post('preview/', { action: 'set_default_level', filters: { search: word, page: 3 }, params: { level: 2 } })).json<BulkPreview>();
    expect(preview.changes.map((change) => change.id).sort()).toEqual(ids.sort());
  });

  it('refuses an apply that would change nothing', async () => {
    const already = await dataset('metropole-cote-azurine', { publish: false });
    const response = await post('apply/', { action: 'unpublish', ids: [already] }, editor, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ['None of these datasets would change.'] });
  });
});

describe('apply and undo', () => {
  it('publishes as one task with its progress, then the undo puts the flag and the catalogue back exactly', async () => {
    // Unpublished with its entry of 2020 left (hidden from the feed), and never published (null: published by default) without one.
    const exposed = await dataset('metropole-cote-azurine', { publish: false });
    await t.db.query(`INSERT INTO catalog_entries (dataset_id, exposed_at) VALUES ($1, '2020-01-02T03:04:05.123456Z')`, [exposed]);
    const hidden = await dataset('metropole-cote-azurine', { publish: null });
    const before = [await stored(exposed), await stored(hidden)];

    const task = await apply({ action: 'publish', ids: [exposed, hidden] });
    expect(task.action).toBe('bulk-datasets');
    expect(task.action_label).toBe('Bulk change of datasets');
    expect(task.timeline.map((step) => step.message)).toEqual(expect.arrayContaining(['2 of 2 datasets processed.', '2 datasets changed, 0 left as they were.']));
    expect((await t.db.query('SELECT dataset_id FROM catalog_entries WHERE dataset_id = ANY($1) ORDER BY 1', [[exposed, hidden]])).rows).toHaveLength(2);
    expect((await t.db.query('SELECT publish FROM datasets WHERE id = ANY($1)', [[exposed, hidden]])).rows.map((row) => row.publish)).toEqual([true, true]);
    // It shows among the caller's tasks.
    const list = (await get('/en/dashboard/task-queue-track/?action=bulk-datasets')).json();
    expect(list.results.map((row: Task) => row.id)).toContain(task.id);

    const operation = (await get(`/en/dataset/bulk/${task.id}/`)).json<BulkOperation>();
    expect(operation).toMatchObject({ task_id: task.id, action: 'publish', count: 2, changed: 2, can_undo: true, undo_task: null });

    const undone = await undo(task.id);
    expect(undone.timeline.map((step) => step.message)).toContain('2 datasets restored, 0 could not be.');
    expect([await stored(exposed), await stored(hidden)]).toEqual(before);
    expect((await get(`/en/dataset/bulk/${task.id}/`)).json()).toMatchObject({ can_undo: false, undo_task: undone.id });
    expect((await post(`${task.id}/undo/`, {}, editor, 'en')).json()).toEqual({ detail: 'This bulk change has already been undone.' });
  });

  it('restores special permissions and keywords exactly', async () => {
    const a = await dataset();
    const b = await dataset();
    await t.db.query('INSERT INTO dataset_permissions (dataset_id, usergroup_id, level) VALUES ($1, $2, 2), ($1, $3, 1)', [a, g['groupe-de-travail-mobilite'], g['reseau-des-geomaticiens']]);
    await t.app.inject({ method: 'PATCH', url: `/fr/dataset/datasets/${a}/`, headers: editor.sessionHeaders, payload: { tags: ['vélo', 'Mer'] } });
    const before = [await stored(a), await stored(b)];

    const grant = await apply({ action: 'set_group_level', ids: [a, b], params: { usergroup_ids: [g['groupe-de-travail-mobilite'], g['reseau-des-geomaticiens']], level: 0 } });
    expect((await t.db.query('SELECT count(*)::integer AS n FROM dataset_permissions WHERE dataset_id = $1', [a])).rows[0].n).toBe(0);
    // b had nothing to remove: left out.
    expect((await get(`/en/dataset/bulk/${grant.id}/`)).json()).toMatchObject({ count: 1, changed: 1 });
    await undo(grant.id);
    // The history names every group, as the permissions page does: not one by name and the other by its number.
    const { rows: entries } = await t.db.query<{ action: string; changes: { permissions: { old: unknown[]; new: unknown[] } } }>(
      "SELECT action, changes FROM dataset_activity WHERE dataset_id = $1 AND action LIKE 'bulk%' ORDER BY id",
      [a],
    );
    const named = [
      { usergroup_id: g['groupe-de-travail-mobilite'], display_name: 'Groupe de travail Mobilité' },
      { usergroup_id: g['reseau-des-geomaticiens'], display_name: 'Réseau des géomaticiens' },
    ];
    expect(entries.map((entry) => entry.action)).toEqual(['bulk', 'bulk-undo']);
    expect(entries[0].changes.permissions).toEqual({
      old: [{ ...named[0], level: 2 }, { ...named[1], level: 1 }],
      new: [{ ...named[0], level: 0 }, { ...named[1], level: 0 }],
    });
    expect(entries[1].changes.permissions).toEqual({ old: entries[0].changes.permissions.new, new: entries[0].changes.permissions.old });

    // A keyword is cleaned as a dataset's save cleans it: its markup stripped.
    const tag = await apply({ action: 'add_keyword', ids: [a, b], params: { keyword: ' <script>Littoral</script> ' } });
    const untag = await apply({ action: 'remove_keyword', ids: [a], params: { keyword: 'VÉLO' } });
    expect((await get(`/fr/dataset/datasets/${a}/`)).json().tags).toEqual(['Littoral', 'Mer']);
    await undo(untag.id);
    await undo(tag.id);
    expect([await stored(a), await stored(b)]).toEqual(before);
  });

  it("lists a bulk change, its undo and the tasks of the dataset's resources, layers and styles among the dataset's tasks, the bulk change named by its datasets", async () => {
    const a = await dataset();
    const b = await dataset();
    const task = await apply({ action: 'set_default_level', ids: [a, b], params: { level: 3 } });
    const undone = await undo(task.id);
    // An upload's task is on the resource, a style's on the style: neither names the dataset as its target.
    const resource = (await t.db.query<{ id: number }>(
      "INSERT INTO resources (display_name, codename, type, usergroup_id) SELECT 'Comptages', 'comptages-' || $1::text, 'file-upload', usergroup_id FROM datasets WHERE id = $1::integer RETURNING id",
      [a],
    )).rows[0].id;
    await t.db.query('INSERT INTO resource_datasets (resource_id, dataset_id, type) VALUES ($1, $2, 1)', [resource, a]);
    const layer = (await t.db.query<{ id: number }>(
      `INSERT INTO geographic_layers (resource_id, display_name, codename, schema_name, table_name) VALUES ($1::integer, 'Comptages', 'layer-' || $1::text, 'datastore', 'resource_' || $1::text) RETURNING id`,
      [resource],
    )).rows[0].id;
    const style = (await t.db.query<{ id: number }>("INSERT INTO layer_styles (layer_id, display_name) VALUES ($1, 'Par valeur') RETURNING id", [layer])).rows[0].id;
    const others = (await t.db.query<{ id: number }>(
      `INSERT INTO task_queue_track (status, action, object_class, object_id, created_by) VALUES
         ('SUCCESS', 'upload', 'resource', $1, $4), ('SUCCESS', 'load', 'geographiclayer', $2, $4), ('SUCCESS', 'apply-style', 'style', $3, $4) RETURNING id`,
      [resource, layer, style, editor.userId],
    )).rows.map((row) => Number(row.id));

    const tasksOf = async (id: number) => (await get(`/fr/dashboard/task-queue-track/?object=${id}&page_size=100`)).json<{ results: Task[] }>().results;
    const ofA = await tasksOf(a);
    expect(ofA.map((row) => row.id)).toEqual(expect.arrayContaining([task.id, undone.id, ...others]));
    expect((await tasksOf(b)).map((row) => row.id)).toEqual(expect.arrayContaining([task.id, undone.id]));
    expect((await tasksOf(b)).map((row) => row.id)).not.toContain(others[0]);
    // Their object is the datasets the change touched, not a bare "Jeu de données".
    expect(ofA.find((row) => row.id === task.id)?.object_name).toBe('2 jeux de données');
    expect(ofA.find((row) => row.id === undone.id)?.object_name).toBe('2 jeux de données');
  });

  it('leaves a dataset changed since the bulk change as it is, and says so', async () => {
    const kept = await dataset();
    const edited = await dataset();
    const task = await apply({ action: 'set_default_level', ids: [kept, edited], params: { level: 3 } });
    const patch = await t.app.inject({ method: 'PATCH', url: `/fr/dataset/datasets/${edited}/`, headers: editor.sessionHeaders, payload: { default_permission_level: 2 } });
    expect(patch.statusCode).toBe(200);
    const undone = await undo(task.id);
    const levels = (await t.db.query('SELECT id, default_permission_level FROM datasets WHERE id = ANY($1)', [[kept, edited]])).rows;
    expect(Object.fromEntries(levels.map((row) => [row.id, row.default_permission_level]))).toEqual({ [kept]: 1, [edited]: 2 });
    const messages = undone.timeline.map((step) => step.message);
    expect(messages).toContain(`“Jeu groupé ${counter}” (${edited}) not restored: it has changed since the bulk change.`);
    expect(messages).toContain('1 dataset restored, 1 could not be.');
    expect(undone.timeline.find((step) => step.message.includes('not restored'))?.level).toBe('warning');
  });

  it('leaves a dataset its author may no longer change as it is, and says so', async () => {
    const a = await dataset();
    const gone = await dataset();
    const task = await apply({ action: 'set_default_level', ids: [a], params: { level: 3 } });
    const removal = await apply({ action: 'delete', ids: [gone] });
    // The editor is now a mere member of the datasets' organisation, and an editor elsewhere.
    const role = (group: string, value: number) =>
      t.db.query('UPDATE usergroup_members SET role = $3 WHERE user_id = $1 AND usergroup_id = $2', [editor.userId, g[group], value]);
    await role('metropole-cote-azurine', 0);
    await role('groupe-de-travail-mobilite', 1);
    try {
      expect((await t.app.inject({ method: 'PATCH', url: `/fr/dataset/datasets/${a}/`, headers: editor.sessionHeaders, payload: { default_permission_level: 1 } })).statusCode).toBe(403);
      const undone = await undo(task.id);
      expect((await t.db.query('SELECT default_permission_level FROM datasets WHERE id = $1', [a])).rows[0].default_permission_level).toBe(3);
      const messages = undone.timeline.map((step) => step.message);
      expect(messages).toContain(`“Jeu groupé ${counter - 1}” (${a}) not restored: you may no longer change it.`);
      expect(messages).toContain('0 datasets restored, 1 could not be.');
      await undo(removal.id);
      expect((await t.db.query('SELECT id FROM datasets WHERE id = $1', [gone])).rows).toEqual([]);
    } finally {
      await role('metropole-cote-azurine', 1);
      await role('groupe-de-travail-mobilite', 0);
    }
  });

  it('brings a deleted dataset back with its links, children and history', async () => {
    const parent = await dataset();
    const child = await dataset();
    await t.db.query('UPDATE datasets SET parent_id = $1 WHERE id = $2', [parent, child]);
    await t.app.inject({ method: 'PATCH', url: `/fr/dataset/datasets/${parent}/`, headers: editor.sessionHeaders, payload: { tags: ['port'], categories: [1, 2] } });
    await t.db.query('INSERT INTO dataset_permissions (dataset_id, usergroup_id, level) VALUES ($1, $2, 3)', [parent, g['reseau-des-geomaticiens']]);
    await t.db.query('INSERT INTO catalog_entries (dataset_id) VALUES ($1)', [parent]);
    const before = await stored(parent);
    expect(before.categories).toHaveLength(2);

    const task = await apply({ action: 'delete', ids: [parent] });
    expect((await stored(parent)).row).toBeNull();
    expect((await get(`/fr/dataset/datasets/${parent}/`)).statusCode).toBe(404);
    await undo(task.id);
    expect(await stored(parent)).toEqual(before);
    expect((await get(`/fr/dataset/datasets/${parent}/`)).json()).toMatchObject({ id: parent, tags: ['port'], categories: [1, 2] });
  });

  it('changes owners for a superuser, and undoes it', async () => {
    const a = await dataset();
    const task = await apply({ action: 'set_owner', ids: [a], params: { usergroup: g['region-sud-mediterranee'] } }, admin);
    expect((await t.db.query('SELECT usergroup_id FROM datasets WHERE id = $1', [a])).rows[0].usergroup_id).toBe(g['region-sud-mediterranee']);
    // Not the editor's change: it is not theirs to see or undo.
    expect((await get(`/en/dataset/bulk/${task.id}/`)).statusCode).toBe(404);
    expect((await post(`${task.id}/undo/`, {}, otherEditor)).statusCode).toBe(404);
    await undo(task.id, admin);
    expect((await t.db.query('SELECT usergroup_id FROM datasets WHERE id = $1', [a])).rows[0].usergroup_id).toBe(g['metropole-cote-azurine']);
  });

  it('refuses an undo once its window has passed', async () => {
    const a = await dataset();
    const task = await apply({ action: 'set_default_level', ids: [a], params: { level: 0 } });
    await t.db.query("UPDATE bulk_operations SET undo_until = now() - interval '1 second' WHERE task_id = $1", [task.id]);
    expect((await get(`/en/dataset/bulk/${task.id}/`)).json()).toMatchObject({ can_undo: false });
    const response = await post(`${task.id}/undo/`, {}, editor, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'This bulk change can no longer be undone: it may be undone for 10 minutes after it ran.' });
    expect((await t.db.query('SELECT default_permission_level FROM datasets WHERE id = $1', [a])).rows[0].default_permission_level).toBe(0);
  });
});
