/**
 * Metadata quality: GET dataset/datasets/{id}/quality/ (score, rating, dimensions, indicators with
 * hints in the request's language, DCAT-AP violations in plain words), the score stored on save and
 * by the nightly scenario, and the datasets list's quality_rating column, filter and ordering.
 */
import { DataFactory } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDcatAp } from '../../src/server/catalog/shacl.ts';
import { shaclInWords } from '../../src/server/quality/assess.ts';
import { INDICATORS, MAX_SCORE, RATING_THRESHOLDS } from '../../src/server/quality/indicators.ts';
import { assessAllDatasets } from '../../src/server/quality/nightly.ts';
import { oweAssessment } from '../../src/server/quality/owed.ts';
import { QUALITY_SCENARIOS } from '../../src/server/quality/scenarios.ts';
import type { ScenarioContext } from '../../src/server/tasks/context.ts';
import { groupIds } from './accounts-helpers.ts';
import { createTestApp, scoresSettled, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let g: Record<string, number>;

beforeAll(async () => {
  // The task engine scores what saves owe.
  t = await createTestApp({}, { tasks: true });
  [admin, editor] = await Promise.all(['admin', 'editor'].map((name) => t.signIn(name)));
  g = await groupIds(t);
});
afterAll(() => t?.close());

const get = (path: string, who: SignedIn = admin, locale = 'fr') => t.app.inject({ url: `/${locale}/dataset/${path}`, headers: who.jwtHeaders });
const send = (method: 'POST' | 'PATCH', path: string, payload: object, who: SignedIn = admin) =>
  t.app.inject({ method, url: `/fr/dataset/${path}`, headers: who.sessionHeaders, payload });

interface Indicator {
  code: string;
  dimension: string;
  points: number;
  max_points: number;
  passed: boolean;
  hint: string;
  field: string | null;
}

async function quality(id: number, locale = 'fr', who: SignedIn = admin) {
  const response = await get(`datasets/${id}/quality/`, who, locale);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    score: number;
    max_score: number;
    rating: string;
    dimensions: { name: string; score: number; max_score: number }[];
    indicators: Indicator[];
    shacl: unknown[];
    checked_at: string;
  }>();
}

