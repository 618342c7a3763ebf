/**
 * Hostile JSON bodies on every write of the accounts, contacts, jurisdictions and members API:
 * keys named like built-in object properties, deep nesting and random JSON never give a 5xx, and
 * error messages are translated and never echo the body.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupIds, userIds } from './accounts-helpers.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: SignedIn;
let g: Record<string, number>;
let u: Record<string, number>;
let organisationType: number;
let contactId: number;
let jurisdictionId: number;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  g = await groupIds(t);
  u = await userIds(t);
  organisationType = (await t.db.query<{ id: number }>('SELECT id FROM organisation_types ORDER BY id LIMIT 1')).rows[0].id;
  contactId = (await t.db.query<{ id: number }>('SELECT id FROM contacts ORDER BY id LIMIT 1')).rows[0].id;
  const commune = (await t.db.query<{ code: string }>('SELECT codename AS code FROM municipalities ORDER BY codename LIMIT 1')).rows[0].code;
  const created = await send('POST', 'organisation/jurisdictions/', JSON.stringify({ display_name: 'Territoire', codename: 'territoire-hostile', municipalities: [commune] }));
  expect(created.statusCode).toBe(201);
  jurisdictionId = created.json().id;
});
afterAll(() => t?.close());

function send(method: 'POST' | 'PUT' | 'PATCH', url: string, payload: string, locale = 'fr') {
  return t.app.inject({
    method,
    url: `/${locale}/${url}`,
    headers: { ...admin.sessionHeaders, 'content-type': 'application/json' },
    payload,
  });
}

const unique = () => `h${process.pid}-${++counter}`;

/** Every write, with a body valid on its own (fresh names so creates can succeed). */
const WRITES: Array<[string, 'POST' | 'PUT' | 'PATCH', () => string, () => Record<string, unknown>]> = [
  ['create user', 'POST', () => 'usergroup/users/', () => { const n = unique(); return { username: n, first_name: 'A', last_name: 'B', email: `${n}@example.org` }; }],
  ['update user', 'PUT', () => `usergroup/users/${u.member}/`, () => ({ username: 'member', first_name: 'A', last_name: 'B', email: 'member@demo.publish.example' })],
  ['patch user', 'PATCH', () => `usergroup/users/${u.member}/`, () => ({ first_name: 'C' })],
  ['create group', 'POST', () => 'usergroup/user-groups/', () => ({ display_name: unique() })],
  ['patch group', 'PATCH', () => `usergroup/user-groups/${g['reseau-des-geomaticiens']}/`, () => ({ description: 'd' })],
  ['create organisation', 'POST', () => 'organisation/organisations/', () => ({ display_name: unique(), organisation_type: organisationType })],
  ['patch organisation', 'PATCH', () => `organisation/organisations/${g['region-sud-mediterranee']}/`, () => ({ description: 'd' })],
  ['create contact', 'POST', () => 'dataset/contacts/', () => { const n = unique(); return { name: n, email: `${n}@example.org` }; }],
  ['patch contact', 'PATCH', () => `dataset/contacts/${contactId}/`, () => ({ position: 'p' })],
  ['create jurisdiction', 'POST', () => 'organisation/jurisdictions/', () => ({ display_name: unique(), codename: unique(), municipalities: [] })],
  ['patch jurisdiction', 'PATCH', () => `organisation/jurisdictions/${jurisdictionId}/`, () => ({ display_name: unique() })],
  ['jurisdiction box', 'POST', () => 'organisation/jurisdictions/bbox/', () => ({ municipalities: [] })],
  ['add member', 'POST', () => `usergroup/user-groups/${g['reseau-des-geomaticiens']}/members/`, () => ({ user_id: u.member, role: 0 })],
  ['change member', 'PUT', () => `usergroup/user-groups/${g['reseau-des-geomaticiens']}/members/${u.referent}/`, () => ({ role: 2 })],
  ['link parent', 'POST', () => `usergroup/user-groups/${g['reseau-des-geomaticiens']}/parents/`, () => ({ parent_id: g['region-sud-mediterranee'] })],
];

const KEYS = ['constructor', 'toString', 'valueOf', '__proto__', 'hasOwnProperty', 'isPrototypeOf', 'toLocaleString', 'prototype'];

