/**
 * Writes one remote page of a harvest, all or nothing: one transaction for the page's datasets,
 * keywords, catalogue entries, history and harvested records, so a run killed mid-way leaves
 * whole pages only and the next run finds them again by their key (indexer, remote identifier).
 * New records are inserted set-based; a changed record is updated on its own row (its local
 * fields differ from one record to another). When the database refuses a value of one record,
 * the page is written again record by record, each in a savepoint: that record is skipped with
 * the database's reason, the rest of its page is kept.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { HarvestedFields } from '../../../schemas/indexers.ts';
import { inTransaction, type Db } from '../db/pool.ts';
import { addTags, changedFields, keywordsOfSql, setTagsOfMany, uniqueCodenames, type Changes } from '../datasets/store.ts';
import { queueTasks } from '../tasks/store.ts';
import type { Indexer } from './indexer.ts';
import type { RemoteRecord } from './types.ts';

/** Fields a harvest writes and compares with the dataset to find local edits. */
export const HARVESTED_FIELDS = ['display_name', 'description', 'tags', 'licence', 'creation_date', 'publication_date', 'last_update_date', 'update_frequency', 'bbox', 'extras'] as const;
type HarvestedField = (typeof HARVESTED_FIELDS)[number];
type Values = Record<HarvestedField, unknown>;

/** The datasets' harvested fields, in the shape they are compared in. */
async function currentValues(client: Pick<pg.PoolClient, 'query'>, datasetIds: number[]): Promise<Map<number, Values>> {
  const { rows } = await client.query<Values & { id: number }>(
    `SELECT d.id, d.display_name, d.description,
            ARRAY(SELECT t.name FROM dataset_tags dt JOIN tags t ON t.id = dt.tag_id WHERE dt.dataset_id = d.id ORDER BY lower(t.name)) AS tags,
            d.licence_id AS licence, to_char(d.creation_date, 'YYYY-MM-DD') AS creation_date,
            to_char(d.publication_date, 'YYYY-MM-DD') AS publication_date, to_char(d.last_update_date, 'YYYY-MM-DD') AS last_update_date,
            d.update_frequency_id AS update_frequency,
            CASE WHEN d.min_lon IS NULL THEN NULL ELSE json_build_array(d.min_lon, d.min_lat, d.max_lon, d.max_lat) END AS bbox,
            d.extras
       FROM datasets d WHERE d.id = ANY($1::integer[])`,
    [datasetIds],
  );
  return new Map(rows.map(({ id, ...values }) => [id, values]));
}

/** The extras a harvest writes: the remote's contact (its distributions are resources). */
function extrasOf(fields: HarvestedFields): { key: string; value: string }[] {
  const extras: { key: string; value: string }[] = [];
  if (fields.contact) extras.push({ key: 'contact', value: [fields.contact.name, fields.contact.email && `<${fields.contact.email}>`].filter(Boolean).join(' ') });
  return extras;
}

/** Column assignments for the fields not edited locally. */
function columnsOf(fields: HarvestedFields, keep: ReadonlySet<string>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  const set = (field: HarvestedField, values: Record<string, unknown>) => {
    if (!keep.has(field)) Object.assign(columns, values);
  };
  set('display_name', { display_name: fields.display_name });
  set('description', { description: fields.description });
  set('licence', { licence_id: fields.licence });
  set('creation_date', { creation_date: fields.creation_date });
  set('publication_date', { publication_date: fields.publication_date });
  set('last_update_date', { last_update_date: fields.last_update_date });
  set('update_frequency', { update_frequency_id: fields.update_frequency });
  const [minLon, minLat, maxLon, maxLat] = fields.bbox ?? [null, null, null, null];
  set('bbox', { min_lon: minLon, min_lat: minLat, max_lon: maxLon, max_lat: maxLat, geographic_coverage: fields.bbox ? 'bbox' : null });
  set('extras', { extras: extrasOf(fields) });
  return columns;
}

/**
 * The version of the mapping, part of the hash: a record harvested by an earlier mapping (its
 * distributions kept in the extras) is written again once by the next run, as if it had changed.
 */
const MAPPING_VERSION = 'resources-2';

export function contentHash(fields: HarvestedFields): string {
  return createHash('sha256').update(MAPPING_VERSION).update(JSON.stringify(fields)).digest('hex');
}

/** A record of the page, mapped to our fields, with the hash of what was mapped. */
export interface PageRecord {
  record: RemoteRecord;
  fields: HarvestedFields;
  hash: string;
}

