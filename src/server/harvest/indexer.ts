/** A saved indexer as a harvest reads it, and the remote page of one of its records. */
import { URL_PATTERN_PLACEHOLDER, type IndexerKind } from '../../../schemas/indexers.ts';
import type { Db } from '../db/pool.ts';

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