/** The valid body with the key added at the top level, or nested in one of its fields. */
function hostile(body: Record<string, unknown>, key: string, where: 'top' | 'nested'): string {
  const json = JSON.stringify(body);
  const extra = where === 'top' ? `"${key}": {"a": 1}` : `"extra": {"${key}": {"${key}": 1}}`;
  const nestedInField = where === 'nested' ? json.replace(/^\{"(\w+)":/, (_m, name) => `{"${name}": {"${key}": 1}, "${name}_":`) : json;
  return `{${extra}, ${nestedInField.slice(1)}`;
}

describe('keys named like built-in properties', () => {
  for (const [name, method, url, body] of WRITES) {
    it(`${name}: never a 5xx, the key ignored or refused`, async () => {
      for (const key of KEYS) {
        for (const where of ['top', 'nested'] as const) {
          const response = await send(method, url(), hostile(body(), key, where));
          expect(response.statusCode, `${key} ${where}: ${response.body}`).toBeLessThan(500);
          if (response.statusCode < 300 && response.body) expect(Object.hasOwn(response.json(), key), key).toBe(false);
        }
        const bare = await send(method, url(), `{"${key}": "x"}`);
        expect(bare.statusCode, `${key} bare: ${bare.body}`).toBeLessThan(500);
      }
    });
  }
});

describe('deeply nested bodies', () => {
  for (const depth of [1_000, 5_000]) {
    for (const [locale, message] of [['fr', 'Corps de requête mal formé.'], ['en', 'Malformed request body.']] as const) {
      it(`answers ${depth} levels with a translated 400 (${locale}) that does not echo the body`, async () => {
        const payload = `{"display_name": ${'['.repeat(depth)}"secret-marker"${']'.repeat(depth)}}`;
        for (const [, method, url] of WRITES.filter(([name]) => ['create user', 'add member', 'patch jurisdiction'].includes(name))) {
          const response = await send(method, url(), payload, locale);
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({ detail: message });
          expect(response.body).not.toContain('secret-marker');
        }
        const objects = `${'{"a":'.repeat(depth)}"secret-marker"${'}'.repeat(depth)}`;
        const response = await send('POST', 'usergroup/users/', objects, locale);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ detail: message });
      });
    }
  }
});

describe('brackets inside strings', () => {
  it('are text, not nesting', async () => {
    const response = await send('POST', 'usergroup/user-groups/', JSON.stringify({ display_name: `${'[{'.repeat(100)}"\\` }));
    expect(response.statusCode).toBe(201);
    expect(response.json().display_name).toBe(`${'[{'.repeat(100)}"\\`);
  });
});

describe('bodies declared in a charset other than UTF-8', () => {
  it('are refused with a 415, not stored garbled; UTF-8 declared in any spelling is read', async () => {
    const body = Buffer.from('{"name":"Hélène charset","email":"charset@example.org"}', 'latin1');
    const post = (contentType: string, payload: Buffer) =>
      t.app.inject({ method: 'POST', url: '/en/dataset/contacts/', headers: { ...admin.sessionHeaders, 'content-type': contentType }, payload });
    const refused = await post('application/json; charset=iso-8859-1', body);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ detail: 'The request body must be UTF-8.' });
    expect((await post('application/x-www-form-urlencoded; charset="windows-1252"', Buffer.from('name=H%E9l%E8ne&email=c@example.org'))).statusCode).toBe(415);
    expect((await t.db.query("SELECT 1 FROM contacts WHERE email IN ('charset@example.org', 'c@example.org')")).rowCount).toBe(0);

    const read = await post('application/json; Charset="UTF-8"', Buffer.from('{"name":"Hélène charset","email":"charset@example.org"}', 'utf8'));
    expect(read.statusCode).toBe(201);
    expect(read.json().name).toBe('Hélène charset');
  });
});

describe('bodies of a media type the API does not read', () => {
  it('are refused with a 415, as the document says, never answered as a body without fields', async () => {
    // fetch() sends a string body as text/plain unless told otherwise: the fields are there, unread.
    const post = (contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/en/dataset/contacts/',
        headers: { ...admin.jwtHeaders, 'content-type': contentType },
        payload: JSON.stringify({ name: 'Plain text', email: 'plain@example.org' }),
      });
    for (const type of ['text/plain;charset=UTF-8', 'text/plain', 'application/xml']) {
      const refused = await post(type);
      expect(refused.statusCode, type).toBe(415);
      expect(refused.json()).toEqual({ detail: 'Unsupported media type in request.' });
    }
    expect((await t.db.query("SELECT 1 FROM contacts WHERE email = 'plain@example.org'")).rowCount).toBe(0);
  });
});

describe('JSON bodies that are not an object of fields', () => {
  it('are a 400 on non_field_errors, never read as a write of nothing', async () => {
    const before = (await t.db.query('SELECT name, email FROM contacts WHERE id = $1', [contactId])).rows[0];
    for (const payload of ['[{"name": "Liste"}]', '"Texte"', '5', 'true', 'null']) {
      for (const [method, url] of [['PATCH', `dataset/contacts/${contactId}/`], ['POST', 'dataset/contacts/']] as const) {
        const response = await send(method, url, payload, 'en');
        expect(response.statusCode, `${method} ${payload}`).toBe(400);
        expect(response.json()).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary of fields.'] });
      }
    }
    expect((await send('PATCH', `dataset/contacts/${contactId}/`, '[]')).json()).toEqual({ non_field_errors: ['Données invalides. Un dictionnaire de champs est attendu.'] });
    expect((await t.db.query('SELECT name, email FROM contacts WHERE id = $1', [contactId])).rows[0]).toEqual(before);
  });
});

