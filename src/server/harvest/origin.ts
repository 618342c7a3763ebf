/** Where a harvested dataset comes from, as the dataset read shows it (`harvest`, null for others). */
import type { DatasetHarvestOrigin } from '../../../schemas/indexers.ts';
import { remoteUrl } from './run.ts';

/** Read beside a dataset `d`: the record's indexer, remote id and pattern (the URL is filled in JS). */
export const HARVEST_ORIGIN_SQL = `(SELECT json_build_object('indexer_id', hr.indexer_id, 'indexer_name', ri.name, 'remote_id', hr.remote_id,
    'url_pattern', ri.url_pattern, 'harvested_at', hr.harvested_at, 'local_fields', hr.local_fields)
   FROM harvested_records hr JOIN remote_api_indexes ri ON ri.id = hr.indexer_id WHERE hr.dataset_id = d.id)`;

export function presentHarvestOrigin(value: unknown): DatasetHarvestOrigin | null {
  if (!value || typeof value !== 'object') return null;
  const row = value as DatasetHarvestOrigin & { url_pattern: string };
  return {
    indexer_id: row.indexer_id,
    indexer_name: row.indexer_name,
    remote_id: row.remote_id,
    remote_url: remoteUrl(row.url_pattern, row.remote_id),
    harvested_at: new Date(row.harvested_at).toISOString(),
    local_fields: row.local_fields ?? [],
  };
}
