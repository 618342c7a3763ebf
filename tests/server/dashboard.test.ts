import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let editor: SignedIn;
let admin: SignedIn;
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  editor = await t.signIn('editor');
  admin = await t.signIn('admin');
  // 25 tasks, one every minute, on three datasets; every fifth one failed.
  for (let i = 0; i < 25; i += 1) {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO task_queue_track (status, action, object_class, object_id, target, start_date, end_date)
       VALUES ($1, $2, $3, $4, $5, now() - make_interval(mins => $6), now() - make_interval(mins => $6) + interval '10 seconds')
       RETURNING id`,
      [
        i % 5 === 0 ? 'FAILURE' : 'SUCCESS',
        i % 2 === 0 ? 'publish-dataset' : 'create-resource',
        i % 2 === 0 ? 'dataset' : 'resourcefileupload',
        (i % 3) + 1,
        i % 2 === 0 ? null : JSON.stringify({ model: 'dataset', app_label: 'catalog', pk: (i % 3) + 1 }),
        i,
      ],
    );
    ids.push(rows[0].id);
  }
});
afterAll(() => t?.close());

// The superuser sees every task; others only those on objects they see (below).
const list = (query = '', headers = admin.jwtHeaders) =>
  t.app.inject({ url: `/fr/dashboard/task-queue-track/${query}`, headers });

describe('GET /{locale}/dashboard/task-queue-track/', () => {
  it('pages the newest tasks first', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(25);
    expect(body.results).toHaveLength(20);
    expect(body.previous).toBeNull();
    expect(body.next).toBe('http://localhost/fr/dashboard/task-queue-track/?page=2');
    expect(body.results[0].id).toBe(ids[0]);
    expect(Object.keys(body.results[0]).sort()).toEqual(
      ['action', 'action_label', 'end_date', 'id', 'object_class', 'object_id', 'object_name', 'start_date', 'status', 'target', 'target_name', 'timeline', 'warnings',
        'error', 'trigger', 'created_by', 'retry_of', 'acknowledged', 'can_retry', 'can_cancel', 'can_acknowledge'].sort(),
    );
    const second = (await list('?page=2')).json();
    expect(second.results).toHaveLength(5);
    expect(second.next).toBeNull();
    expect(second.previous).toBe('http://localhost/fr/dashboard/task-queue-track/');
  });

  it('answers 404 "Invalid page" beyond the last page', async () => {
    const response = await list('?page=3');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Page non valide.' });
  });

  it('orders on whitelisted fields only', async () => {
    const byId = (await list('?ordering=id&page_size=3')).json();
    expect(byId.results.map((task: { id: number }) => task.id)).toEqual([...ids].sort((a, b) => a - b).slice(0, 3));
    const oldest = (await list('?ordering=start_date&page_size=1')).json();
    expect(oldest.results[0].id).toBe(ids[24]);
    const bad = await list('?ordering=-password');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ ordering: ['Champ de tri invalide : « -password ».'] });
  });

  it('filters on object, object_class, object_id, status__in', async () => {
    const latest = (await list('?object=2&page_size=3')).json();
    // Dataset 2: its own tasks and those run for it (target).
    expect(latest.count).toBe(8);
    expect(latest.results).toHaveLength(3);
    const logs = (await list('?object_class=resourcefileupload&object_id=1&page_size=5')).json();
    expect(logs.results.every((task: { object_class: string; object_id: number }) => task.object_class === 'resourcefileupload' && task.object_id === 1)).toBe(true);
    expect(logs.count).toBe(4);
    const failed = (await list('?status__in=FAILURE')).json();
    expect(failed.count).toBe(5);
    expect((await list('?status__in=FAILURE,SUCCESS')).json().count).toBe(25);
    expect((await list('?object=abc')).statusCode).toBe(400);
    expect((await list('?object_id=abc')).json()).toEqual({ object_id: ['Un nombre entier valide est requis.'] });
  });

  it('keeps the filters in the next link', async () => {
    const body = (await list('?status__in=SUCCESS&page_size=5')).json();
    expect(body.next).toBe('http://localhost/fr/dashboard/task-queue-track/?status__in=SUCCESS&page_size=5&page=2');
  });

  it("shows a user only the tasks on or for datasets they see", async () => {
    // Datasets 1 and 2 of the region are public, 3 is private to the region and its geomaticians.
    const seen = (await list('?page_size=100', editor.jwtHeaders)).json();
    expect(seen.count).toBe(17);
    expect(seen.results.some((task: { object_id: number; target: { pk: number } | null }) => task.object_id === 3 || task.target?.pk === 3)).toBe(false);
    expect((await t.app.inject({ url: `/fr/dashboard/task-queue-track/${ids[2]}/`, headers: editor.jwtHeaders })).statusCode).toBe(404);
  });

  it("names a task's target only to whoever sees it", async () => {
    const { rows: names } = await t.db.query<{ id: number; display_name: string }>('SELECT id, display_name FROM datasets WHERE id IN (1, 3) ORDER BY id');
    const { rows: editorRow } = await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'editor'");
    // Two uploads the editor queued: for public dataset 1, and for dataset 3 they may not read.
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO task_queue_track (status, action, object_class, object_id, target, created_by, start_date)
       VALUES ('SUCCESS', 'create-resource', 'resourcefileupload', 1, $1, $3, now() - interval '2 days'),
              ('SUCCESS', 'create-resource', 'resourcefileupload', 1, $2, $3, now() - interval '2 days')
       RETURNING id`,
      [JSON.stringify({ model: 'dataset', app_label: 'catalog', pk: 1 }), JSON.stringify({ model: 'dataset', app_label: 'catalog', pk: 3 }), editorRow[0].id],
    );
    const read = async (id: number, who: SignedIn) =>
      (await t.app.inject({ url: `/fr/dashboard/task-queue-track/${id}/`, headers: who.jwtHeaders })).json();
    expect((await read(rows[0].id, editor)).target_name).toBe(names[0].display_name);
    const hidden = await read(rows[1].id, editor);
    expect(hidden.target).toMatchObject({ model: 'dataset', pk: 3 });
    expect(hidden.target_name).toBeNull();
    expect((await read(rows[1].id, admin)).target_name).toBe(names[1].display_name);
    expect((await read(ids[0], admin)).target_name).toBeNull();
    await t.db.query('DELETE FROM task_queue_track WHERE id = ANY($1)', [rows.map((row) => row.id)]);
  });

  it('answers one task by id', async () => {
    const response = await t.app.inject({ url: `/en/dashboard/task-queue-track/${ids[4]}/`, headers: editor.jwtHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ids[4], status: 'SUCCESS', action: 'publish-dataset', timeline: [], warnings: [] });
  });

  it('is reserved to users who can open Data (superuser or role >= 1)', async () => {
    const member = await t.signIn('member');
    const forbidden = await list('', member.jwtHeaders);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ detail: "Vous n'avez pas la permission d'effectuer cette action." });
    expect((await t.app.inject({ url: `/fr/dashboard/task-queue-track/${ids[0]}/`, headers: member.jwtHeaders })).statusCode).toBe(403);
    expect((await list('', admin.jwtHeaders)).statusCode).toBe(200);
    const referent = await t.signIn('referent');
    expect((await list('', { cookie: referent.cookie })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/fr/dashboard/task-queue-track/' })).statusCode).toBe(401);
  });
});
