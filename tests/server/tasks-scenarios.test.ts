/**
 * Scenario runs through the API with the task engine running in the server process: publication
 * scenarios reach SUCCESS and change the dataset; who may list, run, read, retry, cancel and
 * acknowledge; time limit and the diagnostic scenarios.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTaskFinished, type Task } from '../../schemas/scenarios.ts';
import { queueTasks } from '../../src/server/tasks/store.ts';
import { createTestApp, scoresSettled, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
const users: Record<string, SignedIn> = {};
const ids: Record<string, number> = {};
const scenarios: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({}, { tasks: true });
  t.config.tasks.diagnosticScenarios = true;
  for (const name of ['admin', 'referent', 'editor', 'member', 'marie.lefebvre', 'thomas.girard']) users[name] = await t.signIn(name);
  for (const row of (await t.db.query('SELECT id, codename FROM datasets')).rows) ids[row.codename] = row.id;
  for (const row of (await t.db.query('SELECT id, codename FROM scenarios')).rows) scenarios[row.codename] = row.id;
});
afterAll(() => t?.close());

const run = (user: string, dataset: number, scenario: number, query = '?asynchrone=true', payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/fr/dataset/datasets/${dataset}/_scenarios/${scenario}/run/${query}`, headers: users[user].sessionHeaders, payload });
const get = (user: string, url: string) => t.app.inject({ url, headers: users[user].jwtHeaders });
const post = (user: string, url: string) => t.app.inject({ method: 'POST', url, headers: users[user].sessionHeaders, payload: {} });

/** The task once it has ended, read every 100 ms for 20 s as `user` (on `app`, the file's own by default). */
async function waitFinished(id: number, user = 'admin', app: TestApp = t, as: SignedIn = users[user]): Promise<Task> {
  for (let i = 0; i < 200; i += 1) {
    const task = (await app.app.inject({ url: `/fr/dashboard/task-queue-track/${id}/`, headers: as.jwtHeaders })).json<Task>();
    if (isTaskFinished(task)) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`task ${id} did not finish`);
}

