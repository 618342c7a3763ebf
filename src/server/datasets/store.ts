/**
 * What a dataset write does besides its own row, in the write's transaction: a unique codename,
 * keywords (tags, also kept in datasets.keywords for the full-text search), the many-to-many
 * classifications, and the activity entry with each changed field's old and new value.
 */
import type { PoolClient } from 'pg';
import type { DestroyContext } from '../crud/index.ts';
import { ValidationError } from '../http/errors.ts';
import { t } from '../i18n.ts';
import { slugify } from '../../../schemas/slug.ts';

export const CODENAME_MAX_LENGTH = 100;

/** The beginning every variant of a name shares: a variant's name is shortened to fit its suffix. */
const variantPrefix = (base: string) => base.slice(0, CODENAME_MAX_LENGTH - 12);

/**
 * The condition "`codename` begins with `prefix`" as a range of the unique index (codenames compare
 * byte by byte, migration 046): LIKE with a pattern made per row would read the whole table.
 */
const beginsWith = (prefix: string) => `codename >= ${prefix} COLLATE "C" AND codename < ${prefix} || chr(1114111) COLLATE "C"`;

/** Advisory lock classes of codename choices, one per table ('cdds', 'cdrs'). */
const CODENAME_LOCKS = { datasets: 0x63646473, resources: 0x63647273 } as const;

/**
 * Waits, until the transaction ends, for any other one choosing a codename of the same family (a
 * name and its `-2`, `-3`… variants, which share their beginning): two saves at once, a double
 * click on Duplicate or a harvest beside an editor, would otherwise both find the same name free,
 * and the second fail on the unique index. Locks are taken in key order, so two transactions
 * choosing several names never wait on each other.
 */
async function lockCodenameFamilies(client: PoolClient, table: keyof typeof CODENAME_LOCKS, bases: readonly string[]): Promise<void> {
  const families = [...new Set(bases.map((base) => variantPrefix(base.replace(/-\d+$/, ''))))];
  await client.query(
    'SELECT pg_advisory_xact_lock($1, h) FROM (SELECT DISTINCT hashtext(f) AS h FROM unnest($2::text[]) AS f) AS k ORDER BY h',
    [CODENAME_LOCKS[table], families],
  );
}

