/**
 * The datasets list as an ODL file: OpenDataFrance's "catalogue simplifié" (UTF-8 with a
 * byte-order mark, without which spreadsheets read its accents as Latin-1; comma separated, every field quoted, several values joined by `;`, CRLF line ends), one row per
 * dataset of the caller's list, in its order. Rows are read from PostgreSQL through a cursor and
 * written as the client takes them, so memory does not grow with the number of datasets.
 */
import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import type { Locale } from '../../../schemas/constants.ts';
import { ApiError } from '../http/errors.ts';
import { labelSql } from '../i18n.ts';

/** The 20 columns of the format, in its order. */
export const ODL_COLUMNS = [
  'COLL_NOM', 'COLL_SIRET', 'ID', 'TITRE', 'DESCRIPTION', 'THEME', 'PRODUCTEUR_NOM', 'PRODUCTEUR_SIRET',
  'COUV_SPAT_MAILLE', 'COUV_SPAT_NOM', 'COUV_TEMP_DEBUT', 'COUV_TEMP_FIN', 'DATE_PUBL', 'FREQ_MAJ',
  'DATE_MAJ', 'MOTS_CLES', 'LICENCE', 'NOMBRE_RESSOURCES', 'FORMAT_RESSOURCES', 'URL',
] as const;

/** One exported dataset as the query reads it. */
export interface OdlRow {
  owner: string | null;
  siret: string | null;
  codename: string;
  display_name: string;
  description: string;
  topics: string[];
  granularity: string | null;
  territory: string | null;
  publication_date: string | null;
  update_frequency: string | null;
  last_update_date: string | null;
  tags: string[];
  licence: string | null;
  resources: number;
  formats: string[];
}

const date = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/**
 * Joins of the export beyond the list's `datasets d` and its usergroup `g`: the small lookup
 * tables, hashed once rather than read again for every row.
 */
export const ODL_JOINS = `LEFT JOIN granularities odl_gr ON odl_gr.id = d.granularity_id
  LEFT JOIN update_frequencies odl_uf ON odl_uf.id = d.update_frequency_id
  LEFT JOIN licences odl_li ON odl_li.id = d.licence_id
  LEFT JOIN jurisdictions odl_j
    ON odl_j.id = CASE WHEN d.geographic_coverage = 'organisation' THEN g.jurisdiction_id ELSE d.jurisdiction_id END`;

/**
 * The SELECT list of the export over the list's FROM and ODL_JOINS, labels in `locale`.
 * `resources` is the expression of the dataset's number of resources. Topics and keywords come
 * unordered (a sort for every row is what costs most): odlLine orders them.
 */
export function odlSelect(locale: Locale, resources: string): string {
  const columns: Record<keyof OdlRow, string> = {
    owner: 'g.display_name',
    // Only organisations have a SIRET.
    siret: `CASE WHEN g.usergroup_type = 'organisation' THEN g.siret END`,
    codename: 'd.codename',
    display_name: 'd.display_name',
    description: 'd.description',
    topics: `ARRAY(SELECT ${labelSql('l', locale)} FROM dataset_topics dt JOIN topics l ON l.id = dt.topic_id WHERE dt.dataset_id = d.id)`,
    granularity: labelSql('odl_gr', locale),
    // The organisation's territory, or the dataset's own jurisdiction.
    territory: 'odl_j.display_name',
    publication_date: date('d.publication_date'),
    update_frequency: labelSql('odl_uf', locale),
    last_update_date: date('d.last_update_date'),
    tags: 'ARRAY(SELECT tg.name FROM dataset_tags dt JOIN tags tg ON tg.id = dt.tag_id WHERE dt.dataset_id = d.id)',
    licence: 'odl_li.title',
    resources,
    // The formats of its resources (main first, then annexes), each once.
    formats: `ARRAY(SELECT f.display_name FROM resource_datasets rd JOIN resources r ON r.id = rd.resource_id
      JOIN data_formats f ON f.id = r.dataformat_id WHERE rd.dataset_id = d.id GROUP BY f.display_name ORDER BY min(rd.type), min(rd.id))`,
  };
  return Object.entries(columns)
    .map(([name, expression]) => `${expression} AS "${name}"`)
    .join(', ');
}