describe('dataset scenarios', () => {
  it('lists the dataset scenarios to whoever sees the dataset, 404 otherwise', async () => {
    const response = await get('editor', `/en/dataset/datasets/${ids['comptages-velo']}/_scenarios/`);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((s: { codename: string }) => s.codename)).toEqual(['publish-dataset', 'unpublish-dataset', 'check-dataset-links']);
    expect(response.json()[0]).toEqual({ id: scenarios['publish-dataset'], codename: 'publish-dataset', action: 'update', display_name: 'Publish the dataset' });
    expect((await get('referent', `/fr/dataset/datasets/${ids['comptages-velo']}/_scenarios/`)).statusCode).toBe(404);
    expect((await get('referent', '/fr/dataset/datasets/99999999/_scenarios/')).statusCode).toBe(404);
  });

  it('unpublishes then publishes a dataset: SUCCESS, publish flag and catalogue follow', async () => {
    const id = ids['arrets-de-bus-du-reseau-urbain'];
    const queued = await run('editor', id, scenarios['unpublish-dataset']);
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ action: 'unpublish-dataset', object_class: 'dataset', object_id: id, trigger: 'user', created_by: 'editor' });
    const done = await waitFinished(queued.json().id);
    expect(done.status).toBe('SUCCESS');
    expect(done.timeline.map((step) => step.message)).toContain('Jeu de données « Arrêts de bus du réseau urbain » retiré du catalogue public.');
    expect((await t.db.query('SELECT publish FROM datasets WHERE id = $1', [id])).rows[0].publish).toBe(false);
    expect((await t.db.query('SELECT 1 FROM catalog_entries WHERE dataset_id = $1', [id])).rowCount).toBe(0);

    // Synchronous: the answer is the finished task.
    const sync = await run('admin', id, scenarios['publish-dataset'], '');
    expect(sync.statusCode).toBe(200);
    expect(sync.json()).toMatchObject({ status: 'SUCCESS', object_name: 'Arrêts de bus du réseau urbain', error: null });
    expect((await t.db.query('SELECT publish FROM datasets WHERE id = $1', [id])).rows[0].publish).toBe(true);
    expect((await t.db.query('SELECT 1 FROM catalog_entries WHERE dataset_id = $1', [id])).rowCount).toBe(1);
  });

  it('publishing a private dataset says the catalogue does not list it yet, rather than that it was added', async () => {
    const usergroup = (await t.db.query<{ id: number }>("SELECT id FROM usergroups WHERE display_name = 'Métropole Côte-Azurine'")).rows[0].id;
    const created = await t.app.inject({ method: 'POST', url: '/fr/dataset/datasets/', headers: users.editor.jwtHeaders, payload: { display_name: 'Compteurs privés', usergroup } });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number; default_permission_level: number }>().id;
    expect(created.json().default_permission_level).toBe(0);
    const catalogue = async () => (await t.app.inject({ url: '/fr/dataset/catalog/?q=compteurs&format=jsonld' })).body.includes('Compteurs privés');

    const done = await waitFinished((await run('editor', id, scenarios['publish-dataset'])).json().id);
    expect(done.status).toBe('SUCCESS');
    const messages = done.timeline.map((step) => step.message);
    expect(messages).not.toContain('Jeu de données « Compteurs privés » ajouté au catalogue public.');
    expect(done.timeline).toContainEqual(expect.objectContaining({ level: 'warning', message: expect.stringContaining('privé') }));
    expect(await catalogue()).toBe(false);

    const opened = await t.app.inject({ method: 'PATCH', url: `/fr/dataset/datasets/${id}/`, headers: users.editor.jwtHeaders, payload: { default_permission_level: 1 } });
    expect(opened.statusCode).toBe(200);
    expect(await catalogue()).toBe(true);
    const again = await waitFinished((await run('editor', id, scenarios['publish-dataset'])).json().id);
    expect(again.timeline.map((step) => step.message)).toContain('Jeu de données « Compteurs privés » ajouté au catalogue public.');
  });

  it('answers 403 to whoever sees but may not change, 404 for an unknown scenario, 400 for bad kwargs', async () => {
    const id = ids['arrets-de-bus-du-reseau-urbain'];
    expect((await run('referent', id, scenarios['publish-dataset'])).statusCode).toBe(403);
    expect((await run('marie.lefebvre', id, scenarios['publish-dataset'])).statusCode).toBe(403);
    expect((await run('marie.lefebvre', ids['comptages-velo'], scenarios['publish-dataset'])).statusCode).toBe(404);
    expect((await run('editor', id, scenarios['publish-resourcedataset'])).statusCode).toBe(404);
    expect((await run('editor', id, 999999)).statusCode).toBe(404);
    expect((await run('editor', id, scenarios['publish-dataset'], '?asynchrone=true', { kwargs: [1] })).json()).toEqual({ kwargs: ['Doit être un objet.'] });
    const badTarget = await run('editor', id, scenarios['publish-dataset'], '?asynchrone=true', { kwargs: { target: { model: 'dataset', pk: 'x' } } });
    expect(badTarget.statusCode).toBe(400);
    expect(Object.keys(badTarget.json())).toEqual(['target']);
    expect((await run('editor', id, scenarios['publish-dataset'], '?asynchrone=true', { kwargs: { note: 'a\u0000b' } })).statusCode).toBe(400);
    expect((await run('editor', id, scenarios['publish-dataset'], '?asynchrone=true', { kwargs: { target: { model: 'dataset', app_label: 'x', pk: 1e12 } } })).statusCode).toBe(400);
    const noCsrf = await t.app.inject({ method: 'POST', url: `/fr/dataset/datasets/${id}/_scenarios/${scenarios['publish-dataset']}/run/`, headers: { cookie: users.editor.cookie } });
    expect(noCsrf.statusCode).toBe(403);
    const withTarget = await run('editor', id, scenarios['publish-dataset'], '?asynchrone=true', { kwargs: { target: { model: 'dataset', app_label: 'idgo_admin', pk: id } } });
    expect(withTarget.statusCode).toBe(202);
    expect(withTarget.json().target).toEqual({ model: 'dataset', app_label: 'idgo_admin', pk: id });
    await waitFinished(withTarget.json().id);
  });
});

