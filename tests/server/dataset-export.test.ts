/** The datasets list as an ODL file: its format and escaping, the list's search, filters, order and visibility, streaming. */
import { type ClientRequest, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetPagesBase } from '../../src/server/config.ts';
import { MAX_RUNNING_EXPORTS } from '../../src/server/datasets/export.ts';
import { groupIds } from './accounts-helpers.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

/** The header row of OpenDataFrance's sample (fixtures/harvest/odl-export-sample.csv), line end included. */
const SAMPLE_HEADER =
  '"COLL_NOM","COLL_SIRET","ID","TITRE","DESCRIPTION","THEME","PRODUCTEUR_NOM","PRODUCTEUR_SIRET","COUV_SPAT_MAILLE",' +
  '"COUV_SPAT_NOM","COUV_TEMP_DEBUT","COUV_TEMP_FIN","DATE_PUBL","FREQ_MAJ","DATE_MAJ","MOTS_CLES","LICENCE",' +
  '"NOMBRE_RESSOURCES","FORMAT_RESSOURCES","URL"\r\n';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let g: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  [admin, editor] = await Promise.all(['admin', 'editor'].map((name) => t.signIn(name)));
  g = await groupIds(t);
});
afterAll(() => t?.close());

const EXPORT = 'datasets/export/odl/';
const get = (path: string, who?: SignedIn, locale = 'fr') =>
  t.app.inject({ url: `/${locale}/dataset/${path}`, headers: who?.jwtHeaders ?? {} });
const send = (method: 'POST' | 'PATCH', path: string, payload: object, who: SignedIn = admin) =>
  t.app.inject({ method, url: `/fr/dataset/${path}`, headers: who.sessionHeaders, payload });

/** RFC 4180: quoted fields with doubled quotes, CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

async function exported(query = '', who: SignedIn = admin, locale = 'fr'): Promise<Array<Record<string, string>>> {
  const response = await get(`${EXPORT}${query ? `?${query}` : ''}`, who, locale);
  expect(response.statusCode).toBe(200);
  const [header, ...rows] = parseCsv(response.body.replace(/^\uFEFF/, ''));
  for (const row of rows) expect(row).toHaveLength(20);
  return rows.map((row) => Object.fromEntries(row.map((value, index) => [header[index], value])));
}

/** The codenames of the list endpoint's answer, in its order. */
async function listed(query = '', who: SignedIn = admin): Promise<string[]> {
  const response = await get(`datasets/?page_size=1000${query ? `&${query}` : ''}`, who);
  expect(response.statusCode).toBe(200);
  return response.json().results.map((record: { codename: string }) => record.codename);
}

async function lookupId(list: string, codename: string): Promise<number> {
  const { results } = (await get(`${list}/?page_size=100`, admin)).json();
  return results.find((entry: { codename: string }) => entry.codename === codename).id;
}

