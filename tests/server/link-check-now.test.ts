/**
 * A dataset's links checked now (scenario check-dataset-links), run through the API with the task
 * engine in the server process: its editors run it and see the link broken on the resource, its
 * history and the datasets list; whoever sees the dataset but may not change it gets 403; the
 * others 404. The check keeps to the outbound guard.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../schemas/scenarios.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let remote: http.Server;
let port: number;
const users: Record<string, SignedIn> = {};
let scenarioId: number;
const hits: string[] = [];

beforeAll(async () => {
  remote = http.createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response.writeHead(request.url!.startsWith('/gone') ? 404 : 200, { 'content-type': 'text/csv' }).end();
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  port = (remote.address() as AddressInfo).port;
  t = await createTestApp({ outbound: { allowPrivate: true, timeoutMs: 5000, maxRedirects: 2 } }, { tasks: true });
  for (const name of ['admin', 'editor', 'referent', 'marie.lefebvre']) users[name] = await t.signIn(name);
  scenarioId = (await t.db.query<{ id: number }>("SELECT id FROM scenarios WHERE codename = 'check-dataset-links'")).rows[0].id;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => remote.close(resolve));
});

const get = (user: string, path: string) => t.app.inject({ url: `/fr/${path}`, headers: users[user].jwtHeaders });
const run = (user: string, dataset: number, query = '?asynchrone=true') =>
  t.app.inject({ method: 'POST', url: `/fr/dataset/datasets/${dataset}/_scenarios/${scenarioId}/run/${query}`, headers: users[user].sessionHeaders, payload: {} });

async function waitFinished(id: number, user: string): Promise<Task> {
  for (let i = 0; i < 300; i += 1) {
    const task = (await get(user, `dashboard/task-queue-track/${id}/`)).json<Task>();
    if (['SUCCESS', 'FAILURE', 'REVOKED'].includes(task.status)) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`task ${id} did not finish`);
}

/** A dataset as reachable as arrets-de-bus-du-reseau-urbain (the editor changes it, the referent sees it) with one link resource. */
async function datasetWithLink(codename: string, url: string): Promise<{ id: number; resource: number }> {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO datasets (codename, display_name, usergroup_id, default_permission_level)
     SELECT $1, $1, usergroup_id, default_permission_level FROM datasets WHERE codename = 'arrets-de-bus-du-reseau-urbain' RETURNING id`,
    [codename],
  );
  const id = rows[0].id;
  const resource = await t.db.query<{ id: number }>(
    `INSERT INTO resources (display_name, codename, type, usergroup_id) SELECT $1, $1, 'href', usergroup_id FROM datasets WHERE id = $2 RETURNING id`,
    [`${codename}-link`, id],
  );
  await t.db.query("INSERT INTO resource_sources (resource_id, kind, href) VALUES ($1, 'href', $2)", [resource.rows[0].id, url]);
  await t.db.query('INSERT INTO resource_datasets (resource_id, dataset_id, type) VALUES ($1, $2, 1)', [resource.rows[0].id, id]);
  return { id, resource: resource.rows[0].id };
}

describe("a dataset's links checked now", () => {
  it('is offered on the dataset and run by its editor: the link answering 404 shows broken', async () => {
    const { id, resource } = await datasetWithLink('liens-a-verifier', `http://127.0.0.1:${port}/gone/data.csv`);
    // Checked an hour ago and found answering: the scheduled check would leave it until tomorrow.
    await t.db.query("UPDATE resources SET link_checked_at = now() - interval '1 hour', link_broken = false WHERE id = $1", [resource]);
    const offered = (await get('editor', `dataset/datasets/${id}/_scenarios/`)).json<{ codename: string }[]>();
    expect(offered.map((scenario) => scenario.codename)).toContain('check-dataset-links');

    const queued = await run('editor', id);
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ action: 'check-dataset-links', object_class: 'dataset', object_id: id, trigger: 'user', created_by: 'editor' });
    const done = await waitFinished(queued.json().id, 'editor');
    expect(done.status).toBe('SUCCESS');
    expect(done.timeline.map((step) => step.message)).toContain('1 liens vérifiés, dont 1 cassés ; 0 reportés (hôtes en échec).');
    expect(hits).toEqual(['HEAD /gone/data.csv', 'GET /gone/data.csv']);

    const checked = (await get('editor', `resource/resources/${resource}/`)).json();
    expect(checked.link_broken).toBe(true);
    expect(checked.link_check).toMatchObject({ broken: true, status: 404, error: 'http-status' });
    expect((await get('editor', `resource/resources/${resource}/link-checks/`)).json().results).toMatchObject([{ broken: true, status: 404 }]);
    const listed = (await get('editor', 'dataset/datasets/?broken_links=true&page_size=100')).json();
    expect(listed.results.map((dataset: { id: number }) => dataset.id)).toContain(id);
    const quality = (await get('editor', `dataset/datasets/${id}/quality/`)).json();
    expect(quality.indicators.find((indicator: { code: string }) => indicator.code === 'access_url_answers').passed).toBe(false);
  });

  it('answers 403 to whoever sees the dataset but may not change it, 404 to whoever does not see it', async () => {
    const { id } = await datasetWithLink('liens-proteges', `http://127.0.0.1:${port}/gone/other.csv`);
    const before = hits.length;
    expect((await get('referent', `dataset/datasets/${id}/`)).statusCode).toBe(200);
    expect((await run('referent', id)).statusCode).toBe(403);
    const unseen = await t.db.query<{ id: number }>("SELECT id FROM datasets WHERE codename = 'comptages-velo'");
    expect((await run('marie.lefebvre', unseen.rows[0].id)).statusCode).toBe(404);
    expect(hits.length).toBe(before);
    expect((await t.db.query("SELECT 1 FROM task_queue_track WHERE action = 'check-dataset-links' AND object_id = $1", [id])).rowCount).toBe(0);
  });

  it('keeps to the outbound guard: a private address is refused unless the setting allows it', async () => {
    const { id, resource } = await datasetWithLink('liens-prives', `http://127.0.0.1:${port}/ok/private.csv`);
    t.config.tasks.outbound.allowPrivate = false;
    try {
      const done = (await run('admin', id, '')).json<Task>();
      expect(done.status).toBe('SUCCESS');
    } finally {
      t.config.tasks.outbound.allowPrivate = true;
    }
    expect(hits.some((hit) => hit.includes('/ok/private.csv'))).toBe(false);
    expect((await get('admin', `resource/resources/${resource}/`)).json().link_check).toMatchObject({ broken: true, status: null, error: 'private-address' });
  });
});
