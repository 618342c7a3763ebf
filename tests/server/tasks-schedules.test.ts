/**
 * Schedulers and scheduled runs: the schedulers list, frequencies created, changed and deleted by
 * whoever may run the scenario on the object, their validation, and a due run queued exactly once
 * by ticks running at the same moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioExecutionFrequency, Scheduler } from '../../schemas/scenarios.ts';
import { recoverTasks } from '../../src/server/tasks/recovery.ts';
import { queueDueRuns } from '../../src/server/tasks/schedules.ts';
import { queueTasks } from '../../src/server/tasks/store.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
const users: Record<string, SignedIn> = {};
let dataset: number;
let publicDataset: number;
let publish: number;
let unpublish: number;
let resourceScenario: number;
let schedulers: Scheduler[];

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['admin', 'referent', 'editor']) users[name] = await t.signIn(name);
  dataset = (await t.db.query("SELECT id FROM datasets WHERE codename = 'comptages-velo'")).rows[0].id;
  publicDataset = (await t.db.query("SELECT id FROM datasets WHERE codename = 'arrets-de-bus-du-reseau-urbain'")).rows[0].id;
  const scenario = async (codename: string) => (await t.db.query('SELECT id FROM scenarios WHERE codename = $1', [codename])).rows[0].id;
  publish = await scenario('publish-dataset');
  unpublish = await scenario('unpublish-dataset');
  resourceScenario = await scenario('publish-resourcedataset');
});
afterAll(() => t?.close());

const call = (user: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/fr/${url}`, headers: users[user].sessionHeaders, ...(payload ? { payload } : {}) });

describe('schedulers', () => {
  it('lists the schedulers in the request language', async () => {
    const response = await t.app.inject({ url: '/en/usergroup/schedulers/', headers: users.editor.jwtHeaders });
    expect(response.statusCode).toBe(200);
    schedulers = response.json();
    expect(schedulers.map((s) => s.codename)).toEqual(['hourly', 'daily', 'weekly', 'monthly']);
    expect(schedulers[1]).toMatchObject({ display_name: 'Daily', cron: '0 2 * * *' });
  });

  it('creates, reads, changes and deletes a frequency', async () => {
    const created = await call('editor', 'POST', 'resource/scenario-execution-frequency/', { scenario: publish, object_class: 'dataset', object_id: dataset, scheduler: schedulers[1].id });
    expect(created.statusCode).toBe(201);
    const frequency = created.json<ScenarioExecutionFrequency>();
    expect(frequency).toMatchObject({ scenario: publish, object_class: 'dataset', object_id: dataset, scheduler: schedulers[1].id, last_task: null });
    expect(new Date(frequency.next_run!).getTime()).toBeGreaterThan(Date.now());
    expect((await call('editor', 'POST', 'resource/scenario-execution-frequency/', { scenario: publish, object_class: 'dataset', object_id: dataset, scheduler: schedulers[0].id })).json()).toEqual({
      scenario: ['Ce scénario a déjà une fréquence sur cet objet.'],
    });
    const listed = await call('editor', 'GET', `resource/scenario-execution-frequency/?object_class=dataset&object_id=${dataset}`);
    expect(listed.json()).toEqual([frequency]);
    const patched = await call('editor', 'PATCH', `resource/scenario-execution-frequency/${frequency.id}/`, { scheduler: schedulers[0].id });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().scheduler).toBe(schedulers[0].id);
    expect((await call('referent', 'PATCH', `resource/scenario-execution-frequency/${frequency.id}/`, { scheduler: schedulers[2].id })).statusCode).toBe(404);
    expect((await call('editor', 'DELETE', `resource/scenario-execution-frequency/${frequency.id}/`)).statusCode).toBe(204);
    expect((await call('editor', 'DELETE', `resource/scenario-execution-frequency/${frequency.id}/`)).statusCode).toBe(404);
  });

  it('validates fields and checks who may run the scenario', async () => {
    const post = (user: string, payload: object) => call(user, 'POST', 'resource/scenario-execution-frequency/', payload);
    expect((await post('editor', {})).json()).toEqual({
      scenario: ['Ce champ est obligatoire.'], object_class: ['Ce champ est obligatoire.'], object_id: ['Ce champ est obligatoire.'], scheduler: ['Ce champ est obligatoire.'],
    });
    const wrong = await post('editor', { scenario: resourceScenario, object_class: 'dataset', object_id: dataset, scheduler: 999999 });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json()).sort()).toEqual(['scenario', 'scheduler']);
    // Ids no row can have, below zero as above the largest, are unknown on their field.
    for (const id of [-1, -(2 ** 70), 2 ** 70]) {
      expect((await post('editor', { scenario: id, object_class: 'dataset', object_id: dataset, scheduler: id })).json()).toEqual({
        scenario: ["Scénario inconnu, ou qui ne s'applique pas à ce type d'objet."], scheduler: ['Fréquence inconnue.'],
      });
    }
    expect((await post('editor', { scenario: publish, object_class: 'nothing', object_id: 'x', scheduler: schedulers[0].id })).statusCode).toBe(400);
    expect((await post('editor', { scenario: publish, object_class: 'dataset', object_id: 99999999, scheduler: schedulers[0].id })).json()).toEqual({ object_id: ["Cet objet n'existe pas."] });
    expect((await post('referent', { scenario: publish, object_class: 'dataset', object_id: publicDataset, scheduler: schedulers[0].id })).statusCode).toBe(403);
    expect((await post('referent', { scenario: publish, object_class: 'dataset', object_id: dataset, scheduler: schedulers[0].id })).statusCode).toBe(400);
    expect((await call('editor', 'GET', 'resource/scenario-execution-frequency/?object_class=dataset&object_id=abc')).statusCode).toBe(400);
  });
});

describe('the tick', () => {
  it('queues a due run exactly once, even with ticks at the same moment, and moves it to its next time', async () => {
    const created = await call('admin', 'POST', 'resource/scenario-execution-frequency/', { scenario: unpublish, object_class: 'dataset', object_id: publicDataset, scheduler: schedulers[0].id });
    const id = created.json<ScenarioExecutionFrequency>().id;
    await t.db.query("UPDATE scenario_execution_frequencies SET next_run_at = now() - interval '1 minute' WHERE id = $1", [id]);
    // The platform's own schedules (quality, links) are not this test's: not due during it.
    await t.db.query("UPDATE scenario_execution_frequencies SET next_run_at = now() + interval '1 day' WHERE id <> $1", [id]);
    const queued = (await Promise.all([1, 2, 3, 4].map(() => queueDueRuns(t.db, 60)))).flat();
    expect(queued).toHaveLength(1);
    const task = (await t.db.query('SELECT status, action, trigger, object_id, created_by FROM task_queue_track WHERE id = $1', [queued[0]])).rows[0];
    expect(task).toEqual({ status: 'PENDING', action: 'unpublish-dataset', trigger: 'schedule', object_id: publicDataset, created_by: null });
    const after = (await call('admin', 'GET', `resource/scenario-execution-frequency/${id}/`)).json<ScenarioExecutionFrequency>();
    expect(after.last_task).toBe(queued[0]);
    expect(new Date(after.next_run!).getTime()).toBeGreaterThan(Date.now());
    expect(await queueDueRuns(t.db, 60)).toEqual([]);
  });
});

describe('the recovery', () => {
  it('sends a new job for a queued task whose job is gone, once', async () => {
    const [id] = await queueTasks(t.db, [{ action: 'noop', scenarioId: null, objectClass: 'diagnostic', objectId: null, trigger: 'system', createdBy: null, timeLimitSeconds: 60 }]);
    const before = (await t.db.query('SELECT job_id FROM task_queue_track WHERE id = $1', [id])).rows[0].job_id;
    expect((await t.db.query('SELECT 1 FROM pgboss.job WHERE id = $1', [before])).rowCount).toBe(1);
    // Queued long ago, and its job lost.
    await t.db.query('DELETE FROM pgboss.job WHERE id = $1', [before]);
    await t.db.query("UPDATE task_queue_track SET start_date = now() - interval '5 minutes' WHERE id = $1", [id]);
    const result = await recoverTasks(t.db, { staleSeconds: 60, timeLimitSeconds: 60, dataDir: t.config.dataDir, storage: t.config.storage });
    expect(result.resent).toEqual([id]);
    const after = (await t.db.query('SELECT job_id, status FROM task_queue_track WHERE id = $1', [id])).rows[0];
    expect(after.status).toBe('PENDING');
    expect(after.job_id).not.toBe(before);
    expect((await t.db.query("SELECT data->>'taskId' AS task FROM pgboss.job WHERE id = $1", [after.job_id])).rows[0].task).toBe(String(id));
    expect((await recoverTasks(t.db, { staleSeconds: 60, timeLimitSeconds: 60, dataDir: t.config.dataDir, storage: t.config.storage })).resent).toEqual([]);
  });
});
