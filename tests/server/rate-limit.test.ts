import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { createTestApp, TEST_DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // The defaults of SIGNIN_RATE_LIMIT and SIGNIN_ADDRESS_RATE_LIMIT.
  t = await createTestApp({ signinRateLimit: 10, signinAddressRateLimit: 30 });
});
afterAll(() => t?.close());

const attempt = (username: string, password: string, ip = '127.0.0.1', locale = 'en') =>
  t.app.inject({ method: 'POST', url: `/${locale}/login/signin/`, remoteAddress: ip, payload: { username, password } });

describe('sign-in rate limit', () => {
  it('answers 429 JSON after 10 attempts a minute for one address and username', async () => {
    for (let i = 0; i < 10; i += 1) expect((await attempt('newcomer', 'wrong')).statusCode).toBe(400);
    const blocked = await attempt('newcomer', TEST_DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Request was throttled/);
    expect(blocked.headers['retry-after']).toBeDefined();
    // The username is matched case-insensitively.
    expect((await attempt('NEWCOMER', TEST_DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it('is a 429 the OpenAPI document lists for the sign-in, with its detail body', async () => {
    const document = (await t.app.inject({ url: '/en/api/schema/' })).json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>();
    expect(document.paths['/login/signin/'].post.responses['429']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Detail' } } },
    });
  });

  it('takes any username sent, however long or whatever it holds, as unknown credentials', async () => {
    const ip = '10.0.3.1';
    const long = Array.from({ length: 20_000 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919) % 20_000))).join('');
    for (const name of [long, 'new\u0000comer']) {
      const response = await attempt(name, 'wrong', ip);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ non_field_errors: ['Unable to sign in with the provided credentials.'] });
    }
  });

  it('keeps the count in the database: another process, or this one restarted, refuses too', async () => {
    const other = await buildApp({ db: t.db, config: t.config, logger: false });
    try {
      const blocked = await other.inject({ method: 'POST', url: '/it/login/signin/', payload: { username: 'newcomer', password: TEST_DEMO_PASSWORD } });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });

  it('does not lock out other users or other addresses', async () => {
    expect((await attempt('member', TEST_DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await attempt('newcomer', TEST_DEMO_PASSWORD, '10.0.0.7')).statusCode).toBe(200);
  });

  it('counts the attempts on every language together', async () => {
    const ip = '10.0.1.1';
    for (let i = 0; i < 10; i += 1) expect((await attempt('referent', 'wrong', ip, 'fr')).statusCode).toBe(400);
    for (const locale of ['en', 'it', 'fr']) {
      const blocked = await attempt('referent', TEST_DEMO_PASSWORD, ip, locale);
      expect(blocked.statusCode).toBe(429);
    }
    expect((await attempt('referent', TEST_DEMO_PASSWORD, '10.0.1.2', 'it')).statusCode).toBe(200);
  });

  it('stops one address trying many usernames, and only that address', async () => {
    const ip = '10.0.2.1';
    for (let i = 0; i < 30; i += 1) expect((await attempt(`nobody-${i}`, 'wrong', ip)).statusCode).toBe(400);
    const blocked = await attempt('nobody-else', 'wrong', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Even with the right password: the address is throttled.
    expect((await attempt('editor', TEST_DEMO_PASSWORD, ip)).statusCode).toBe(429);
    // Someone else, elsewhere, signs in.
    expect((await attempt('editor', TEST_DEMO_PASSWORD, '10.0.2.2')).statusCode).toBe(200);
  });

  it('turns sign-ins away at once when too many wait for password hashing, and recovers', async () => {
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, i) => attempt('thomas.girard', 'wrong', `10.0.3.${i + 1}`)),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThanOrEqual(2);
    const refused = burst.filter((response) => response.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    expect(refused[0].headers['retry-after']).toBe('1');
    expect((await attempt('thomas.girard', TEST_DEMO_PASSWORD, '10.0.3.100')).statusCode).toBe(200);
  });
});

describe('sign-in form when throttled', () => {
  it('shows the form again with the reason', async () => {
    const form = await t.app.inject({ url: '/fr/login/signin/' });
    const csrf = form.cookies.find((cookie) => cookie.name === 'csrftoken')!.value;
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/fr/login/signin/',
        remoteAddress: '10.0.0.9',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `csrftoken=${csrf}` },
        payload: new URLSearchParams({ csrfmiddlewaretoken: csrf, username: 'editor', password: 'wrong' }).toString(),
      });
    for (let i = 0; i < 10; i += 1) expect((await post()).statusCode).toBe(400);
    const blocked = await post();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['content-type']).toContain('text/html');
    expect(blocked.body).toContain('Trop de tentatives.');
  });
});

describe('current password checks', () => {
  it("answers 429 after 10 tries of an account's current password a minute, from any address, and only for that account", async () => {
    const [guessed, other] = await Promise.all([t.signIn('thomas.girard'), t.signIn('marie.lefebvre')]);
    const change = (who: typeof guessed, current: string, ip: string, form = false) =>
      t.app.inject({
        method: 'POST',
        url: '/fr/login/profile/password/',
        remoteAddress: ip,
        headers: form ? { ...who.sessionHeaders, 'content-type': 'application/x-www-form-urlencoded' } : who.jwtHeaders,
        payload: form
          ? new URLSearchParams({ csrfmiddlewaretoken: who.csrfToken, current_password: current, new_password: 'Une-autre-phrase-2026', confirm_password: 'Une-autre-phrase-2026' }).toString()
          : { current_password: current, new_password: 'Une-autre-phrase-2026', confirm_password: 'Une-autre-phrase-2026' },
      });
    for (let i = 0; i < 10; i += 1) expect((await change(guessed, `guess-${i}`, `10.0.5.${i}`)).statusCode).toBe(400);
    const blocked = await change(guessed, TEST_DEMO_PASSWORD, '10.0.6.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    const page = await change(guessed, TEST_DEMO_PASSWORD, '10.0.6.2', true);
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Trop de tentatives.');
    // The password was not changed by the blocked tries.
    expect((await t.app.inject({ method: 'POST', url: '/fr/login/signin/', remoteAddress: '10.0.6.3', payload: { username: 'thomas.girard', password: TEST_DEMO_PASSWORD } })).statusCode).toBe(200);
    expect((await change(other, 'wrong', '10.0.6.1')).statusCode).toBe(400);
  });
});