/** A slug of `text` not used by another dataset (or resource): `name`, else `name-2`, `name-3`… within 100 characters. */
export async function uniqueCodename(client: PoolClient, text: string, exceptId: number | null, table: keyof typeof CODENAME_LOCKS = 'datasets'): Promise<string> {
  const base = slugify(text).slice(0, CODENAME_MAX_LENGTH).replace(/-+$/, '') || (table === 'datasets' ? 'dataset' : 'resource');
  await lockCodenameFamilies(client, table, [base]);
  const { rows } = await client.query<{ codename: string }>(`SELECT codename FROM ${table} WHERE ${beginsWith('$1::text')} AND id IS DISTINCT FROM $2`, [
    variantPrefix(base),
    exceptId,
  ]);
  const used = new Set(rows.map((row) => row.codename));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const candidate = `${base.slice(0, CODENAME_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Replaces the dataset's keywords; new ones join the shared tags (a keyword differing only by case is the same). */
export async function setTags(client: PoolClient, datasetId: number, names: readonly string[]): Promise<void> {
  await client.query('DELETE FROM dataset_tags WHERE dataset_id = $1', [datasetId]);
  if (names.length > 0) {
    await addTags(client, names);
    await client.query(
      `INSERT INTO dataset_tags (dataset_id, tag_id)
       SELECT $1, id FROM tags WHERE lower(name) = ANY($2::text[]) ON CONFLICT DO NOTHING`,
      [datasetId, names.map((name) => name.toLowerCase())],
    );
  }
  await client.query(
    `UPDATE datasets SET keywords = COALESCE((SELECT string_agg(t.name, ' ' ORDER BY lower(t.name))
       FROM dataset_tags dt JOIN tags t ON t.id = dt.tag_id WHERE dt.dataset_id = $1), '') WHERE id = $1`,
    [datasetId],
  );
}

/**
 * Codenames for several new datasets (or resources) at once (a harvested page): the codenames
 * already taken are read (the names themselves through the index, then the variants of a name
 * taken or wanted twice), then each text gets the first free `name`, `name-2`… not given to an
 * earlier one.
 */
export async function uniqueCodenames(client: PoolClient, texts: readonly string[], table: keyof typeof CODENAME_LOCKS = 'datasets'): Promise<string[]> {
  const fallback = table === 'datasets' ? 'dataset' : 'resource';
  const bases = texts.map((text) => slugify(text).slice(0, CODENAME_MAX_LENGTH).replace(/-+$/, '') || fallback);
  await lockCodenameFamilies(client, table, bases);
  // Most names are free: an indexed lookup of the names themselves, then the variants of the taken ones only.
  const taken = new Set((await client.query<{ codename: string }>(`SELECT codename FROM ${table} WHERE codename = ANY($1::text[])`, [bases])).rows.map((row) => row.codename));
  const twice = new Set(bases.filter((base, index) => bases.indexOf(base) !== index));
  const prefixes = [...new Set(bases.filter((base) => taken.has(base) || twice.has(base)).map(variantPrefix))];
  const { rows } = prefixes.length === 0
    ? { rows: [] }
    : await client.query<{ codename: string }>(`SELECT v.codename FROM unnest($1::text[]) AS p(prefix) CROSS JOIN LATERAL (SELECT codename FROM ${table} WHERE ${beginsWith('p.prefix')}) v`, [prefixes]);
  const used = new Set([...taken, ...rows.map((row) => row.codename)]);
  return bases.map((base) => {
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? '' : `-${n}`;
      const candidate = `${base.slice(0, CODENAME_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
      if (!used.has(candidate)) {
        used.add(candidate);
        return candidate;
      }
    }
  });
}

/** Adds the names not known yet to the shared tags (a keyword differing only by case is the same). */
export async function addTags(client: PoolClient, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await client.query('INSERT INTO tags (name) SELECT DISTINCT ON (lower(n)) n FROM unnest($1::text[]) AS n ORDER BY lower(n) ON CONFLICT ((lower(name))) DO NOTHING', [names]);
}

/** SQL of the keywords column for the tag names of `names` (a json array, added first): what setTags writes there. */
export const keywordsOfSql = (names: string) =>
  `COALESCE((SELECT string_agg(t.name, ' ' ORDER BY lower(t.name)) FROM tags t WHERE lower(t.name) IN (SELECT lower(tag.name) FROM json_array_elements_text(${names}) AS tag(name))), '')`;

/**
 * setTags for several datasets in four statements (a harvested page). `created`: the datasets were
 * just inserted with their keywords (keywordsOfSql), their tags added first; only their links are
 * written (writing the keywords again would write each row and its indexes a second time).
 */
export async function setTagsOfMany(client: PoolClient, entries: readonly { datasetId: number; names: readonly string[] }[], { created = false } = {}): Promise<void> {
  if (entries.length === 0) return;
  const ids = entries.map((entry) => entry.datasetId);
  const pairs = entries.flatMap((entry) => entry.names.map((name) => ({ d: entry.datasetId, n: name })));
  if (!created) {
    await client.query('DELETE FROM dataset_tags WHERE dataset_id = ANY($1::integer[])', [ids]);
    await addTags(client, pairs.map((pair) => pair.n));
  }
  if (pairs.length > 0) {
    await client.query(
      `INSERT INTO dataset_tags (dataset_id, tag_id)
       SELECT p.d, t.id FROM json_to_recordset($1::json) AS p(d integer, n text) JOIN tags t ON lower(t.name) = lower(p.n) ON CONFLICT DO NOTHING`,
      [JSON.stringify(pairs)],
    );
  }
  if (created) return;
  await client.query(
    `UPDATE datasets d SET keywords = COALESCE((SELECT string_agg(t.name, ' ' ORDER BY lower(t.name))
       FROM dataset_tags dt JOIN tags t ON t.id = dt.tag_id WHERE dt.dataset_id = d.id), '') WHERE d.id = ANY($1::integer[])`,
    [ids],
  );
}