describe('the ODL export', () => {
  it('is a CSV attachment starting with the format header, one row per dataset of the list', async () => {
    const response = await get(EXPORT, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="datasets-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers['content-disposition']).toContain(new Date().toISOString().slice(0, 10));
    expect(response.headers['cache-control']).toBe('no-store');
    // The UTF-8 byte-order mark first, so a spreadsheet reads the accents as UTF-8.
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.startsWith(`\uFEFF${SAMPLE_HEADER}`)).toBe(true);
    expect(response.body.endsWith('\r\n')).toBe(true);
    const rows = await exported();
    expect(rows.map((row) => row.ID)).toEqual(await listed());
    expect(rows.length).toBe((await get('datasets/', admin)).json().count);
  });

  it('round-trips quotes, commas, line breaks and accents, and neutralises formulas', async () => {
    const jurisdiction = (await t.db.query("INSERT INTO jurisdictions (display_name, codename) VALUES ('Sud, \"Méditerranée\"', 'sud-mediterranee') RETURNING id")).rows[0].id;
    const region = g['region-sud-mediterranee'];
    await t.db.query('UPDATE usergroups SET jurisdiction_id = $1 WHERE id = $2', [jurisdiction, region]);
    const licence = (await t.db.query<{ id: number; title: string }>('SELECT id, title FROM licences ORDER BY id LIMIT 1')).rows[0];
    const description = 'Il a dit "bonjour", puis:\nÉté à Nîmes; 3 € ; œuvre ""doublée""\n\nfin';
    const created = await send('POST', 'datasets/', {
      display_name: '=HYPERLINK("http://example.com","clic")',
      codename: 'formule-export',
      description,
      usergroup: region,
      tags: ['qualité', '@mention'],
      topics: [await lookupId('topics', 'hy'), await lookupId('topics', 'ad')],
      granularity: await lookupId('granularities', 'commune'),
      update_frequency: await lookupId('update-frequencies', 'MONTHLY'),
      licence: licence.id,
      geographic_coverage: 'organisation',
      publication_date: '2024-03-01',
      last_update_date: '2025-06-30',
    });
    expect(created.statusCode).toBe(201);

    const [row] = await exported('search=hyperlink');
    expect(row).toEqual({
      COLL_NOM: 'Région Sud-Méditerranée',
      COLL_SIRET: '20005378800010',
      ID: 'formule-export',
      TITRE: '\'=HYPERLINK("http://example.com","clic")',
      DESCRIPTION: description,
      THEME: 'Adresses;Hydrographie',
      PRODUCTEUR_NOM: 'Région Sud-Méditerranée',
      PRODUCTEUR_SIRET: '20005378800010',
      COUV_SPAT_MAILLE: 'Commune',
      COUV_SPAT_NOM: 'Sud, "Méditerranée"',
      COUV_TEMP_DEBUT: '',
      COUV_TEMP_FIN: '',
      DATE_PUBL: '2024-03-01',
      FREQ_MAJ: 'Mensuelle',
      DATE_MAJ: '2025-06-30',
      MOTS_CLES: '\'@mention;qualité',
      LICENCE: licence.title,
      NOMBRE_RESSOURCES: '0',
      FORMAT_RESSOURCES: '',
      URL: 'http://localhost/dataset/formule-export',
    });
    // Labels follow the request's language.
    const [english] = await exported('search=hyperlink', admin, 'en');
    expect(english).toMatchObject({ THEME: 'Addresses;Hydrography', COUV_SPAT_MAILLE: 'Municipality', FREQ_MAJ: 'Monthly' });

    // The raw bytes: every field quoted, inner quotes doubled, UTF-8.
    const raw = (await get(`${EXPORT}?search=hyperlink`, admin)).rawPayload.toString('utf8');
    expect(raw).toContain('"\'=HYPERLINK(""http://example.com"",""clic"")"');
    expect(raw).toContain('"Il a dit ""bonjour"", puis:\nÉté à Nîmes; 3 € ; œuvre """"doublée""""\n\nfin"');

    // A dataset's own jurisdiction otherwise; a user group has no SIRET; other formula starts.
    const other = (await t.db.query("INSERT INTO jurisdictions (display_name, codename) VALUES ('Val de Durance', 'val-de-durance') RETURNING id")).rows[0].id;
    await send('POST', 'datasets/', {
      display_name: '+33 numéros', codename: 'plus-export', description: '-10 % @tous\tet =1', usergroup: g['groupe-de-travail-mobilite'],
      geographic_coverage: 'jurisdiction', jurisdiction: other,
    });
    const [plus] = await exported('search=numeros');
    expect(plus).toMatchObject({ TITRE: "'+33 numéros", DESCRIPTION: "'-10 % @tous\tet =1", COLL_NOM: 'Groupe de travail Mobilité', COLL_SIRET: '', COUV_SPAT_NOM: 'Val de Durance' });
  });

  it('builds dataset addresses from PORTAL_URL, absolute with PUBLIC_URL', () => {
    const base = 'https://publish.example.org:8443/';
    expect(datasetPagesBase('/', base)).toBe('https://publish.example.org:8443/dataset/');
    expect(datasetPagesBase('/portail', base)).toBe('https://publish.example.org:8443/portail/dataset/');
    expect(datasetPagesBase('https://data.example-region.fr/', base)).toBe('https://data.example-region.fr/dataset/');
  });

  it('keeps the list\'s search, filters and ordering, row for row', async () => {
    const owner = (await t.db.query("INSERT INTO usergroups (usergroup_type, display_name, slug) VALUES ('organisation', 'Aaa syndicat', 'aaa-syndicat') RETURNING id")).rows[0].id;
    const envi = await lookupId('categories', 'ENVI');
    for (const [name, publish] of [['Eau potable du syndicat', false], ['Réseau d’eau pluviale', true], ['Zones humides', true]] as const) {
      expect((await send('POST', 'datasets/', { display_name: name, usergroup: owner, categories: [envi], publish, tags: ['eau'] })).statusCode).toBe(201);
    }
    const queries = [
      '',
      'search=eau',
      'search=eau&ordering=-display_name',
      `usergroup_id=${owner}&ordering=display_name`,
      `categories__in=${envi}&publish=true`,
      'publish=false',
      'ordering=usergroup,-created_at',
      'ordering=-usergroup',
      'ordering=revision_date',
      'ordering=-publish,display_name',
      'perms=editable',
      'default_permission_level__in=0,1',
    ];
    for (const query of queries) {
      for (const who of [admin, editor]) {
        const codenames = (await exported(query, who)).map((row) => row.ID);
        expect(codenames, `${query} as ${who === admin ? 'admin' : 'editor'}`).toEqual(await listed(query, who));
      }
    }
    expect((await exported(`usergroup_id=${owner}&ordering=-display_name`)).map((row) => row.TITRE)).toEqual([
      'Zones humides', 'Réseau d’eau pluviale', 'Eau potable du syndicat',
    ]);
  });

  it('holds only the datasets the caller sees', async () => {
    const region = g['region-sud-mediterranee'];
    await send('POST', 'datasets/', { display_name: 'Secret de la région', codename: 'secret-region', usergroup: region });
    await send('POST', 'datasets/', { display_name: 'Partagé par la région', codename: 'partage-region', usergroup: region, default_permission_level: 1 });
    const mine = (await exported('', editor)).map((row) => row.ID);
    expect(mine).not.toContain('secret-region');
    expect(mine).toContain('partage-region');
    expect(mine).toEqual(await listed('', editor));
    expect((await exported('search=secret', editor))).toEqual([]);
    expect((await exported('search=secret')).map((row) => row.ID)).toEqual(['secret-region']);
  });

  it('refuses bad parameters with the list\'s 400, and anonymous callers with 401', async () => {
    for (const query of ['ordering=description', 'ordering=-nope,display_name', 'usergroup_id=abc', 'perms=nope', 'categories__in=x', 'publish=maybe']) {
      const response = await get(`${EXPORT}?${query}`, editor, 'en');
      const list = await get(`datasets/?${query}`, editor, 'en');
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual(list.json());
    }
    // HEAD checks the parameters and answers the headers without reading the list.
    const head = await t.app.inject({ method: 'HEAD', url: `/fr/dataset/${EXPORT}?ordering=display_name`, headers: editor.jwtHeaders });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(head.body).toBe('');
    expect((await t.app.inject({ method: 'HEAD', url: `/fr/dataset/${EXPORT}?ordering=nope`, headers: editor.jwtHeaders })).statusCode).toBe(400);
    const anonymous = await get(EXPORT);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: expect.any(String) });
  });
});

