/**
 * The password rule (schemas/password.ts), over real HTTP, wherever a password is set: a
 * superuser's change, a creation, one's own change. 12 to 128 characters, not easy to guess
 * (zxcvbn score 3 or more), without the username or the e-mail's local part; anything but a
 * string is a type error; the message says the rule, in the request's language.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DEMO_PASSWORD, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: SignedIn;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

async function send(method: string, path: string, body: unknown, headers: Record<string, string> = admin.jwtHeaders) {
  const response = await fetch(`${origin}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function signsIn(username: string, password: string): Promise<boolean> {
  const response = await fetch(`${origin}/en/login/signin/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return response.status === 200;
}

const MESSAGES = {
  length: {
    fr: 'Le mot de passe doit contenir de 12 à 128 caractères.',
    en: 'The password must be 12 to 128 characters long.',
    it: 'La password deve contenere da 12 a 128 caratteri.',
  },
  type: {
    fr: 'Le mot de passe doit être une chaîne de caractères.',
    en: 'The password must be a string of characters.',
    it: 'La password deve essere una stringa di caratteri.',
  },
  weak: {
    fr: 'Ce mot de passe est trop facile à deviner : utilisez de 12 à 128 caractères, par exemple plusieurs mots sans rapport entre eux, en évitant les mots courants, les noms, les dates et les suites.',
    en: 'This password is too easy to guess: use 12 to 128 characters, for instance several unrelated words, avoiding common words, names, dates and sequences.',
    it: 'Questa password è troppo facile da indovinare: usa da 12 a 128 caratteri, ad esempio più parole senza legame tra loro, evitando parole comuni, nomi, date e sequenze.',
  },
  personal: {
    fr: 'Le mot de passe ne doit contenir ni le nom d’utilisateur ni la partie de l’adresse e-mail avant le @.',
    en: 'The password must not contain the username or the part of the e-mail address before the @.',
    it: 'La password non deve contenere il nome utente né la parte dell’indirizzo e-mail prima della @.',
  },
} as const;

const GOOD = 'Tramway orage cèdre 47';

describe('a superuser setting a password', () => {
  it('refuses weak, short and non-string passwords, saying the rule in fr, en and it; the old password still signs in', async () => {
    const { userId } = await t.signIn('member');
    const cases: [unknown, keyof typeof MESSAGES][] = [
      ['a', 'length'],
      [0, 'type'],
      [false, 'type'],
      ['12345678', 'length'],
      ['newcomer2026', 'weak'],
      ['motdepasse2026', 'weak'],
      ['Member-du-Reseau-2026', 'personal'],
    ];
    for (const [password, rule] of cases) {
      for (const locale of ['fr', 'en', 'it'] as const) {
        const answer = await send('PATCH', `/${locale}/usergroup/users/${userId}/`, { password });
        expect([answer.status, answer.body], `${JSON.stringify(password)} ${locale}`).toEqual([
          400,
          { password: [MESSAGES[rule][locale]] },
        ]);
      }
    }
    expect((await send('PATCH', `/en/usergroup/users/${userId}/`, { password: 'Tramway orage '.repeat(10) })).status).toBe(400);
    for (const refused of ['0', 'false', 'a', '12345678', 'newcomer2026']) expect(await signsIn('member', refused), refused).toBe(false);
    expect(await signsIn('member', TEST_DEMO_PASSWORD)).toBe(true);
  });

  it("refuses the e-mail's local part, as the write changes it", async () => {
    const { userId } = await t.signIn('newcomer');
    const answer = await send('PATCH', `/en/usergroup/users/${userId}/`, { email: 'zephyrine@example.org', password: 'Zephyrine-Tramway-Orage' });
    expect(answer).toEqual({ status: 400, body: { password: [MESSAGES.personal.en] } });
  });

  it('accepts a password that follows the rule; it signs in', async () => {
    const { userId } = await t.signIn('editor');
    const answer = await send('PATCH', `/fr/usergroup/users/${userId}/`, { password: GOOD });
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty('password');
    expect(await signsIn('editor', GOOD)).toBe(true);
  });

  it('applies the same rule when creating an account', async () => {
    const base = { username: 'claire.dupuis', first_name: 'Claire', last_name: 'Dupuis', email: 'claire@example.org' };
    const weak = await send('POST', '/it/usergroup/users/', { ...base, password: 'claire.dupuis2026' });
    expect(weak).toEqual({ status: 400, body: { password: [MESSAGES.personal.it] } });
    const short = await send('POST', '/it/usergroup/users/', { ...base, password: 'abc' });
    expect(short).toEqual({ status: 400, body: { password: [MESSAGES.length.it] } });
    expect((await send('POST', '/it/usergroup/users/', { ...base, password: GOOD })).status).toBe(201);
    expect(await signsIn('claire.dupuis', GOOD)).toBe(true);
  });
});

describe("one's own password change", () => {
  it('applies the rule, in the language of the page, and refuses non-string values', async () => {
    const user = await t.signIn('thomas.girard');
    const change = (locale: string, new_password: unknown) =>
      send('POST', `/${locale}/login/profile/password/`, { current_password: TEST_DEMO_PASSWORD, new_password, confirm_password: new_password }, user.jwtHeaders);
    expect(await change('fr', '12345678')).toEqual({ status: 400, body: { new_password: [MESSAGES.length.fr] } });
    expect(await change('en', 'newcomer2026')).toEqual({ status: 400, body: { new_password: [MESSAGES.weak.en] } });
    expect(await change('it', 'thomas.girard-Tramway')).toEqual({ status: 400, body: { new_password: [MESSAGES.personal.it] } });
    expect(await change('en', 0)).toEqual({ status: 400, body: { new_password: [MESSAGES.type.en] } });
    expect((await change('en', GOOD)).status).toBe(200);
    expect(await signsIn('thomas.girard', GOOD)).toBe(true);
  });
});
