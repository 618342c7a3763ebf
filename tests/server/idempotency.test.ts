import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let editor: SignedIn;
let admin: SignedIn;
let usergroup: number;
beforeAll(async () => {
  t = await createTestApp();
  editor = await t.signIn('editor');
  admin = await t.signIn('admin');
  usergroup = (await t.db.query<{ id: number }>("SELECT id FROM usergroups WHERE display_name = 'Métropole Côte-Azurine'")).rows[0].id;
});
afterAll(() => t?.close());

const named = async (name: string) =>
  Number((await t.db.query<{ count: string }>('SELECT count(*) FROM datasets WHERE display_name = $1', [name])).rows[0].count);

function create(name: string, key: string | undefined, who: SignedIn = editor, locale = 'fr') {
  return t.app.inject({
    method: 'POST',
    url: `/${locale}/dataset/datasets/`,
    headers: { ...who.jwtHeaders, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: { display_name: name, usergroup },
  });
}

describe('Idempotency-Key on creations', () => {
  it('answers the first creation again to the same key, and makes one record', async () => {
    const first = await create('Double clic idempotent', 'key-same-twice');
    expect(first.statusCode).toBe(201);
    const again = await create('Double clic idempotent', 'key-same-twice');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toContain('application/json');
    expect(again.json()).toEqual(first.json());
    expect(await named('Double clic idempotent')).toBe(1);
    // A retry in another language is the same request.
    expect((await create('Double clic idempotent', 'key-same-twice', editor, 'en')).json().id).toBe(first.json().id);
  });

  it('makes one record of two requests sent together with one key', async () => {
    const answers = await Promise.all([create('Envoyés ensemble', 'key-together'), create('Envoyés ensemble', 'key-together'), create('Envoyés ensemble', 'key-together')]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(await named('Envoyés ensemble')).toBe(1);
  });

  it('makes two records of two keys, and of two requests without a key, as before', async () => {
    const [a, b] = [await create('Deux clés', 'key-a'), await create('Deux clés', 'key-b')];
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
    expect(await named('Deux clés')).toBe(2);
    const [c, d] = [await create('Sans clé', undefined), await create('Sans clé', undefined)];
    expect([c.statusCode, d.statusCode]).toEqual([201, 201]);
    expect(c.headers['idempotent-replayed']).toBeUndefined();
    expect(await named('Sans clé')).toBe(2);
  });

  it('keeps each user his own keys', async () => {
    const mine = await create('Clé partagée', 'key-of-two-users', editor);
    const theirs = await create('Clé partagée', 'key-of-two-users', admin);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
  });

  it('refuses a key reused for another body with 422, and a malformed key with 400, creating nothing', async () => {
    await create('Premier corps', 'key-reused');
    const reused = await create('Autre corps', 'key-reused', editor, 'en');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ detail: 'This Idempotency-Key was already used for another request: send a new key for a new creation.' });
    expect(await named('Autre corps')).toBe(0);
    const malformed = await create('Clé mal formée', 'x'.repeat(256));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/Idempotency-Key/);
    expect(await named('Clé mal formée')).toBe(0);
  });

  it('keeps no failed answer: the key may be sent again, corrected', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/en/dataset/datasets/', headers: { ...editor.jwtHeaders, 'idempotency-key': 'key-after-error' }, payload: { usergroup } });
    expect(refused.statusCode).toBe(400);
    const corrected = await create('Corrigé', 'key-after-error');
    expect(corrected.statusCode).toBe(201);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
  });

  it('forgets a key after 24 hours: the same key then makes a new record', async () => {
    const first = await create('Clé expirée', 'key-expired');
    await t.db.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'key-expired'");
    const later = await create('Clé expirée', 'key-expired');
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
    expect(await named('Clé expirée')).toBe(2);
  });

  it('documents the header and its refusals on creations only', async () => {
    const document = (await t.app.inject({ url: '/en/api/schema/' })).json();
    const create = document.paths['/dataset/datasets/'].post;
    expect(create.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }));
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['409', '422']));
    const update = document.paths['/dataset/datasets/{id}/'].patch;
    expect(update.parameters.map((parameter: { name: string }) => parameter.name)).not.toContain('Idempotency-Key');
  });
});
