/**
 * A harvest: reads the remote catalogue page by page and makes each record a dataset of the
 * indexer's usergroup, keyed by (indexer, remote identifier).
 * - A record already harvested is updated, never duplicated; one whose mapped content is unchanged
 *   (content hash) is not rewritten; an identifier met twice in one run is reported and skipped.
 * - Local edits win: a dataset field differing from what the last harvest wrote was changed by an
 *   editor; it is recorded in `local_fields` and never overwritten again.
 * - Records the remote no longer lists are withdrawn through the unpublish scenario, and only at
 *   the end of a complete run (every page read, none failed) and once unseen for the grace period.
 * The trial (dryRun) reads the first pages and says what a run would do, writing nothing.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { URL_PATTERN_PLACEHOLDER, type HarvestCounts, type HarvestedFields, type HarvestTrial, type IndexerKind } from '../../../schemas/indexers.ts';
import { exposeDataset } from '../catalog/entries.ts';
import type { HarvestConfig, OutboundConfig } from '../config.ts';
import { inTransaction, type Db } from '../db/pool.ts';
import { changedFields, recordActivity, setTags, uniqueCodename } from '../datasets/store.ts';
import type { MessageKey } from '../i18n.ts';
import { queueTasks } from '../tasks/store.ts';
import { HarvestError } from './errors.ts';
import { fetchPage } from './fetch.ts';
import { resolveFields, loadLookups, type Lookups } from './lookups.ts';
import { READERS } from './readers/index.ts';
import type { RemotePage, RemoteRecord, RemoteSource } from './types.ts';

export interface Indexer {
  id: number | null;
  name: string;
  kind: IndexerKind;
  url: string;
  command: string;
  organisation_filter: string;
  url_pattern: string;
  usergroup_id: number | null;
}

export async function loadIndexer(db: Pick<Db, 'query'>, id: number): Promise<Indexer | null> {
  const { rows } = await db.query<Indexer>(
    `SELECT r.id, r.name, t.codename AS kind, r.url, r.command, r.organisation_filter, r.url_pattern, r.usergroup_id
       FROM remote_api_indexes r JOIN remote_api_index_types t ON t.id = r.implementation_type_id WHERE r.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** The remote page of a record, from the indexer's URL pattern. */
export function remoteUrl(pattern: string, remoteId: string): string | null {
  return pattern ? pattern.split(URL_PATTERN_PLACEHOLDER).join(encodeURIComponent(remoteId)) : null;
}

type StepFn = (code: MessageKey, params?: Record<string, string | number>, level?: 'info' | 'warning' | 'error') => Promise<void>;

export interface HarvestOptions {
  settings: HarvestConfig;
  /** The guarded client's rules for the remote (OUTBOUND_*). */
  outbound: OutboundConfig;
  signal?: AbortSignal;
  step?: StepFn;
}

/** Fields a harvest writes and compares with the dataset to find local edits. */
const HARVESTED_FIELDS = ['display_name', 'description', 'tags', 'licence', 'creation_date', 'publication_date', 'last_update_date', 'update_frequency', 'bbox', 'extras'] as const;
type HarvestedField = (typeof HARVESTED_FIELDS)[number];
type Values = Record<HarvestedField, unknown>;

/** The dataset's harvested fields, in the shape they are compared in. */
async function currentValues(client: Pick<pg.PoolClient, 'query'>, datasetId: number): Promise<Values> {
  const { rows } = await client.query<Values>(
    `SELECT d.display_name, d.description,
            ARRAY(SELECT t.name FROM dataset_tags dt JOIN tags t ON t.id = dt.tag_id WHERE dt.dataset_id = d.id ORDER BY lower(t.name)) AS tags,
            d.licence_id AS licence, to_char(d.creation_date, 'YYYY-MM-DD') AS creation_date,
            to_char(d.publication_date, 'YYYY-MM-DD') AS publication_date, to_char(d.last_update_date, 'YYYY-MM-DD') AS last_update_date,
            d.update_frequency_id AS update_frequency,
            CASE WHEN d.min_lon IS NULL THEN NULL ELSE json_build_array(d.min_lon, d.min_lat, d.max_lon, d.max_lat) END AS bbox,
            d.extras
       FROM datasets d WHERE d.id = $1`,
    [datasetId],
  );
  return rows[0];
}

