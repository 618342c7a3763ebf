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
export async function oweAssessment(client: Pick<pg.PoolClient, 'query'>, datasetId: number): Promise<void> {
  await oweAssessments(client, [datasetId]);
}

async function oweAssessments(db: Pick<pg.PoolClient, 'query'>, datasetIds: number[]): Promise<void> {
  // Retried: a score lost to a failure would wait for the nightly assessment.
  await insertJobs(db, datasetIds.map((datasetId) => ({ name: QUALITY_QUEUE, data: { datasetId }, retryLimit: 3, retryDelay: 10 })));
}

/** The datasets an object of a scenario belongs to, by its class (tasks' object_class). */
const DATASETS_OF: Partial<Record<string, string>> = {
  dataset: 'SELECT id AS dataset_id FROM datasets WHERE id = $1',
  resourcedataset: 'SELECT dataset_id FROM resource_datasets WHERE id = $1',
  resource: 'SELECT dataset_id FROM resource_datasets WHERE resource_id = $1',
  geographiclayer: 'SELECT rd.dataset_id FROM geographic_layers gl JOIN resource_datasets rd ON rd.resource_id = gl.resource_id WHERE gl.id = $1',
};

/**
 * Owes a score to the datasets an object belongs to, once a scenario changed it or its links
 * changed: a resource loaded, checked or unlinked changes what its datasets offer (their
 * accessibility and formats), which the lists and summaries show.
 */
export async function oweAssessmentsOf(db: Pick<pg.PoolClient, 'query'>, objectClass: string, objectId: number | null): Promise<void> {
  const sql = DATASETS_OF[objectClass];
  if (!sql || objectId === null) return;
  const { rows } = await db.query<{ dataset_id: number }>(`${sql} LIMIT 1000`, [objectId]);
  await oweAssessments(db, rows.map((row) => row.dataset_id));
}

/**
 * Scores each dataset once, whatever the number of saves that owed it, together: a save that
 * changed nothing the score looks at (a description reworded) costs no validation.
 */
export async function assessOwed(db: Db, datasetIds: number[]): Promise<void> {
  await assessDatasets(db, [...new Set(datasetIds)]);
}