describe('streaming', () => {
  const pool = () => ({ total: t.db.totalCount, idle: t.db.idleCount, waiting: t.db.waitingCount });
  async function settled(): Promise<void> {
    for (let i = 0; i < 100 && (t.db.idleCount !== t.db.totalCount || t.db.waitingCount > 0); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('sends every row of a large list and gives its connection back, also when the client leaves mid-way', async () => {
    const owner = (await t.db.query("INSERT INTO usergroups (usergroup_type, display_name, slug) VALUES ('organisation', 'Masse', 'masse') RETURNING id")).rows[0].id;
    await t.db.query(
      `INSERT INTO datasets (codename, display_name, description, usergroup_id)
       SELECT 'masse-' || n, 'Masse ' || n, repeat('x', 500), $1 FROM generate_series(1, 20000) n`,
      [owner],
    );
    await settled();
    const before = pool();

    const complete = await get(`${EXPORT}?usergroup_id=${owner}&ordering=display_name`, admin);
    expect(complete.statusCode).toBe(200);
    const lines = complete.body.split('\r\n');
    expect(lines).toHaveLength(20002);
    expect(lines[1]).toContain('"masse-1"');
    await settled();
    expect(pool()).toEqual({ ...before, idle: before.total });

    // Real clients read the first bytes and stop reading: each cursor holds its connection
    // (backpressure: the server has not read the whole list meanwhile); at most
    // MAX_RUNNING_EXPORTS run at once. Then the clients go away: the cursors close, the connections return.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const paused = await Promise.all(
      Array.from({ length: MAX_RUNNING_EXPORTS }, () =>
        new Promise<{ request: ClientRequest; received: number }>((resolve, reject) => {
          const request = httpRequest({ host: '127.0.0.1', port, path: `/fr/dataset/${EXPORT}?usergroup_id=${owner}`, headers: admin.jwtHeaders }, (response) => {
            expect(response.statusCode).toBe(200);
            response.once('data', (chunk: Buffer) => {
              response.pause();
              resolve({ request, received: chunk.length });
            });
          });
          request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
          request.end();
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const held = t.db.totalCount - t.db.idleCount;
    const busy = await get(EXPORT, editor, 'en');
    expect(busy.statusCode).toBe(429);
    expect(busy.headers['retry-after']).toBe('10');
    expect(busy.json()).toEqual({ detail: 'Several exports are already running: try again in a few seconds.' });
    // The rest of the API is not held up.
    expect((await get('datasets/?page_size=1', editor)).statusCode).toBe(200);
    for (const { request } of paused) request.destroy();
    const received = Math.min(...paused.map((download) => download.received));
    expect(held).toBe(MAX_RUNNING_EXPORTS);
    expect(received).toBeGreaterThan(0);
    await settled();
    expect(pool().idle).toBe(pool().total);
    expect(pool().waiting).toBe(0);
    const { rows } = await t.db.query(`SELECT count(*)::integer AS n FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle' AND query LIKE '%dataset_topics dt%'`);
    expect(rows[0].n).toBe(0);
    // The connections still work.
    expect((await get(`${EXPORT}?search=hyperlink`, admin)).statusCode).toBe(200);
  });
});