describe('the dataset a run is filed under (kwargs.target)', () => {
  const taskCount = async () => Number((await t.db.query('SELECT count(*) FROM task_queue_track')).rows[0].count);
  const target = (pk: number, model = 'dataset') => ({ kwargs: { target: { model, app_label: 'dataset', pk } } });

  it('refuses a dataset the caller cannot see exactly as an unknown one, and files nothing', async () => {
    const own = ids['arrets-de-bus-du-reseau-urbain'];
    const hidden = ids['prelevements-d-eau-donnees-brutes'];
    expect((await get('editor', `/fr/dataset/datasets/${hidden}/`)).statusCode).toBe(404);
    const before = await taskCount();
    const onHidden = await run('editor', own, scenarios['publish-dataset'], '?asynchrone=true', target(hidden));
    const onUnknown = await run('editor', own, scenarios['publish-dataset'], '?asynchrone=true', target(99999999));
    expect(onHidden.statusCode).toBe(400);
    expect(onHidden.json()).toEqual({ target: ['Doit être cet objet ou un jeu de données auquel il appartient.'] });
    expect(onUnknown.statusCode).toBe(400);
    expect(onUnknown.body).toBe(onHidden.body);
    // Another dataset the caller sees and edits is no target of this dataset's run either.
    expect((await run('editor', own, scenarios['publish-dataset'], '?asynchrone=true', target(ids['comptages-velo']))).body).toBe(onHidden.body);
    expect((await run('editor', own, scenarios['publish-dataset'], '?asynchrone=true', target(own, 'resourcedataset'))).body).toBe(onHidden.body);
    expect(await taskCount()).toBe(before);
    const history = (await get('admin', `/fr/dashboard/task-queue-track/?object=${hidden}&page_size=100`)).json();
    expect(history.results.filter((task: Task) => task.target?.pk === hidden)).toEqual([]);
  });

  it("accepts on a resource link only the link's own dataset", async () => {
    const own = ids['arrets-de-bus-du-reseau-urbain'];
    const [resource] = (await t.db.query(
      "INSERT INTO resources (display_name, codename, type, usergroup_id) SELECT 'Arrêts (fichier)', 'arrets-fichier', 'href', usergroup_id FROM datasets WHERE id = $1 RETURNING id",
      [own],
    )).rows;
    const [link] = (await t.db.query('INSERT INTO resource_datasets (resource_id, dataset_id, type) VALUES ($1, $2, 2) RETURNING id', [resource.id, own])).rows;
    const runLink = (pk: number) =>
      t.app.inject({
        method: 'POST',
        url: `/en/resource/resource-dataset/${link.id}/_scenarios/${scenarios['publish-resourcedataset']}/run/?asynchrone=true`,
        headers: users.editor.sessionHeaders,
        payload: target(pk),
      });
    const before = await taskCount();
    const elsewhere = await runLink(ids['comptages-velo']);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ target: ['Must be this object or a dataset it belongs to.'] });
    expect((await runLink(ids['prelevements-d-eau-donnees-brutes'])).body).toBe(elsewhere.body);
    expect((await runLink(99999999)).body).toBe(elsewhere.body);
    expect(await taskCount()).toBe(before);
    const filed = await runLink(own);
    expect(filed.statusCode).toBe(202);
    expect(filed.json().target).toEqual({ model: 'dataset', app_label: 'dataset', pk: own });
    await waitFinished(filed.json().id);
  });
});

