/**
 * Scores owed by saves. Assessing a dataset reads its whole record and validates it against the
 * DCAT-AP shapes (tens of milliseconds of CPU): done inside the save, it made every save that
 * much slower and held the row meanwhile. A save now inserts a job in its own transaction, so a
 * score is owed exactly when the save commits, and a task worker scores the datasets after it. The
 * quality call (`…/quality/`) always assesses afresh; the lists show the new score a moment later.
 */
import type pg from 'pg';
import type { Db } from '../db/pool.ts';
import { insertJobs, QUALITY_QUEUE } from '../tasks/queue.ts';
import { assessDatasets } from './nightly.ts';

/** Owes the dataset a new score, on the save's client (committed with it). */
export async function oweAssessment(client: pg.PoolClient, datasetId: number): Promise<void> {
  // Retried: a score lost to a failure would wait for the nightly assessment.
  await insertJobs(client, [{ name: QUALITY_QUEUE, data: { datasetId }, retryLimit: 3, retryDelay: 10 }]);
}

/**
 * Scores each dataset once, whatever the number of saves that owed it, together: a save that
 * changed nothing the score looks at (a description reworded) costs no validation.
 */
export async function assessOwed(db: Db, datasetIds: number[]): Promise<void> {
  await assessDatasets(db, [...new Set(datasetIds)]);
}
