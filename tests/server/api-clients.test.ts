/**
 * The API as programs use it (third-party catalogues publishing into the platform, scripts): the
 * complete publishing flow with exactly the bodies such clients send, signed in with a JWT; a
 * resource created before its source takes the source's type; a link's format recognised from its
 * URL, or from the answer when its scenario fetches it; the bare `?asynchrone` flag.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../schemas/scenarios.ts';
import { createTestApp, TEST_DEMO_PASSWORD, testConfig, type TestApp } from './helpers.ts';

let t: TestApp;
let remote: Server;
let remoteUrl: string;

beforeAll(async () => {
  const outbound = { ...testConfig().outbound, allowPrivate: true, timeoutMs: 5000 };
  t = await createTestApp({ outbound }, { tasks: true });
  remote = createServer((request, response) => {
    // A download without an extension: only its media type tells its format.
    if (request.url === '/export?format=csv') {
      response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      response.end(request.method === 'HEAD' ? undefined : 'id;nom\n1;Gare\n');
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  remote?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A program's client: JSON bodies, `Authorization: JWT <token>`, no cookie. */
async function client(username: string) {
  const signin = await t.app.inject({ method: 'POST', url: '/fr/login/signin/', payload: { username, password: TEST_DEMO_PASSWORD } });
  expect(signin.statusCode, signin.body).toBe(200);
  const { token } = signin.json<{ token: string }>();
  return (method: Method, path: string, payload?: object) =>
    t.app.inject({ method, url: `/fr/${path}`, headers: { authorization: `JWT ${token}` }, ...(payload ? { payload } : {}) });
}

async function formatId(codename: string): Promise<number> {
  return (await t.db.query<{ id: number }>('SELECT id FROM data_formats WHERE codename = $1', [codename])).rows[0].id;
}

async function waitFinished(api: Awaited<ReturnType<typeof client>>, id: number): Promise<Task> {
  for (let i = 0; i < 200; i += 1) {
    const task = (await api('GET', `dashboard/task-queue-track/${id}/`)).json<Task>();
    if (['SUCCESS', 'FAILURE', 'REVOKED'].includes(task.status)) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`task ${id} did not finish`);
}