async function createBare(name: string): Promise<number> {
  const response = await send('POST', 'datasets/', { display_name: name, usergroup: g['metropole-cote-azurine'] });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const indicator = (body: { indicators: Indicator[] }, code: string) => body.indicators.find((entry) => entry.code === code)!;

describe('the quality of a dataset', () => {
  it('scores a bare record low, in five dimensions, with what to fill and where, in the request language', async () => {
    const id = await createBare('Relevés sans métadonnées');
    const body = await quality(id);
    expect(body.max_score).toBe(405);
    expect(body.max_score).toBe(MAX_SCORE);
    expect(body.rating).toBe('bad');
    expect(body.dimensions.map((d) => d.name)).toEqual(['findability', 'accessibility', 'interoperability', 'reusability', 'contextuality']);
    expect(body.dimensions.map((d) => d.max_score)).toEqual([100, 100, 110, 75, 20]);
    expect(body.dimensions.reduce((sum, d) => sum + d.score, 0)).toBe(body.score);
    expect(body.indicators.reduce((sum, i) => sum + i.points, 0)).toBe(body.score);
    expect(body.indicators).toHaveLength(INDICATORS.length);
    expect(indicator(body, 'keywords')).toEqual({
      code: 'keywords', dimension: 'findability', points: 0, max_points: 30, passed: false, hint: 'Ajoutez des mots-clés.', field: 'tags',
    });
    expect(indicator(body, 'licence')).toMatchObject({ passed: false, field: 'licence', hint: 'Choisissez une licence.' });
    // Without any resource, "add one" is the advice, not "fix its link": that one fails unadvised.
    expect(indicator(body, 'access_url')).toMatchObject({ passed: false, hint: expect.stringMatching(/.+/) });
    expect(indicator(body, 'access_url_answers')).toMatchObject({ passed: false, points: 0, hint: '' });
    expect(indicator(body, 'download_url_answers')).toMatchObject({ passed: false, hint: '' });
    const stored = (await t.db.query('SELECT quality_missing FROM datasets WHERE id = $1', [id])).rows[0].quality_missing;
    expect(stored).toContain('access_url');
    expect(stored).not.toContain('access_url_answers');
    // The record as the feed would serve it conforms, and the publisher is there.
    expect(body.shacl).toEqual([]);
    expect(indicator(body, 'dcat_ap')).toMatchObject({ passed: true, points: 30, hint: '' });
    expect(indicator(body, 'publisher')).toMatchObject({ passed: true });
    expect(Date.parse(body.checked_at)).not.toBeNaN();
    expect(indicator(await quality(id, 'en'), 'keywords').hint).toBe('Add keywords.');
    expect(indicator(await quality(id, 'it'), 'keywords').hint).toBe('Aggiungere parole chiave.');
  });

  it('is scored again when a resource is linked to it or unlinked, without anyone reading its quality', async () => {
    const id = await createBare('Relevés sans ressource');
    const missing = async () => (await t.db.query<{ quality_missing: string[] }>('SELECT quality_missing FROM datasets WHERE id = $1', [id])).rows[0].quality_missing;
    await expect.poll(missing, { timeout: 10_000 }).toContain('access_url');
    const resource = await t.db.query<{ id: number }>(
      `INSERT INTO resources (display_name, codename, type, usergroup_id) VALUES ('Relevés en ligne', 'releves-en-ligne', 'href', $1) RETURNING id`,
      [g['metropole-cote-azurine']],
    );
    await t.db.query(`INSERT INTO resource_sources (resource_id, kind, href) VALUES ($1, 'href', 'https://example.org/releves.csv')`, [resource.rows[0].id]);
    const link = await t.app.inject({
      method: 'POST', url: '/fr/resource/resource-dataset/', headers: admin.jwtHeaders, payload: { resource_id: resource.rows[0].id, dataset_id: id, type: 1 },
    });
    expect(link.statusCode, link.body).toBe(201);
    await expect.poll(missing, { timeout: 10_000 }).not.toContain('access_url');
    const unlinked = await t.app.inject({ method: 'DELETE', url: `/fr/resource/resource-dataset/${link.json().id}/`, headers: admin.jwtHeaders });
    expect(unlinked.statusCode).toBe(204);
    await expect.poll(missing, { timeout: 10_000 }).toContain('access_url');
  });

  it('is scored again when a contact is linked to it, given another role or removed, without anyone reading its quality', async () => {
    const id = await createBare('Relevés sans contact');
    const missing = async () => (await t.db.query<{ quality_missing: string[] }>('SELECT quality_missing FROM datasets WHERE id = $1', [id])).rows[0].quality_missing;
    await expect.poll(missing, { timeout: 10_000 }).toContain('contact_point');
    const contact = await send('POST', 'contacts/', { name: 'Service SIG', email: 'sig@example.org', usergroup: g['metropole-cote-azurine'] });
    expect(contact.statusCode, contact.body).toBe(201);
    const roles = (await get('contact-roles/')).json().results as { id: number; codename: string }[];
    const role = (codename: string) => roles.find((entry) => entry.codename === codename)!.id;
    const linked = await send('POST', `datasets/${id}/contact-roles/`, { contact: contact.json().id, role: role('author') });
    expect(linked.statusCode, linked.body).toBe(201);
    await expect.poll(missing, { timeout: 10_000 }).not.toContain('contact_point');
    const changed = await t.app.inject({
      method: 'PUT', url: `/fr/dataset/datasets/${id}/contact-roles/${linked.json().id}/`, headers: admin.sessionHeaders,
      payload: { contact: contact.json().id, role: role('pointOfContact') },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/fr/dataset/datasets/${id}/contact-roles/${linked.json().id}/?force=true`, headers: admin.sessionHeaders });
    expect(removed.statusCode, removed.body).toBe(204);
    await expect.poll(missing, { timeout: 10_000 }).toContain('contact_point');
  });

  it('rises when the licence and keywords are filled, and the list shows the stored score and rating', async () => {
    const id = await createBare('Relevés à compléter');
    const before = await quality(id);
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM licences WHERE alternate_title = 'Etalab-2.0'`);
    const saved = await send('PATCH', `datasets/${id}/`, { tags: ['relevés'], licence: rows[0].id });
    expect(saved.statusCode, saved.body).toBe(200);
    // Owed by the save and scored after it: the list has it without anyone reading the quality.
    await expect.poll(async () => (await get(`datasets/?id__in=${id}`)).json().results[0].quality_score, { timeout: 10_000 }).toBe(before.score + 30 + 20 + 10);
    const listed = (await get(`datasets/?id__in=${id}`)).json().results[0];
    const after = await quality(id);
    expect(after.score).toBe(listed.quality_score);
    expect(listed.quality_rating).toBe(after.rating);
    expect(indicator(after, 'keywords')).toMatchObject({ passed: true, points: 30, hint: '' });
    expect(indicator(after, 'licence_known')).toMatchObject({ passed: true, points: 10 });
  });

  it('answers 404 for a dataset the caller cannot reach, as its record does, and for an unknown id', async () => {
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM datasets WHERE display_name = 'Prélèvements d’eau (données brutes)'`);
    const hidden = rows[0].id;
    expect((await get(`datasets/${hidden}/`, editor)).statusCode).toBe(404);
    expect((await get(`datasets/${hidden}/quality/`, editor)).statusCode).toBe(404);
    expect((await get(`datasets/${hidden}/quality/`, admin)).statusCode).toBe(200);
    expect((await get('datasets/987654321/quality/')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/fr/dataset/datasets/${hidden}/quality/` })).statusCode).toBe(401);
  });

  it('tells a DCAT-AP violation in plain words: the property and what is wrong', async () => {
    const { namedNode, literal, quad } = DataFactory;
    const dataset = namedNode('http://localhost/dataset/x');
    const results = await validateDcatAp([
      quad(dataset, namedNode('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), namedNode('http://www.w3.org/ns/dcat#Dataset')),
      quad(dataset, namedNode('http://purl.org/dc/terms/title'), literal('X', 'fr')),
      quad(dataset, namedNode('http://purl.org/dc/terms/description'), literal('X', 'fr')),
      quad(dataset, namedNode('http://www.w3.org/ns/dcat#theme'), namedNode('http://publications.europa.eu/resource/authority/data-theme/ENVI')),
    ]);
    const theme = results.find((result) => result.path === 'http://www.w3.org/ns/dcat#theme' && result.constraint === 'ClassConstraintComponent')!;
    expect(theme).toBeDefined();
    expect(shaclInWords(theme, 'fr')).toEqual({
      path: 'dcat:theme',
      message: '« dcat:theme » : http://publications.europa.eu/resource/authority/data-theme/ENVI n’est pas du type attendu (skos:Concept).',
      severity: 'violation',
    });
    expect(shaclInWords(theme, 'en').message).toBe('“dcat:theme”: http://publications.europa.eu/resource/authority/data-theme/ENVI is not of the expected type (skos:Concept).');
  });
});

