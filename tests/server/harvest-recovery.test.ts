/**
 * A worker SIGKILLed in the middle of a harvest (its remote slow on page 2): the next worker's
 * recovery runs the harvest again to SUCCESS, and the records written before the kill are found
 * again by their key, none duplicated.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queueTasks } from '../../src/server/tasks/store.ts';
import { fixture, startRemote, type RemoteCatalogue } from './harvest-remote.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { WorkerProcesses } from './worker-processes.ts';

let t: TestApp;
let remote: RemoteCatalogue;
const workers = new WorkerProcesses(() => t.databaseUrl, { OUTBOUND_ALLOW_PRIVATE: '1' });

beforeAll(async () => {
  remote = await startRemote();
  t = await createTestApp({}, { tasks: { runTasks: false } });
});
afterAll(async () => {
  await workers.stopAll();
  await t?.close();
  await remote?.close();
});



const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, seconds = 30): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(200);
  }
}

it('runs a harvest killed mid-way again to SUCCESS without duplicating what it had written', async () => {
  // Six records, two a page; page 2 answers only after 4 s the first time it is asked.
  const template = JSON.parse(fixture('ckan-package_search-fr.json'));
  const records = Array.from({ length: 6 }, (_, n) => ({ ...template.result.results[0], name: `record-${n}`, title: `Enregistrement ${n}` }));
  let slowOnce = true;
  remote.routes.set('/api/3/action/package_search', (url) => {
    const start = Number(url.searchParams.get('start') ?? 0);
    const body = JSON.stringify({ ...template, result: { ...template.result, count: 6, results: records.slice(start, start + 2) } });
    if (start === 2 && slowOnce) {
      slowOnce = false;
      return { body, delayMs: 4000 };
    }
    return { body };
  });
  const group = (await t.db.query<{ id: number }>("SELECT id FROM usergroups WHERE usergroup_type = 'organisation' ORDER BY id LIMIT 1")).rows[0].id;
  const type = (await t.db.query<{ id: number }>("SELECT id FROM remote_api_index_types WHERE codename = 'ckan'")).rows[0].id;
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO remote_api_indexes (implementation_type_id, name, url, command, scheduler_id, usergroup_id) VALUES ($1, 'Recovery', $2, '*', 1, $3) RETURNING id`,
    [type, `${remote.base}/`, group],
  );
  const indexer = rows[0].id;
  const scenario = (await t.db.query<{ id: number }>("SELECT id FROM scenarios WHERE codename = 'harvest-remoteapiindex'")).rows[0].id;
  const harvested = async () => (await t.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM harvested_records WHERE indexer_id = $1', [indexer])).rows[0].n;

  const first = await workers.start();
  const [task] = await queueTasks(t.db, [
    { action: 'harvest-remoteapiindex', scenarioId: scenario, objectClass: 'remoteapiindex', objectId: indexer, trigger: 'user', createdBy: null, timeLimitSeconds: 60 },
  ]);
  expect(await waitFor(harvested, (n) => n === 2)).toBe(2);
  await workers.stop(first);
  await sleep(2500);
  await workers.start();
  const done = await waitFor(
    async () => (await t.db.query('SELECT status, attempt FROM task_queue_track WHERE id = $1', [task])).rows[0],
    (row) => row.status === 'SUCCESS' || row.status === 'FAILURE',
    40,
  );
  expect(done).toMatchObject({ status: 'SUCCESS', attempt: 2 });
  expect(await harvested()).toBe(6);
  const datasets = await t.db.query("SELECT count(*)::integer AS n FROM datasets WHERE display_name LIKE 'Enregistrement %'");
  expect(datasets.rows[0].n).toBe(6);
  // Their distributions too: one link resource each, written with their page, none twice.
  const links = (template.result.results[0].resources as unknown[]).length;
  const resources = await t.db.query(
    `SELECT count(*)::integer AS n, count(DISTINCT rd.resource_id)::integer AS distinct_resources FROM harvested_records hr
       JOIN resource_datasets rd ON rd.dataset_id = hr.dataset_id WHERE hr.indexer_id = $1`,
    [indexer],
  );
  expect(resources.rows[0]).toEqual({ n: 6 * links, distinct_resources: 6 * links });
}, 90_000);
