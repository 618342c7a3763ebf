import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieValue, createTestApp, TEST_DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function termsOf(username: string) {
  const { rows } = await t.db.query('SELECT terms_version, terms_accepted_at FROM users WHERE username = $1', [username]);
  return rows[0] as { terms_version: string | null; terms_accepted_at: Date | null };
}

describe('CSRF protection of cookie-authenticated writes', () => {
  it('refuses a write with the session cookie but no X-CSRFToken header', async () => {
    const user = await t.signIn('member');
    const response = await t.app.inject({ method: 'POST', url: '/fr/login/terms/', headers: { cookie: user.cookie }, payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/^CSRF/);
  });

  it('refuses a header that does not match the cookie', async () => {
    const user = await t.signIn('member');
    const response = await t.app.inject({
      method: 'POST',
      url: '/en/login/terms/',
      headers: { cookie: user.cookie, 'x-csrftoken': 'A'.repeat(43) },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'CSRF failed: CSRF token missing or incorrect.' });
  });

  it('refuses a header when the csrftoken cookie is missing', async () => {
    const user = await t.signIn('member');
    const response = await t.app.inject({
      method: 'POST',
      url: '/fr/login/terms/',
      headers: { cookie: `sessionid=${user.sessionId}`, 'x-csrftoken': user.csrfToken },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts the write with the matching header', async () => {
    const user = await t.signIn('member');
    const response = await t.app.inject({ method: 'POST', url: '/fr/login/terms/', headers: user.sessionHeaders, payload: {} });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ terms_accepted: true, terms_version: '1' });
  });

  it('exempts requests authenticated with an API token', async () => {
    const user = await t.signIn('member');
    const response = await t.app.inject({ method: 'POST', url: '/fr/login/terms/', headers: user.jwtHeaders, payload: {} });
    expect(response.statusCode).toBe(200);
  });

  it('gives a token cookie to browsers, behind a proxy asking for Basic credentials too, but none to API clients', async () => {
    const user = await t.signIn('member');
    const csrfCookie = (response: { cookies: { name: string; value: string }[] }) => response.cookies.find((cookie) => cookie.name === 'csrftoken');
    const api = await t.app.inject({ method: 'GET', url: '/fr/login/', headers: user.jwtHeaders });
    expect(api.statusCode).toBe(200);
    expect(csrfCookie(api)).toBeUndefined();
    const session = await t.app.inject({ method: 'GET', url: '/fr/login/', headers: { cookie: `sessionid=${user.sessionId}` } });
    expect(session.statusCode).toBe(200);
    expect(csrfCookie(session)?.value).toMatch(/^[\w-]{43}\.[\w-]{43}$/);
    const proxied = await t.app.inject({ method: 'GET', url: '/fr/login/signin/', headers: { authorization: 'Basic c3RhZ2luZzpzdGFnaW5n' } });
    expect(csrfCookie(proxied)?.value).toMatch(/^[\w-]{43}\.[\w-]{43}$/);
  });

  const terms = (headers: Record<string, string>, url = '/fr/login/terms/') =>
    t.app.inject({ method: 'POST', url, headers, payload: {} });

  it('refuses an empty token, even when cookie and header agree', async () => {
    const user = await t.signIn('referent');
    const response = await terms({ cookie: `sessionid=${user.sessionId}; csrftoken=`, 'x-csrftoken': '' });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['chosen by an attacker', 'A'.repeat(43)],
    ['that is malformed', 'not a token'],
    ['that is forged', `${'A'.repeat(43)}.${'B'.repeat(43)}`],
  ])('refuses a token %s, even when cookie and header agree', async (_kind, token) => {
    const user = await t.signIn('referent');
    const response = await terms({ cookie: `sessionid=${user.sessionId}; csrftoken=${token}`, 'x-csrftoken': token });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/^CSRF/);
  });

  it("refuses another session's token", async () => {
    const user = await t.signIn('newcomer');
    const other = await t.signIn('newcomer');
    const response = await terms({ cookie: `sessionid=${user.sessionId}; csrftoken=${other.csrfToken}`, 'x-csrftoken': other.csrfToken });
    expect(response.statusCode).toBe(403);
  });

  it('issues a new token at sign-in, and the one from before no longer works', async () => {
    const page = await t.app.inject({ url: '/fr/login/signin/' });
    const before = cookieValue(page, 'csrftoken')!;
    const signin = await t.app.inject({
      method: 'POST',
      url: '/fr/login/signin/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `csrftoken=${before}` },
      payload: new URLSearchParams({ csrfmiddlewaretoken: before, username: 'admin', password: TEST_DEMO_PASSWORD }).toString(),
    });
    expect(signin.statusCode).toBe(303);
    const session = cookieValue(signin, 'sessionid')!;
    const after = cookieValue(signin, 'csrftoken')!;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await terms({ cookie: `sessionid=${session}; csrftoken=${before}`, 'x-csrftoken': before })).statusCode).toBe(403);
    expect((await terms({ cookie: `sessionid=${session}; csrftoken=${after}`, 'x-csrftoken': after })).statusCode).toBe(200);
  });

  it('issues a new token at sign-out', async () => {
    const user = await t.signIn('admin');
    const signout = await t.app.inject({ url: '/fr/login/session/signout/', headers: { cookie: user.cookie } });
    const fresh = cookieValue(signout, 'csrftoken');
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(user.csrfToken);
  });

  it('uses a __Host- cookie over https, and only it', async () => {
    const secure = await createTestApp({ trustProxy: true });
    try {
      const https = { 'x-forwarded-proto': 'https' };
      const page = await secure.app.inject({ url: '/fr/login/signin/', headers: https });
      const cookie = page.cookies.find((c) => c.name === '__Host-csrftoken')!;
      expect(cookie).toMatchObject({ secure: true, path: '/', sameSite: 'Lax' });
      expect(cookie.domain).toBeUndefined();
      expect(cookieValue(page, 'csrftoken')).toBeUndefined();
      expect(page.body).toContain(`name="csrfmiddlewaretoken" value="${cookie.value}"`);

      const signin = await secure.app.inject({
        method: 'POST',
        url: '/fr/login/signin/',
        headers: { ...https, 'content-type': 'application/x-www-form-urlencoded', cookie: `__Host-csrftoken=${cookie.value}` },
        payload: new URLSearchParams({ csrfmiddlewaretoken: cookie.value, username: 'member', password: TEST_DEMO_PASSWORD }).toString(),
      });
      expect(signin.statusCode).toBe(303);
      const session = cookieValue(signin, 'sessionid')!;
      const token = cookieValue(signin, '__Host-csrftoken')!;
      const write = (cookies: string) =>
        secure.app.inject({ method: 'POST', url: '/fr/login/terms/', headers: { ...https, cookie: cookies, 'x-csrftoken': token }, payload: {} });
      expect((await write(`sessionid=${session}; csrftoken=${token}`)).statusCode).toBe(403);
      expect((await write(`sessionid=${session}; __Host-csrftoken=${token}`)).statusCode).toBe(200);
    } finally {
      await secure.close();
    }
  });

  it('guards every cookie-authenticated write route', async () => {
    const user = await t.signIn('member');
    for (const url of ['/fr/login/profile/', '/fr/login/profile/password/', '/it/login/terms/']) {
      const response = await t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload: { email: 'x@y.zz' } });
      expect(response.statusCode).toBe(403);
    }
    const { rows } = await t.db.query("SELECT email FROM users WHERE username = 'member'");
    expect(rows[0].email).toBe('member@demo.publish.example');
  });
});