/** The extras a harvest writes: the remote's contact and the links to its resources. */
function extrasOf(fields: HarvestedFields): { key: string; value: string }[] {
  const extras: { key: string; value: string }[] = [];
  if (fields.contact) extras.push({ key: 'contact', value: [fields.contact.name, fields.contact.email && `<${fields.contact.email}>`].filter(Boolean).join(' ') });
  for (const link of fields.links.slice(0, 50)) extras.push({ key: 'resource', value: `${link.title} ${link.url}`.slice(0, 2000) });
  return extras;
}

/** Column assignments for the fields not edited locally. */
function columnsOf(fields: HarvestedFields, keep: ReadonlySet<string>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  const set = (field: HarvestedField, values: Record<string, unknown>) => {
    if (!keep.has(field)) Object.assign(columns, values);
  };
  set('display_name', { display_name: fields.display_name });
  set('description', { description: fields.description });
  set('licence', { licence_id: fields.licence });
  set('creation_date', { creation_date: fields.creation_date });
  set('publication_date', { publication_date: fields.publication_date });
  set('last_update_date', { last_update_date: fields.last_update_date });
  set('update_frequency', { update_frequency_id: fields.update_frequency });
  const [minLon, minLat, maxLon, maxLat] = fields.bbox ?? [null, null, null, null];
  set('bbox', { min_lon: minLon, min_lat: minLat, max_lon: maxLon, max_lat: maxLat, geographic_coverage: fields.bbox ? 'bbox' : null });
  set('extras', { extras: JSON.stringify(extrasOf(fields)) });
  return columns;
}

export function contentHash(fields: HarvestedFields): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

interface ExistingRecord {
  id: number;
  remote_id: string;
  dataset_id: number;
  content_hash: string;
  withdrawn_at: Date | null;
}

/** A record already written by a concurrent run of the same indexer: this run leaves it. */
class ConcurrentWrite extends Error {}

