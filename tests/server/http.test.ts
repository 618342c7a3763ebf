import { existsSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('unknown routes and ids', () => {
  it.each(['/fr/nothing/here/', '/de/login/', '/api/', '/fr/dashboard/task-queue-track/1/extra/'])('%s answers 404 JSON', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toHaveProperty('detail');
  });

  it('translates the 404 detail', async () => {
    expect((await t.app.inject({ url: '/en/nothing/' })).json()).toEqual({ detail: 'Not found.' });
    expect((await t.app.inject({ url: '/fr/nothing/' })).json()).toEqual({ detail: 'Pas trouvé.' });
    expect((await t.app.inject({ url: '/it/nothing/' })).json()).toEqual({ detail: 'Non trovato.' });
  });

  const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it("answers a browser's page load outside the app and the API with an HTML not-found page in its language", async () => {
    const french = await t.app.inject({ url: '/contribution/', headers: { accept: BROWSER_ACCEPT } });
    expect(french.statusCode).toBe(404);
    expect(french.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('<h1>Page introuvable</h1>');
    expect(french.body).toContain('href="/publish/fr/"');
    const english = await t.app.inject({ url: '/cadastre/', headers: { accept: BROWSER_ACCEPT, 'accept-language': 'de-DE,en;q=0.8,fr;q=0.5' } });
    expect(english.body).toContain('<h1>Page not found</h1>');
    expect(english.headers['content-language']).toBe('en');
    // Its language switcher stays on the same path, whatever the path holds.
    expect(english.body).toContain('href="?lang=it"');
    const italian = await t.app.inject({ url: '/cadastre/?lang=it', headers: { accept: BROWSER_ACCEPT, 'accept-language': 'en' } });
    expect(italian.body).toContain('<h1>Pagina non trovata</h1>');
  });

  it('keeps the JSON 404 for API clients, and for the API and the app paths whoever asks', async () => {
    for (const accept of [undefined, 'application/json', '*/*']) {
      const response = await t.app.inject({ url: '/contribution/', headers: accept ? { accept } : {} });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Pas trouvé.' });
    }
    const api = await t.app.inject({ url: '/en/nothing/', headers: { accept: BROWSER_ACCEPT } });
    expect(api.json()).toEqual({ detail: 'Not found.' });
    const asset = await t.app.inject({ url: '/publish/assets/missing.js', headers: { accept: BROWSER_ACCEPT } });
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toContain('application/json');
  });

  it('answers 404 JSON to a known path with another method', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/fr/login/session/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('detail');
  });

  it("answers 405 with the methods it takes to a list's or a record's method it does not take, as DRF does", async () => {
    const admin = await t.signIn('admin');
    const list = await t.app.inject({ method: 'PATCH', url: '/en/dataset/datasets/', headers: admin.jwtHeaders, payload: {} });
    expect(list.statusCode).toBe(405);
    expect(list.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
    expect(list.json()).toEqual({ detail: expect.any(String) });
    const record = await t.app.inject({ method: 'POST', url: '/en/usergroup/users/1/', headers: admin.jwtHeaders, payload: {} });
    expect(record.statusCode).toBe(405);
    expect(record.headers.allow).toBe('GET, PUT, PATCH, DELETE, HEAD, OPTIONS');
    // A read-only list takes only reads; and the caller must be signed in to learn any of it.
    expect((await t.app.inject({ method: 'DELETE', url: '/en/dataset/categories/', headers: admin.jwtHeaders })).headers.allow).toBe('GET, HEAD, OPTIONS');
    expect((await t.app.inject({ method: 'DELETE', url: '/en/dataset/datasets/' })).statusCode).toBe(401);
  });

  it("describes a list's or a record's fields to OPTIONS, as DRF's metadata does, with the write the caller may make", async () => {
    const [admin, member] = await Promise.all([t.signIn('admin'), t.signIn('member')]);
    const list = await t.app.inject({ method: 'OPTIONS', url: '/en/dataset/contacts/', headers: admin.jwtHeaders });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ name: 'Contacts', renders: ['application/json'], parses: expect.arrayContaining(['application/json']) });
    expect(body.actions.POST.name).toEqual({ type: 'string', required: true, read_only: false, label: 'Name', max_length: expect.any(Number) });
    expect(body.actions.POST.email).toMatchObject({ type: 'email', required: true, label: 'Email address' });
    expect(body.actions.POST.id).toMatchObject({ type: 'integer', required: false, read_only: true });
    // Labels and fixed choices follow the locale.
    const users = (await t.app.inject({ method: 'OPTIONS', url: '/fr/usergroup/users/', headers: admin.jwtHeaders })).json();
    expect(users.actions.POST.last_name.label).toBe('Nom');
    // A read-only list describes no write; a record describes its PUT to those who may change it only.
    expect((await t.app.inject({ method: 'OPTIONS', url: '/en/dataset/categories/', headers: admin.jwtHeaders })).json()).not.toHaveProperty('actions');
    const other = (await t.app.inject({ method: 'OPTIONS', url: '/en/usergroup/users/1/', headers: admin.jwtHeaders })).json();
    expect(Object.keys(other.actions)).toEqual(['PUT']);
    expect(other.name).toBe('User');
    // The rules of the record's GET apply: unknown ids are 404, unreadable records 403, and anonymous callers 401.
    expect((await t.app.inject({ method: 'OPTIONS', url: '/en/usergroup/users/999999/', headers: admin.jwtHeaders })).statusCode).toBe(404);
    const unreadable = await t.app.inject({ url: '/en/usergroup/users/1/', headers: member.jwtHeaders });
    expect(unreadable.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'OPTIONS', url: '/en/usergroup/users/1/', headers: member.jwtHeaders })).statusCode).toBe(403);
    const readable = (await t.app.inject({ url: '/en/dataset/datasets/?page_size=1', headers: member.jwtHeaders })).json().results[0];
    const described = await t.app.inject({ method: 'OPTIONS', url: `/en/dataset/datasets/${readable.id}/`, headers: member.jwtHeaders });
    expect(described.statusCode).toBe(200);
    expect(described.json()).not.toHaveProperty('actions');
    expect((await t.app.inject({ method: 'OPTIONS', url: '/en/dataset/contacts/' })).statusCode).toBe(401);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const admin = await t.signIn('admin');
    for (const id of ['999999', 'abc', '1e3', '-1', '99999999999999999999']) {
      const response = await t.app.inject({ url: `/fr/dashboard/task-queue-track/${id}/`, headers: admin.jwtHeaders });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Pas trouvé.' });
    }
  });

  it('answers a path that is not valid percent-encoding with a 400 in its language, never quoting it', async () => {
    for (const [locale, detail] of [['en', 'The request could not be processed.'], ['fr', "La requête n'a pas pu être traitée."]]) {
      const response = await t.app.inject({ url: `/${locale}/dataset/datasets/%ED%A0%80/` });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ detail });
    }
  });
});