describe('terms of use', () => {
  it('answers 403 terms-required on API calls until the current terms are accepted', async () => {
    await t.db.query("UPDATE users SET terms_version = NULL, terms_accepted_at = NULL WHERE username = 'editor'");
    const user = await t.signIn('editor');

    const blocked = await t.app.inject({ url: '/fr/usergroup/user-status/', headers: { cookie: user.cookie } });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      detail: "Vous devez accepter les conditions d'utilisation avant d'utiliser la plateforme.",
      code: 'terms-required',
    });
    const viaToken = await t.app.inject({ url: '/en/resource/data-format/', headers: user.jwtHeaders });
    expect(viaToken.json().code).toBe('terms-required');

    // The login service stays usable.
    const me = await t.app.inject({ url: '/fr/login/', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().terms_accepted).toBe(false);
    expect((await t.app.inject({ url: '/fr/login/session/', headers: { cookie: user.cookie } })).statusCode).toBe(200);

    const page = await t.app.inject({ url: '/fr/login/terms/?next=/publish/fr/data', headers: { cookie: user.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("J&#39;accepte les conditions d&#39;utilisation");
    expect(page.body).toContain('name="next" value="/publish/fr/data"');

    const accept = await t.app.inject({
      method: 'POST',
      url: '/fr/login/terms/',
      headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ csrfmiddlewaretoken: user.csrfToken, next: '/publish/fr/data' }).toString(),
    });
    expect(accept.statusCode).toBe(303);
    expect(accept.headers.location).toBe('/publish/fr/data');
    expect(await termsOf('editor')).toMatchObject({ terms_version: '1', terms_accepted_at: expect.any(Date) });

    const allowed = await t.app.inject({ url: '/fr/usergroup/user-status/', headers: { cookie: user.cookie } });
    expect(allowed.statusCode).toBe(200);
    const again = await t.app.inject({ url: '/en/login/terms/', headers: { cookie: user.cookie } });
    expect(again.body).toContain('You accepted these terms on');
  });

  it('asks again when the terms version changes', async () => {
    const newer = await createTestApp({ termsVersion: '2' });
    try {
      const user = await newer.signIn('admin');
      const response = await newer.app.inject({ url: '/fr/usergroup/user-status/', headers: user.jwtHeaders });
      expect(response.json().code).toBe('terms-required');
    } finally {
      await newer.close();
    }
  });

  it('sends anonymous visitors of the terms and profile pages to sign-in', async () => {
    for (const path of ['/fr/login/terms/?next=/publish/', '/fr/login/profile/']) {
      const response = await t.app.inject({ url: path });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`/fr/login/signin/?next=${encodeURIComponent(path)}`);
    }
  });

  it('the acceptance form never redirects off-site', async () => {
    const user = await t.signIn('member');
    const response = await t.app.inject({
      method: 'POST',
      url: '/fr/login/terms/',
      headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ csrfmiddlewaretoken: user.csrfToken, next: '//evil.com' }).toString(),
    });
    expect(response.headers.location).toBe('/publish/');
  });
});

