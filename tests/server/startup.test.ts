import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let member: SignedIn;
beforeAll(async () => {
  t = await createTestApp({ datastoreUrl: 'postgres://pusher:s3cret@db.example:5432/datastore' });
  member = await t.signIn('member');
});
afterAll(() => t?.close());

describe('status and role lists', () => {
  it.each([
    ['fr', ['En attente de vérification', 'En attente de validation', 'Actif']],
    ['en', ['Pending verification', 'Pending validation', 'Active']],
    ['it', ['In attesa di verifica', 'In attesa di convalida', 'Attivo']],
  ])('user-status and user-group-status in %s', async (locale, labels) => {
    for (const list of ['user-status', 'user-group-status']) {
      const response = await t.app.inject({ url: `/${locale}/usergroup/${list}/`, headers: { cookie: member.cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(labels.map((label, id) => ({ id, label })));
    }
  });

  it.each([
    ['fr', ['Utilisateur enregistré', 'Éditeur', 'Administrateur délégué']],
    ['en', ['Registered user', 'Editor', 'Delegated administrator']],
    ['it', ['Utente registrato', 'Editore', 'Amministratore delegato']],
  ])('user-group-roles in %s', async (locale, labels) => {
    const response = await t.app.inject({ url: `/${locale}/usergroup/user-group-roles/`, headers: member.jwtHeaders });
    expect(response.json()).toEqual(labels.map((label, id) => ({ id, label })));
  });

  it('requires authentication', async () => {
    for (const url of ['/fr/usergroup/user-status/', '/fr/usergroup/user-group-status/', '/fr/usergroup/user-group-roles/', '/fr/resource/data-format/']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toHaveProperty('detail');
    }
  });
});

describe('data formats', () => {
  it('lists the formats sorted by display name', async () => {
    const response = await t.app.inject({ url: '/fr/resource/data-format/', headers: { cookie: member.cookie } });
    expect(response.statusCode).toBe(200);
    const formats = response.json<Array<Record<string, unknown>>>();
    expect(formats.length).toBeGreaterThanOrEqual(10);
    const names = formats.map((format) => String(format.display_name).toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(formats.find((format) => format.codename === 'csv')).toEqual({
      id: expect.any(Number),
      codename: 'csv',
      display_name: 'CSV',
      extensions: ['csv'],
      mimetypes: ['text/csv'],
      is_structured: true,
      is_geographic: false,
    });
    for (const codename of ['json', 'geojson', 'xlsx', 'ods', 'zip', 'pdf', 'shp', 'xml', 'txt']) {
      expect(formats.some((format) => format.codename === codename)).toBe(true);
    }
  });
});

describe('datastore availability', () => {
  it('HEAD answers 200 for both kinds: the datastore is always there', async () => {
    const datastore = await t.app.inject({ method: 'HEAD', url: '/fr/datapusher/datastores/databases/', headers: member.jwtHeaders });
    expect(datastore.statusCode).toBe(200);
    const geospatial = await t.app.inject({ method: 'HEAD', url: '/fr/geospatial/datastores/databases/', headers: member.jwtHeaders });
    expect(geospatial.statusCode).toBe(200);
  });

  it('GET lists the database by name only, never the credentials', async () => {
    const response = await t.app.inject({ url: '/fr/datapusher/datastores/databases/', headers: member.jwtHeaders });
    expect(response.json()).toEqual([{ name: 'datastore' }]);
    expect(response.body).not.toContain('s3cret');
    const geospatial = await t.app.inject({ url: '/en/geospatial/datastores/databases/', headers: member.jwtHeaders });
    expect(geospatial.json()).toEqual([{ name: 'datastore' }]);
  });

  it('requires authentication', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/fr/datapusher/datastores/databases/' })).statusCode).toBe(401);
  });
});

describe('platform routes', () => {
  it('GET /health checks the database', async () => {
    const response = await t.app.inject({ url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('GET /publish/config.json gives the links and services of the admin app', async () => {
    const response = await t.app.inject({ url: '/publish/config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const body = response.json();
    expect(body.links).toEqual({
      login: '/{locale}/login/signin/',
      profile: '/{locale}/login/profile/',
      terms: '/{locale}/login/terms/',
      signout: '/{locale}/login/session/signout/',
      home: '/',
    });
    // The test platform sets no service address: the menu has nothing that would lead nowhere.
    expect(body.services).toEqual([]);
  });
});
