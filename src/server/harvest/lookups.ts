/** Our licences and update frequencies, matched from what remote catalogues call them. */
import type { HarvestedFields } from '../../../schemas/indexers.ts';
import type { Db } from '../db/pool.ts';
import type { RemoteRecord } from './types.ts';

export interface Lookups {
  /** Normalised licence id, short name, title or URL → our licence id. */
  licences: Map<string, number>;
  /** Frequency codename (EU table) → our id. */
  frequencies: Map<string, number>;
  /** Data format codename, name or extension → our id; media type → our id. */
  formats: Map<string, number>;
  mediaTypes: Map<string, number>;
}

const normal = (value: string) => value.trim().toLowerCase().replace(/^https?:\/\/(www\.)?/, '').replace(/\/+$/, '');

/** Names remote catalogues give licences (CKAN ids, udata ids, common titles) → our short names. */
const LICENCE_ALIASES: Record<string, string> = {
  'fr-lo': 'Etalab-1.0',
  'lov1': 'Etalab-1.0',
  'lov2': 'Etalab-2.0',
  'etalab-2.0': 'Etalab-2.0',
  'licence ouverte v2.0 (etalab)': 'Etalab-2.0',
  'licence ouverte / open licence version 2.0': 'Etalab-2.0',
  'licence ouverte (etalab)': 'Etalab-1.0',
  'etalab.gouv.fr/licence-ouverte-open-licence': 'Etalab-2.0',
  'odc-odbl': 'ODbL-1.0',
  'odbl': 'ODbL-1.0',
  'opendatacommons.org/licenses/odbl/summary': 'ODbL-1.0',
  'opendatacommons.org/licenses/odbl': 'ODbL-1.0',
  'odc-by': 'ODC-By-1.0',
  'odc-pddl': 'PDDL-1.0',
  'cc-by': 'CC-BY-4.0',
  'cc-by-4.0': 'CC-BY-4.0',
  'cc-by-sa': 'CC-BY-SA-4.0',
  'cc-zero': 'CC0-1.0',
  'cc0': 'CC0-1.0',
};

/** Frequencies of udata, ISO 19115 (MD_MaintenanceFrequencyCode) and GeoNetwork → EU codenames. */
const FREQUENCY_ALIASES: Record<string, string> = {
  continuous: 'CONT', continual: 'CONT', hourly: 'HOURLY', daily: 'DAILY', weekly: 'WEEKLY', biweekly: 'BIWEEKLY', fortnightly: 'BIWEEKLY',
  monthly: 'MONTHLY', quarterly: 'QUARTERLY', semiannual: 'ANNUAL_2', biannual: 'ANNUAL_2', biannually: 'ANNUAL_2', annual: 'ANNUAL',
  annually: 'ANNUAL', biennial: 'BIENNIAL', irregular: 'IRREG', asneeded: 'IRREG', as_needed: 'IRREG', punctual: 'NEVER', notplanned: 'NEVER',
  never: 'NEVER', unknown: 'UNKNOWN', other: 'UNKNOWN',
};

export async function loadLookups(db: Pick<Db, 'query'>): Promise<Lookups> {
  const licences = new Map<string, number>();
  const { rows } = await db.query<{ id: number; title: string; alternate_title: string; url: string }>('SELECT id, title, alternate_title, url FROM licences ORDER BY id');
  const byShortName = new Map<string, number>();
  for (const row of rows) {
    for (const name of [row.title, row.alternate_title, row.url]) if (name && !licences.has(normal(name))) licences.set(normal(name), row.id);
    if (row.alternate_title) byShortName.set(row.alternate_title, row.id);
  }
  for (const [alias, shortName] of Object.entries(LICENCE_ALIASES)) {
    const id = byShortName.get(shortName);
    if (id !== undefined && !licences.has(alias)) licences.set(alias, id);
  }
  const frequencies = new Map<string, number>();
  for (const row of (await db.query<{ id: number; codename: string }>('SELECT id, codename FROM update_frequencies')).rows) frequencies.set(row.codename, row.id);
  return { licences, frequencies, ...(await loadFormatLookups(db)) };
}

/** Our data formats by codename, name and extension, and by media type (what `formatOf` reads). */
export async function loadFormatLookups(db: Pick<Db, 'query'>): Promise<Pick<Lookups, 'formats' | 'mediaTypes'>> {
  const formats = new Map<string, number>();
  const mediaTypes = new Map<string, number>();
  const { rows: formatRows } = await db.query<{ id: number; codename: string; display_name: string; extensions: string[]; mimetypes: string[] }>(
    'SELECT id, codename, display_name, extensions, mimetypes FROM data_formats ORDER BY id',
  );
  for (const row of formatRows) {
    for (const name of [row.codename, row.display_name, ...row.extensions]) if (name && !formats.has(name.toLowerCase())) formats.set(name.toLowerCase(), row.id);
    for (const type of row.mimetypes) if (!mediaTypes.has(type.toLowerCase())) mediaTypes.set(type.toLowerCase(), row.id);
  }
  return { formats, mediaTypes };
}

/**
 * Our data format of a distribution: from what the remote says (a name like `CSV`, a media type,
 * the EU file-type or IANA IRIs), else from the extension of its URL's path; null when unknown.
 */
export function formatOf(hints: string[], url: string, lookups: Pick<Lookups, 'formats' | 'mediaTypes'>): number | null {
  for (const hint of hints) {
    const value = hint.trim().toLowerCase().split(';')[0].trim();
    const mediaType = value.replace(/^https?:\/\/www\.iana\.org\/assignments\/media-types\//, '');
    if (lookups.mediaTypes.has(mediaType)) return lookups.mediaTypes.get(mediaType)!;
    const name = value.replace(/\/+$/, '').split(/[/#]/).pop()!.replace(/^\./, '');
    if (lookups.formats.has(name)) return lookups.formats.get(name)!;
  }
  try {
    const extension = /\.([a-z0-9]{1,8})$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
    if (extension && lookups.formats.has(extension)) return lookups.formats.get(extension)!;
  } catch {
    /* not a URL: no extension */
  }
  return null;
}

function frequencyOf(value: string | null, lookups: Lookups): number | null {
  if (!value) return null;
  const code = value.trim().replace(/\/+$/, '').split(/[/#]/).pop() ?? '';
  if (lookups.frequencies.has(code.toUpperCase())) return lookups.frequencies.get(code.toUpperCase())!;
  const alias = FREQUENCY_ALIASES[code.toLowerCase().replace(/[\s-]/g, '')] ?? FREQUENCY_ALIASES[code.toLowerCase()];
  return alias ? lookups.frequencies.get(alias) ?? null : null;
}

/** The record as our dataset's fields. */
export function resolveFields(record: RemoteRecord, lookups: Lookups): HarvestedFields {
  const licence = record.licence.map((hint) => lookups.licences.get(normal(hint))).find((id) => id !== undefined) ?? null;
  return {
    display_name: record.title,
    description: record.description,
    tags: record.tags,
    licence,
    creation_date: record.creationDate,
    publication_date: record.publicationDate,
    last_update_date: record.lastUpdateDate,
    update_frequency: frequencyOf(record.frequency, lookups),
    bbox: record.bbox,
    contact: record.contact,
    // The first distribution the remote marks main is the dataset's main resource; the others are annexes.
    links: record.links.slice(0, 50).map((link, index, links) => ({
      key: link.key,
      title: link.title,
      url: link.url,
      format: formatOf(link.formats, link.url, lookups),
      main: link.main && links.findIndex((other) => other.main) === index,
    })),
  };
}