describe('trailing slash', () => {
  it('redirects GET without the trailing slash (301), keeping the query', async () => {
    const response = await t.app.inject({ url: '/fr/login/session?x=1' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/fr/login/session/?x=1');
  });

  it('answers 404 JSON to other methods without the slash', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/fr/login/signin', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('detail');
  });
});

describe('request bodies', () => {
  it('answers 400 JSON to malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/fr/login/signin/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Corps de requête mal formé.' });
  });

  it('answers 400 to an empty JSON body and to JSON of the wrong shape', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/en/login/signin/', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    for (const payload of ['[]', '"text"', '{"username": 5, "password": ["x"]}', 'null']) {
      const response = await t.app.inject({ method: 'POST', url: '/en/login/signin/', headers: { 'content-type': 'application/json' }, payload });
      expect(response.statusCode).toBe(400);
    }
  });

  it('answers 415 JSON to an unsupported content type', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/en/login/signin/', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toHaveProperty('detail');
  });

  it('answers 413 JSON to an oversized body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/en/login/signin/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toHaveProperty('detail');
  });
});

describe('security headers', () => {
  it('sends a CSP that lets the admin app run, and no-sniff', async () => {
    const response = await t.app.inject({ url: '/fr/login/session/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toMatch(/img-src [^;]*data:/);
    // The layer map's background tiles are fetched, not only shown as images.
    expect(csp).toContain("connect-src 'self' https://tile.openstreetmap.org");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('caching of authenticated answers', () => {
  it('answers every route with authentication Cache-Control: no-store, errors included', async () => {
    const user = await t.signIn('admin');
    const answers = [
      await t.app.inject({ url: '/fr/usergroup/users/', headers: user.jwtHeaders }),
      await t.app.inject({ url: '/fr/usergroup/users/', headers: { cookie: user.cookie } }),
      await t.app.inject({ url: `/fr/usergroup/users/${user.userId}/`, headers: user.jwtHeaders }),
      await t.app.inject({ method: 'PATCH', url: `/fr/usergroup/users/${user.userId}/`, headers: user.jwtHeaders, payload: { first_name: 'Ada' } }),
      await t.app.inject({ url: '/en/login/', headers: user.jwtHeaders }),
      await t.app.inject({ url: '/en/usergroup/users/' }),
      await t.app.inject({ url: '/en/usergroup/users/999999/', headers: user.jwtHeaders }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 401, 404]);
    for (const response of answers) expect(response.headers['cache-control']).toBe('no-store');
    const signin = await t.app.inject({ method: 'POST', url: '/fr/login/signin/', payload: { username: 'admin', password: TEST_DEMO_PASSWORD } });
    expect(signin.headers['cache-control']).toBe('no-store');
  });

  it('leaves public answers cacheable', async () => {
    const asset = await t.app.inject({ url: '/publish/assets/index-Ab12Cd34.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });
});

describe('https-only and feature headers', () => {
  it('sends Permissions-Policy always, and no HSTS over plain http', async () => {
    for (const url of ['/fr/login/session/', '/publish/', '/health']) {
      const response = await t.app.inject({ url });
      expect(response.headers['permissions-policy']).toContain('camera=()');
      expect(response.headers['permissions-policy']).toContain('geolocation=()');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS when served over https', async () => {
    const secure = await createTestApp({ trustProxy: true });
    try {
      const response = await secure.app.inject({ url: '/fr/login/session/', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['permissions-policy']).toContain('microphone=()');
      const plain = await secure.app.inject({ url: '/fr/login/session/' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await secure.close();
    }
  });
});

describe('admin app hosting', () => {
  it('redirects / and /publish to /publish/', async () => {
    expect((await t.app.inject({ url: '/' })).headers.location).toBe('/publish/');
    const bare = await t.app.inject({ url: '/publish' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/publish/');
  });

  it('serves index.html at /publish/ and for client-side routes, never cached', async () => {
    for (const url of ['/publish/', '/publish/fr/data/tasks/12', '/publish/en/accounts/users/new']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('admin app');
    }
  });

  it('serves hashed assets with long cache headers and 404 for missing ones', async () => {
    const asset = await t.app.inject({ url: '/publish/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['set-cookie']).toBeUndefined();
    const missing = await t.app.inject({ url: '/publish/assets/missing-123.js' });
    expect(missing.statusCode).toBe(404);
  });

  it("sends the build's brotli or gzip copy of a file as the request accepts, the file itself otherwise", async () => {
    for (const url of ['/publish/assets/index-Ab12Cd34.js', '/publish/fr/home/']) {
      const brotli = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toContain('accept-encoding');
      const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(brotliDecompressSync(brotli.rawPayload).toString());
      const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(gunzipSync(gzip.rawPayload).toString());
      // The compressed copy keeps its file's caching: a year for a hashed asset, revalidated for the page.
      expect(brotli.headers['cache-control']).toBe(url.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      expect(brotli.headers['content-type']).toMatch(url.includes('/assets/') ? /javascript/ : /text\/html/);
    }
  });

  it('answers 503 with instructions when the app is not built', async () => {
    const unbuilt = await createTestApp({ staticDir: '/nonexistent/dist' });
    try {
      expect(existsSync('/nonexistent/dist')).toBe(false);
      const response = await unbuilt.app.inject({ url: '/publish/fr/home' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
      // The API still works.
      expect((await unbuilt.app.inject({ url: '/health' })).statusCode).toBe(200);
    } finally {
      await unbuilt.close();
    }
  });
});

describe('odd requests never cause a 500', () => {
  let admin: Awaited<ReturnType<TestApp['signIn']>> | undefined;
  it.each([
    { method: 'GET', url: '/fr/dashboard/task-queue-track/?page=1&page=2&ordering=id&ordering=-id&object=1&object=2' },
    { method: 'GET', url: '/fr/dashboard/task-queue-track/?page_size=99999999999999999999&status__in=,,,' },
    { method: 'GET', url: '/fr/dashboard/task-queue-track/?search=%25%00%27' },
    { method: 'GET', url: '/fr/dashboard/task-queue-track/%E0%A4%A/' },
    { method: 'GET', url: '/fr/login/?next=%ZZ' },
    { method: 'GET', url: `/fr/login/signin/?next=${'a'.repeat(5000)}` },
    { method: 'POST', url: '/fr/login/signin/', headers: { 'content-type': 'text/plain' }, payload: '{"username":"admin"}' },
    { method: 'POST', url: '/fr/login/signin/', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' },
    { method: 'POST', url: '/fr/login/signin/', headers: { 'content-type': 'application/json' }, payload: '{"__proto__": {"x": 1}, "username": "a", "password": "b"}' },
    { method: 'POST', url: '/fr/login/terms/', headers: { 'content-type': 'application/json' }, payload: '{}' },
    { method: 'GET', url: '/fr/login/', headers: { cookie: 'sessionid=%E0%A4%A; csrftoken=' } },
    { method: 'GET', url: '/fr/login/', headers: { authorization: `JWT ${'a'.repeat(10000)}` } },
    { method: 'OPTIONS', url: '/fr/login/' },
    { method: 'POST', url: '/fr/login/signin/', headers: { 'content-type': 'application/json' }, payload: '{"username": "ad\\u0000min", "password": "x"}' },
    { method: 'GET', url: '/fr/dashboard/task-queue-track/?status=%00' },
  ] as const)('$method $url', async (request) => {
    admin ??= await t.signIn('admin');
    const response = await t.app.inject({ ...request, headers: { ...admin.jwtHeaders, ...('headers' in request ? request.headers : {}) } });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type'] ?? 'application/json').not.toContain('text/plain');
  });
});
