/**
 * The nightly assessment (scenario check-quality): every dataset, in id order, a batch at a time
 * (keyset over ids: memory bounded by the batch, whatever the number of datasets). A dataset
 * whose inputs have the digest it was last assessed with (dataset_quality_inputs, migration 041)
 * is skipped: its record (as the score sees it), resources and link verdicts have not changed, nor
 * the indicators. The others are evaluated outside any transaction, then each batch's scores (only
 * those that changed) and digests are written in one short transaction. Scores owed by saves are
 * assessed the same way (assessDatasets).
 */
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/pool.ts';
import { readFeedContext } from '../catalog/feed.ts';
import { sameStoredQuality, storedQualityOf, type StoredQuality } from './assess.ts';
import { factsOf, inputsDigest, readFactInputs } from './facts.ts';
import { evaluate } from './indicators.ts';

export const NIGHTLY_BATCH = 200;

export interface NightlySummary {
  [key: string]: number;
  /** Datasets evaluated (new, changed, or never scored). */
  count: number;
  /** Datasets skipped, unchanged since their last assessment. */
  unchanged: number;
}

export async function assessAllDatasets(db: Db, signal: AbortSignal, batch = NIGHTLY_BATCH): Promise<NightlySummary> {
  const summary: NightlySummary = { count: 0, unchanged: 0 };
  const context = await readFeedContext(db);
  let last = 0;
  for (;;) {
    signal.throwIfAborted();
    const { rows } = await db.query<{ id: number }>('SELECT d.id FROM datasets d WHERE d.id > $1 ORDER BY d.id LIMIT $2', [last, batch]);
    if (rows.length === 0) break;
    last = rows[rows.length - 1].id;
    const assessed = await assessDatasets(db, rows.map((row) => row.id), { context, signal });
    summary.count += assessed.count;
    summary.unchanged += assessed.unchanged;
    if (rows.length < batch) break;
  }
  return summary;
}

/**
 * Scores these datasets (a batch: the nightly's, or the saves' owed scores), skipping those whose
 * inputs have the digest of their last assessment; the changed scores and the digests are written
 * together. Unknown ids are left out.
 */
export async function assessDatasets(
  db: Db,
  ids: number[],
  { context, signal }: { context?: Awaited<ReturnType<typeof readFeedContext>>; signal?: AbortSignal } = {},
): Promise<NightlySummary> {
  const summary: NightlySummary = { count: 0, unchanged: 0 };
  const { rows } = await db.query<StoredQuality & { id: number; digest: string | null }>(
    `SELECT d.id, q.digest, d.quality_score, d.quality_rating, d.quality_missing
       FROM datasets d LEFT JOIN dataset_quality_inputs q ON q.dataset_id = d.id
      WHERE d.id = ANY($1::integer[]) ORDER BY d.id`,
    [ids],
  );
  const inputs = await readFactInputs(db, rows.map((row) => row.id), context);
  const digests: { id: number; digest: string }[] = [];
  const scores: (StoredQuality & { id: number })[] = [];
  for (const row of rows) {
    const input = inputs.get(row.id);
    // Deleted since the batch was listed.
    if (!input) continue;
    const digest = inputsDigest(input);
    if (digest === row.digest && row.quality_score !== null) {
      summary.unchanged += 1;
      continue;
    }
    signal?.throwIfAborted();
    const computed = storedQualityOf(evaluate((await factsOf(input)).facts));
    if (!sameStoredQuality(row, computed)) scores.push({ id: row.id, ...computed });
    digests.push({ id: row.id, digest });
    summary.count += 1;
  }
  if (digests.length > 0) await writeBatch(db, scores, digests);
  return summary;
}

/** A batch's changed scores and its digests, together. */
async function writeBatch(db: Db, scores: (StoredQuality & { id: number })[], digests: { id: number; digest: string }[]): Promise<void> {
  await inTransaction(db, async (client) => {
    // Only when a score changed: an unchanged night writes no dataset row.
    if (scores.length > 0) {
      await client.query(
        `UPDATE datasets d SET quality_score = v.score, quality_rating = v.rating,
                quality_missing = ARRAY(SELECT jsonb_array_elements_text(v.missing)), quality_checked_at = now()
           FROM unnest($1::integer[], $2::integer[], $3::text[], $4::jsonb[]) AS v (id, score, rating, missing)
          WHERE d.id = v.id`,
        [scores.map((s) => s.id), scores.map((s) => s.quality_score), scores.map((s) => s.quality_rating), scores.map((s) => JSON.stringify(s.quality_missing))],
      );
    }
    await client.query(
      `INSERT INTO dataset_quality_inputs (dataset_id, digest, assessed_at)
       SELECT v.id, v.digest, now() FROM unnest($1::integer[], $2::text[]) AS v (id, digest)
        WHERE EXISTS (SELECT 1 FROM datasets d WHERE d.id = v.id)
       ON CONFLICT (dataset_id) DO UPDATE SET digest = EXCLUDED.digest, assessed_at = EXCLUDED.assessed_at`,
      [digests.map((d) => d.id), digests.map((d) => d.digest)],
    );
  });
}
