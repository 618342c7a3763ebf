/** Dataset licences: a lookup list read by Data users, written by superusers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let member: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [admin, editor, member] = await Promise.all(['admin', 'editor', 'member'].map((name) => t.signIn(name)));
});
afterAll(() => t?.close());

const get = (query: string, who: SignedIn | null, locale = 'fr') =>
  t.app.inject({ url: `/${locale}/dataset/licenses/${query}`, headers: who?.jwtHeaders ?? {} });
const send = (method: 'POST' | 'PUT' | 'DELETE', path: string, payload: unknown, who: SignedIn, locale = 'fr') =>
  t.app.inject({ method, url: `/${locale}/dataset/licenses/${path}`, headers: who.sessionHeaders, payload: payload as object });

describe('licences', () => {
  it('lists the licences of French open-data portals, sorted by title, to Data users', async () => {
    const response = await get('?page_size=100', editor);
    expect(response.statusCode).toBe(200);
    const { count, results } = response.json();
    expect(count).toBeGreaterThanOrEqual(10);
    const titles = results.map((licence: { title: string }) => licence.title);
    expect(titles).toEqual([...titles].sort());
    expect(titles[0]).toBe('Autre licence (attribution)');
    expect(results).toContainEqual({
      id: expect.any(Number),
      title: 'Licence Ouverte / Open Licence version 2.0',
      alternate_title: 'Etalab-2.0',
      url: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/',
    });
    for (const short of ['Etalab-1.0', 'ODbL-1.0', 'CC-BY-4.0', 'CC-BY-SA-4.0', 'CC0-1.0', 'ODC-By-1.0', 'PDDL-1.0']) {
      expect(results.map((licence: { alternate_title: string }) => licence.alternate_title)).toContain(short);
    }
  });

  it('finds a licence by its short name, accents and case ignored', async () => {
    const { results } = (await get('?search=odbl', editor, 'en')).json();
    expect(results.map((licence: { title: string }) => licence.title)).toEqual(['Open Database License (ODbL) 1.0']);
  });

  it('is refused to visitors and to users without Data access', async () => {
    expect((await get('', null)).statusCode).toBe(401);
    expect((await get('', member)).statusCode).toBe(403);
  });

  it('is written by superusers only', async () => {
    expect((await send('POST', '', { title: 'Licence de test' }, editor)).statusCode).toBe(403);
    const created = await send('POST', '', { title: 'Licence de test', alternate_title: 'Test-1.0', url: 'https://example.org/licence' }, admin);
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(created.json()).toEqual({ id, title: 'Licence de test', alternate_title: 'Test-1.0', url: 'https://example.org/licence' });
    expect((await send('PUT', `${id}/`, { title: 'Licence de test 2' }, editor)).statusCode).toBe(403);
    const updated = await send('PUT', `${id}/`, { title: 'Licence de test 2' }, admin);
    expect(updated.json()).toEqual({ id, title: 'Licence de test 2', alternate_title: 'Test-1.0', url: 'https://example.org/licence' });
    expect((await send('DELETE', `${id}/`, null, editor)).statusCode).toBe(403);
    expect((await send('DELETE', `${id}/`, null, admin)).statusCode).toBe(204);
    expect((await get(`${id}/`, admin)).statusCode).toBe(404);
  });

  it('answers bad input in the request language', async () => {
    expect((await send('POST', '', { url: 'not a url' }, admin, 'en')).json()).toEqual({
      title: ['This field is required.'],
      url: [expect.any(String)],
    });
    expect((await send('POST', '', { title: 'Open Database License (ODbL) 1.0' }, admin, 'fr')).json()).toEqual({
      title: ['Cette valeur est déjà utilisée.'],
    });
  });
});
