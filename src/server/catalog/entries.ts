/**
 * The entries of the public catalogue (table catalog_entries, migration 009): the publish scenario
 * exposes a dataset (it then appears in GET /{locale}/dataset/catalog/ while the dataset stays published
 * and searchable by anyone) and withdraws it. Both run on the caller's client, inside its transaction.
 */
import type pg from 'pg';

/**
 * Adds the dataset to the public catalogue, or refreshes its entry (exposure date and search document)
 * when it is already there. Answers false, writing nothing, when the dataset no longer exists.
 */
export async function exposeDataset(client: pg.PoolClient, datasetId: number): Promise<boolean> {
  const { rowCount } = await client.query(
    `INSERT INTO catalog_entries (dataset_id, exposed_at, search_vector)
     SELECT id, now(), search_vector FROM datasets WHERE id = $1
     ON CONFLICT (dataset_id) DO UPDATE SET exposed_at = EXCLUDED.exposed_at, search_vector = EXCLUDED.search_vector`,
    [datasetId],
  );
  return (rowCount ?? 0) > 0;
}

/** Removes the dataset from the public catalogue; the dataset itself, its permissions and contacts stay. */
export async function withdrawDataset(client: pg.PoolClient, datasetId: number): Promise<void> {
  await client.query('DELETE FROM catalog_entries WHERE dataset_id = $1', [datasetId]);
}

/** A catalogue entry as it was: its exposure date and search document (text), to put back as is. */
export interface CatalogEntry {
  exposed_at: string;
  search_vector: string;
}

/** The entries of these datasets, by dataset id. */
export async function catalogEntries(client: pg.PoolClient, datasetIds: readonly number[]): Promise<Map<number, CatalogEntry>> {
  const { rows } = await client.query<CatalogEntry & { dataset_id: number }>(
    `SELECT dataset_id, to_char(exposed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS exposed_at, search_vector::text AS search_vector
       FROM catalog_entries WHERE dataset_id = ANY($1::integer[])`,
    [datasetIds],
  );
  return new Map(rows.map(({ dataset_id, ...entry }) => [dataset_id, entry]));
}

/** Puts back an entry read by catalogEntries, exactly (an undo); answers false when the dataset no longer exists. */
export async function restoreEntry(client: pg.PoolClient, datasetId: number, entry: CatalogEntry): Promise<boolean> {
  const { rowCount } = await client.query(
    `INSERT INTO catalog_entries (dataset_id, exposed_at, search_vector)
     SELECT id, $2::timestamptz, $3::tsvector FROM datasets WHERE id = $1
     ON CONFLICT (dataset_id) DO UPDATE SET exposed_at = EXCLUDED.exposed_at, search_vector = EXCLUDED.search_vector`,
    [datasetId, entry.exposed_at, entry.search_vector],
  );
  return (rowCount ?? 0) > 0;
}
