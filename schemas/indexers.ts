/**
 * Indexers (spec, sections 3 "Indexer", 5 and 7 "Indexers"): remote catalogues harvested into the
 * platform, /{locale}/indexer/remote-api-indexes/. Each belongs to a usergroup, which owns the
 * datasets it creates.
 */
import { PAGE_SIZE } from './constants.ts';
import { defineEntity } from './entity.ts';

/** The placeholder a URL pattern must contain (spec, section 5). */
export const URL_PATTERN_PLACEHOLDER = '{identifier}';

/** The kinds of remote catalogue (codenames of remote-api-index-types). */
export const INDEXER_KINDS = ['ckan', 'udata', 'opendatasoft', 'dcat'] as const;
export type IndexerKind = (typeof INDEXER_KINDS)[number];

/** The last runs an indexer's page shows (spec, section 9: indexer logs page size). */
export const INDEXER_LOGS_PAGE_SIZE = 5;

/** The scenario a harvest runs as. */
export const HARVEST_SCENARIO = 'harvest-remoteapiindex';

/** The `command` that harvests every record (otherwise it is the remote search). */
export const HARVEST_EVERYTHING = '*';

export const indexers = defineEntity({
  resource: 'indexers',
  endpoint: 'indexer/remote-api-indexes',
  route: 'accounts/indexers',
  recordRepresentation: 'name',
  fields: {
    id: { type: 'id', readOnly: true },
    implementation_type: { type: 'reference', reference: 'indexer-types', required: true },
    name: { type: 'string', required: true, maxLength: 255 },
    description: { type: 'text', maxLength: 5000 },
    url: { type: 'url', required: true, maxLength: 1000 },
    command: { type: 'string', required: true, maxLength: 500, default: HARVEST_EVERYTHING },
    organisation_filter: { type: 'string', maxLength: 255 },
    /** Contains {identifier}; checked by the server (spec, section 5). */
    url_pattern: { type: 'string', maxLength: 1000 },
    scheduler: { type: 'reference', reference: 'schedulers', required: true },
    usergroup: { type: 'reference', reference: 'usergroups', required: true },
    created_at: { type: 'datetime', readOnly: true },
    updated_at: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: ['name', 'implementation_type', 'url', 'scheduler', 'usergroup', 'updated_at'],
    search: true,
    filters: {
      usergroup_id: { lookup: 'exact', type: 'integer', reference: 'usergroups', alwaysOn: true },
    },
    orderable: ['name', 'updated_at'],
    defaultOrdering: ['name'],
    pageSize: PAGE_SIZE,
  },
  form: ['implementation_type', 'name', 'description', 'url', 'command', 'organisation_filter', 'url_pattern', 'scheduler', 'usergroup'],
});

/**
 * Whether a URL pattern is acceptable: empty, or an http or https address containing the
 * placeholder (a harvested dataset's link to its origin is made of it).
 */
export function validUrlPattern(pattern: string | null | undefined): boolean {
  if (!pattern) return true;
  if (!pattern.includes(URL_PATTERN_PLACEHOLDER)) return false;
  try {
    const url = new URL(pattern.split(URL_PATTERN_PLACEHOLDER).join('id'));
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** What a harvest (or its trial) counts. */
export interface HarvestCounts {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  withdrawn: number;
}

/** A remote record as the harvest maps it onto a dataset. */
export interface HarvestedFields {
  display_name: string;
  description: string;
  tags: string[];
  licence: number | null;
  creation_date: string | null;
  publication_date: string | null;
  last_update_date: string | null;
  update_frequency: number | null;
  bbox: [number, number, number, number] | null;
  /** The remote's contact, kept in the dataset's extras. */
  contact: { name: string; email: string } | null;
  /**
   * The remote's distributions, harvested as resources of type href linked to the dataset: keyed
   * by `key`, with our data format when it is recognised, the one the remote marks main as main.
   */
  links: { key: string; title: string; url: string; format: number | null; main: boolean }[];
}

/** GET …/trial/: what a run would do, from the first pages. */
export interface HarvestTrial {
  status: 'SUCCESS' | 'FAILURE';
  /** Why it failed, in words an administrator understands. */
  error?: string;
  /** True when every page was read (so `withdrawn` is meaningful). */
  complete?: boolean;
  pages?: number;
  counts?: HarvestCounts & { duplicates: number };
  /** The first records mapped. */
  records?: (HarvestedFields & { remote_id: string; remote_url: string | null; action: 'create' | 'update' | 'unchanged' })[];
}

/** The `harvest` of a dataset read: where a harvested dataset comes from, null for others. */
export interface DatasetHarvestOrigin {
  indexer_id: number;
  indexer_name: string;
  remote_id: string;
  remote_url: string | null;
  harvested_at: string;
  local_fields: string[];
}
