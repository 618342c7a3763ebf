/**
 * What each bulk action changes on a dataset (its "state"), how it reads it, what it makes of it
 * and how it writes it. An undo writes the state recorded before the change with the same
 * `write`, so every action is exact both ways. Publishing goes through the publish scenario's own
 * functions (the flag and the public catalogue entry change together).
 */
import type pg from 'pg';
import {
  BULK_KEYWORD_MAX_LENGTH,
  BULK_MAX_GROUPS,
  type BulkAction,
  type BulkSkipReason,
} from '../../../schemas/bulk.ts';
import type { Locale } from '../../../schemas/constants.ts';
import { PERMISSION_LEVEL } from '../../../schemas/constants.ts';
import { sanitizeText } from '../../../schemas/validators.ts';
import { catalogEntries, exposeDataset, restoreEntry, withdrawDataset, type CatalogEntry } from '../catalog/entries.ts';
import { bodyId } from '../crud/index.ts';
import { setPublished } from '../datasets/scenarios.ts';
import { setTagsOfMany } from '../datasets/store.ts';
import { ValidationError } from '../http/errors.ts';
import { t } from '../i18n.ts';
import type { JsonSchema } from '../openapi/json-schema.ts';
import { readDeletion, restoreDeletion, type Deletion } from './deletion.ts';

type Queryable = Pick<pg.PoolClient, 'query'>;
export type State = Record<string, unknown> | null;
export type Params = Record<string, unknown>;

/** What the generic part knows of each dataset of a bulk change. */
export interface BaseRow {
  id: number;
  display_name: string;
  usergroup_id: number;
  geographic_coverage: string | null;
  harvested: boolean;
  editable: boolean;
}

export interface BulkActionSpec {
  superuserOnly?: boolean;
  /** What `parse` takes, for the OpenAPI document: the body's `params` with this action. */
  params: JsonSchema;
  /** The checked, normalised parameters; a 400 on `params.<name>` otherwise. */
  parse(raw: Params, locale: Locale, db: Queryable): Promise<Params>;
  /** The states of these datasets (those that exist). */
  read(client: pg.PoolClient, ids: number[], params: Params): Promise<Map<number, State>>;
  /** The state the action leaves. */
  plan(state: State, params: Params): State;
  /** A reason to leave the dataset out besides rights and "already so". */
  skip?(row: BaseRow, params: Params): BulkSkipReason | null;
  /** Writes the states (in the caller's transaction). */
  write(client: pg.PoolClient, changes: Array<{ id: number; to: State }>, params: Params): Promise<void>;
  /** What the preview and the activity show of a state, and what an undo compares. Default: the state. */
  show?(state: State): Record<string, unknown> | null;
  /**
   * What the activity adds to a shown state, read once for a batch: the names of what the state
   * holds by id, as a reader of the history sees them (the permissions page's entries name their groups).
   */
  activityNames?(client: Queryable, params: Params): Promise<(shown: Record<string, unknown>) => Record<string, unknown>>;
}

export const shown = (spec: BulkActionSpec, state: State) => (spec.show ? spec.show(state) : state);
/** JSON with every object's keys sorted: states read back from jsonb have their keys in another order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const sameState = (spec: BulkActionSpec, a: State, b: State) => canonical(shown(spec, a)) === canonical(shown(spec, b));

const fieldError = (name: string, message: string) => new ValidationError({ [`params.${name}`]: [message] });

const LEVEL_DOC = { type: 'integer', minimum: PERMISSION_LEVEL.private, maximum: PERMISSION_LEVEL.download };
const NO_PARAMS: JsonSchema = { type: 'object', maxProperties: 0 };

function levelParam(raw: Params, locale: Locale, min: number): number {
  const level = raw.level;
  if (!Number.isInteger(level) || (level as number) < min || (level as number) > PERMISSION_LEVEL.download) {
    throw fieldError('level', t(locale, 'bulk.levelInvalid', { min, max: PERMISSION_LEVEL.download }));
  }
  return level as number;
}

async function rowsById<T extends { id: number }>(client: Queryable, text: string, ids: number[]): Promise<Map<number, T>> {
  const { rows } = await client.query<T>(text, [ids]);
  return new Map(rows.map((row) => [row.id, row]));
}

// ---------------------------------------------------------------------------------------------
// publish / unpublish: the flag as stored (null = published by default) and the catalogue entry.

interface PublicationState {
  publish: boolean | null;
  /** The entry as it was, or {exposed_at: null} for "exposed now". */
  catalog: CatalogEntry | { exposed_at: null } | null;
}

