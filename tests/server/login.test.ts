import { randomBytes, scryptSync } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieValue, createTestApp, TEST_DEMO_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('POST /{locale}/login/signin/ (JSON)', () => {
  it('opens a session and returns an API token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/fr/login/signin/',
      payload: { username: 'referent', password: TEST_DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    expect(token.split('.')).toHaveLength(3);
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, number>;
    expect(payload.user_id).toBeGreaterThan(0);
    expect(payload.exp - payload.iat).toBe(12 * 3600);

    const session = response.cookies.find((cookie) => cookie.name === 'sessionid')!;
    expect(session.value).toMatch(/^[\w-]{43}$/);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session.secure).toBeFalsy();
    // Only the digest is stored.
    const { rows } = await t.db.query('SELECT id FROM sessions WHERE id = $1', [session.value]);
    expect(rows).toHaveLength(0);
    const { rows: lastLogin } = await t.db.query("SELECT last_login FROM users WHERE username = 'referent'");
    expect(lastLogin[0].last_login).not.toBeNull();
  });

  it('marks the cookie Secure behind https', async () => {
    const secure = await createTestApp({ trustProxy: true });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/fr/login/signin/',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: 'editor', password: TEST_DEMO_PASSWORD },
      });
      expect(response.cookies.find((cookie) => cookie.name === 'sessionid')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('answers a username or password of the wrong type as invalid on that field, a number as its text', async () => {
    const send = (payload: object) => t.app.inject({ method: 'POST', url: '/en/login/signin/', payload });
    const listed = await send({ username: ['editor'], password: TEST_DEMO_PASSWORD });
    expect(listed.statusCode).toBe(400);
    expect(listed.json()).toEqual({ username: ['Invalid value.'] });
    const both = await send({ username: { name: 'editor' }, password: true });
    expect(both.json()).toEqual({ username: ['Invalid value.'], password: ['Invalid value.'] });
    expect((await send({ username: 'editor', password: null })).json()).toEqual({ password: ['This field is required.'] });
    // A number is read as its text, as Django REST framework's CharField does: here, wrong credentials.
    const number = await send({ username: 'editor', password: 123456789012 });
    expect(number.statusCode).toBe(400);
    expect(number.json()).toEqual({ non_field_errors: [expect.any(String)] });
  });

  it('is case-insensitive on the username', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/en/login/signin/',
      payload: { username: 'Editor', password: TEST_DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 400 non_field_errors on a wrong password, in the locale', async () => {
    const fr = await t.app.inject({ method: 'POST', url: '/fr/login/signin/', payload: { username: 'admin', password: 'nope' } });
    expect(fr.statusCode).toBe(400);
    expect(fr.json()).toEqual({ non_field_errors: ['Impossible de se connecter avec les identifiants fournis.'] });
    expect(cookieValue(fr, 'sessionid')).toBeUndefined();

    const en = await t.app.inject({ method: 'POST', url: '/en/login/signin/', payload: { username: 'ghost', password: 'nope' } });
    expect(en.json()).toEqual({ non_field_errors: ['Unable to sign in with the provided credentials.'] });
  });

  it('answers 400 per field when fields are missing', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/it/login/signin/', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      username: ['Questo campo è obbligatorio.'],
      password: ['Questo campo è obbligatorio.'],
    });
  });

  it('refuses accounts that are not active', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/fr/login/signin/',
      payload: { username: 'camille.roux', password: TEST_DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('password hashes', () => {
  it('are upgraded to the current scrypt parameters at sign-in', async () => {
    const salt = randomBytes(16);
    const key = scryptSync(TEST_DEMO_PASSWORD, salt, 32, { N: 16384, r: 8, p: 1 });
    const weak = ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    await t.db.query("UPDATE users SET password = $1 WHERE username = 'newcomer'", [weak]);
    const stored = async () => (await t.db.query("SELECT password FROM users WHERE username = 'newcomer'")).rows[0].password as string;

    const refused = await t.app.inject({ method: 'POST', url: '/fr/login/signin/', payload: { username: 'newcomer', password: 'wrong' } });
    expect(refused.statusCode).toBe(400);
    expect(await stored()).toBe(weak);

    expect((await t.signIn('newcomer')).token).toBeTruthy();
    expect(await stored()).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await t.signIn('newcomer')).token).toBeTruthy();
  });
});

