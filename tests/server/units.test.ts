import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/login/en.ts';
import fr from '../../i18n/login/fr.ts';
import it_ from '../../i18n/login/it.ts';
import { loadPasswordEstimator, passwordProblem } from '../../schemas/password.ts';
import { hashPassword, needsRehash, randomPassword, verifyPassword } from '../../src/server/auth/passwords.ts';
import { TEST_DEMO_PASSWORD } from './constants.ts';
import { isSafeNext, safeNext } from '../../src/server/auth/safe-next.ts';
import { loadConfig } from '../../src/server/config.ts';
import { escapeHtml, html } from '../../src/server/http/html.ts';
import { t } from '../../src/server/i18n.ts';

describe('passwords', () => {
  it('hashes with scrypt and a random salt, and verifies', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    // OWASP's minimum for scrypt: N=2^17, r=8, p=1.
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(needsRehash(first)).toBe(false);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horsE', first)).toBe(false);
  });

  it('still verifies weaker hashes of earlier versions, which need rehashing', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('correct horse', salt, 32, { N: 16384, r: 8, p: 1 });
    const old = ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    expect(await verifyPassword('correct horse', old)).toBe(true);
    expect(await verifyPassword('correct horsE', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash('!')).toBe(false);
  });

  it('makes random demo passwords that follow the rule of passwords, as the test demo password does', async () => {
    const estimate = await loadPasswordEstimator();
    for (let i = 0; i < 200; i += 1) expect(passwordProblem(randomPassword(), { username: 'admin', email: 'admin@example.org' }, estimate)).toBeNull();
    for (const username of ['admin', 'editor', 'member', 'newcomer', 'referent']) {
      expect(passwordProblem(TEST_DEMO_PASSWORD, { username, email: `${username}@example.org` }, estimate)).toBeNull();
    }
  });

  it('refuses malformed stored values', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$a$b$c$d$e')).toBe(false);
  });
});