describe('a third-party publishing client', () => {
  it('publishes a dataset with a main resource and an annex, with exactly the bodies it sends', async () => {
    const api = await client('editor');
    const me = (await api('GET', 'login/')).json<{ usergroup_roles: { usergroup_id: number; role: number }[] }>();
    const usergroup = me.usergroup_roles.find((role) => role.role >= 1)!.usergroup_id;

    const created = await api('POST', 'dataset/datasets/', { display_name: 'Stations de vélos', description: 'Les stations.', usergroup, publish: false, tags: ['vélo'] });
    expect(created.statusCode, created.body).toBe(201);
    const dataset = created.json<{ id: number; codename: string }>();
    expect(dataset.codename).toBe('stations-de-velos');
    const patched = await api('PATCH', `dataset/datasets/${dataset.id}/`, { description: 'Les stations en libre-service.', last_update_date: '2025-01-31' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ description: 'Les stations en libre-service.', last_update_date: '2025-01-31' });

    // The resource's shell, then its link: the type follows from the source, the format from the URL.
    const shell = await api('POST', 'resource/resources/', { codename: 'stations-velos-csv', display_name: 'Stations (CSV)', usergroup_id: usergroup });
    expect(shell.statusCode, shell.body).toBe(201);
    expect(shell.json()).toMatchObject({ codename: 'stations-velos-csv', type: null, source_id: null, rel: [] });
    const main = shell.json<{ id: number }>().id;
    const link = await api('POST', 'resource/href/', { href: 'https://data.example.org/velos/stations.csv', resource_id: main });
    expect(link.statusCode, link.body).toBe(201);
    expect(link.json()).toMatchObject({ resource_id: main, href: 'https://data.example.org/velos/stations.csv', dataformat_id: await formatId('csv') });
    const typed = (await api('GET', `resource/resources/${main}/`)).json();
    expect(typed).toMatchObject({ type: 'href', source_id: link.json().id, rel: [{ '@app': 'resource', '@class': 'href', '@uri': `/fr/resource/href/${link.json().id}/` }] });

    const annexShell = await api('POST', 'resource/resources/', { codename: 'stations-velos-plan', display_name: 'Plan des stations', usergroup_id: usergroup });
    expect(annexShell.statusCode, annexShell.body).toBe(201);
    const annex = annexShell.json<{ id: number }>().id;
    // Neither an extension nor an answer yet: no format, and still created.
    const download = await api('POST', 'resource/file-download/', { href: 'https://data.example.org/velos/plan', resource_id: annex });
    expect(download.statusCode, download.body).toBe(201);
    expect(download.json()).toMatchObject({ resource_id: annex, dataformat_id: null });
    expect((await api('GET', `resource/resources/${annex}/`)).json()).toMatchObject({ type: 'file-download' });

    const asMain = await api('POST', 'resource/resource-dataset/', { resource_id: main, dataset_id: dataset.id, type: 1 });
    expect(asMain.statusCode, asMain.body).toBe(201);
    const asAnnex = await api('POST', 'resource/resource-dataset/', { resource_id: annex, dataset_id: dataset.id, type: 2 });
    expect(asAnnex.statusCode, asAnnex.body).toBe(201);
    const links = await api('GET', `resource/resource-dataset/?dataset_id=${dataset.id}`);
    expect(links.statusCode).toBe(200);
    expect(links.json()).toMatchObject({
      count: 2,
      results: [
        { resource_id: main, dataset_id: dataset.id, type: 1, resource: { id: main, display_name: 'Stations (CSV)', type: 'href', dataformat_id: null } },
        { resource_id: annex, dataset_id: dataset.id, type: 2, resource: { id: annex, type: 'file-download' } },
      ],
    });

    const renamed = await api('PATCH', `resource/resources/${main}/`, { display_name: 'Stations de vélos (CSV)' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ display_name: 'Stations de vélos (CSV)', type: 'href', codename: 'stations-velos-csv' });

    const scenarios = (await api('GET', `dataset/datasets/${dataset.id}/_scenarios/`)).json<{ id: number; codename: string }[]>();
    const publish = scenarios.find((scenario) => scenario.codename === 'publish-dataset')!;
    const run = await api('POST', `dataset/datasets/${dataset.id}/_scenarios/${publish.id}/run/?asynchrone`, {});
    expect(run.statusCode, run.body).toBe(202);
    expect(run.json()).toMatchObject({ action: 'publish-dataset', status: expect.stringMatching(/^(PENDING|STARTED|SUCCESS)$/) });
    await waitFinished(api, run.json<{ id: number }>().id);

    expect((await api('DELETE', `dataset/datasets/${dataset.id}/`)).statusCode).toBe(204);
    const again = await api('DELETE', `dataset/datasets/${dataset.id}/`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: expect.any(String) });
  });
});