/** The many-to-many classifications: API field → join table and its column. */
/**
 * The classifications: their link table and its id column, and the sorted copy of the ids each
 * dataset keeps for lists and filters (migration 019, kept in step by triggers on the link table).
 */
export const DATASET_LINKS = {
  categories: { table: 'dataset_categories', column: 'category_id', ids: 'category_ids' },
  topics: { table: 'dataset_topics', column: 'topic_id', ids: 'topic_ids' },
  kinds: { table: 'dataset_kinds', column: 'kind_id', ids: 'kind_ids' },
} as const;

export type DatasetLink = keyof typeof DATASET_LINKS;

export async function setLinks(client: PoolClient, link: DatasetLink, datasetId: number, ids: readonly number[]): Promise<void> {
  const { table, column } = DATASET_LINKS[link];
  await client.query(`DELETE FROM ${table} WHERE dataset_id = $1`, [datasetId]);
  if (ids.length > 0) {
    await client.query(`INSERT INTO ${table} (dataset_id, ${column}) SELECT $1, unnest($2::integer[]) ON CONFLICT DO NOTHING`, [
      datasetId,
      [...new Set(ids)],
    ]);
  }
}

export type Changes = Record<string, { old: unknown; new: unknown }>;

/** The fields whose value differs between two versions of a record (null before a creation). */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown>, fields: readonly string[]): Changes {
  const changes: Changes = {};
  for (const field of fields) {
    const old = before?.[field] ?? null;
    const value = after[field] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value)) changes[field] = { old, new: value };
  }
  return changes;
}

export async function recordActivity(
  client: Pick<PoolClient, 'query'>,
  entry: { datasetId: number; userId: number | null; action: string; changes: Changes },
): Promise<void> {
  await client.query('INSERT INTO dataset_activity (dataset_id, user_id, action, changes) VALUES ($1, $2, $3, $4)', [
    entry.datasetId,
    entry.userId,
    entry.action,
    JSON.stringify(entry.changes),
  ]);
}

/** A contact's link to a dataset as its history tells it: the contact and its role (a link row has both). */
export interface ContactLink {
  contact?: unknown;
  role?: unknown;
}

/** The dataset's history entry of a contact link made, changed (before and after) or gone (after null). */
export async function recordContactLinkChange(
  client: Pick<PoolClient, 'query'>,
  entry: { datasetId: number; userId: number | null; before: ContactLink | null; after: ContactLink | null },
): Promise<void> {
  const summary = (link: ContactLink | null) => (link ? { contact: link.contact, role: link.role } : null);
  await recordActivity(client, {
    datasetId: entry.datasetId,
    userId: entry.userId,
    action: 'contacts',
    changes: { contact_roles: { old: summary(entry.before), new: summary(entry.after) } },
  });
}

/** A group that owns datasets cannot be deleted (its datasets would lose their owner): a 400 saying so. */
export async function refuseDeletingDatasetOwner({ client, id, request }: DestroyContext): Promise<void> {
  const { rows } = await client.query('SELECT 1 FROM datasets WHERE usergroup_id = $1 LIMIT 1', [id]);
  if (rows.length > 0) throw new ValidationError({ non_field_errors: [t(request.locale, 'usergroupOwnsDatasets')] });
  const resources = await client.query('SELECT 1 FROM resources WHERE usergroup_id = $1 LIMIT 1', [id]);
  if (resources.rows.length > 0) throw new ValidationError({ non_field_errors: [t(request.locale, 'resource.usergroupOwnsResources')] });
}