describe('sign-in form', () => {
  it('renders a translated, labelled form carrying the CSRF token', async () => {
    const response = await t.app.inject({ url: '/en/login/signin/?next=/publish/en/data' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const csrf = cookieValue(response, 'csrftoken')!;
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain('<label for="username">Username</label>');
    expect(response.body).toContain(`name="csrfmiddlewaretoken" value="${csrf}"`);
    expect(response.body).toContain('name="next" value="/publish/en/data"');
    const fr = await t.app.inject({ url: '/fr/login/signin/' });
    expect(fr.body).toContain('<label for="password">Mot de passe</label>');
  });

  it('says the user is signed out when signing out led there, in the locale, and nothing of it otherwise', async () => {
    const after = await t.app.inject({ url: '/fr/login/signin/?next=%2Fpublish%2Ffr%2Fdata%2F&signed_out=1' });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('<div class="alert alert-success" role="status">Vous êtes déconnecté.</div>');
    expect(after.body).toContain('value="/publish/fr/data/"');
    expect((await t.app.inject({ url: '/en/login/signin/?signed_out=1' })).body).toContain('role="status">You have been signed out.</div>');
    expect((await t.app.inject({ url: '/fr/login/signin/' })).body).not.toContain('Vous êtes déconnecté.');
  });

  it('escapes what it echoes', async () => {
    const response = await t.app.inject({ url: '/fr/login/signin/?next=/"><script>alert(1)</script>' });
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('&lt;script&gt;');
  });

  async function postForm(fields: Record<string, string>) {
    const form = await t.app.inject({ url: '/fr/login/signin/' });
    const csrf = cookieValue(form, 'csrftoken')!;
    return t.app.inject({
      method: 'POST',
      url: '/fr/login/signin/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `csrftoken=${csrf}` },
      payload: new URLSearchParams({ csrfmiddlewaretoken: csrf, ...fields }).toString(),
    });
  }

  it('redirects (303) to a same-site next after signing in', async () => {
    const response = await postForm({ username: 'member', password: TEST_DEMO_PASSWORD, next: '/publish/fr/home' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/publish/fr/home');
    expect(cookieValue(response, 'sessionid')).toBeDefined();
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil', ' //evil.com'])('never redirects to %s', async (next) => {
    const response = await postForm({ username: 'member', password: TEST_DEMO_PASSWORD, next });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/publish/');
  });

  it('re-renders the form with the error on wrong credentials', async () => {
    const response = await postForm({ username: 'member', password: 'wrong', next: '/publish/' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('role="alert"');
    expect(response.body).toContain('Impossible de se connecter');
    expect(response.body).toContain('value="member"');
  });

  it('refuses a form post without the CSRF token (login CSRF), showing the form again', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/fr/login/signin/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'member', password: TEST_DEMO_PASSWORD }).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Votre formulaire a expiré.');
    expect(cookieValue(response, 'sessionid')).toBeUndefined();
  });

  it('refuses a cross-site text/plain post: the API reads no text/plain body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/fr/login/signin/',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ username: 'member', password: TEST_DEMO_PASSWORD }),
    });
    expect(response.statusCode).toBe(415);
    expect(cookieValue(response, 'sessionid')).toBeUndefined();
  });
});

