/**
 * Where a harvested dataset comes from, as the dataset read shows it (`harvest`, null for others),
 * and this platform's own name, so a harvest never brings back what this platform published.
 */
import type { DatasetHarvestOrigin } from '../../../schemas/indexers.ts';
import type { Db } from '../db/pool.ts';
import { remoteUrl } from './indexer.ts';

const platformUrns = new WeakMap<object, Promise<string>>();

/** The URN this platform names itself by in its DCAT feed (migration 018), read once per pool. */
export function platformUrn(db: Pick<Db, 'query'>): Promise<string> {
  let urn = platformUrns.get(db);
  if (!urn) {
    urn = db.query<{ urn: string }>('SELECT urn FROM platform_identity').then((result) => result.rows[0].urn);
    urn.catch(() => platformUrns.delete(db));
    platformUrns.set(db, urn);
  }
  return urn;
}

/** The identifier of one of this platform's datasets in its feed (adms:identifier): the platform's URN and the dataset's id. */
export const platformDatasetUrn = (urn: string, datasetId: number) => `${urn}:dataset:${datasetId}`;

/**
 * What a remote record says of its origin that names this platform, else null: this platform's URN
 * (unique: found anywhere, in a list too), or one of its dataset pages (the feed's dataset IRIs,
 * which harvesters keep as the record's URI or landing page).
 */
export function namesPlatform(urn: string, values: readonly string[], datasetPages: readonly string[] = []): string | null {
  return values.find((value) => value.includes(urn) || datasetPages.some((page) => value.toLowerCase().startsWith(page.toLowerCase()))) ?? null;
}

/** The path of the DCAT feed (routes/catalog): /{locale}/dataset/catalog/, with or without the final slash. */
const FEED_PATH = /^\/(fr|en|it)\/dataset\/catalog\/?$/;

/** True when `url` is this platform's own DCAT feed, reached at one of `hosts` (host[:port], lower case). */
export function isOwnFeedUrl(url: string, hosts: readonly string[]): boolean {
  try {
    const target = new URL(url);
    return FEED_PATH.test(target.pathname) && hosts.includes(target.host.toLowerCase());
  } catch {
    return false;
  }
}

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