describe('the datasets list', () => {
  it('orders by quality_score both ways and filters on quality_rating__in', async () => {
    const ids = [await createBare('Qualité A'), await createBare('Qualité B')];
    await scoresSettled(t.db);
    await t.db.query('UPDATE datasets SET quality_score = NULL, quality_rating = NULL');
    await t.db.query(`UPDATE datasets SET quality_score = 380, quality_rating = 'excellent' WHERE id = $1`, [ids[0]]);
    await t.db.query(`UPDATE datasets SET quality_score = 150, quality_rating = 'sufficient' WHERE id = $1`, [ids[1]]);
    const scores = async (ordering: string) =>
      (await get(`datasets/?ordering=${ordering}&page_size=100`)).json().results.map((r: { quality_score: number | null }) => r.quality_score);
    const ascending = await scores('quality_score');
    const scored = ascending.filter((score: number | null) => score !== null);
    expect(scored).toEqual([150, 380]);
    const descending = (await scores('-quality_score')).filter((score: number | null) => score !== null);
    expect(descending).toEqual([380, 150]);
    const filtered = (await get('datasets/?quality_rating__in=excellent,sufficient')).json();
    expect(filtered.results.map((r: { id: number }) => r.id).sort()).toEqual([...ids].sort());
    expect(filtered.results.map((r: { quality_rating: string }) => r.quality_rating).sort()).toEqual(['excellent', 'sufficient']);
    expect((await get('datasets/?quality_rating__in=good')).json().count).toBe(0);
    const refused = await get('datasets/?quality_rating__in=perfect');
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['quality_rating__in']);
  });

  it('is scored again for every dataset by the nightly scenario', async () => {
    await scoresSettled(t.db);
    await t.db.query('UPDATE datasets SET quality_score = NULL, quality_rating = NULL');
    const steps: unknown[] = [];
    const context = {
      db: t.db, config: t.config.tasks, taskId: 0, objectId: 0, kwargs: {}, signal: new AbortController().signal,
      step: async (code: string, params: unknown) => void steps.push([code, params]),
    } as unknown as ScenarioContext;
    await QUALITY_SCENARIOS['check-quality'].run(context);
    const { rows } = await t.db.query<{ unscored: number; total: number }>(
      `SELECT count(*) FILTER (WHERE quality_score IS NULL OR quality_rating IS NULL)::integer AS unscored, count(*)::integer AS total FROM datasets`,
    );
    expect(rows[0].unscored).toBe(0);
    // Never scored: none is skipped, whatever was assessed before.
    expect(steps).toEqual([['quality.assessed', { count: rows[0].total, unchanged: 0 }]]);
    const { rows: ratings } = await t.db.query<{ quality_score: number; quality_rating: string }>('SELECT quality_score, quality_rating FROM datasets');
    for (const { quality_score: score, quality_rating: rating } of ratings) {
      const expected = RATING_THRESHOLDS.find((threshold) => score >= threshold.min)?.rating ?? 'bad';
      expect(rating).toBe(expected);
    }
  });
});