/** A cell a spreadsheet would take for a formula (= + - @, or a tab or carriage return first). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One quoted field: inner quotes doubled, a formula-looking value prefixed with an apostrophe. */
export function csvField(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvLine(fields: ReadonlyArray<string | number | null | undefined>): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/**
 * The CSV line of a dataset; `datasetUrl` is the public page address before the codename.
 * Topics and keywords are listed in the alphabetical order of `collator` (the request's language).
 */
export function odlLine(row: OdlRow, datasetUrl: string, collator: Intl.Collator): string {
  const joined = (values: string[]) => values.sort(collator.compare).join(';');
  return csvLine([
    row.owner, row.siret, row.codename, row.display_name, row.description, joined(row.topics), row.owner, row.siret,
    row.granularity, row.territory, '', '', row.publication_date, row.update_frequency,
    row.last_update_date, joined(row.tags), row.licence, row.resources, row.formats.join(';'), `${datasetUrl}${row.codename}`,
  ]);
}


/** The UTF-8 byte-order mark the file starts with: Excel takes a file without it for Latin-1. */
export const UTF8_BOM = '\uFEFF';

/** Lines are sent in chunks of about this many characters. */
const CHUNK = 16 * 1024;

/**
 * Exports running at once on one pool: each holds a connection for as long as its client
 * downloads, so they may never take the pool from the other calls. More answer 429.
 */
export const MAX_RUNNING_EXPORTS = 3;

/** A client that takes nothing for this long is dropped, and its connection given back. */
const STALL_MS = 60_000;

const running = new WeakMap<Pool, number>();

/**
 * Streams the rows of `query` (an export SELECT, see odlSelect) as the ODL file. The query runs
 * before anything is answered, so a failing one answers an error rather than a cut file; then
 * rows are read 100 at a time, only as fast as the client takes them. The pooled client goes
 * back to the pool when the file is complete, on error, and when the client goes away mid-way
 * or stops reading.
 */
export async function sendOdlExport(
  db: Pool,
  query: { text: string; values: unknown[] },
  reply: FastifyReply,
  options: { datasetUrl: string; filename: string; locale: Locale },
): Promise<FastifyReply> {
  const headers = {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${options.filename}"`,
    'cache-control': 'no-store',
  };
  // HEAD: the headers only, without reading any row.
  if (reply.request.method === 'HEAD') return reply.headers(headers).send();

  const count = running.get(db) ?? 0;
  if (count >= MAX_RUNNING_EXPORTS) {
    reply.header('retry-after', '10');
    throw new ApiError(429, 'exportsBusy');
  }
  running.set(db, count + 1);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    running.set(db, (running.get(db) ?? 1) - 1);
  };

  let client: PoolClient;
  try {
    client = await db.connect();
  } catch (error) {
    end();
    throw error;
  }
  const rows = new QueryStream(query.text, query.values, { batchSize: 100 });
  let failure: Error | undefined;
  rows.on('error', (error) => {
    failure = error;
  });
  // A connection whose query failed is dropped; one whose cursor was closed is reused.
  rows.once('close', () => {
    client.release(failure);
    end();
  });
  client.query(rows);
  try {
    // The first rows (or the end) are there: the query is valid and runs.
    await once(rows, 'readable');
  } catch (error) {
    rows.destroy();
    throw error;
  }

  const collator = new Intl.Collator(options.locale);
  const stalled = setTimeout(() => file.destroy(), STALL_MS);
  async function* lines(): AsyncGenerator<string> {
    let chunk = UTF8_BOM + csvLine(ODL_COLUMNS);
    for await (const row of rows as AsyncIterable<OdlRow>) {
      chunk += odlLine(row, options.datasetUrl, collator);
      // Send what the cursor gave so far, or a full chunk.
      if (chunk.length >= CHUNK || rows.readableLength === 0) {
        stalled.refresh();
        yield chunk;
        chunk = '';
      }
    }
    if (chunk !== '') yield chunk;
  }

  const file = Readable.from(lines(), { objectMode: false });
  // However the file ends (complete, failed, the client left or stalled), the cursor is closed.
  file.once('close', () => {
    clearTimeout(stalled);
    rows.destroy();
  });
  return reply.headers(headers).send(file);
}