describe('GET /{locale}/login/', () => {
  it('answers 401 with a detail when anonymous', async () => {
    const response = await t.app.inject({ url: '/fr/login/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: "Informations d'authentification non fournies." });
    expect((await t.app.inject({ url: '/en/login/' })).json()).toEqual({
      detail: 'Authentication credentials were not provided.',
    });
  });

  it('returns the current user through the session cookie and through the token', async () => {
    const user = await t.signIn('referent');
    for (const headers of [{ cookie: user.cookie }, user.jwtHeaders]) {
      const response = await t.app.inject({ url: '/fr/login/', headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: user.userId,
        username: 'referent',
        first_name: 'Claire',
        last_name: 'Dubois',
        email: 'referent@demo.publish.example',
        is_superuser: false,
        usergroup_roles: [
          { usergroup_id: expect.any(Number), usergroup_name: 'Région Sud-Méditerranée', usergroup_type: 'organisation', role: 2 },
          { usergroup_id: expect.any(Number), usergroup_name: 'Réseau des géomaticiens', usergroup_type: 'user-group', role: 2 },
        ],
        terms_accepted: true,
      });
    }
  });

  it.each([
    ['admin', true, []],
    ['editor', false, [['Groupe de travail Mobilité', 0], ['Métropole Côte-Azurine', 1]]],
    // The pending membership (status 0) of "member" gives no role.
    ['member', false, [['Commune de Saint-Aubin-sur-Mer', 0]]],
    // "newcomer" only has a membership pending validation.
    ['newcomer', false, []],
  ] as const)('gives %s is_superuser=%s and roles from active memberships only', async (username, superuser, roles) => {
    const user = await t.signIn(username);
    const body = (await t.app.inject({ url: '/fr/login/', headers: user.jwtHeaders })).json();
    expect(body.is_superuser).toBe(superuser);
    expect(body.usergroup_roles.map((r: { usergroup_name: string; role: number }) => [r.usergroup_name, r.role])).toEqual(roles);
  });

  it('refuses a bad or expired token with 401', async () => {
    for (const authorization of ['JWT abc.def.ghi', 'JWT', 'Basic YWRtaW46YWRtaW4=']) {
      const response = await t.app.inject({ url: '/fr/login/', headers: { authorization } });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('JWT realm="api"');
    }
    const expired = t.app.jwt.sign({ user_id: 1, username: 'admin', gen: 0 }, { expiresIn: -10 });
    expect((await t.app.inject({ url: '/fr/login/', headers: { authorization: `JWT ${expired}` } })).statusCode).toBe(401);
    const forged = t.app.jwt.sign({ user_id: 1, username: 'admin', gen: 0 }).slice(0, -2) + 'xx';
    expect((await t.app.inject({ url: '/fr/login/', headers: { authorization: `JWT ${forged}` } })).statusCode).toBe(401);
  });

  it('ignores an unknown session cookie', async () => {
    const response = await t.app.inject({ url: '/fr/login/', cookies: { sessionid: 'x'.repeat(43) } });
    expect(response.statusCode).toBe(401);
  });

  it('sets the csrftoken cookie (readable by the app) when missing', async () => {
    const response = await t.app.inject({ url: '/fr/login/' });
    const csrf = response.cookies.find((cookie) => cookie.name === 'csrftoken')!;
    expect(csrf.value).toMatch(/^[\w-]{43}\.[\w-]{43}$/);
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    const again = await t.app.inject({ url: '/fr/login/', cookies: { csrftoken: csrf.value } });
    expect(cookieValue(again, 'csrftoken')).toBeUndefined();
  });
});

describe('session and sign-out', () => {
  it('GET /login/session/ tells whether the caller is signed in', async () => {
    expect((await t.app.inject({ url: '/fr/login/session/' })).json()).toEqual({ is_authenticated: false, username: null });
    const user = await t.signIn('editor');
    const response = await t.app.inject({ url: '/fr/login/session/', headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ is_authenticated: true, username: 'editor' });
  });

  it('signout deletes the session and clears the cookie', async () => {
    const user = await t.signIn('editor');
    const response = await t.app.inject({ url: '/en/login/session/signout/', headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'You have been signed out.' });
    const cleared = response.cookies.find((cookie) => cookie.name === 'sessionid')!;
    expect(cleared.value).toBe('');
    expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
    const after = await t.app.inject({ url: '/fr/login/', headers: { cookie: user.cookie } });
    expect(after.statusCode).toBe(401);
    // Signing out revokes the API tokens too.
    expect((await t.app.inject({ url: '/fr/login/', headers: user.jwtHeaders })).statusCode).toBe(401);
  });

  it('signout asks first when another site sent the browser there, and signs out once confirmed on the page', async () => {
    const user = await t.signIn('editor');
    const sent = await t.app.inject({
      url: '/en/login/session/signout/?next=/publish/en/',
      headers: { cookie: user.cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['content-type']).toMatch(/^text\/html/);
    expect(sent.body).toContain('Do you want to sign out of Publish?');
    expect(sent.cookies.find((cookie) => cookie.name === 'sessionid')).toBeUndefined();
    expect((await t.app.inject({ url: '/fr/login/', headers: { cookie: user.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/fr/login/', headers: user.jwtHeaders })).statusCode).toBe(200);
    // The page's button: a same-origin request to the same address, keeping `next`.
    const link = /<a class="button" href="([^"]+)"/.exec(sent.body)![1].replaceAll('&amp;', '&');
    expect(link).toBe('/en/login/session/signout/?next=%2Fpublish%2Fen%2F');
    expect(sent.body).toContain('<a href="/publish/en/">Back to the application</a>');
    const confirmed = await t.app.inject({ url: link, headers: { cookie: user.cookie, 'sec-fetch-site': 'same-origin' } });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/publish/en/');
    expect((await t.app.inject({ url: '/fr/login/', headers: { cookie: user.cookie } })).statusCode).toBe(401);
  });

  it('signout redirects (302) to a same-site next only', async () => {
    const user = await t.signIn('editor');
    const ok = await t.app.inject({ url: '/fr/login/session/signout/?next=/publish/fr/', headers: { cookie: user.cookie } });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/publish/fr/');
    for (const next of ['//evil.com', 'https://evil.com', '/\\evil']) {
      const response = await t.app.inject({ url: `/fr/login/session/signout/?next=${encodeURIComponent(next)}` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/publish/');
    }
  });
});

describe('API tokens', () => {
  const me = (token: string) => t.app.inject({ url: '/fr/login/', headers: { authorization: `JWT ${token}` } });
  const claims = async (username: string) => {
    const { rows } = await t.db.query('SELECT id, token_generation FROM users WHERE username = $1', [username]);
    return { user_id: rows[0].id as number, username, gen: rows[0].token_generation as number };
  };

  it('are HS256 and carry an expiry and the token generation', async () => {
    const user = await t.signIn('referent');
    const [header, payload] = user.token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ user_id: user.userId, username: 'referent', gen: expect.any(Number), exp: expect.any(Number) });
  });

  it('refuses a token without exp, with alg none or with another algorithm', async () => {
    const valid = await claims('referent');
    const key = t.config.secretKey;
    expect((await me(createSigner({ key, expiresIn: 60_000 })(valid))).statusCode).toBe(200);
    expect((await me(createSigner({ key })(valid))).statusCode).toBe(401);
    expect((await me(createSigner({ key, algorithm: 'HS512', expiresIn: 60_000 })(valid))).statusCode).toBe(401);
    expect((await me(createSigner({ key, algorithm: 'HS384', expiresIn: 60_000 })(valid))).statusCode).toBe(401);
    const unsigned = createSigner({ algorithm: 'none', expiresIn: 60_000 })(valid);
    expect((await me(unsigned)).statusCode).toBe(401);
  });

  it('refuses a token of an older generation or without one', async () => {
    const valid = await claims('referent');
    const sign = createSigner({ key: t.config.secretKey, expiresIn: 60_000 });
    expect((await me(sign({ ...valid, gen: valid.gen - 1 }))).statusCode).toBe(401);
    expect((await me(sign({ user_id: valid.user_id, username: 'referent' }))).statusCode).toBe(401);
  });

  it('are revoked when their user signs out with one of them', async () => {
    const user = await t.signIn('editor');
    const other = await t.signIn('editor');
    const signout = await t.app.inject({ url: '/fr/login/session/signout/', headers: user.jwtHeaders });
    expect(signout.statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(401);
    // A new sign-in gets a working token.
    expect((await me((await t.signIn('editor')).token)).statusCode).toBe(200);
  });

  it('are revoked by a password change, with every other session', async () => {
    const user = await t.signIn('thomas.girard');
    const other = await t.signIn('thomas.girard');
    const change = await t.app.inject({
      method: 'POST',
      url: '/en/login/profile/password/',
      headers: user.sessionHeaders,
      payload: { current_password: TEST_DEMO_PASSWORD, new_password: 'another-password', confirm_password: 'another-password' },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/fr/login/', headers: { cookie: other.cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/fr/login/', headers: { cookie: user.cookie } })).statusCode).toBe(200);
  });

  it('keep the old password when a password change cannot close the other sessions', async () => {
    const user = await t.signIn('marie.lefebvre');
    const other = await t.signIn('marie.lefebvre');
    // The sessions cannot be deleted for a moment (a fault of the database, say).
    await t.db.query(`CREATE FUNCTION sessions_held() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'sessions held'; END $$`);
    await t.db.query('CREATE TRIGGER sessions_held BEFORE DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION sessions_held()');
    let change;
    try {
      change = await t.app.inject({
        method: 'POST',
        url: '/en/login/profile/password/',
        headers: user.sessionHeaders,
        payload: { current_password: TEST_DEMO_PASSWORD, new_password: 'another-password', confirm_password: 'another-password' },
      });
    } finally {
      await t.db.query('DROP TRIGGER sessions_held ON sessions');
      await t.db.query('DROP FUNCTION sessions_held()');
    }
    expect(change.statusCode).toBe(500);
    // Nothing changed: neither the password, nor what the old one opened, so the change may be asked again.
    const signin = (password: string) => t.app.inject({ method: 'POST', url: '/fr/login/signin/', payload: { username: 'marie.lefebvre', password } });
    expect((await signin(TEST_DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await signin('another-password')).statusCode).toBe(400);
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('are revoked, with every session, when an administrator sets a new password', async () => {
    const admin = await t.signIn('admin');
    const user = await t.signIn('elodie.mercier');
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/fr/usergroup/users/${user.userId}/`,
      headers: admin.jwtHeaders,
      payload: { password: 'set-by-the-admin' },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/fr/login/', headers: { cookie: user.cookie } })).statusCode).toBe(401);
    expect((await me(admin.token)).statusCode).toBe(200);
  });
});