async function readPublication(client: pg.PoolClient, ids: number[]): Promise<Map<number, State>> {
  const flags = await rowsById<{ id: number; publish: boolean | null }>(client, 'SELECT id, publish FROM datasets WHERE id = ANY($1::integer[])', ids);
  const entries = await catalogEntries(client, ids);
  return new Map([...flags.values()].map((row) => [row.id, { publish: row.publish, catalog: entries.get(row.id) ?? null }]));
}

const publication = (publish: boolean): BulkActionSpec => ({
  params: NO_PARAMS,
  parse: async () => ({}),
  read: readPublication,
  plan: () => ({ publish, catalog: publish ? { exposed_at: null } : null }),
  show: (state) => {
    const value = state as unknown as PublicationState | null;
    return value && { publish: value.publish ?? true, in_catalog: value.catalog !== null };
  },
  async write(client, changes) {
    for (const { id, to } of changes) {
      const state = to as unknown as PublicationState;
      await setPublished(client, id, state.publish);
      if (state.catalog === null) await withdrawDataset(client, id);
      else if (state.catalog.exposed_at === null) await exposeDataset(client, id);
      else await restoreEntry(client, id, state.catalog);
    }
  },
});

// ---------------------------------------------------------------------------------------------
// set_default_level {level}

const setDefaultLevel: BulkActionSpec = {
  params: { type: 'object', required: ['level'], properties: { level: LEVEL_DOC } },
  parse: async (raw, locale) => ({ level: levelParam(raw, locale, PERMISSION_LEVEL.private) }),
  async read(client, ids) {
    const rows = await rowsById<{ id: number; level: number }>(
      client,
      'SELECT id, default_permission_level::integer AS level FROM datasets WHERE id = ANY($1::integer[])',
      ids,
    );
    return new Map([...rows.values()].map((row) => [row.id, { default_permission_level: row.level }]));
  },
  plan: (_state, params) => ({ default_permission_level: params.level }),
  async write(client, changes) {
    await client.query(
      `UPDATE datasets d SET default_permission_level = c.level FROM json_to_recordset($1::json) AS c(id integer, level integer) WHERE d.id = c.id`,
      [JSON.stringify(changes.map(({ id, to }) => ({ id, level: to!.default_permission_level })))],
    );
  },
};

// ---------------------------------------------------------------------------------------------
// set_group_level {usergroup_ids, level}: the special permissions of some groups (0 removes them).

type GroupLevels = Array<{ usergroup_id: number; level: number }>;