export interface PageOutcome {
  created: number;
  updated: number;
  unchanged: number;
  /** Records the database refused, with its words. */
  rejected: { remoteId: string; detail: string }[];
}

interface KnownRecord {
  id: number;
  remote_id: string;
  dataset_id: number;
  content_hash: string;
  withdrawn_at: Date | null;
  harvested_values: Partial<Values>;
  local_fields: string[];
}

/** A value the database refuses (SQLSTATE classes 22 data exception, 23 integrity): the record's fault, not the run's. */
function isRefusedValue(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

/** Writes the page's records; `seenIds` are every identifier the page listed (kept from withdrawal). */
export async function writePage(db: Db, indexer: Indexer, records: PageRecord[], seenIds: string[]): Promise<PageOutcome> {
  try {
    return await inTransaction(db, async (client) => {
      const outcome = await writeRecords(db, client, indexer, records);
      await touch(client, indexer.id!, seenIds);
      return outcome;
    });
  } catch (error) {
    if (!isRefusedValue(error) || records.length === 0) throw error;
  }
  return inTransaction(db, async (client) => {
    const outcome: PageOutcome = { created: 0, updated: 0, unchanged: 0, rejected: [] };
    for (const record of records) {
      await client.query('SAVEPOINT harvest_record');
      try {
        const one = await writeRecords(db, client, indexer, [record]);
        await client.query('RELEASE SAVEPOINT harvest_record');
        outcome.created += one.created;
        outcome.updated += one.updated;
        outcome.unchanged += one.unchanged;
      } catch (error) {
        if (!isRefusedValue(error)) throw error;
        await client.query('ROLLBACK TO SAVEPOINT harvest_record');
        outcome.rejected.push({ remoteId: record.record.remoteId, detail: error.message.slice(0, 300) });
      }
    }
    await touch(client, indexer.id!, seenIds);
    return outcome;
  });
}

/**
 * Every identifier the page listed is still there, even a record skipped: none is withdrawn. The
 * records this transaction wrote were seen at now() already, and are not written again.
 */
async function touch(client: pg.PoolClient, indexerId: number, remoteIds: string[]): Promise<void> {
  await client.query(
    'UPDATE harvested_records SET last_seen_at = now() WHERE indexer_id = $1 AND remote_id = ANY($2::text[]) AND last_seen_at <> now()',
    [indexerId, remoteIds],
  );
}

async function writeRecords(db: Db, client: pg.PoolClient, indexer: Indexer, records: PageRecord[]): Promise<PageOutcome> {
  // Two runs of one indexer write their pages one after the other: each sees the other's records.
  await client.query("SELECT pg_advisory_xact_lock(hashtext('harvested_records'), $1)", [indexer.id]);
  const { rows } = await client.query<KnownRecord>(
    `SELECT id, remote_id, dataset_id, content_hash, withdrawn_at, harvested_values, local_fields
       FROM harvested_records WHERE indexer_id = $1 AND remote_id = ANY($2::text[])`,
    [indexer.id, records.map((item) => item.record.remoteId)],
  );
  const known = new Map(rows.map((row) => [row.remote_id, row]));
  const outcome: PageOutcome = { created: 0, updated: 0, unchanged: 0, rejected: [] };
  const creates: PageRecord[] = [];
  const updates: { item: PageRecord; known: KnownRecord }[] = [];
  for (const item of records) {
    const row = known.get(item.record.remoteId);
    if (!row) creates.push(item);
    else if (row.content_hash === item.hash && !row.withdrawn_at) outcome.unchanged += 1;
    else updates.push({ item, known: row });
  }
  outcome.created = await createDatasets(client, indexer, creates);
  const republish: number[] = [];
  for (const { item, known: row } of updates) {
    await updateDataset(client, row, item);
    // Listed again after a withdrawal: published again, through the publish scenario.
    if (row.withdrawn_at) republish.push(row.dataset_id);
  }
  await syncResources(client, indexer, updates.map(({ item, known: row }) => ({ recordId: row.id, datasetId: row.dataset_id, links: item.fields.links })));
  outcome.updated = updates.length;
  await queueScenario(client, db, 'publish-dataset', republish, indexer.id!);
  return outcome;
}

async function recordActivities(client: pg.PoolClient, entries: { datasetId: number; changes: Changes }[]): Promise<void> {
  if (entries.length === 0) return;
  await client.query(
    `INSERT INTO dataset_activity (dataset_id, user_id, action, changes)
     SELECT a.dataset_id, NULL, 'harvest', a.changes FROM json_to_recordset($1::json) AS a(dataset_id integer, changes jsonb)`,
    [JSON.stringify(entries.map((entry) => ({ dataset_id: entry.datasetId, changes: entry.changes })))],
  );
}

/** The page's new records, set-based: datasets, keywords, harvested records, catalogue entries, history. */
async function createDatasets(client: pg.PoolClient, indexer: Indexer, creates: PageRecord[]): Promise<number> {
  if (creates.length === 0) return 0;
  const codenames = await uniqueCodenames(client, creates.map((item) => item.fields.display_name));
  const rows = creates.map((item, index) => ({ ...columnsOf(item.fields, new Set()), codename: codenames[index] }));
  // Each row is written once, its keywords with it (the tags added first).
  await addTags(client, creates.flatMap((item) => item.fields.tags));
  const { rows: inserted } = await client.query<{ id: number; codename: string }>(
    `INSERT INTO datasets (codename, usergroup_id, publish, default_permission_level, display_name, description, licence_id, creation_date,
                           publication_date, last_update_date, update_frequency_id, min_lon, min_lat, max_lon, max_lat, geographic_coverage, extras, keywords)
     SELECT r.codename, $2, true, 3, r.display_name, r.description, r.licence_id, r.creation_date, r.publication_date, r.last_update_date,
            r.update_frequency_id, r.min_lon, r.min_lat, r.max_lon, r.max_lat, r.geographic_coverage, r.extras, ${keywordsOfSql('k.names')}
       FROM json_populate_recordset(NULL::datasets, $1::json) WITH ORDINALITY AS r
       JOIN json_array_elements($3::json) WITH ORDINALITY AS k(names, position) ON k.position = r.ordinality
     RETURNING id, codename`,
    // Records of an open-data catalogue: published and open to everyone (level 3).
    [JSON.stringify(rows), indexer.usergroup_id, JSON.stringify(creates.map((item) => item.fields.tags))],
  );
  const idOf = new Map(inserted.map((row) => [row.codename, row.id]));
  const ids = codenames.map((codename) => idOf.get(codename)!);
  await setTagsOfMany(client, creates.map((item, index) => ({ datasetId: ids[index], names: item.fields.tags })), { created: true });
  const values = await currentValues(client, ids);
  const { rows: records } = await client.query<{ id: number; dataset_id: number }>(
    `INSERT INTO harvested_records (indexer_id, remote_id, dataset_id, content_hash, harvested_values)
     SELECT $1, r.remote_id, r.dataset_id, r.content_hash, r.harvested_values
       FROM json_to_recordset($2::json) AS r(remote_id text, dataset_id integer, content_hash text, harvested_values jsonb)
     RETURNING id, dataset_id`,
    [indexer.id, JSON.stringify(creates.map((item, index) => ({ remote_id: item.record.remoteId, dataset_id: ids[index], content_hash: item.hash, harvested_values: values.get(ids[index]) })))],
  );
  await client.query(
    `INSERT INTO catalog_entries (dataset_id, exposed_at, search_vector)
     SELECT id, now(), search_vector FROM datasets WHERE id = ANY($1::integer[])
     ON CONFLICT (dataset_id) DO UPDATE SET exposed_at = EXCLUDED.exposed_at, search_vector = EXCLUDED.search_vector`,
    [ids],
  );
  await recordActivities(client, ids.map((id) => ({ datasetId: id, changes: changedFields(null, values.get(id)!, HARVESTED_FIELDS) })));
  const recordOf = new Map(records.map((row) => [row.dataset_id, row.id]));
  await syncResources(client, indexer, creates.map((item, index) => ({ recordId: recordOf.get(ids[index])!, datasetId: ids[index], links: item.fields.links })));
  return creates.length;
}

/** A changed record: the fields not edited locally are written again. */
async function updateDataset(client: pg.PoolClient, known: KnownRecord, item: PageRecord): Promise<void> {
  const before = (await currentValues(client, [known.dataset_id])).get(known.dataset_id)!;
  // A field whose value is no longer the one the harvest wrote was changed here: it stays local.
  const local = new Set(known.local_fields);
  for (const field of HARVESTED_FIELDS) {
    if (Object.hasOwn(known.harvested_values, field) && JSON.stringify(before[field]) !== JSON.stringify(known.harvested_values[field])) local.add(field);
  }
  const columns = columnsOf(item.fields, local);
  if (columns.extras) columns.extras = JSON.stringify(columns.extras);
  const names = Object.keys(columns);
  if (names.length > 0) {
    await client.query(
      `UPDATE datasets SET ${names.map((name, index) => `${name} = $${index + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
      [known.dataset_id, ...Object.values(columns)],
    );
  }
  if (!local.has('tags')) await setTagsOfMany(client, [{ datasetId: known.dataset_id, names: item.fields.tags }]);
  const after = (await currentValues(client, [known.dataset_id])).get(known.dataset_id)!;
  const harvested: Partial<Values> = { ...known.harvested_values };
  for (const field of HARVESTED_FIELDS) if (!local.has(field)) harvested[field] = after[field];
  await client.query(
    `UPDATE harvested_records SET content_hash = $2, harvested_values = $3, local_fields = $4, harvested_at = now(), last_seen_at = now(), withdrawn_at = NULL WHERE id = $1`,
    [known.id, item.hash, JSON.stringify(harvested), [...local].sort()],
  );
  const changes = changedFields(before, after, HARVESTED_FIELDS);
  if (Object.keys(changes).length > 0) await recordActivities(client, [{ datasetId: known.dataset_id, changes }]);
}

interface WrittenRecord {
  recordId: number;
  datasetId: number;
  links: HarvestedFields['links'];
}

/** What a run last wrote on a harvested resource: an editor's change is a value that differs from it. */
interface Harvested {
  title: string;
  url: string;
  format: number | null;
}

/**
 * The distributions of the written records as resources of type href of the indexer's usergroup,
 * linked to their dataset (annexes, or main for the one the remote marks main when the dataset has
 * no main resource yet), keyed by (record, remote key): updated when they change, removed when the
 * remote no longer lists them. Their links are not fetched here.
 */
async function syncResources(client: pg.PoolClient, indexer: Indexer, written: WrittenRecord[]): Promise<void> {
  if (written.length === 0) return;
  const { rows: existing } = await client.query<{ id: number; record_id: number; remote_key: string; resource_id: number | null; harvested: Harvested | null }>(
    'SELECT id, record_id, remote_key, resource_id, harvested FROM harvested_resources WHERE record_id = ANY($1::bigint[])',
    [written.map((item) => item.recordId)],
  );
  const known = new Map(existing.map((row) => [`${row.record_id} ${row.remote_key}`, row]));
  type Link = HarvestedFields['links'][number] & { record_id: number; dataset_id: number; resource_id?: number; previous?: Harvested | null };
  const kept: Link[] = [];
  const added: Link[] = [];
  const listed = new Set<string>();
  for (const item of written) {
    for (const link of item.links) {
      const id = `${item.recordId} ${link.key}`;
      if (listed.has(id)) continue; // the same distribution twice in a record: its first listing
      listed.add(id);
      const row = { ...link, record_id: item.recordId, dataset_id: item.datasetId };
      const before = known.get(id);
      // Without a resource: an editor deleted it, and the harvest does not bring it back.
      if (before && before.resource_id !== null) kept.push({ ...row, resource_id: before.resource_id, previous: before.harvested });
      else if (!before) added.push(row);
    }
  }
  const gone = existing.filter((row) => !listed.has(`${row.record_id} ${row.remote_key}`));
  if (gone.length > 0) {
    await client.query('DELETE FROM resources WHERE id = ANY($1::integer[])', [gone.flatMap((row) => (row.resource_id === null ? [] : [row.resource_id]))]);
    await client.query('DELETE FROM harvested_resources WHERE id = ANY($1::bigint[])', [gone.map((row) => row.id)]);
  }
  if (kept.length > 0) {
    // A value is the harvest's to change while it is still the one the last run wrote (or none was recorded).
    const json = JSON.stringify(kept.map((link) => ({ ...link, known: Boolean(link.previous), previous_title: link.previous?.title, previous_url: link.previous?.url, previous_format: link.previous?.format ?? null })));
    await client.query(
      `UPDATE resources r
          SET display_name = CASE WHEN NOT k.known OR r.display_name = k.previous_title THEN k.title ELSE r.display_name END,
              dataformat_id = CASE WHEN NOT k.known OR r.dataformat_id IS NOT DISTINCT FROM k.previous_format THEN k.format ELSE r.dataformat_id END,
              last_update = now()
         FROM json_to_recordset($1::json) AS k(resource_id integer, title text, format integer, known boolean, previous_title text, previous_format integer)
        WHERE r.id = k.resource_id AND (r.display_name, r.dataformat_id) IS DISTINCT FROM (k.title, k.format)
          AND (NOT k.known OR r.display_name = k.previous_title OR r.dataformat_id IS NOT DISTINCT FROM k.previous_format)`,
      [json],
    );
    await client.query(
      `UPDATE resource_sources s
          SET href = CASE WHEN NOT k.known OR s.href = k.previous_url THEN k.url ELSE s.href END,
              dataformat_id = CASE WHEN NOT k.known OR s.dataformat_id IS NOT DISTINCT FROM k.previous_format THEN k.format ELSE s.dataformat_id END,
              updated_at = now()
         FROM json_to_recordset($1::json) AS k(resource_id integer, url text, format integer, known boolean, previous_url text, previous_format integer)
        WHERE s.resource_id = k.resource_id AND (s.href, s.dataformat_id) IS DISTINCT FROM (k.url, k.format)
          AND (NOT k.known OR s.href = k.previous_url OR s.dataformat_id IS NOT DISTINCT FROM k.previous_format)`,
      [json],
    );
    await client.query(
      `UPDATE harvested_resources h SET harvested = json_build_object('title', k.title, 'url', k.url, 'format', k.format)
         FROM json_to_recordset($1::json) AS k(record_id bigint, key text, title text, url text, format integer)
        WHERE h.record_id = k.record_id AND h.remote_key = k.key`,
      [json],
    );
    // A distribution no longer marked main becomes an annex before another one becomes main.
    await client.query(
      `UPDATE resource_datasets rd SET type = 2 FROM json_to_recordset($1::json) AS k(resource_id integer, dataset_id integer, main boolean)
        WHERE rd.resource_id = k.resource_id AND rd.dataset_id = k.dataset_id AND rd.type = 1 AND NOT k.main`,
      [json],
    );
  }
  if (added.length > 0) {
    const codenames = await uniqueCodenames(client, added.map((link) => link.title), 'resources');
    const rows = added.map((link, index) => Object.assign(link, { codename: codenames[index] }));
    const { rows: inserted } = await client.query<{ id: number; codename: string }>(
      `INSERT INTO resources (display_name, codename, type, usergroup_id, dataformat_id)
       SELECT a.title, a.codename, 'href', $2, a.format FROM json_to_recordset($1::json) AS a(title text, codename text, format integer)
       RETURNING id, codename`,
      [JSON.stringify(rows), indexer.usergroup_id],
    );
    const idOf = new Map(inserted.map((row) => [row.codename, row.id]));
    for (const row of rows) row.resource_id = idOf.get(row.codename)!;
    const json = JSON.stringify(rows);
    await client.query(
      `INSERT INTO resource_sources (resource_id, kind, dataformat_id, href)
       SELECT a.resource_id, 'href', a.format, a.url FROM json_to_recordset($1::json) AS a(resource_id integer, format integer, url text)`,
      [json],
    );
    await client.query(
      `INSERT INTO resource_datasets (resource_id, dataset_id, type, publish)
       SELECT a.resource_id, a.dataset_id, 2, true FROM json_to_recordset($1::json) AS a(resource_id integer, dataset_id integer)`,
      [json],
    );
    await client.query(
      `INSERT INTO harvested_resources (record_id, remote_key, resource_id, harvested)
       SELECT a.record_id, a.key, a.resource_id, json_build_object('title', a.title, 'url', a.url, 'format', a.format)
         FROM json_to_recordset($1::json) AS a(record_id bigint, key text, resource_id integer, title text, url text, format integer)`,
      [json],
    );
  }
  // The distribution marked main, main unless the dataset already has one (an editor's choice).
  const main = [...kept, ...added].filter((link) => link.main);
  if (main.length > 0) {
    await client.query(
      `UPDATE resource_datasets rd SET type = 1 FROM json_to_recordset($1::json) AS m(resource_id integer, dataset_id integer)
        WHERE rd.resource_id = m.resource_id AND rd.dataset_id = m.dataset_id AND rd.type = 2
          AND NOT EXISTS (SELECT 1 FROM resource_datasets o WHERE o.dataset_id = rd.dataset_id AND o.type = 1)`,
      [JSON.stringify(main)],
    );
  }
}

/** Queues a dataset scenario for each dataset, on behalf of the indexer (its target). */
export async function queueScenario(client: pg.PoolClient, db: Db, codename: string, datasetIds: number[], indexerId: number): Promise<void> {
  if (datasetIds.length === 0) return;
  const { rows } = await client.query<{ id: number }>('SELECT id FROM scenarios WHERE codename = $1', [codename]);
  await queueTasks(
    db,
    datasetIds.map((id) => ({
      action: codename, scenarioId: rows[0]?.id ?? null, objectClass: 'dataset', objectId: id, trigger: 'harvest' as const, createdBy: null,
      target: { model: 'remoteapiindex', app_label: 'indexer', pk: indexerId }, timeLimitSeconds: 600,
    })),
    client,
  );
}