describe('the nightly assessment', () => {
  const signal = () => new AbortController().signal;
  const total = async () => (await t.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM datasets')).rows[0].n;

  it('assesses in batches, then skips the datasets unchanged since, and assesses again those whose record or links changed', async () => {
    await scoresSettled(t.db);
    const datasets = await total();
    // A dataset with a link, and another with keywords.
    const { rows: tagged } = await t.db.query<{ id: number }>(
      'SELECT d.id FROM datasets d WHERE EXISTS (SELECT 1 FROM dataset_tags dt WHERE dt.dataset_id = d.id) ORDER BY d.id LIMIT 1',
    );
    const { rows: linked } = await t.db.query<{ id: number; usergroup_id: number }>('SELECT id, usergroup_id FROM datasets WHERE id <> $1 ORDER BY id LIMIT 1', [tagged[0].id]);
    const resource = await t.db.query<{ id: number }>(
      `INSERT INTO resources (display_name, codename, type, usergroup_id) VALUES ('Lien nocturne', 'lien-nocturne', 'href', $1) RETURNING id`,
      [linked[0].usergroup_id],
    );
    await t.db.query(`INSERT INTO resource_sources (resource_id, kind, href) VALUES ($1, 'href', 'https://example.org/nocturne.csv')`, [resource.rows[0].id]);
    await t.db.query('INSERT INTO resource_datasets (resource_id, dataset_id, type) VALUES ($1, $2, 2)', [resource.rows[0].id, linked[0].id]);

    // Batches of 2: every dataset is reached, whatever the batch size.
    const first = await assessAllDatasets(t.db, signal(), 2);
    expect(first.count + first.unchanged).toBe(datasets);
    expect((await t.db.query('SELECT 1 FROM dataset_quality_inputs')).rowCount).toBe(datasets);

    // Nothing changed: every dataset is skipped, and nothing is written to the datasets.
    // Each row's version (xmin changes with any update of the row).
    const rowVersions = async () => (await t.db.query<{ id: number; xmin: string }>('SELECT id, xmin::text FROM datasets ORDER BY id')).rows;
    const versionsBefore = await rowVersions();
    expect(await assessAllDatasets(t.db, signal(), 2)).toEqual({ count: 0, unchanged: datasets });
    expect(await rowVersions()).toEqual(versionsBefore);

    // A record changed (its keywords removed), and the other dataset's link found broken: those two
    // only are assessed again.
    const before = (await t.db.query<{ quality_score: number }>('SELECT quality_score FROM datasets WHERE id = $1', [tagged[0].id])).rows[0];
    await t.db.query('DELETE FROM dataset_tags WHERE dataset_id = $1', [tagged[0].id]);
    await t.db.query('UPDATE resources SET link_broken = true WHERE id = $1', [resource.rows[0].id]);
    expect(await assessAllDatasets(t.db, signal(), 2)).toEqual({ count: 2, unchanged: datasets - 2 });
    // Without keywords, its score lost their points.
    const after = (await t.db.query<{ quality_score: number }>('SELECT quality_score FROM datasets WHERE id = $1', [tagged[0].id])).rows[0];
    expect(after.quality_score).toBe(before.quality_score - INDICATORS.find((indicator) => indicator.code === 'keywords')!.points);

    // Reworded texts change no score: their dataset is skipped. An emptied description is seen.
    await t.db.query(`UPDATE datasets SET description = description || ' (reformulé)', display_name = display_name || ' bis', updated_at = now() WHERE id = $1`, [linked[0].id]);
    expect(await assessAllDatasets(t.db, signal(), 2)).toEqual({ count: 0, unchanged: datasets });
    await t.db.query(`UPDATE datasets SET description = '' WHERE id = $1`, [linked[0].id]);
    expect(await assessAllDatasets(t.db, signal(), 2)).toEqual({ count: 1, unchanged: datasets - 1 });
  });

  it('stops between datasets when its task is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('time limit'));
    await expect(assessAllDatasets(t.db, controller.signal)).rejects.toThrow('time limit');
  });
});