async function createDataset(db: Db, indexer: Indexer, record: RemoteRecord, fields: HarvestedFields, hash: string): Promise<number> {
  return inTransaction(db, async (client) => {
    const columns = {
      ...columnsOf(fields, new Set()),
      codename: await uniqueCodename(client, fields.display_name, null),
      usergroup_id: indexer.usergroup_id,
      // Records of an open-data catalogue: published and open to everyone.
      publish: true,
      default_permission_level: 3,
    };
    const names = Object.keys(columns);
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO datasets (${names.join(', ')}) VALUES (${names.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`,
      Object.values(columns),
    );
    const datasetId = rows[0].id;
    await setTags(client, datasetId, fields.tags);
    const values = await currentValues(client, datasetId);
    const inserted = await client.query(
      `INSERT INTO harvested_records (indexer_id, remote_id, dataset_id, content_hash, harvested_values)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (indexer_id, remote_id) DO NOTHING RETURNING id`,
      [indexer.id, record.remoteId, datasetId, hash, JSON.stringify(values)],
    );
    if (inserted.rowCount === 0) throw new ConcurrentWrite();
    await exposeDataset(client, datasetId);
    await recordActivity(client, { datasetId, userId: null, action: 'harvest', changes: changedFields(null, values, HARVESTED_FIELDS) });
    return datasetId;
  });
}

async function updateDataset(db: Db, indexerId: number, existing: ExistingRecord, fields: HarvestedFields, hash: string): Promise<string[]> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<{ harvested_values: Partial<Values>; local_fields: string[]; withdrawn_at: Date | null }>(
      'SELECT harvested_values, local_fields, withdrawn_at FROM harvested_records WHERE id = $1 FOR UPDATE',
      [existing.id],
    );
    if (!rows[0]) throw new ConcurrentWrite();
    const before = await currentValues(client, existing.dataset_id);
    // A field whose value is no longer the one the harvest wrote was changed here: it stays local.
    const local = new Set(rows[0].local_fields);
    for (const field of HARVESTED_FIELDS) {
      if (Object.hasOwn(rows[0].harvested_values, field) && JSON.stringify(before[field]) !== JSON.stringify(rows[0].harvested_values[field])) local.add(field);
    }
    const columns = columnsOf(fields, local);
    const names = Object.keys(columns);
    if (names.length > 0) {
      await client.query(
        `UPDATE datasets SET ${names.map((name, index) => `${name} = $${index + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
        [existing.dataset_id, ...Object.values(columns)],
      );
    }
    if (!local.has('tags')) await setTags(client, existing.dataset_id, fields.tags);
    const after = await currentValues(client, existing.dataset_id);
    const harvested: Partial<Values> = { ...rows[0].harvested_values };
    for (const field of HARVESTED_FIELDS) if (!local.has(field)) harvested[field] = after[field];
    await client.query(
      `UPDATE harvested_records SET content_hash = $2, harvested_values = $3, local_fields = $4, harvested_at = now(), last_seen_at = now(), withdrawn_at = NULL WHERE id = $1`,
      [existing.id, hash, JSON.stringify(harvested), [...local].sort()],
    );
    const changes = changedFields(before, after, HARVESTED_FIELDS);
    if (Object.keys(changes).length > 0) await recordActivity(client, { datasetId: existing.dataset_id, userId: null, action: 'harvest', changes });
    // Listed again after a withdrawal: published again, through the publish scenario.
    if (rows[0].withdrawn_at) await queueScenario(client, db, 'publish-dataset', [existing.dataset_id], indexerId);
    return [...local];
  });
}

/** Queues a dataset scenario for each dataset, on behalf of the indexer (its target). */
async function queueScenario(client: pg.PoolClient, db: Db, codename: string, datasetIds: number[], indexerId: number): Promise<void> {
  if (datasetIds.length === 0) return;
  const { rows } = await client.query<{ id: number }>('SELECT id FROM scenarios WHERE codename = $1', [codename]);
  await queueTasks(
    db,
    datasetIds.map((id) => ({
      action: codename, scenarioId: rows[0]?.id ?? null, objectClass: 'dataset', objectId: id, trigger: 'harvest' as const, createdBy: null,
      target: { model: 'remoteapiindex', app_label: 'indexer', pk: indexerId }, timeLimitSeconds: 600,
    })),
    client,
  );
}

/** Pages of the remote, from the first, following each page's next URL; stops at `maxPages`. */
async function* remotePages(source: RemoteSource, maxPages: number, options: HarvestOptions): AsyncGenerator<{ number: number; url: string; page: RemotePage }, { complete: boolean }> {
  const reader = READERS[source.kind];
  const visited = new Set<string>();
  let url: string | null = reader.firstPage(source);
  let number = 0;
  while (url) {
    if (number >= maxPages) return { complete: false };
    if (options.signal?.aborted) throw new HarvestError('harvest.errorCancelled');
    visited.add(url);
    number += 1;
    const fetched = await fetchPage(url, {
      ...options.outbound,
      attempts: options.settings.attempts,
      retryDelayMs: options.settings.retryDelayMs,
      maxBytes: 50 * 1024 * 1024,
      signal: options.signal,
      onRetry: (attempt, reason, delayMs) => options.step?.('harvest.retry', { attempt, reason: reason.slice(0, 300), seconds: delayMs / 1000 }, 'warning'),
    });
    const page = await reader.parse(fetched, source);
    yield { number, url: fetched.url, page };
    // A next page already read would loop: the catalogue ends there.
    url = page.next && !visited.has(page.next) ? page.next : null;
  }
  return { complete: true };
}

const sourceOf = (indexer: Indexer): RemoteSource => ({
  kind: indexer.kind,
  url: indexer.url,
  command: indexer.command,
  organisationFilter: indexer.organisation_filter,
});

/** Skips reported one by one in the timeline before they are only counted. */
const MAX_SKIP_STEPS = 100;

export interface HarvestSummary extends HarvestCounts {
  complete: boolean;
  pages: number;
}

/** Runs the harvest of a saved indexer; throws HarvestError when a page cannot be read (nothing is withdrawn then). */
export async function runHarvest(db: Db, indexer: Indexer, options: HarvestOptions): Promise<HarvestSummary> {
  const step: StepFn = options.step ?? (async () => {});
  const settings = options.settings;
  const lookups = await loadLookups(db);
  const { rows: clock } = await db.query<{ now: Date }>('SELECT now() AS now');
  const runStart = clock[0].now;
  const totals: HarvestSummary = { created: 0, updated: 0, unchanged: 0, skipped: 0, withdrawn: 0, complete: false, pages: 0 };
  const seen = new Set<string>();
  let skipSteps = 0;
  const skip = async (id: string, reason: MessageKey, counts: HarvestCounts) => {
    counts.skipped += 1;
    if (skipSteps++ < MAX_SKIP_STEPS) await step(reason, { id }, 'warning');
  };

  await step('harvest.started', { url: indexer.url, kind: indexer.kind });
  const pages = remotePages(sourceOf(indexer), settings.maxPages, options);
  let result = await pages.next();
  while (!result.done) {
    const { number, page } = result.value;
    const counts: HarvestCounts = { created: 0, updated: 0, unchanged: 0, skipped: 0, withdrawn: 0 };
    const records: RemoteRecord[] = [];
    const pageIds: string[] = [];
    for (const item of page.entries) {
      const id = item.ok ? item.record.remoteId : item.remoteId;
      if (id !== null && seen.has(id)) {
        await skip(id, 'harvest.reasonDuplicate', counts);
        continue;
      }
      if (id !== null) {
        seen.add(id);
        pageIds.push(id);
      }
      if (item.ok) records.push(item.record);
      else await skip(id ?? '?', item.reason, counts);
    }
    const { rows: existingRows } = await db.query<ExistingRecord>(
      'SELECT id, remote_id, dataset_id, content_hash, withdrawn_at FROM harvested_records WHERE indexer_id = $1 AND remote_id = ANY($2::text[])',
      [indexer.id, records.map((record) => record.remoteId)],
    );
    const existing = new Map(existingRows.map((row) => [row.remote_id, row]));
    for (const record of records) {
      if (options.signal?.aborted) throw new HarvestError('harvest.errorCancelled');
      const fields = resolveFields(record, lookups);
      const hash = contentHash(fields);
      const known = existing.get(record.remoteId);
      try {
        if (known && known.content_hash === hash && !known.withdrawn_at) counts.unchanged += 1;
        else if (known) {
          await updateDataset(db, indexer.id!, known, fields, hash);
          counts.updated += 1;
        } else {
          await createDataset(db, indexer, record, fields, hash);
          counts.created += 1;
        }
      } catch (error) {
        if (!(error instanceof ConcurrentWrite)) throw error;
        await skip(record.remoteId, 'harvest.reasonConcurrent', counts);
      }
    }
    // Every identifier the page listed is still there, even a record skipped: none is withdrawn.
    await db.query('UPDATE harvested_records SET last_seen_at = now() WHERE indexer_id = $1 AND remote_id = ANY($2::text[])', [indexer.id, pageIds]);
    await step('harvest.page', { page: number, ...counts });
    for (const key of ['created', 'updated', 'unchanged', 'skipped'] as const) totals[key] += counts[key];
    totals.pages = number;
    result = await pages.next();
  }
  totals.complete = result.value.complete;
  if (!totals.complete) {
    await step('harvest.pageLimit', { pages: totals.pages }, 'warning');
  } else {
    totals.withdrawn = await withdrawGone(db, indexer.id!, runStart, settings.withdrawGraceDays, step);
  }
  const { created, updated, unchanged, skipped, withdrawn } = totals;
  await step('harvest.finished', { created, updated, unchanged, skipped, withdrawn });
  return totals;
}

/** After a complete run: records unseen since the run started and for the grace period are unpublished. */
async function withdrawGone(db: Db, indexerId: number, runStart: Date, graceDays: number, step: StepFn): Promise<number> {
  const withdrawn = await inTransaction(db, async (client) => {
    const { rows } = await client.query<{ dataset_id: number }>(
      `UPDATE harvested_records SET withdrawn_at = now()
        WHERE indexer_id = $1 AND withdrawn_at IS NULL AND last_seen_at < $2 AND last_seen_at <= now() - make_interval(days => $3)
        RETURNING dataset_id`,
      [indexerId, runStart, graceDays],
    );
    await queueScenario(client, db, 'unpublish-dataset', rows.map((row) => row.dataset_id), indexerId);
    return rows.length;
  });
  if (withdrawn > 0) await step('harvest.withdrawn', { count: withdrawn, days: graceDays });
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::integer AS count FROM harvested_records WHERE indexer_id = $1 AND withdrawn_at IS NULL AND last_seen_at < $2',
    [indexerId, runStart],
  );
  if (rows[0].count > 0) await step('harvest.waitingWithdrawal', { count: rows[0].count, days: graceDays });
  return withdrawn;
}

/** What a run would do, from the first pages, without writing anything. */
export async function trialHarvest(db: Db, indexer: Indexer, options: HarvestOptions): Promise<HarvestTrial> {
  const lookups: Lookups = await loadLookups(db);
  const counts = { created: 0, updated: 0, unchanged: 0, skipped: 0, withdrawn: 0, duplicates: 0 };
  const preview: NonNullable<HarvestTrial['records']> = [];
  const seen = new Set<string>();
  let pagesRead = 0;
  const pages = remotePages(sourceOf(indexer), options.settings.trialPages, options);
  let result = await pages.next();
  while (!result.done) {
    pagesRead = result.value.number;
    const entries = result.value.page.entries;
    const ids = entries.flatMap((item) => (item.ok ? [item.record.remoteId] : []));
    const { rows } = indexer.id === null
      ? { rows: [] as { remote_id: string; content_hash: string; withdrawn_at: Date | null }[] }
      : await db.query<{ remote_id: string; content_hash: string; withdrawn_at: Date | null }>(
          'SELECT remote_id, content_hash, withdrawn_at FROM harvested_records WHERE indexer_id = $1 AND remote_id = ANY($2::text[])',
          [indexer.id, ids],
        );
    const existing = new Map(rows.map((row) => [row.remote_id, row]));
    for (const item of entries) {
      const id = item.ok ? item.record.remoteId : item.remoteId;
      if (id !== null && seen.has(id)) {
        counts.duplicates += 1;
        counts.skipped += 1;
        continue;
      }
      if (id !== null) seen.add(id);
      if (!item.ok) {
        counts.skipped += 1;
        continue;
      }
      const fields = resolveFields(item.record, lookups);
      const known = existing.get(item.record.remoteId);
      const action = !known ? 'create' : known.content_hash === contentHash(fields) && !known.withdrawn_at ? 'unchanged' : 'update';
      counts[action === 'create' ? 'created' : action === 'update' ? 'updated' : 'unchanged'] += 1;
      if (preview.length < 10) preview.push({ ...fields, remote_id: item.record.remoteId, remote_url: remoteUrl(indexer.url_pattern, item.record.remoteId), action });
    }
    result = await pages.next();
  }
  const complete = result.value.complete;
  if (complete && indexer.id !== null) {
    const { rows } = await db.query<{ remote_id: string }>(
      `SELECT remote_id FROM harvested_records WHERE indexer_id = $1 AND withdrawn_at IS NULL AND last_seen_at <= now() - make_interval(days => $2)`,
      [indexer.id, options.settings.withdrawGraceDays],
    );
    counts.withdrawn = rows.filter((row) => !seen.has(row.remote_id)).length;
  }
  return { status: 'SUCCESS', complete, pages: pagesRead, counts, records: preview };
}

