/**
 * The link checker (scenario check-links) against a local HTTP server (OUTBOUND_ALLOW_PRIVATE):
 * a link answering 404 shows broken on its resource, its history and its dataset (filter, quality);
 * HEAD refused falls back to a ranged GET; each link at most once a day; a host out of reach rests;
 * requests a second per host and in all stay within the settings.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDueLinks, RATE_MARGIN_MS, RATE_WINDOW_MS, RateLimiter } from '../../src/server/quality/links.ts';
import { QUALITY_SCENARIOS } from '../../src/server/quality/scenarios.ts';
import type { ScenarioContext } from '../../src/server/tasks/context.ts';
import { groupIds } from './accounts-helpers.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: SignedIn;
let g: Record<string, number>;
let remote: http.Server;
let port: number;
/** Every request the remote received: method, host header, path, time (ms). */
const hits: { method: string; host: string; path: string; at: number }[] = [];

beforeAll(async () => {
  remote = http.createServer((request, response) => {
    hits.push({ method: request.method!, host: String(request.headers.host).split(':')[0], path: request.url!, at: performance.now() });
    if (request.url!.startsWith('/dead')) return void response.writeHead(404, { 'content-type': 'text/html' }).end('gone');
    if (request.url!.startsWith('/no-head') && request.method === 'HEAD') return void response.writeHead(405).end();
    if (request.url!.startsWith('/no-head')) {
      return void response.writeHead(206, { 'content-type': 'text/csv; charset=utf-8', 'content-range': 'bytes 0-0/5120' }).end('a');
    }
    response.writeHead(200, { 'content-type': 'text/csv', 'content-length': '1234' }).end(request.method === 'HEAD' ? undefined : 'a'.repeat(1234));
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  port = (remote.address() as AddressInfo).port;
  t = await createTestApp({ outbound: { allowPrivate: true, timeoutMs: 5000, maxRedirects: 2 } });
  admin = await t.signIn('admin');
  g = await groupIds(t);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => remote.close(resolve));
});

const config = (overrides: Partial<TestApp['config']['tasks']['linkCheck']> = {}) => ({
  outbound: t.config.outbound,
  linkCheck: { ...t.config.tasks.linkCheck, hostRate: 50, totalRate: 100, ...overrides },
});
const signal = () => new AbortController().signal;
/** The most times (ms) that fall in one second, any second. */
const busiestSecond = (times: number[]) => Math.max(...times.map((at) => times.filter((other) => other >= at && other < at + 1000).length));
const get = (path: string) => t.app.inject({ url: `/fr/${path}`, headers: admin.jwtHeaders });

/** A dataset with one link resource per URL (kind href), as a harvested dataset has. */
async function datasetWithLinks(name: string, urls: string[], kind: 'href' | 'file-download' = 'href'): Promise<{ id: number; resources: number[] }> {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO datasets (codename, display_name, usergroup_id) VALUES ($1, $2, $3) RETURNING id`,
    [name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), name, g['metropole-cote-azurine']],
  );
  const id = rows[0].id;
  const resources: number[] = [];
  for (const [index, url] of urls.entries()) {
    const resource = await t.db.query<{ id: number }>(
      `INSERT INTO resources (display_name, codename, type, usergroup_id) VALUES ($1, $1, $2, $3) RETURNING id`,
      [`${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${index}`, kind, g['metropole-cote-azurine']],
    );
    resources.push(resource.rows[0].id);
    await t.db.query('INSERT INTO resource_sources (resource_id, kind, href) VALUES ($1, $2, $3)', [resource.rows[0].id, kind, url]);
    await t.db.query('INSERT INTO resource_datasets (resource_id, dataset_id, type) VALUES ($1, $2, $3)', [resource.rows[0].id, id, index === 0 ? 1 : 2]);
  }
  return { id, resources };
}

async function onlyThese(resources: number[]) {
  // Every other link is checked already: a run looks at these only.
  await t.db.query('UPDATE resources SET link_checked_at = now() WHERE NOT (id = ANY($1::integer[]))', [resources]);
}

describe('the link checker', () => {
  it('shows a link answering 404 as broken on its resource, its history, the datasets list and the score', async () => {
    const { id, resources } = await datasetWithLinks('Liens morts', [`http://127.0.0.1:${port}/dead/data.csv`, `http://127.0.0.1:${port}/ok/data.csv`]);
    await onlyThese(resources);
    const qualityBefore = (await get(`dataset/datasets/${id}/quality/`)).json();
    expect(qualityBefore.indicators.find((i: { code: string }) => i.code === 'access_url_answers').passed).toBe(true);

    const steps: unknown[] = [];
    const context = {
      db: t.db, config: { ...t.config.tasks, ...config() }, taskId: 0, objectId: 0, kwargs: {}, signal: signal(),
      step: async (code: string, params: unknown) => void steps.push([code, params]),
    } as unknown as ScenarioContext;
    await QUALITY_SCENARIOS['check-links'].run(context);
    expect(steps).toEqual([['quality.linksChecked', { checked: 2, broken: 1, deferred: 0 }]]);

    const dead = (await get(`resource/resources/${resources[0]}/`)).json();
    expect(dead.link_broken).toBe(true);
    expect(Date.parse(dead.link_checked_at)).not.toBeNaN();
    expect(dead.link_check).toMatchObject({ url: `http://127.0.0.1:${port}/dead/data.csv`, broken: true, status: 404, error: 'http-status' });
    const alive = (await get(`resource/resources/${resources[1]}/`)).json();
    expect(alive.link_broken).toBe(false);
    expect(alive.link_check).toMatchObject({ broken: false, status: 200, media_type: 'text/csv', size: 1234, error: null });
    // HEAD first; a 404 to HEAD is asked again with a ranged GET before it counts as broken.
    expect(hits.filter((hit) => hit.path === '/dead/data.csv').map((hit) => hit.method)).toEqual(['HEAD', 'GET']);
    expect(hits.filter((hit) => hit.path === '/ok/data.csv').map((hit) => hit.method)).toEqual(['HEAD']);

    const history = (await get(`resource/resources/${resources[0]}/link-checks/`)).json();
    expect(history.count).toBe(1);
    expect(history.results[0]).toMatchObject({ broken: true, status: 404 });

    // On the dataset: its main resource, the list's filter, and the score.
    const listed = (await get('dataset/datasets/?broken_links=true&page_size=100')).json();
    expect(listed.results.map((d: { id: number }) => d.id)).toEqual([id]);
    expect((await get('dataset/datasets/?broken_links=false&page_size=100')).json().results.map((d: { id: number }) => d.id)).not.toContain(id);
    expect((await get('dataset/datasets/?broken_links=maybe')).statusCode).toBe(400);
    const quality = (await get(`dataset/datasets/${id}/quality/`)).json();
    expect(quality.indicators.find((i: { code: string }) => i.code === 'access_url_answers')).toMatchObject({ passed: false, points: 0, field: 'resources' });
    expect(quality.score).toBe(qualityBefore.score - 30);
    expect((await get(`dataset/datasets/?id__in=${id}`)).json().results[0].quality_score).toBe(quality.score);

    // Each link at most once a day: a second run right away checks nothing.
    expect(await checkDueLinks(t.db, config(), signal())).toEqual({ checked: 0, broken: 0, deferred: 0 });
    expect(hits.filter((hit) => hit.path === '/dead/data.csv')).toHaveLength(2);
  });

  it('asks with a ranged GET when HEAD is refused, keeping the size the answer tells', async () => {
    const { resources } = await datasetWithLinks('Sans HEAD', [`http://127.0.0.1:${port}/no-head/file.csv`], 'file-download');
    await onlyThese(resources);
    expect(await checkDueLinks(t.db, config(), signal())).toEqual({ checked: 1, broken: 0, deferred: 0 });
    const resource = (await get(`resource/resources/${resources[0]}/`)).json();
    expect(resource.link_check).toMatchObject({ broken: false, status: 206, media_type: 'text/csv', size: 5120 });
  });

  it('leaves a host out of reach alone for a while, putting off its other links', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const urls = [1, 2, 3].map((n) => `http://127.0.0.1:${deadPort}/file-${n}.csv`);
    const { resources } = await datasetWithLinks('Hôte injoignable', urls);
    await onlyThese(resources);
    const summary = await checkDueLinks(t.db, config(), signal());
    expect(summary.checked + summary.deferred).toBe(3);
    expect(summary.broken).toBe(summary.checked);
    const { rows } = await t.db.query<{ failures: number; rests: boolean }>(
      `SELECT failures, retry_after > now() + interval '50 minutes' AS rests FROM link_hosts WHERE host = $1`,
      [`127.0.0.1:${deadPort}`],
    );
    expect(rows).toEqual([{ failures: 1, rests: true }]);
    const checked = await t.db.query<{ error: string }>('SELECT error FROM link_checks WHERE resource_id = ANY($1::integer[])', [resources]);
    expect(checked.rows.every((row) => row.error === 'unreachable')).toBe(true);
    // The next run does not knock again while the host rests.
    await t.db.query('UPDATE resources SET link_checked_at = NULL WHERE id = ANY($1::integer[])', [resources]);
    expect(await checkDueLinks(t.db, config(), signal())).toEqual({ checked: 0, broken: 0, deferred: 3 });
  });

  it('refuses a private address when the setting does not allow it, as downloads do', async () => {
    const { resources } = await datasetWithLinks('Adresse privée', [`http://127.0.0.1:${port}/ok/private.csv`]);
    await onlyThese(resources);
    const guarded = { ...config(), outbound: { ...t.config.outbound, allowPrivate: false } };
    expect(await checkDueLinks(t.db, guarded, signal())).toMatchObject({ checked: 1, broken: 1 });
    expect(hits.some((hit) => hit.path === '/ok/private.csv')).toBe(false);
    expect((await get(`resource/resources/${resources[0]}/`)).json().link_check).toMatchObject({ broken: true, status: null, error: 'private-address' });
  });

  it('keeps to its rates: requests a second per host and in all', async () => {
    // Two host names of the same server: 127.0.0.1 and localhost.
    const urls = Array.from({ length: 8 }, (_, n) => `http://${n % 2 === 0 ? '127.0.0.1' : 'localhost'}:${port}/ok/rate-${n}.csv`);
    const { resources } = await datasetWithLinks('Cadence', urls);
    await onlyThese(resources);
    const from = hits.length;
    const started = performance.now();
    expect(await checkDueLinks(t.db, config({ hostRate: 2, totalRate: 3 }), signal())).toEqual({ checked: 8, broken: 0, deferred: 0 });
    const elapsed = performance.now() - started;
    const run = hits.slice(from);
    expect(run).toHaveLength(8);
    for (const host of ['127.0.0.1', 'localhost']) {
      const times = run.filter((hit) => hit.host === host).map((hit) => hit.at);
      expect(times).toHaveLength(4);
      expect(busiestSecond(times)).toBeLessThanOrEqual(2);
    }
    expect(busiestSecond(run.map((hit) => hit.at))).toBeLessThanOrEqual(3);
    // 8 requests at 3 a second: the 7th waits for two seconds to pass.
    expect(elapsed).toBeGreaterThanOrEqual(2 * RATE_WINDOW_MS);
  });

  it("checks many links at once on one task's signal without Node warning of a listener leak", async () => {
    const urls = Array.from({ length: 40 }, (_, n) => `http://127.0.0.1:${port}/ok/many-${n}.csv`);
    const { resources } = await datasetWithLinks('Nombreux liens', urls);
    await onlyThese(resources);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      expect(await checkDueLinks(t.db, config({ hostRate: 100, totalRate: 100 }), signal())).toEqual({ checked: 40, broken: 0, deferred: 0 });
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('keeps to its rates where the requests arrive, however late its timers fire', async () => {
    const urls = Array.from({ length: 40 }, (_, n) => `http://127.0.0.1:${port}/ok/busy-${n}.csv`);
    const { resources } = await datasetWithLinks('Boucle chargée', urls);
    await onlyThese(resources);
    const from = hits.length;
    // A loaded event loop: 40 ms of work every 130 ms, so that timers fire late.
    const busy = setInterval(() => {
      const until = performance.now() + 40;
      while (performance.now() < until);
    }, 130);
    try {
      const summary = await checkDueLinks(t.db, config({ hostRate: 20, totalRate: 20 }), signal(), new RateLimiter(20, 20));
      expect(summary).toEqual({ checked: 40, broken: 0, deferred: 0 });
    } finally {
      clearInterval(busy);
    }
    const times = hits.slice(from).map((hit) => hit.at);
    expect(times).toHaveLength(40);
    expect(busiestSecond(times)).toBeLessThanOrEqual(20);
  });

  it('counts the starts of the last second and its margin, per host and in all', async () => {
    let now = 0;
    const limiter = new RateLimiter(2, 3, () => now);
    await limiter.acquire('a');
    await limiter.acquire('a');
    const window = RATE_WINDOW_MS + RATE_MARGIN_MS;
    expect(limiter.waitFor('a')).toBe(window);
    expect(limiter.waitFor('b')).toBe(0);
    now = 300;
    await limiter.acquire('b');
    // 3 in all: every host waits for the first start to leave the window.
    expect(limiter.waitFor('c')).toBe(window - 300);
    now = window;
    expect(limiter.waitFor('c')).toBe(0);
    expect(limiter.waitFor('a')).toBe(0);
    await limiter.acquire('a');
    await limiter.acquire('a');
    expect(limiter.waitFor('a')).toBe(window);
    expect(limiter.waitFor('c')).toBe(300);
    // A start let go late counts when it happened: the next ones wait for it to leave the window.
    now = 5000;
    await limiter.acquire('a');
    await limiter.acquire('a');
    expect(limiter.waitFor('a')).toBe(window);
  });
});