const setGroupLevel: BulkActionSpec = {
  params: {
    type: 'object',
    required: ['level', 'usergroup_ids'],
    properties: { level: LEVEL_DOC, usergroup_ids: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: BULK_MAX_GROUPS } },
  },
  async parse(raw, locale, db) {
    const level = levelParam(raw, locale, PERMISSION_LEVEL.private);
    const list = raw.usergroup_ids;
    if (!Array.isArray(list) || list.length === 0 || list.length > BULK_MAX_GROUPS) {
      throw fieldError('usergroup_ids', t(locale, 'permissionGroupsCount', { max: BULK_MAX_GROUPS }));
    }
    const ids = list.map((value) => bodyId(value));
    if (ids.includes(null)) throw fieldError('usergroup_ids', t(locale, 'invalidValue'));
    const unique = [...new Set(ids as number[])].sort((a, b) => a - b);
    const { rows } = await db.query<{ id: number }>('SELECT id FROM usergroups WHERE id = ANY($1::integer[])', [unique]);
    if (rows.length < unique.length) {
      const known = new Set(rows.map((row) => row.id));
      const unknown = unique.filter((id) => !known.has(id));
      throw fieldError('usergroup_ids', t(locale, 'permissionGroupsUnknown', { ids: unknown.slice(0, 10).join(', ') }));
    }
    return { level, usergroup_ids: unique };
  },
  async read(client, ids, params) {
    const groups = params.usergroup_ids as number[];
    const { rows } = await client.query<{ dataset_id: number; usergroup_id: number; level: number }>(
      'SELECT dataset_id, usergroup_id, level::integer AS level FROM dataset_permissions WHERE dataset_id = ANY($1::integer[]) AND usergroup_id = ANY($2::integer[])',
      [ids, groups],
    );
    const existing = await rowsById<{ id: number }>(client, 'SELECT id FROM datasets WHERE id = ANY($1::integer[])', ids);
    const levels = new Map(rows.map((row) => [`${row.dataset_id}:${row.usergroup_id}`, row.level]));
    return new Map(
      [...existing.keys()].map((id) => [id, { permissions: groups.map((group) => ({ usergroup_id: group, level: levels.get(`${id}:${group}`) ?? 0 })) }]),
    );
  },
  plan: (_state, params) => ({ permissions: (params.usergroup_ids as number[]).map((group) => ({ usergroup_id: group, level: params.level })) }),
  async activityNames(client, params) {
    const { rows } = await client.query<{ id: number; display_name: string }>('SELECT id, display_name FROM usergroups WHERE id = ANY($1::integer[])', [
      params.usergroup_ids,
    ]);
    const names = new Map(rows.map((row) => [row.id, row.display_name]));
    return (shown) => ({
      ...shown,
      permissions: (shown.permissions as GroupLevels).map((group) => ({ ...group, display_name: names.get(group.usergroup_id) ?? null })),
    });
  },
  async write(client, changes) {
    const pairs = changes.flatMap(({ id, to }) => (to!.permissions as GroupLevels).map((p) => ({ d: id, g: p.usergroup_id, l: p.level })));
    const json = (items: typeof pairs) => JSON.stringify(items);
    await client.query(
      `DELETE FROM dataset_permissions p USING json_to_recordset($1::json) AS c(d integer, g integer) WHERE p.dataset_id = c.d AND p.usergroup_id = c.g`,
      [json(pairs.filter((pair) => pair.l === PERMISSION_LEVEL.private))],
    );
    await client.query(
      `INSERT INTO dataset_permissions (dataset_id, usergroup_id, level) SELECT c.d, c.g, c.l FROM json_to_recordset($1::json) AS c(d integer, g integer, l integer)
       ON CONFLICT (dataset_id, usergroup_id) DO UPDATE SET level = EXCLUDED.level`,
      [json(pairs.filter((pair) => pair.l !== PERMISSION_LEVEL.private))],
    );
  },
};

// ---------------------------------------------------------------------------------------------
// add_keyword / remove_keyword {keyword}: the dataset's keywords (a keyword differing only by case is the same).

const keyword = (adding: boolean): BulkActionSpec => ({
  params: { type: 'object', required: ['keyword'], properties: { keyword: { type: 'string', minLength: 1, maxLength: BULK_KEYWORD_MAX_LENGTH } } },
  async parse(raw, locale) {
    // Cleaned as a dataset's save cleans its keywords (markup stripped, trimmed); a NUL is refused.
    const value = typeof raw.keyword === 'string' && !raw.keyword.includes('\u0000') ? sanitizeText(raw.keyword) : '';
    if (value === '' || value.length > BULK_KEYWORD_MAX_LENGTH) {
      throw fieldError('keyword', t(locale, 'bulk.keywordInvalid', { max: BULK_KEYWORD_MAX_LENGTH }));
    }
    return { keyword: value };
  },
  async read(client, ids) {
    const rows = await rowsById<{ id: number; tags: string[] }>(
      client,
      `SELECT d.id, ARRAY(SELECT tg.name FROM dataset_tags dt JOIN tags tg ON tg.id = dt.tag_id WHERE dt.dataset_id = d.id ORDER BY lower(tg.name), tg.name) AS tags
         FROM datasets d WHERE d.id = ANY($1::integer[])`,
      ids,
    );
    return new Map([...rows.values()].map((row) => [row.id, { tags: row.tags }]));
  },
  plan(state, params) {
    const tags = state!.tags as string[];
    const wanted = (params.keyword as string).toLowerCase();
    const has = tags.some((tag) => tag.toLowerCase() === wanted);
    if (adding === has) return state;
    return { tags: adding ? [...tags, params.keyword as string] : tags.filter((tag) => tag.toLowerCase() !== wanted) };
  },
  async write(client, changes) {
    await setTagsOfMany(client, changes.map(({ id, to }) => ({ datasetId: id, names: to!.tags as string[] })));
  },
});