describe('resources created before their source', () => {
  it('take their source’s type; a second source, of any kind, is refused', async () => {
    const api = await client('editor');
    const me = (await api('GET', 'login/')).json<{ usergroup_roles: { usergroup_id: number; role: number }[] }>();
    const usergroup = me.usergroup_roles.find((role) => role.role >= 1)!.usergroup_id;
    const shell = (await api('POST', 'resource/resources/', { display_name: 'Sans type', usergroup_id: usergroup })).json<{ id: number }>();
    expect((await api('POST', 'resource/href/', { href: 'https://example.org/a.json', resource_id: shell.id })).statusCode).toBe(201);
    const other = await api('POST', 'resource/file-download/', { href: 'https://example.org/a.json', resource_id: shell.id });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ resource_id: ['La ressource est de type href : sa source ne peut pas être de ce type.'] });
    const same = await api('POST', 'resource/href/', { href: 'https://example.org/b.json', resource_id: shell.id });
    expect(same.statusCode).toBe(400);
    expect(Object.keys(same.json())).toEqual(['resource_id']);
    // The type is locked once the source exists.
    expect((await api('PATCH', `resource/resources/${shell.id}/`, { type: 'ftp' })).statusCode).toBe(400);
    // A file upload still needs its format.
    const uploadShell = (await api('POST', 'resource/resources/', { display_name: 'Envoi', usergroup_id: usergroup })).json<{ id: number }>();
    const upload = await api('POST', 'resource/file-upload/', { resource_id: uploadShell.id });
    expect(upload.statusCode).toBe(400);
    expect(Object.keys(upload.json())).toEqual(['dataformat_id']);
    expect((await api('GET', `resource/resources/${uploadShell.id}/`)).json()).toMatchObject({ type: null });
  });

  it('get the format of a download from its answer when its URL does not tell it', async () => {
    const api = await client('editor');
    const me = (await api('GET', 'login/')).json<{ usergroup_roles: { usergroup_id: number; role: number }[] }>();
    const usergroup = me.usergroup_roles.find((role) => role.role >= 1)!.usergroup_id;
    const shell = (await api('POST', 'resource/resources/', { display_name: 'Export', usergroup_id: usergroup })).json<{ id: number }>();
    const source = await api('POST', 'resource/file-download/', { href: `${remoteUrl}/export?format=csv`, resource_id: shell.id });
    expect(source.json()).toMatchObject({ dataformat_id: null });
    const scenarios = (await api('GET', `resource/file-download/${source.json().id}/_scenarios/`)).json<{ id: number; codename: string }[]>();
    const create = scenarios.find((scenario) => scenario.codename === 'create-file-download')!;
    const run = await api('POST', `resource/file-download/${source.json().id}/_scenarios/${create.id}/run/?asynchrone=1`, {});
    expect(run.statusCode).toBe(202);
    expect((await waitFinished(api, run.json<{ id: number }>().id)).status).toBe('SUCCESS');
    const csv = await formatId('csv');
    expect((await api('GET', `resource/file-download/${source.json().id}/`)).json()).toMatchObject({ dataformat_id: csv });
    expect((await api('GET', `resource/resources/${shell.id}/`)).json()).toMatchObject({ dataformat_id: csv, dataformat: 'CSV', size: 14 });
  });
});

describe('?asynchrone', () => {
  it('is asynchronous present without a value or true/1, synchronous absent or false/0; anything else is a 400', async () => {
    const api = await client('editor');
    const me = (await api('GET', 'login/')).json<{ usergroup_roles: { usergroup_id: number; role: number }[] }>();
    const usergroup = me.usergroup_roles.find((role) => role.role >= 1)!.usergroup_id;
    const dataset = (await api('POST', 'dataset/datasets/', { display_name: 'Drapeau', usergroup })).json<{ id: number }>();
    const scenarios = (await api('GET', `dataset/datasets/${dataset.id}/_scenarios/`)).json<{ id: number; codename: string }[]>();
    const publish = scenarios.find((scenario) => scenario.codename === 'publish-dataset')!;
    const path = `dataset/datasets/${dataset.id}/_scenarios/${publish.id}/run/`;
    for (const query of ['?asynchrone', '?asynchrone=', '?asynchrone=true', '?asynchrone=1', '?asynchrone=TRUE']) {
      const run = await api('POST', `${path}${query}`, {});
      expect(run.statusCode, query).toBe(202);
      await waitFinished(api, run.json<{ id: number }>().id);
    }
    for (const query of ['', '?asynchrone=false', '?asynchrone=0']) {
      const run = await api('POST', `${path}${query}`, {});
      expect(run.statusCode, query).toBe(200);
      expect(run.json()).toMatchObject({ status: 'SUCCESS' });
    }
    const bad = await api('POST', `${path}?asynchrone=maybe`, {});
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['asynchrone']);
  });
});