describe('random JSON bodies', () => {
  for (const [name, method, url] of WRITES.filter(([name]) => ['create contact', 'patch user', 'add member'].includes(name))) {
    it(`${name}: never a 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
          const response = await send(method, url(), JSON.stringify(value));
          expect(response.statusCode, response.body).toBeLessThan(500);
        }),
        { numRuns: 60 },
      );
    });
  }
});

describe('null for a required field', () => {
  // An e-mail, a phone number and an additional ID have rules of their own; null for a required one
  // is refused as an empty value is, and what was stored stays.
  const cases: Array<[string, () => string, string, () => Promise<unknown>]> = [
    ['user', () => `usergroup/users/${u.member}/`, 'email', async () => (await t.db.query('SELECT email FROM users WHERE id = $1', [u.member])).rows[0].email],
    ['contact', () => `dataset/contacts/${contactId}/`, 'email', async () => (await t.db.query('SELECT email FROM contacts WHERE id = $1', [contactId])).rows[0].email],
    ['user', () => `usergroup/users/${u.member}/`, 'username', async () => (await t.db.query('SELECT username FROM users WHERE id = $1', [u.member])).rows[0].username],
  ];
  for (const [entity, url, field, stored] of cases) {
    it(`${entity} ${field}: 400 "required", the stored value kept`, async () => {
      const before = await stored();
      expect(before).toBeTruthy();
      const response = await send('PATCH', url(), JSON.stringify({ [field]: null }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ [field]: ['Ce champ est obligatoire.'] });
      expect(await stored()).toBe(before);
    });
  }

  it('an optional phone number may still be cleared with null', async () => {
    const response = await send('PATCH', `dataset/contacts/${contactId}/`, JSON.stringify({ phone: null }));
    expect(response.statusCode).toBe(200);
    expect(response.json().phone ?? '').toBe('');
  });
});

describe('numbers beyond the integer columns', () => {
  it("are refused on their field with the field's message, never reaching the database, the stored value kept", async () => {
    const owner = async () => (await t.db.query('SELECT usergroup_id FROM contacts WHERE id = $1', [contactId])).rows[0].usergroup_id;
    const before = await owner();
    for (const usergroup of [1e30, '99999999999999999999', 2 ** 31, -(2 ** 31) - 1]) {
      const response = await send('PATCH', `dataset/contacts/${contactId}/`, JSON.stringify({ usergroup }));
      expect(response.statusCode, String(usergroup)).toBe(400);
      expect(response.json()).toEqual({ usergroup: ['Valeur invalide.'] });
    }
    const organisation = await send('PATCH', `organisation/organisations/${g['region-sud-mediterranee']}/`, JSON.stringify({ jurisdiction: 1e30 }));
    expect(organisation.json()).toEqual({ jurisdiction: ['Valeur invalide.'] });
    expect(await owner()).toBe(before);
  });
});

describe('usernames', () => {
  it('refuse spaces, markup and punctuation other than @ . + - _, in the language of the page, the stored one kept', async () => {
    const before = (await t.db.query('SELECT username FROM users WHERE id = $1', [u.member])).rows[0].username;
    for (const username of ['a b', '1; drop table x', '<b>x</b>', 'tab\there']) {
      const response = await send('PATCH', `usergroup/users/${u.member}/`, JSON.stringify({ username }));
      expect(response.statusCode, username).toBe(400);
      expect(response.json()).toEqual({ username: ['Un nom d’utilisateur ne contient que des lettres, des chiffres et les caractères @ . + - _, sans espace.'] });
    }
    for (const username of [[], ['admin'], {}, true]) {
      const response = await send('PATCH', `usergroup/users/${u.member}/`, JSON.stringify({ username }));
      expect(response.statusCode, JSON.stringify(username)).toBe(400);
      expect(Object.keys(response.json())).toEqual(['username']);
    }
    const en = await send('POST', 'usergroup/users/', JSON.stringify({ username: 'jean dupont', first_name: 'J', last_name: 'D', email: 'jd@example.org' }), 'en');
    expect(en.json()).toEqual({ username: ['A username contains only letters, digits and the characters @ . + - _, without spaces.'] });
    expect((await t.db.query('SELECT username FROM users WHERE id = $1', [u.member])).rows[0].username).toBe(before);
  });

  it('accept letters of any script with @ . + - _', async () => {
    const username = `éloïse.dupré+${process.pid}@x_y-z`;
    const response = await send('POST', 'usergroup/users/', JSON.stringify({ username, first_name: 'É', last_name: 'D', email: `e${process.pid}@example.org` }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().username).toBe(username);
  });
});

describe('declared lengths of formatted fields', () => {
  it('refuse an e-mail over 254 characters and a phone number over 20 digits, the stored values kept', async () => {
    const stored = async () => (await t.db.query('SELECT email, phone FROM contacts WHERE id = $1', [contactId])).rows[0];
    const before = await stored();
    const email = await send('PATCH', `dataset/contacts/${contactId}/`, JSON.stringify({ email: `${'a'.repeat(300)}@example.org` }));
    expect(email.statusCode).toBe(400);
    expect(email.json()).toEqual({ email: ['Ce champ ne doit pas dépasser 254 caractères.'] });
    const phone = await send('PATCH', `dataset/contacts/${contactId}/`, JSON.stringify({ phone: '1'.repeat(40) }));
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toEqual({ phone: ['Ce champ ne doit pas dépasser 20 caractères.'] });
    expect(await stored()).toEqual(before);
  });
});
