import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const attempt = (username: string, password: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/en/login/signin/', remoteAddress: ip, payload: { username, password } });

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

  it('does not lock out other users or other addresses', async () => {
    expect((await attempt('member', TEST_DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await attempt('newcomer', TEST_DEMO_PASSWORD, '10.0.0.7')).statusCode).toBe(200);
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