describe('task calls by role', () => {
  let privateTask: number;
  let publicTask: number;

  beforeAll(async () => {
    privateTask = (await run('editor', ids['comptages-velo'], scenarios['publish-dataset'])).json().id;
    publicTask = (await run('editor', ids['arrets-de-bus-du-reseau-urbain'], scenarios['publish-dataset'])).json().id;
    await waitFinished(privateTask);
    await waitFinished(publicTask);
  });

  it('shows tasks only on objects the reader sees, with what they may do', async () => {
    const seen = (user: string) => get(user, '/fr/dashboard/task-queue-track/?page_size=100').then((r) => r.json().results.map((task: Task) => task.id));
    expect(await seen('admin')).toEqual(expect.arrayContaining([privateTask, publicTask]));
    expect(await seen('editor')).toEqual(expect.arrayContaining([privateTask, publicTask]));
    const referent = await seen('referent');
    expect(referent).toContain(publicTask);
    expect(referent).not.toContain(privateTask);
    expect((await get('referent', `/fr/dashboard/task-queue-track/${privateTask}/`)).statusCode).toBe(404);
    const asReferent = (await get('referent', `/fr/dashboard/task-queue-track/${publicTask}/`)).json<Task>();
    expect(asReferent).toMatchObject({ can_retry: false, can_cancel: false, can_acknowledge: false, object_name: 'Arrêts de bus du réseau urbain' });
    expect((await get('member', '/fr/dashboard/task-queue-track/')).statusCode).toBe(403);
    expect((await get('thomas.girard', `/fr/dashboard/task-queue-track/${privateTask}/`)).statusCode).toBe(404);
    const filtered = (await get('editor', `/fr/dashboard/task-queue-track/?object=${ids['comptages-velo']}&status=SUCCESS`)).json();
    expect(filtered.results.every((task: Task) => task.object_id === ids['comptages-velo'] && task.status === 'SUCCESS')).toBe(true);
    expect((await get('admin', '/fr/dashboard/task-queue-track/?acknowledged=maybe')).statusCode).toBe(400);
    expect((await get('admin', '/fr/dashboard/task-queue-track/?ordering=-action')).statusCode).toBe(200);
  });

  it('retries a failure, acknowledges it, cancels a pending task', async () => {
    // A failure on a dataset the editor edits (as a task whose scenario failed).
    const [failed] = await queueTasks(t.db, [{ action: 'fail', scenarioId: null, objectClass: 'dataset', objectId: ids['comptages-velo'], trigger: 'user', createdBy: users.editor.userId, timeLimitSeconds: 10 }]);
    const failure = await waitFinished(failed);
    expect(failure).toMatchObject({ status: 'FAILURE', error: 'Échec : diagnostic failure', can_retry: true, can_acknowledge: true, can_cancel: false });
    expect((await post('referent', `/fr/dashboard/task-queue-track/${failed}/retry/`)).statusCode).toBe(404);
    expect((await post('editor', `/fr/dashboard/task-queue-track/${publicTask}/acknowledge/`)).statusCode).toBe(400);
    const retried = await post('editor', `/fr/dashboard/task-queue-track/${failed}/retry/`);
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toMatchObject({ retry_of: failed, trigger: 'retry', action: 'fail' });
    const acknowledged = await post('editor', `/fr/dashboard/task-queue-track/${failed}/acknowledge/`);
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json()).toMatchObject({ acknowledged: true, can_acknowledge: false });
    const unacknowledged = (await get('editor', `/fr/dashboard/task-queue-track/?acknowledged=false&status=FAILURE&object=${ids['comptages-velo']}`)).json();
    expect(unacknowledged.results.map((task: Task) => task.id)).not.toContain(failed);

    // A reader who sees a failure but may not run its scenario cannot acknowledge it, even once it is acknowledged.
    const [seenFailure] = await queueTasks(t.db, [{ action: 'fail', scenarioId: null, objectClass: 'dataset', objectId: ids['arrets-de-bus-du-reseau-urbain'], trigger: 'user', createdBy: users.editor.userId, timeLimitSeconds: 10 }]);
    await waitFinished(seenFailure);
    expect((await post('referent', `/fr/dashboard/task-queue-track/${seenFailure}/acknowledge/`)).statusCode).toBe(403);
    expect((await post('editor', `/fr/dashboard/task-queue-track/${seenFailure}/acknowledge/`)).statusCode).toBe(200);
    expect((await post('referent', `/fr/dashboard/task-queue-track/${seenFailure}/acknowledge/`)).statusCode).toBe(403);

    // Cancel: only PENDING. A long sleep keeps both workers busy so the next one stays queued.
    const sleepers = await queueTasks(t.db, [1, 2].map(() => ({ action: 'sleep', scenarioId: null, objectClass: 'diagnostic', objectId: null, kwargs: { seconds: 3 }, trigger: 'system' as const, createdBy: null, timeLimitSeconds: 10 })));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const [pending] = await queueTasks(t.db, [{ action: 'publish-dataset', scenarioId: scenarios['publish-dataset'], objectClass: 'dataset', objectId: ids['comptages-velo'], trigger: 'user', createdBy: users.editor.userId, timeLimitSeconds: 10 }]);
    expect((await post('referent', `/fr/dashboard/task-queue-track/${pending}/cancel/`)).statusCode).toBe(404);
    const cancelled = await post('editor', `/en/dashboard/task-queue-track/${pending}/cancel/`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'REVOKED', error: 'Cancelled by editor.', can_retry: true });
    const again = await post('editor', `/en/dashboard/task-queue-track/${pending}/cancel/`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: ['Only a pending task can be cancelled; this one is REVOKED.'] });
    for (const id of sleepers) expect((await waitFinished(id)).status).toBe('SUCCESS');
    // The revoked task's job was delivered after all: skipped, still REVOKED.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await get('editor', `/fr/dashboard/task-queue-track/${pending}/`)).json().status).toBe('REVOKED');
  });

  it('answers a run asked again while the same run still waits with that one, rather than queueing it twice', async () => {
    // Two long sleeps keep both workers busy, so the runs asked next stay queued.
    const sleepers = await queueTasks(t.db, [1, 2].map(() => ({ action: 'sleep', scenarioId: null, objectClass: 'diagnostic', objectId: null, kwargs: { seconds: 3 }, trigger: 'system' as const, createdBy: null, timeLimitSeconds: 10 })));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const dataset = ids['comptages-velo'];
    const asked = await Promise.all([1, 2, 3, 4, 5].map(() => run('editor', dataset, scenarios['publish-dataset'])));
    expect(asked.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202, 202]);
    const taskIds = new Set(asked.map((answer) => answer.json<Task>().id));
    expect(taskIds.size).toBe(1);
    // Another scenario on the object is another run.
    const other = (await run('editor', dataset, scenarios['unpublish-dataset'])).json<Task>().id;
    expect(taskIds.has(other)).toBe(false);
    const { rows } = await t.db.query("SELECT count(*)::integer AS n FROM task_queue_track WHERE object_class = 'dataset' AND object_id = $1 AND status = 'PENDING'", [dataset]);
    expect(rows[0].n).toBe(2);
    for (const id of [...sleepers, ...taskIds, other]) expect((await waitFinished(id)).status).toBe('SUCCESS');
  });

  it('fails a task past its time limit, with the reason', async () => {
    t.config.tasks.timeLimitSeconds = 1;
    try {
      const [id] = await queueTasks(t.db, [{ action: 'sleep', scenarioId: null, objectClass: 'diagnostic', objectId: null, kwargs: { seconds: 5 }, trigger: 'system', createdBy: null, timeLimitSeconds: 1 }]);
      const task = await waitFinished(id);
      expect(task.status).toBe('FAILURE');
      expect(task.error).toBe('Arrêtée : la tâche a dépassé sa durée maximale de 1 s.');
    } finally {
      t.config.tasks.timeLimitSeconds = 600;
    }
  });

  it('lists every scenario for the action filter', async () => {
    const list = (await get('editor', '/it/dashboard/scenarios/')).json();
    expect(list.map((s: { codename: string }) => s.codename)).toEqual(expect.arrayContaining(['publish-dataset', 'publish-resourcedataset']));
    expect(list[0]).toHaveProperty('object_class');
  });
});

