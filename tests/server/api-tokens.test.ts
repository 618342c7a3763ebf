/**
 * Personal API tokens: created from the profile (JSON or the profile page's form), shown once,
 * stored hashed, used as `Authorization: Token <key>` for reads and writes within their scope,
 * refused once revoked, expired or their user gone; superusers list and revoke anyone's.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let editor: SignedIn;
let admin: SignedIn;
let member: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [editor, admin, member] = await Promise.all(['editor', 'admin', 'member'].map((name) => t.signIn(name)));
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const withKey = (key: string) => ({ authorization: `Token ${key}` });

async function createToken(who: SignedIn, body: object) {
  const response = await call('POST', '/fr/login/tokens/', who.sessionHeaders, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; key: string; name: string; scope: string; expires_at: string; created_at: string; last_used_at: string | null }>();
}

async function editorGroup(): Promise<number> {
  const me = (await call('GET', '/fr/login/', editor.jwtHeaders)).json<{ usergroup_roles: { usergroup_id: number; role: number }[] }>();
  return me.usergroup_roles.find((role) => role.role >= 1)!.usergroup_id;
}

describe('personal API tokens', () => {
  it('are created once with their key, stored hashed, listed without it, and act as their user for reads and writes', async () => {
    const created = await createToken(editor, { name: 'Moissonneur', expires_in_days: 90, scope: 'write' });
    expect(created).toMatchObject({ name: 'Moissonneur', scope: 'write', last_used_at: null, key: expect.stringMatching(/^pub_[\w-]{43}$/) });
    const days = (Date.parse(created.expires_at) - Date.parse(created.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(90, 3);

    // Only the hash is kept.
    const { rows } = await t.db.query<{ key_hash: Buffer; prefix: string }>('SELECT key_hash, prefix FROM api_tokens WHERE id = $1', [created.id]);
    expect(rows[0].key_hash.equals(createHash('sha256').update(created.key).digest())).toBe(true);
    expect(JSON.stringify(rows[0])).not.toContain(created.key.slice(10));
    expect(created.key.startsWith(rows[0].prefix)).toBe(true);

    // Reads and writes as the editor, without any CSRF header.
    const me = await call('GET', '/fr/login/', withKey(created.key));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'editor' });
    const dataset = await call('POST', '/fr/dataset/datasets/', withKey(created.key), { display_name: 'Par jeton', usergroup: await editorGroup() });
    expect(dataset.statusCode, dataset.body).toBe(201);
    expect((await call('DELETE', `/fr/dataset/datasets/${dataset.json().id}/`, withKey(created.key))).statusCode).toBe(204);
    // Never beyond its user: the editor is no superuser.
    expect((await call('GET', '/fr/usergroup/users/', withKey(created.key))).statusCode).toBe(403);

    // Listed with its last use, never with its key.
    const list = await call('GET', '/fr/login/tokens/', editor.sessionHeaders);
    expect(list.statusCode).toBe(200);
    const listed = list.json<Record<string, unknown>[]>().find((token) => token.id === created.id)!;
    expect(listed).toMatchObject({ name: 'Moissonneur', scope: 'write', username: 'editor', last_used_at: expect.any(String) });
    expect(listed).not.toHaveProperty('key');
    expect(list.body).not.toContain(created.key);
    // The profile page does not show it again either.
    const profile = await call('GET', '/fr/login/profile/', { cookie: editor.cookie });
    expect(profile.body).toContain('Moissonneur');
    expect(profile.body).not.toContain(created.key);
  });

  it('of read scope refuse every write (403)', async () => {
    const read = await createToken(editor, { name: 'Lecture', expires_in_days: 30, scope: 'read' });
    expect((await call('GET', '/fr/dataset/datasets/', withKey(read.key))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/fr/dataset/datasets/', headers: withKey(read.key) })).statusCode).toBe(200);
    const write = await call('POST', '/fr/dataset/datasets/', withKey(read.key), { display_name: 'Refusé', usergroup: await editorGroup() });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ detail: expect.any(String) });
    expect((await t.db.query(`SELECT 1 FROM datasets WHERE display_name = 'Refusé'`)).rowCount).toBe(0);
    // A token neither makes nor revokes tokens.
    const write2 = await createToken(editor, { name: 'Écriture', expires_in_days: 30, scope: 'write' });
    expect((await call('POST', '/fr/login/tokens/', withKey(write2.key), { name: 'x', expires_in_days: 365, scope: 'write' })).statusCode).toBe(403);
    expect((await call('DELETE', `/fr/login/tokens/${read.id}/`, withKey(write2.key))).statusCode).toBe(403);
  });

  it('never sign their user out, nor revoke the user\'s sign-in tokens', async () => {
    const member2 = await t.signIn('member');
    for (const scope of ['read', 'write']) {
      const token = await createToken(member2, { name: `Sortie ${scope}`, expires_in_days: 30, scope });
      const signout = await call('GET', '/fr/login/session/signout/', withKey(token.key));
      expect(signout.statusCode, scope).toBe(403);
      // The sign-in token handed out before still works, and so does the session.
      expect((await call('GET', '/fr/login/', member2.jwtHeaders)).statusCode, scope).toBe(200);
      expect((await call('GET', '/fr/login/', { cookie: member2.cookie })).statusCode, scope).toBe(200);
    }
  });

  it('answer 401 once revoked, expired, or their user deactivated', async () => {
    const revoked = await createToken(editor, { name: 'Révoqué', expires_in_days: 30, scope: 'read' });
    expect((await call('GET', '/fr/login/', withKey(revoked.key))).statusCode).toBe(200);
    expect((await call('DELETE', `/fr/login/tokens/${revoked.id}/`, editor.sessionHeaders)).statusCode).toBe(204);
    const after = await call('GET', '/fr/login/', withKey(revoked.key));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: "Le jeton d'authentification est invalide ou a expiré." });
    expect((await call('DELETE', `/fr/login/tokens/${revoked.id}/`, editor.sessionHeaders)).statusCode).toBe(404);

    const expired = await createToken(editor, { name: 'Expiré', expires_in_days: 30, scope: 'read' });
    await t.db.query(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
    expect((await call('GET', '/fr/login/', withKey(expired.key))).statusCode).toBe(401);

    const memberToken = await createToken(member, { name: 'Membre', expires_in_days: 30, scope: 'read' });
    expect((await call('GET', '/fr/login/', withKey(memberToken.key))).statusCode).toBe(200);
    await t.db.query(`UPDATE users SET status = 0 WHERE username = 'member'`);
    expect((await call('GET', '/fr/login/', withKey(memberToken.key))).statusCode).toBe(401);
    await t.db.query(`UPDATE users SET status = 2 WHERE username = 'member'`);

    expect((await call('GET', '/fr/login/', withKey('pub_not-a-real-key'))).statusCode).toBe(401);
    expect((await call('GET', '/fr/login/', withKey(`pub_${'A'.repeat(43)}`))).statusCode).toBe(401);
  });

  it('validate their creation, in the request language', async () => {
    const bad = await call('POST', '/en/login/tokens/', editor.sessionHeaders, { name: '', expires_in_days: 7, scope: 'admin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ name: ['This field is required.'], expires_in_days: ['Invalid value.'], scope: ['Invalid value.'] });
    expect((await call('POST', '/fr/login/tokens/', editor.sessionHeaders, { name: 'x'.repeat(101), expires_in_days: 365, scope: 'read' })).json()).toEqual({
      name: ['Ce champ ne doit pas dépasser 100 caractères.'],
    });
    expect((await call('POST', '/fr/login/tokens/', {}, { name: 'x', expires_in_days: 30, scope: 'read' })).statusCode).toBe(401);
  });

  it('are named in plain text: markup and control characters taken out, a name of nothing else refused', async () => {
    const named = await createToken(member, { name: '<b>Script</b> de\u0000 chargement\u0007', expires_in_days: 30, scope: 'read' });
    expect(named.name).toBe('Script de chargement');
    expect((await call('GET', '/fr/login/tokens/', member.sessionHeaders)).json()).toContainEqual(expect.objectContaining({ id: named.id, name: 'Script de chargement' }));
    const markup = await call('POST', '/en/login/tokens/', member.sessionHeaders, { name: '<img src=x onerror=alert(1)>', expires_in_days: 30, scope: 'read' });
    expect(markup.statusCode).toBe(400);
    expect(markup.json()).toEqual({ name: ['This field is required.'] });
  });

  it('of anyone are listed and revoked by superusers only', async () => {
    const token = await createToken(editor, { name: 'Pour l’admin', expires_in_days: 365, scope: 'read' });
    expect((await call('GET', `/fr/login/tokens/?user=${admin.userId}`, editor.sessionHeaders)).statusCode).toBe(403);
    expect((await call('DELETE', `/fr/login/tokens/${token.id}/`, member.sessionHeaders)).statusCode).toBe(404);
    const theirs = await call('GET', `/fr/login/tokens/?user=${editor.userId}`, admin.sessionHeaders);
    expect(theirs.json().map((row: { id: number }) => row.id)).toContain(token.id);
    const everyone = await call('GET', '/fr/login/tokens/?user=all', admin.sessionHeaders);
    expect(everyone.json().map((row: { id: number }) => row.id)).toContain(token.id);
    expect((await call('GET', '/fr/login/tokens/', admin.sessionHeaders)).json().map((row: { id: number }) => row.id)).not.toContain(token.id);
    expect((await call('DELETE', `/fr/login/tokens/${token.id}/?user=${editor.userId}`, admin.sessionHeaders)).statusCode).toBe(204);
    expect((await call('GET', '/fr/login/', withKey(token.key))).statusCode).toBe(401);
  });

  it('are made and revoked from the profile page, the key shown once', async () => {
    const form = (fields: Record<string, string>) => new URLSearchParams({ csrfmiddlewaretoken: editor.csrfToken, ...fields }).toString();
    const headers = { cookie: editor.cookie, 'content-type': 'application/x-www-form-urlencoded' };
    const created = await t.app.inject({ method: 'POST', url: '/en/login/profile/tokens/', headers, payload: form({ name: 'From the page', expires_in_days: '365', scope: 'write' }) });
    expect(created.statusCode).toBe(201);
    const key = /value="(pub_[\w-]{43})"/.exec(created.body)![1];
    expect(created.body).toContain('it will not be shown again');
    expect((await call('GET', '/en/login/', withKey(key))).statusCode).toBe(200);
    const again = await t.app.inject({ url: '/en/login/profile/', headers: { cookie: editor.cookie } });
    expect(again.body).toContain('From the page');
    expect(again.body).not.toContain(key);
    const refused = await t.app.inject({ method: 'POST', url: '/en/login/profile/tokens/', headers, payload: form({ name: '', expires_in_days: '30', scope: 'read' }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('This field is required.');

    const id = (await t.db.query<{ id: number }>(`SELECT id FROM api_tokens WHERE name = 'From the page'`)).rows[0].id;
    const confirm = await t.app.inject({ url: `/en/login/profile/tokens/${id}/revoke/`, headers: { cookie: editor.cookie } });
    expect(confirm.body).toContain('Revoke the token &quot;From the page&quot;?');
    const revoked = await t.app.inject({ method: 'POST', url: `/en/login/profile/tokens/${id}/revoke/`, headers, payload: form({}) });
    expect(revoked.statusCode).toBe(303);
    expect((await call('GET', '/en/login/', withKey(key))).statusCode).toBe(401);
    // Without the CSRF token, nothing is revoked.
    const other = await createToken(editor, { name: 'Kept', expires_in_days: 30, scope: 'read' });
    const forged = await t.app.inject({ method: 'POST', url: `/en/login/profile/tokens/${other.id}/revoke/`, headers, payload: '' });
    expect(forged.statusCode).toBe(403);
    expect((await call('GET', '/en/login/', withKey(other.key))).statusCode).toBe(200);
  });

  it("keep the profile page's way back to where the person came from in the app, through a token made or revoked", async () => {
    const form = (fields: Record<string, string>) => new URLSearchParams({ csrfmiddlewaretoken: editor.csrfToken, ...fields }).toString();
    const headers = { cookie: editor.cookie, 'content-type': 'application/x-www-form-urlencoded' };
    const next = '/publish/en/accounts/';
    const profile = await t.app.inject({ url: `/en/login/profile/?next=${encodeURIComponent(next)}`, headers: { cookie: editor.cookie } });
    expect(profile.body).toContain(`<input type="hidden" name="next" value="${next}">`);
    const created = await t.app.inject({ method: 'POST', url: '/en/login/profile/tokens/', headers, payload: form({ name: 'Kept way back', expires_in_days: '30', scope: 'read', next }) });
    expect(created.statusCode).toBe(201);
    expect(created.body).toContain(`<a href="${next}">Back to the application</a>`);
    const refused = await t.app.inject({ method: 'POST', url: '/en/login/profile/tokens/', headers, payload: form({ name: '', expires_in_days: '30', scope: 'read', next }) });
    expect(refused.body).toContain(`<a href="${next}">Back to the application</a>`);

    const id = (await t.db.query<{ id: number }>(`SELECT id FROM api_tokens WHERE name = 'Kept way back'`)).rows[0].id;
    const revokeLink = `/en/login/profile/tokens/${id}/revoke/?next=${encodeURIComponent(next)}`;
    expect(created.body).toContain(`href="${revokeLink.replace(/&/g, '&amp;')}"`);
    const confirm = await t.app.inject({ url: revokeLink, headers: { cookie: editor.cookie } });
    expect(confirm.body).toContain(`<input type="hidden" name="next" value="${next}">`);
    const revoked = await t.app.inject({ method: 'POST', url: `/en/login/profile/tokens/${id}/revoke/`, headers, payload: form({ next }) });
    expect(revoked.headers.location).toBe(`/en/login/profile/?saved=token-revoked&next=${encodeURIComponent(next)}`);
  });

  it('that fail are throttled per client address, as sign-ins are', async () => {
    const throttled = await createTestApp({ signinAddressRateLimit: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await throttled.app.inject({ url: '/fr/login/', headers: withKey(`pub_${'B'.repeat(43)}`) })).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await throttled.close();
    }
  });
});