describe('profile page', () => {
  function form(user: { cookie: string; csrfToken: string }, fields: Record<string, string>) {
    return {
      headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ csrfmiddlewaretoken: user.csrfToken, ...fields }).toString(),
    };
  }

  it('shows the names and email, translated', async () => {
    const user = await t.signIn('thomas.girard');
    const response = await t.app.inject({ url: '/it/login/profile/?next=/publish/it/', headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="it">');
    expect(response.body).toContain('<label for="first_name">Nome</label>');
    expect(response.body).toContain('value="Thomas"');
    expect(response.body).toContain('<strong>thomas.girard@demo.publish.example</strong>');
    expect(response.body).toContain('Il tuo indirizzo e-mail è gestito dagli amministratori');
    // Italian puts no space before a colon, French does.
    expect(response.body).toContain('<span class="muted">Nome utente:</span> <strong>thomas.girard</strong>');
    expect(response.headers['cache-control']).toBe('no-store');
    const french = await t.app.inject({ url: '/fr/login/profile/', headers: { cookie: user.cookie } });
    expect(french.body).toContain('<span class="muted">Adresse e-mail :</span>');
  });

  it('saves names, and shows the e-mail address as the administrators set it', async () => {
    const user = await t.signIn('thomas.girard');
    const response = await t.app.inject({
      method: 'POST',
      url: '/fr/login/profile/',
      ...form(user, { first_name: ' Tom ', last_name: 'Girard-Durand', next: '/publish/' }),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/fr/login/profile/?saved=profile&next=%2Fpublish%2F');
    const me = (await t.app.inject({ url: '/fr/login/', headers: user.jwtHeaders })).json();
    expect(me).toMatchObject({ first_name: 'Tom', last_name: 'Girard-Durand', email: 'thomas.girard@demo.publish.example' });
    const page = await t.app.inject({ url: response.headers.location as string, headers: { cookie: user.cookie } });
    expect(page.body).toContain('Votre profil a été enregistré.');
    expect(page.body).toContain('<strong>thomas.girard@demo.publish.example</strong>');
    expect(page.body).not.toContain('name="email"');
  });

  it("refuses a new e-mail address, which nothing proves to be the person's own, and changes nothing", async () => {
    const user = await t.signIn('thomas.girard');
    const before = (await t.app.inject({ url: '/en/login/', headers: user.jwtHeaders })).json();
    const posted = await t.app.inject({
      method: 'POST',
      url: '/en/login/profile/',
      ...form(user, { first_name: 'Thomas', last_name: 'G', email: 'claire.nouvelle@region-sud-mediterranee.example' }),
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.body).toContain('Your email address is managed by the platform administrators: ask them to change it.');
    const json = await t.app.inject({ method: 'POST', url: '/en/login/profile/', headers: user.jwtHeaders, payload: { email: 'referent@demo.publish.example' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ email: ['Your email address is managed by the platform administrators: ask them to change it.'] });
    expect((await t.app.inject({ url: '/en/login/', headers: user.jwtHeaders })).json()).toEqual(before);
    // Sent back as it is (any case), it is no change.
    const same = await t.app.inject({ method: 'POST', url: '/en/login/profile/', headers: user.jwtHeaders, payload: { first_name: 'Thomas', last_name: 'Girard', email: before.email.toUpperCase() } });
    expect(same.json()).toEqual({ first_name: 'Thomas', last_name: 'Girard', email: before.email });
  });

  it('answers JSON errors to JSON clients', async () => {
    const user = await t.signIn('thomas.girard');
    // A value that is not text is refused, and nothing is saved.
    const before = (await t.app.inject({ url: '/en/login/', headers: user.jwtHeaders })).json();
    const typed = await t.app.inject({ method: 'POST', url: '/en/login/profile/', headers: user.jwtHeaders, payload: { first_name: ['a'], last_name: { a: 1 }, email: 5 } });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toEqual({ first_name: ['Invalid value.'], last_name: ['Invalid value.'], email: ['Invalid value.'] });
    expect((await t.app.inject({ url: '/en/login/', headers: user.jwtHeaders })).json()).toMatchObject({ first_name: before.first_name, last_name: before.last_name, email: before.email });
  });

  it('keeps names as plain text: sanitised, required, at most 150 characters; a JSON client may leave one out', async () => {
    const user = await t.signIn('elodie.mercier');
    const me = async () => (await t.app.inject({ url: '/en/login/', headers: user.jwtHeaders })).json();
    const before = await me();
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/en/login/profile/', headers: user.jwtHeaders, payload });
    const empty = await post({ first_name: ' <b></b> ', last_name: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ first_name: ['This field is required.'], last_name: ['This field is required.'] });
    const long = await post({ first_name: 'N'.repeat(151) });
    expect(long.json()).toEqual({ first_name: ['Ensure this field has no more than 150 characters.'] });
    expect(await me()).toMatchObject({ first_name: before.first_name, last_name: before.last_name });
    const saved = await post({ first_name: '<img src=x onerror=alert(1)>Élo\u0000die\u0007' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ first_name: 'Élodie', last_name: before.last_name });
    expect(await me()).toMatchObject({ first_name: 'Élodie', last_name: before.last_name });
    // The page's form sends both: an emptied one is refused there too, on its field.
    const page = await t.app.inject({ method: 'POST', url: '/fr/login/profile/', ...form(user, { first_name: 'Élodie', last_name: ' ' }) });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('<p class="error" id="last_name-error">');
    expect((await me()).last_name).toBe(before.last_name);
  });

  it('changes the password, checking the current one, and signs out other sessions', async () => {
    const user = await t.signIn('marie.lefebvre');
    const other = await t.signIn('marie.lefebvre');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/en/login/profile/password/',
      ...form(user, { current_password: 'bad', new_password: 'a-new-password', confirm_password: 'a-new-password' }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('The current password is incorrect.');

    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/en/login/profile/password/',
      ...form(user, { current_password: TEST_DEMO_PASSWORD, new_password: 'a-new-password', confirm_password: 'other' }),
    });
    expect(mismatch.body).toContain('The two passwords do not match.');

    const ok = await t.app.inject({
      method: 'POST',
      url: '/en/login/profile/password/',
      ...form(user, { current_password: TEST_DEMO_PASSWORD, new_password: 'a-new-password', confirm_password: 'a-new-password' }),
    });
    expect(ok.statusCode).toBe(303);
    expect((await t.app.inject({ url: '/fr/login/', headers: { cookie: user.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/fr/login/', headers: { cookie: other.cookie } })).statusCode).toBe(401);
    await expect(t.signIn('marie.lefebvre')).rejects.toThrow(/400/);
    expect((await t.signIn('marie.lefebvre', 'a-new-password')).token).toBeTruthy();
  });

  it('sets the csrftoken cookie on the HTML pages', async () => {
    const response = await t.app.inject({ url: '/fr/login/terms/' });
    expect(cookieValue(response, 'csrftoken')).toBeDefined();
  });
});