// ---------------------------------------------------------------------------------------------
// set_owner {usergroup}: superusers only.

const setOwner: BulkActionSpec = {
  superuserOnly: true,
  params: { type: 'object', required: ['usergroup'], properties: { usergroup: { type: 'integer', description: 'The new owner: an organisation or a user group' } } },
  async parse(raw, locale, db) {
    const id = bodyId(raw.usergroup);
    if (id === null) throw fieldError('usergroup', t(locale, raw.usergroup == null ? 'required' : 'invalidInteger'));
    const { rows } = await db.query<{ usergroup_type: string; jurisdiction_id: number | null }>(
      'SELECT usergroup_type, jurisdiction_id FROM usergroups WHERE id = $1',
      [id],
    );
    if (!rows[0]) throw fieldError('usergroup', t(locale, 'invalidValue'));
    if (rows[0].usergroup_type === 'group-of-organisation') throw fieldError('usergroup', t(locale, 'datasetOwnerType'));
    return { usergroup: id, territory: rows[0].jurisdiction_id !== null };
  },
  async read(client, ids) {
    const rows = await rowsById<{ id: number; usergroup_id: number }>(client, 'SELECT id, usergroup_id FROM datasets WHERE id = ANY($1::integer[])', ids);
    return new Map([...rows.values()].map((row) => [row.id, { usergroup: row.usergroup_id }]));
  },
  plan: (_state, params) => ({ usergroup: params.usergroup }),
  // A coverage "the organisation's territory" needs an owner with one.
  skip: (row, params) => (row.geographic_coverage === 'organisation' && !params.territory ? 'ownerNoJurisdiction' : null),
  async write(client, changes) {
    await client.query(
      `UPDATE datasets d SET usergroup_id = c.g FROM json_to_recordset($1::json) AS c(id integer, g integer) WHERE d.id = c.id`,
      [JSON.stringify(changes.map(({ id, to }) => ({ id, g: to!.usergroup })))],
    );
  },
};

// ---------------------------------------------------------------------------------------------
// delete: the dataset's row and every row referencing it (bulk/deletion.ts).

const deletion: BulkActionSpec = {
  params: NO_PARAMS,
  parse: async () => ({}),
  read: async (client, ids) => (await readDeletion(client, ids)) as unknown as Map<number, State>,
  plan: () => null,
  // A harvested dataset's resources go with its harvest record: they could not come back.
  skip: (row) => (row.harvested ? 'harvested' : null),
  show: (state) => ({ deleted: state === null }),
  async write(client, changes) {
    const removed = changes.filter((change) => change.to === null).map((change) => change.id);
    if (removed.length > 0) await client.query('DELETE FROM datasets WHERE id = ANY($1::integer[])', [removed]);
    for (const { to } of changes) if (to !== null) await restoreDeletion(client, to as unknown as Deletion);
  },
};

export const BULK_SPECS: Record<BulkAction, BulkActionSpec> = {
  publish: publication(true),
  unpublish: publication(false),
  set_default_level: setDefaultLevel,
  set_group_level: setGroupLevel,
  add_keyword: keyword(true),
  remove_keyword: keyword(false),
  set_owner: setOwner,
  delete: deletion,
};