describe('next parameter', () => {
  it.each(['/publish/', '/fr/login/profile/?next=%2Fpublish%2F', '/publish/fr/data#tasks'])('keeps %s', (next) => {
    expect(isSafeNext(next)).toBe(true);
    expect(safeNext(next)).toBe(next);
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil', '\\\\evil', 'javascript:alert(1)', 'evil.com', '', '/%2F%2Fevil.com', '/\tevil', '/%5cevil'])(
    'rejects %s',
    (next) => {
      expect(isSafeNext(next)).toBe(false);
      expect(safeNext(next)).toBe('/publish/');
    },
  );

  it('rejects non-strings', () => {
    expect(safeNext(['/a'])).toBe('/publish/');
    expect(safeNext(undefined, '/x/')).toBe('/x/');
  });
});

describe('configuration', () => {
  it('has documented defaults', () => {
    const config = loadConfig({ SECRET_KEY: 'k', DATA_DIR: '/tmp/publish-config-test' });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      demoPassword: null,
      logLevel: 'info',
      datastoreUrl: null,
      mapserverUrl: null,
      portalUrl: '/',
    });
    // No service address is set: the menu offers none, rather than links leading nowhere.
    expect(config.services).toEqual([]);
  });

  it('offers the services whose address is set, available to all or to superusers by their kind', () => {
    const config = loadConfig({
      SECRET_KEY: 'k',
      PORTAL_URL: 'https://portail.example.org/',
      CONTRIBUTION_URL: 'https://contribuer.example.org/',
      LAND_REGISTRY_URL: 'https://cadastre.example.org/',
      MAPS_URL: 'https://cartes.example.org/',
      STATISTICS_URL: 'https://stats.example.org/',
      MAPSERVER_ADMIN_URL: 'https://geoserver.example.org/',
      METADATA_URL: 'https://geonetwork.example.org/',
    });
    const services = Object.fromEntries(config.services.map((s) => [s.key, s]));
    expect(Object.keys(services)).toEqual([
      'portal',
      'contribution',
      'landRegistry',
      'maps',
      'statistics',
      'mapServerAdmin',
      'metadataCatalogue',
    ]);
    expect(services.contribution).toEqual({ key: 'contribution', url: 'https://contribuer.example.org/', available: true, superusers: true });
    expect(services.portal.available && services.landRegistry.available).toBe(true);
    for (const key of ['maps', 'statistics', 'mapServerAdmin', 'metadataCatalogue']) {
      expect(services[key]).toMatchObject({ available: false, superusers: true });
    }
    expect(loadConfig({ SECRET_KEY: 'k', CONTRIBUTION_URL: '/contribuer/' }).services.map((s) => s.key)).toEqual(['contribution']);
  });

  it('reads overrides', () => {
    const config = loadConfig({ SECRET_KEY: 'k', PORT: '9000', MAPS_AVAILABLE: 'true', MAPS_URL: '/carto/', DATASTORE_URL: 'postgres://x/y' });
    expect(config.port).toBe(9000);
    expect(config.datastoreUrl).toBe('postgres://x/y');
    expect(config.services.find((s) => s.key === 'maps')).toMatchObject({ url: '/carto/', available: true });
    expect(() => loadConfig({ SECRET_KEY: 'k', PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('gives background work a lower processor priority unless told otherwise, within nice\'s range', () => {
    expect(loadConfig({ SECRET_KEY: 'k' }).backgroundNice).toBe(10);
    expect(loadConfig({ SECRET_KEY: 'k', BACKGROUND_NICE: '0' }).backgroundNice).toBe(0);
    expect(loadConfig({ SECRET_KEY: 'k', BACKGROUND_NICE: '19' }).backgroundNice).toBe(19);
    for (const bad of ['20', '-5', 'low']) expect(() => loadConfig({ SECRET_KEY: 'k', BACKGROUND_NICE: bad })).toThrow(/BACKGROUND_NICE/);
  });

  it("knows this platform's dataset pages from PORTAL_URL under PUBLIC_URL, so harvests recognise its records", () => {
    expect(loadConfig({ SECRET_KEY: 'k', PORTAL_URL: 'https://portail.example.org' }).tasks.harvest.platformDatasetPages).toEqual(['https://portail.example.org/dataset/']);
    expect(loadConfig({ SECRET_KEY: 'k', PUBLIC_URL: 'https://data.example.org/publish', PORTAL_URL: '/portail' }).tasks.harvest.platformDatasetPages).toEqual(['https://data.example.org/portail/dataset/']);
    expect(loadConfig({ SECRET_KEY: 'k' }).tasks.harvest.platformDatasetPages).toEqual(['http://127.0.0.1:8080/dataset/']);
  });

  it('writes absolute URLs from PUBLIC_URL, by default the local address, and refuses anything but an http(s) URL', () => {
    expect(loadConfig({ SECRET_KEY: 'k' }).publicUrl).toBe('http://127.0.0.1:8080/');
    expect(loadConfig({ SECRET_KEY: 'k', HOST: '::1', PORT: '9000' }).publicUrl).toBe('http://[::1]:9000/');
    expect(loadConfig({ SECRET_KEY: 'k', PUBLIC_URL: 'https://data.example.org/publish' }).publicUrl).toBe('https://data.example.org/publish/');
    for (const bad of ['data.example.org', 'ftp://data.example.org/', 'https://data.example.org/?a=1', 'https://u:p@data.example.org/']) {
      expect(() => loadConfig({ SECRET_KEY: 'k', PUBLIC_URL: bad })).toThrow(/PUBLIC_URL/);
    }
  });
});

describe('login catalogues', () => {
  function keys(value: object, prefix = ''): string[] {
    return Object.entries(value).flatMap(([key, child]) =>
      typeof child === 'object' && child !== null ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
    );
  }

  it('fr, en and it have identical keys and no empty strings', () => {
    expect(keys(fr)).toEqual(keys(en));
    expect(keys(it_)).toEqual(keys(en));
    for (const catalogue of [fr, en, it_]) {
      expect(JSON.stringify(catalogue)).not.toMatch(/""/);
    }
  });
});

describe('helpers', () => {
  it('html escapes interpolated values', () => {
    expect(escapeHtml(`<script>"'&`)).toBe('&lt;script&gt;&quot;&#39;&amp;');
    expect(html`<p title="${'"x"'}">${'<b>'}</p>`.value).toBe('<p title="&quot;x&quot;">&lt;b&gt;</p>');
  });
});

describe('API messages', () => {
  it('make their words agree with the numbers they give, as each language counts', () => {
    expect(t('fr', 'datastore.loaded', { rows: 1, table: 'lycees' })).toBe('1 ligne chargée dans la table lycees.');
    expect(t('fr', 'datastore.loaded', { rows: 0, table: 'lycees' })).toBe('0 ligne chargée dans la table lycees.');
    expect(t('fr', 'datastore.loaded', { rows: 1200, table: 'lycees' })).toBe('1200 lignes chargées dans la table lycees.');
    expect(t('en', 'datastore.loaded', { rows: 0, table: 'lycees' })).toBe('0 rows loaded into table lycees.');
    expect(t('en', 'datastore.analysed', { rows: 1, columns: 2, delimiter: ';' })).toBe('1 row and 2 columns read (delimiter “;”).');
    expect(t('it', 'bulk.applied', { changed: 1, skipped: 3 })).toBe("1 insieme di dati modificato, 3 lasciati com'erano.");
  });
});