describe('background work on a pool of its own (the embedded database at BACKGROUND_NICE)', () => {
  it('starts a task a request queued, and scores a save, at once rather than at the next poll', async () => {
    // Idle workers poll once a minute: only the wake-up of the request's pool can start them sooner.
    const own = await createTestApp({}, { tasks: { pollingSeconds: 60, ownPool: true } });
    try {
      const editor = await own.signIn('editor');
      const { rows } = await own.db.query<{ id: number }>("SELECT id FROM datasets WHERE codename = 'comptages-velo'");
      const { rows: found } = await own.db.query<{ id: number }>("SELECT id FROM scenarios WHERE codename = 'unpublish-dataset'");
      const queued = await own.app.inject({
        method: 'POST',
        url: `/fr/dataset/datasets/${rows[0].id}/_scenarios/${found[0].id}/run/?asynchrone=true`,
        headers: editor.sessionHeaders,
        payload: {},
      });
      expect(queued.statusCode, queued.body).toBe(202);
      // Within waitFinished's 20 s: a minute's poll would not have started it yet.
      expect((await waitFinished(queued.json().id, 'editor', own, editor)).status).toBe('SUCCESS');

      const saved = await own.app.inject({
        method: 'PATCH',
        url: `/fr/dataset/datasets/${rows[0].id}/`,
        headers: editor.sessionHeaders,
        payload: { description: 'Décrit à nouveau.' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await scoresSettled(own.db);
    } finally {
      await own.close();
    }
  }, 60_000); // room for waitFinished to say the task did not finish, before the test's own limit
});
