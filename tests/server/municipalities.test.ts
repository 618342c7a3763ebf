import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate.ts';
import { createPool } from '../../src/server/db/pool.ts';
import { loadCurrentCommunes } from '../../src/server/geo/communes.ts';
import { loadMunicipalities } from '../../src/server/jurisdictions/loadMunicipalities.ts';
import { createTestApp, createTestDatabase, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: SignedIn;
let referent: SignedIn;
let editor: SignedIn;
let member: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [admin, referent, editor, member] = await Promise.all(['admin', 'referent', 'editor', 'member'].map((name) => t.signIn(name)));
});
afterAll(() => t?.close());

const get = (path: string, headers: Record<string, string> = admin.jwtHeaders, locale = 'fr') =>
  t.app.inject({ url: `/${locale}/organisation/${path}`, headers });

describe('loading the communes', () => {
  it('fills the template database with every current commune', async () => {
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM municipalities');
    expect(rows[0].n).toBeGreaterThan(34_000);
    expect(rows[0].n).toBe((await loadCurrentCommunes()).length);
    const marseille = await t.db.query('SELECT * FROM municipalities WHERE codename = $1', ['13055']);
    expect(marseille.rows[0]).toMatchObject({ display_name: 'Marseille', departement: '13' });
    expect(marseille.rows[0].population).toBeGreaterThan(800_000);
    expect(marseille.rows[0].min_lon).toBeLessThan(marseille.rows[0].max_lon);
  });

  it('loads an empty table once, even when two servers start together, and never twice', async () => {
    const database = await createTestDatabase();
    const db = createPool(database.url);
    try {
      await db.query('DROP SCHEMA public CASCADE');
      await db.query('CREATE SCHEMA public');
      await migrate(db);
      const started = Date.now();
      const inserted = await Promise.all([loadMunicipalities(db), loadMunicipalities(db)]);
      const total = (await loadCurrentCommunes()).length;
      expect(inserted.sort((a, b) => a - b)).toEqual([0, total]);
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(await loadMunicipalities(db)).toBe(0);
      const { rows } = await db.query('SELECT count(*)::int AS n FROM municipalities');
      expect(rows[0].n).toBe(total);
    } finally {
      await db.end();
      await database.drop();
    }
  });
});

describe('GET /{locale}/organisation/municipalities/', () => {
  it('finds communes by part of their name, ignoring accents and case', async () => {
    const body = (await get('municipalities/?search=marseil')).json();
    expect(body.results.map((m: { codename: string }) => m.codename)).toContain('13055');
    expect(body.results[0]).toEqual({ id: expect.any(Number), codename: '13055', display_name: 'Marseille', departement: '13' });
    const accented = (await get('municipalities/?search=CLEMENCIAT')).json();
    expect(accented.results.map((m: { display_name: string }) => m.display_name)).toContain("L'Abergement-Clémenciat");
  });

  it('finds communes by the start of their INSEE code', async () => {
    const body = (await get('municipalities/?search=1305&page_size=100')).json();
    const codes = body.results.map((m: { codename: string }) => m.codename);
    expect(codes).toContain('13055');
    expect(codes.every((code: string) => code.startsWith('1305') || code.includes('1305'))).toBe(true);
    expect((await get('municipalities/?search=2a004')).json().results[0]?.codename).toBe('2A004');
  });

  it('resolves a list of codes or ids in one call', async () => {
    const body = (await get('municipalities/?codename__in=13055,13001,06088&ordering=codename')).json();
    expect(body.count).toBe(3);
    expect(body.results.map((m: { codename: string }) => m.codename)).toEqual(['06088', '13001', '13055']);
    const byId = (await get(`municipalities/?id__in=${body.results[0].id}`)).json();
    expect(byId.results).toEqual([body.results[0]]);
    expect((await get('municipalities/?departement=04')).json().count).toBeGreaterThan(150);
  });

  it('pages by 20 by default and up to 1000', async () => {
    const first = (await get('municipalities/')).json();
    expect(first.count).toBeGreaterThan(34_000);
    expect(first.results).toHaveLength(20);
    expect(first.next).toBe('http://localhost/fr/organisation/municipalities/?page=2');
    expect((await get('municipalities/?page_size=1000')).json().results).toHaveLength(1000);
    expect((await get('municipalities/?page_size=5000')).json().results).toHaveLength(1000);
  });

  it('refuses unknown orderings', async () => {
    const response = await get('municipalities/?ordering=population', admin.jwtHeaders, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ordering: ['Invalid ordering field: "population".'] });
  });

  it('is readable by users who can open Accounts or Data, not by others', async () => {
    expect((await get('municipalities/?search=nice', referent.sessionHeaders)).statusCode).toBe(200);
    expect((await get('municipalities/?search=nice', editor.jwtHeaders)).statusCode).toBe(200);
    expect((await get('municipalities/', member.jwtHeaders)).statusCode).toBe(403);
    expect((await get('municipalities/', {})).statusCode).toBe(401);
  });
});

describe('bounding box preview', () => {
  it('answers the union of the communes boxes for a query list', async () => {
    const response = await get('municipalities/bbox/?codename__in=13055,13001,13055', referent.jwtHeaders);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const { rows } = await t.db.query(
      `SELECT min(min_lon) AS a, min(min_lat) AS b, max(max_lon) AS c, max(max_lat) AS d
         FROM municipalities WHERE codename IN ('13055', '13001')`,
    );
    expect(body).toEqual({ municipalities: ['13001', '13055'], municipality_count: 2, latlon_bounding_box: [rows[0].a, rows[0].b, rows[0].c, rows[0].d] });
  });

  it('answers the same for a posted list, pasted codes included', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/en/organisation/jurisdictions/bbox/',
      headers: admin.sessionHeaders,
      payload: { municipalities: '13055, 13001' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().municipalities).toEqual(['13001', '13055']);
  });

  it('names unknown codes', async () => {
    const response = await get('municipalities/bbox/?codename__in=13055,99999', admin.jwtHeaders, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ municipalities: ['Unknown INSEE code(s): 99999'] });
    expect((await get('municipalities/bbox/', admin.jwtHeaders, 'en')).json()).toEqual({ municipalities: ['This field is required.'] });
  });

  it('reads codes as saving a jurisdiction does: control characters, NUL among them, left out', async () => {
    const posted = await t.app.inject({ method: 'POST', url: '/en/organisation/jurisdictions/bbox/', headers: admin.sessionHeaders, payload: { municipalities: ['13055\u0000', '\u000713001'] } });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().municipalities).toEqual(['13001', '13055']);
    expect((await get('municipalities/bbox/?codename__in=13055%00', admin.jwtHeaders, 'en')).json().municipalities).toEqual(['13055']);
    expect((await get('municipalities/bbox/?codename__in=%00', admin.jwtHeaders, 'en')).json()).toEqual({ municipalities: ['This field is required.'] });
  });
});