describe('the quality summary', () => {
  it('tells a superuser the ratings and the most missed indicators of the platform, or of one group', async () => {
    const summary = (await get('quality-summary/')).json();
    const { rows } = await t.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM datasets');
    expect(summary.total).toBe(rows[0].count);
    expect(Object.keys(summary.ratings)).toEqual(['excellent', 'good', 'sufficient', 'bad', 'unrated']);
    expect(Object.values(summary.ratings as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(summary.total);
    expect(summary.missing.length).toBeGreaterThan(2);
    const counts = summary.missing.map((m: { count: number }) => m.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(summary.missing[0]).toEqual({ code: expect.any(String), dimension: expect.any(String), max_points: expect.any(Number), count: counts[0], hint: expect.any(String) });
    const group = g['metropole-cote-azurine'];
    const own = (await get(`quality-summary/?usergroup_id=${group}`)).json();
    const { rows: groupRows } = await t.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM datasets WHERE usergroup_id = $1', [group]);
    expect(own.total).toBe(groupRows[0].count);
    expect((await get('quality-summary/?usergroup_id=abc')).statusCode).toBe(400);
  });

  it('gives the trend, one point a day recorded by the nightly scenario, for the platform or a group, over 90 days', async () => {
    const group = g['metropole-cote-azurine'];
    // Earlier days, as past nights left them; one too old to be shown.
    await t.db.query('DELETE FROM quality_trend');
    await t.db.query(
      `INSERT INTO quality_trend (day, usergroup_id, excellent, good, sufficient, bad, mean_score) VALUES
         (current_date - 120, NULL, 9, 9, 9, 9, 300), (current_date - 2, NULL, 0, 1, 2, 3, 100), (current_date - 2, $1, 0, 1, 0, 1, 150)`,
      [group],
    );
    const context = {
      db: t.db, config: t.config.tasks, taskId: 0, objectId: 0, kwargs: {}, signal: new AbortController().signal, step: async () => {},
    } as unknown as ScenarioContext;
    await QUALITY_SCENARIOS['check-quality'].run(context);
    // Run again the same day: still one point for the day.
    await QUALITY_SCENARIOS['check-quality'].run(context);

    const today = (await t.db.query<{ day: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS day`)).rows[0].day;
    const twoDaysAgo = (await t.db.query<{ day: string }>(`SELECT to_char(current_date - 2, 'YYYY-MM-DD') AS day`)).rows[0].day;
    const platform = (await get('quality-summary/')).json();
    expect(platform.trend.map((point: { date: string }) => point.date)).toEqual([twoDaysAgo, today]);
    expect(platform.trend[0]).toEqual({ date: twoDaysAgo, excellent: 0, good: 1, sufficient: 2, bad: 3, mean_score: 100 });
    const { rows } = await t.db.query<{ excellent: number; good: number; sufficient: number; bad: number; mean: number }>(
      `SELECT count(*) FILTER (WHERE quality_rating = 'excellent')::integer AS excellent, count(*) FILTER (WHERE quality_rating = 'good')::integer AS good,
              count(*) FILTER (WHERE quality_rating = 'sufficient')::integer AS sufficient, count(*) FILTER (WHERE quality_rating = 'bad')::integer AS bad,
              round(avg(quality_score), 1)::float8 AS mean
         FROM datasets WHERE usergroup_id = ANY($1::integer[])`,
      [[group]],
    );
    const ratings = { ...platform.ratings };
    delete ratings.unrated;
    expect(platform.trend[1]).toEqual({ date: today, ...ratings, mean_score: expect.any(Number) });

    const own = (await get(`quality-summary/?usergroup_id=${group}`)).json();
    expect(own.trend).toEqual([
      { date: twoDaysAgo, excellent: 0, good: 1, sufficient: 0, bad: 1, mean_score: 150 },
      { date: today, excellent: rows[0].excellent, good: rows[0].good, sufficient: rows[0].sufficient, bad: rows[0].bad, mean_score: rows[0].mean },
    ]);
  });

  it('tells a delegated administrator their groups only, and nobody else', async () => {
    const referent = await t.signIn('referent');
    const me = (await t.app.inject({ url: '/fr/login/', headers: referent.jwtHeaders })).json();
    const administered = (me.usergroup_roles as { usergroup_id: number; role: number }[]).filter((r) => r.role === 2).map((r) => r.usergroup_id);
    expect(administered.length).toBeGreaterThan(0);
    const { rows } = await t.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM datasets WHERE usergroup_id = ANY($1::integer[])', [administered]);
    expect((await get('quality-summary/', referent)).json().total).toBe(rows[0].count);
    const other = Object.values(g).find((id) => !administered.includes(id))!;
    expect((await get(`quality-summary/?usergroup_id=${other}`, referent)).statusCode).toBe(403);
    expect((await get(`quality-summary/?usergroup_id=${administered[0]}`, referent)).statusCode).toBe(200);
    expect((await get('quality-summary/', editor)).statusCode).toBe(403);
  });
});

describe('the scores owed by a burst of saves', () => {
  it('are assessed batch after batch, not one batch per polling interval', async () => {
    // A worker that polls once a minute: only the saves' wake-up and its own can make it fetch sooner.
    const slow = await createTestApp({}, { tasks: { pollingSeconds: 60 } });
    try {
      const someone = await slow.signIn('admin');
      const { rows } = await slow.db.query<{ id: number }>('SELECT id FROM datasets ORDER BY id');
      // 59 scores owed at once (more than two batches), as after a bulk change…
      const client = await slow.db.connect();
      try {
        for (let n = 0; n < 59; n += 1) await oweAssessment(client, rows[n % rows.length].id);
      } finally {
        client.release();
      }
      // …then one save through the API, which wakes the scorer.
      const saved = await slow.app.inject({
        method: 'PATCH',
        url: `/fr/dataset/datasets/${rows[0].id}/`,
        headers: someone.sessionHeaders,
        payload: { description: 'Décrit à nouveau.' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // All 60 within the helper's 10 s: far less than the minute a second batch would otherwise wait.
      await scoresSettled(slow.db);
    } finally {
      await slow.close();
    }
  });
});
