/**
 * A harvest: reads the remote catalogue page by page and makes each record a dataset of the
 * indexer's usergroup, keyed by (indexer, remote identifier).
 * - A record already harvested is updated, never duplicated; one whose mapped content is unchanged
 *   (content hash) is not rewritten; an identifier met twice in one run is reported and skipped.
 * - Local edits win: a dataset field differing from what the last harvest wrote was changed by an
 *   editor; it is recorded in `local_fields` and never overwritten again.
 * - Records the remote no longer lists are withdrawn through the unpublish scenario, and only at
 *   the end of a complete run (every page read, none failed) and once unseen for the grace period.
 * - Each page is written in one transaction (write.ts); a record naming this platform as its origin
 *   (origin.ts) is skipped, and a catalogue naming this platform fails the run.
 * The trial (dryRun) reads the first pages and says what a run would do, writing nothing.
 */
import type { HarvestCounts, HarvestTrial } from '../../../schemas/indexers.ts';
import type { HarvestConfig, OutboundConfig } from '../config.ts';
import { inTransaction, type Db } from '../db/pool.ts';
import type { MessageKey } from '../i18n.ts';
import { HarvestError, harvestErrorOf } from './errors.ts';
import { remoteUrl, type Indexer } from './indexer.ts';
import { fetchPage } from './fetch.ts';
import { resolveFields, loadLookups, type Lookups } from './lookups.ts';
import { READERS } from './readers/index.ts';
import { readAhead } from './read-ahead.ts';
import type { RemotePage, RemoteRecord, RemoteSource } from './types.ts';
import { namesPlatform, platformUrn } from './origin.ts';
import { contentHash, queueScenario, writePage } from './write.ts';

type StepFn = (code: MessageKey, params?: Record<string, string | number>, level?: 'info' | 'warning' | 'error') => Promise<void>;

export interface HarvestOptions {
  settings: HarvestConfig;
  /** The guarded client's rules for the remote (OUTBOUND_*). */
  outbound: OutboundConfig;
  signal?: AbortSignal;
  step?: StepFn;
}

/** What a reader makes of a page, its failures (an address it cannot read, a value it did not expect) as the harvest's. */
async function readerStep<T>(step: () => T | Promise<T>, url: string): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw harvestErrorOf(error, url);
  }
}

/** Pages of the remote, from the first, following each page's next URL; stops at `maxPages`. */
async function* remotePages(source: RemoteSource, maxPages: number, urn: string, options: HarvestOptions): AsyncGenerator<{ number: number; url: string; page: RemotePage }, { complete: boolean }> {
  const reader = READERS[source.kind];
  const visited = new Set<string>();
  let url: string | null = await readerStep(() => reader.firstPage(source), source.url);
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
    const page = await readerStep(() => reader.parse(fetched, source), fetched.url);
    // This platform's own feed, under whatever address: harvesting it would publish everything twice.
    if (namesPlatform(urn, page.catalogue ?? [])) throw new HarvestError('harvest.errorOwnCatalogue', { url: source.url });
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
  const urn = await platformUrn(db);
  const pages = readAhead(remotePages(sourceOf(indexer), settings.maxPages, urn, options));
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
      const own = item.ok ? namesPlatform(urn, item.record.origins, settings.platformDatasetPages) : null;
      if (own !== null) {
        counts.skipped += 1;
        if (skipSteps++ < MAX_SKIP_STEPS) await step('harvest.reasonOwnPlatform', { id: id ?? '?', url: own.slice(0, 300) }, 'warning');
      } else if (item.ok) records.push(item.record);
      else await skip(id ?? '?', item.reason, counts);
    }
    const outcome = await writePage(db, indexer, records.map((record) => {
      const fields = resolveFields(record, lookups);
      return { record, fields, hash: contentHash(fields) };
    }), pageIds);
    counts.created += outcome.created;
    counts.updated += outcome.updated;
    counts.unchanged += outcome.unchanged;
    for (const { remoteId, detail } of outcome.rejected) {
      counts.skipped += 1;
      if (skipSteps++ < MAX_SKIP_STEPS) await step('harvest.reasonRefused', { id: remoteId, detail }, 'warning');
    }
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
  const urn = await platformUrn(db);
  const pages = remotePages(sourceOf(indexer), options.settings.trialPages, urn, options);
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
      if (!item.ok || namesPlatform(urn, item.record.origins, options.settings.platformDatasetPages) !== null) {
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

