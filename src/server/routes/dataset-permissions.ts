/**
 * A dataset's special permissions (spec sections 6 and 7):
 *
 *   GET /dataset/usergroup-permissions/?dataset_id=N   every usergroup with its special permission on the
 *                                                       dataset and what it can actually do (effective_level)
 *   PUT /dataset/usergroup-permission-actions/?action=set_permission_level_{level}   bulk changes
 *   GET /dataset/datasets/{id}/access/[?user=…]         who reaches the dataset, and why
 *
 * All three are for those who may change the dataset (canEditDataset): a dataset the user cannot
 * see answers 404, one they see but may not change 403. Who reaches what is decided by the rules
 * of schemas/access.ts (datasetReaches, datasetLevel) over the spheres visibility.ts finds, the
 * same rules every dataset call applies.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import {
  canEditDataset,
  canSeeDataset,
  datasetLevel,
  datasetReaches,
  type AccessSubject,
  type DatasetReach,
} from '../../../schemas/access.ts';
import { PERMISSION_LEVEL, STATUS, USERGROUP_TYPES, type Locale } from '../../../schemas/constants.ts';
import { USERGROUP_SEARCH_SQL } from '../accounts/usergroups.ts';
import { loadAuthUser, type AuthUser } from '../auth/users.ts';
import { bodyId, choiceParam, integerParam, type AccessRule, type DetailAction } from '../crud/index.ts';
import { inTransaction, type Db } from '../db/pool.ts';
import { notFound, permissionDenied, ValidationError, type FieldErrors } from '../http/errors.ts';
import { listRequest, paginatedList, SqlParams, type ListSpec, type QueryParams } from '../http/pagination.ts';
import { labelSql, t } from '../i18n.ts';
import { recordActivity } from '../datasets/store.ts';
import { datasetGrants, effectiveAccess, groupReaches, sphereHolds, type GroupName, type GroupReach, type ReachDataset } from '../datasets/group-reach.ts';
import { datasetReachCondition } from '../datasets/visibility.ts';

type Queryable = Pick<PoolClient, 'query'>;

/** Class of the advisory locks taken per dataset by permission changes ('perm'). */
const PERMISSIONS_LOCK = 0x7065726d;

/** At most this many groups change in one call. */
export const MAX_PERMISSION_GROUPS = 1000;

/** `set_permission_level_private` … `set_permission_level_download` → the level they set. */
export const PERMISSION_ACTIONS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(PERMISSION_LEVEL).map(([name, level]) => [`set_permission_level_${name}`, level]),
);

const LEVELS: readonly number[] = Object.values(PERMISSION_LEVEL);

type PermissionDataset = ReachDataset;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** The dataset the user may change, read within their reach: 404 when they cannot see it, 403 when they see it but may not change it. */
async function editableDataset(db: Queryable, user: AuthUser, id: number): Promise<PermissionDataset> {
  const params = new SqlParams();
  const conditions = [`d.id = ${params.add(id)}`];
  const reach = datasetReachCondition('d', user, params);
  if (reach) conditions.push(reach);
  const { rows } = await db.query<PermissionDataset>(
    `SELECT d.id, d.usergroup_id AS usergroup, d.default_permission_level
       FROM datasets d WHERE ${conditions.join(' AND ')}`,
    params.values,
  );
  const dataset = rows[0];
  if (!dataset) throw notFound();
  if (!canEditDataset(user, dataset)) throw permissionDenied();
  return dataset;
}

async function groupNames(db: Queryable, ids: Iterable<number | null>): Promise<Map<number, GroupName>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  const { rows } = await db.query<GroupName>('SELECT id, display_name, usergroup_type FROM usergroups WHERE id = ANY($1::integer[])', [wanted]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Highest level first, then by name in the request's language. */
function byLevelThenName<T>(locale: Locale, level: (item: T) => number, name: (item: T) => string) {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return (a: T, b: T) => level(b) - level(a) || collator.compare(name(a), name(b));
}

const sameLevel = () => 0;

// ---------------------------------------------------------------------------------------------
// GET usergroup-permissions/?dataset_id=N

const PERMISSION_LIST: ListSpec = {
  fields: {
    id: { column: 'g.id', type: 'integer', filters: ['in'] },
    // Accented capitals (É) sort with their letter whatever the database collation.
    display_name: { column: 'immutable_unaccent(lower(g.display_name))', type: 'text', orderable: true },
    usergroup_type: { column: 'g.usergroup_type', type: 'text', orderable: true },
    level: { column: 'COALESCE(p.level, 0)', type: 'integer', orderable: true },
    organisation_type_id: { column: 'g.organisation_type_id', type: 'integer', filters: ['exact'] },
  },
  defaultOrdering: ['display_name'],
  tieBreaker: 'id',
  // Name and acronym, as the other group lists (indexed).
  searchColumns: [USERGROUP_SEARCH_SQL],
};

// Every group, beside the one dataset the list's condition keeps (d.id = $n): no special
// permission row means level 0 (private).
const PERMISSION_FROM = `usergroups g CROSS JOIN datasets d
  LEFT JOIN dataset_permissions p ON p.dataset_id = d.id AND p.usergroup_id = g.id
  LEFT JOIN organisation_types ot ON ot.id = g.organisation_type_id`;

/** The rows' columns, the organisation type named in the reader's language. */
const permissionSelect = (locale: Locale) => `g.id, d.id AS dataset_id, g.id AS usergroup_id, g.display_name, g.usergroup_type,
  g.organisation_type_id AS organisation_type, ${labelSql('ot', locale)} AS organisation_type_label, COALESCE(p.level, 0)::integer AS level`;

/** `dataset_id` of the query: 400 when missing or not an id. */
function queryDatasetId(query: QueryParams, locale: Locale): number {
  const raw = single(query.dataset_id);
  if (raw === undefined || raw.trim() === '') throw new ValidationError({ dataset_id: [t(locale, 'required')] });
  const id = bodyId(raw);
  if (id === null) throw new ValidationError({ dataset_id: [t(locale, 'invalidInteger')] });
  return id;
}

/** The levels of a `<name>` filter (a comma-separated list of levels), or undefined when not given; 400 otherwise. */
function levelsParam(query: QueryParams, name: string, locale: Locale): number[] | undefined {
  const given = query[name];
  const raw = Array.isArray(given) ? given.join(',') : given;
  if (raw === undefined || raw === '') return undefined;
  const values = raw.split(',').filter((item) => item !== '').map((item) => integerParam(name, item, locale));
  if (values.some((level) => !LEVELS.includes(level))) throw new ValidationError({ [name]: [t(locale, 'invalidValue')] });
  return values;
}

function permissionFilters(query: QueryParams, locale: Locale, dataset: PermissionDataset, reached: Map<number, GroupReach>) {
  return (params: SqlParams): string[] => {
    const conditions: string[] = [];
    const type = single(query.usergroup_type);
    if (type !== undefined && type !== '') {
      conditions.push(`g.usergroup_type = ${params.add(choiceParam('usergroup_type', type, USERGROUP_TYPES, locale))}`);
    }
    const levels = levelsParam(query, 'level__in', locale);
    if (levels) conditions.push(`COALESCE(p.level, 0) = ANY(${params.add(levels)}::integer[])`);
    const effective = levelsParam(query, 'effective_level__in', locale);
    if (effective) {
      // The groups the rules reach are known by id with their level; every other group has the default level.
      const matching = [...reached.keys()].filter((id) => effective.includes(effectiveAccess(dataset, reached.get(id)).level));
      const condition = `g.id = ANY(${params.add(matching)}::integer[])`;
      conditions.push(
        effective.includes(dataset.default_permission_level)
          ? `(${condition} OR NOT g.id = ANY(${params.add([...reached.keys()])}::integer[]))`
          : condition,
      );
    }
    return conditions;
  };
}

async function listPermissions(request: FastifyRequest) {
  const query = request.query as QueryParams;
  const db = request.server.db;
  const dataset = await editableDataset(db, request.user!, queryDatasetId(query, request.locale));
  const reached = await groupReaches(db, dataset);
  const page = await paginatedList<{ id: number }>(
    db,
    { from: PERMISSION_FROM, select: permissionSelect(request.locale), where: (params) => [`d.id = ${params.add(dataset.id)}`] },
    PERMISSION_LIST,
    { ...listRequest(request), query },
    { extraConditions: permissionFilters(query, request.locale, dataset, reached) },
  );
  // Besides the special permission (`level`, what the bulk actions change): what the group can do, and why.
  const results = page.results.map((row) => {
    const { level, reasons } = effectiveAccess(dataset, reached.get(row.id));
    return { ...row, effective_level: level, effective_reasons: reasons };
  });
  return { ...page, results };
}

// ---------------------------------------------------------------------------------------------
// PUT usergroup-permission-actions/?action=set_permission_level_{level}

interface PermissionChange {
  level: number;
  datasetId: number;
  usergroupIds: number[];
}

/** The action and body of a bulk change, every mistake a 400 on its field. */
function permissionChange(query: QueryParams, body: unknown, locale: Locale): PermissionChange {
  const errors: FieldErrors = {};
  const action = single(query.action) ?? '';
  const level = Object.hasOwn(PERMISSION_ACTIONS, action) ? PERMISSION_ACTIONS[action] : undefined;
  if (level === undefined) errors.action = [t(locale, 'permissionActionUnknown', { actions: Object.keys(PERMISSION_ACTIONS).join(', ') })];

  const input = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const datasetId = bodyId(input.dataset_id);
  if (datasetId === null) errors.dataset_id = [t(locale, input.dataset_id == null ? 'required' : 'invalidInteger')];

  const raw = input.usergroup_ids;
  let usergroupIds: number[] = [];
  if (raw == null) {
    errors.usergroup_ids = [t(locale, 'required')];
  } else if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_PERMISSION_GROUPS) {
    errors.usergroup_ids = [t(locale, 'permissionGroupsCount', { max: MAX_PERMISSION_GROUPS })];
  } else {
    const ids = raw.map((value) => bodyId(value));
    if (ids.includes(null)) errors.usergroup_ids = [t(locale, 'invalidValue')];
    else usergroupIds = [...new Set(ids as number[])];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { level: level!, datasetId: datasetId!, usergroupIds };
}

async function setPermissions(request: FastifyRequest): Promise<{ updated: number }> {
  const locale = request.locale;
  const { level, datasetId, usergroupIds } = permissionChange(request.query as QueryParams, request.body, locale);
  const user = request.user!;
  return inTransaction(request.server.db, async (client) => {
    const dataset = await editableDataset(client, user, datasetId);
    // Changes of one dataset's permissions follow one another, so each reads the levels the previous
    // one left. An advisory lock, not a row lock: other writes lock their rows in their own order.
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [PERMISSIONS_LOCK, dataset.id]);
    const { rows: before } = await client.query<{ id: number; display_name: string; level: number }>(
      `SELECT g.id, g.display_name, COALESCE(p.level, 0)::integer AS level
         FROM usergroups g LEFT JOIN dataset_permissions p ON p.dataset_id = $1 AND p.usergroup_id = g.id
        WHERE g.id = ANY($2::integer[])`,
      [dataset.id, usergroupIds],
    );
    if (before.length < usergroupIds.length) {
      const known = new Set(before.map((row) => row.id));
      const unknown = usergroupIds.filter((id) => !known.has(id));
      const shown = unknown.slice(0, 10).join(', ') + (unknown.length > 10 ? ', …' : '');
      throw new ValidationError({ usergroup_ids: [t(locale, 'permissionGroupsUnknown', { ids: shown })] });
    }
    if (level === PERMISSION_LEVEL.private) {
      await client.query('DELETE FROM dataset_permissions WHERE dataset_id = $1 AND usergroup_id = ANY($2::integer[])', [dataset.id, usergroupIds]);
    } else {
      await client.query(
        `INSERT INTO dataset_permissions (dataset_id, usergroup_id, level) SELECT $1, unnest($2::integer[]), $3
         ON CONFLICT (dataset_id, usergroup_id) DO UPDATE SET level = EXCLUDED.level`,
        [dataset.id, usergroupIds, level],
      );
    }
    // The activity entry: each group whose level changed, with its old and new level.
    const changed = before.filter((row) => row.level !== level).sort(byLevelThenName(locale, sameLevel, (row) => row.display_name));
    if (changed.length > 0) {
      await recordActivity(client, {
        datasetId: dataset.id,
        userId: user.id,
        action: 'permissions',
        changes: {
          permissions: {
            old: changed.map(({ id, display_name, level: old }) => ({ id, display_name, level: old })),
            new: changed.map(({ id, display_name }) => ({ id, display_name, level })),
          },
        },
      });
    }
    return { updated: usergroupIds.length };
  });
}

// ---------------------------------------------------------------------------------------------
// GET datasets/{id}/access/

const named = (names: Map<number, GroupName>, id: number | null) => {
  const group = id === null ? undefined : names.get(id);
  return group ? { id: group.id, display_name: group.display_name } : null;
};

/** Every group the dataset reaches at 'search' or more besides everyone's default level, highest level first. */
async function groupsReached(db: Queryable, dataset: PermissionDataset, locale: Locale) {
  const groups = [...(await groupReaches(db, dataset)).values()].map(({ usergroup, level, reasons }) => ({
    usergroup: { id: usergroup.id, display_name: usergroup.display_name, usergroup_type: usergroup.usergroup_type },
    level,
    reasons,
  }));
  groups.sort(byLevelThenName(locale, (group) => group.level, (group) => group.usergroup.display_name));
  return { dataset_id: dataset.id, default_permission_level: dataset.default_permission_level, groups };
}

interface AccountRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  by_username: boolean;
}

/**
 * The account of an exact username or e-mail address (case-insensitive) the caller may ask about:
 * anyone for a superuser, else a user sharing an active group with them. Any other account answers
 * exactly as an unknown one, so accounts cannot be probed.
 */
async function askedAccount(db: Queryable, caller: AuthUser, raw: string, locale: Locale): Promise<Omit<AccountRow, 'by_username'>> {
  const unknown = () => new ValidationError({ user: [t(locale, 'accessUserUnknown')] });
  const account = raw.trim();
  if (account === '' || account.length > 254 || account.includes('\u0000')) throw unknown();
  const params = new SqlParams();
  const value = params.add(account);
  const conditions = [`(lower(u.username) = lower(${value}) OR lower(u.email) = lower(${value}))`];
  if (!caller.is_superuser) {
    conditions.push(`EXISTS (SELECT 1 FROM usergroup_members mine JOIN usergroup_members theirs ON theirs.usergroup_id = mine.usergroup_id
      WHERE mine.user_id = ${params.add(caller.id)} AND mine.status = ${STATUS.active} AND theirs.user_id = u.id AND theirs.status = ${STATUS.active})`);
  }
  const { rows } = await db.query<AccountRow>(
    `SELECT u.id, u.username, u.first_name, u.last_name, lower(u.username) = lower(${value}) AS by_username
       FROM users u WHERE ${conditions.join(' AND ')} ORDER BY by_username DESC, u.id LIMIT 2`,
    params.values,
  );
  if (rows.length === 0) throw unknown();
  if (!rows[0].by_username && rows.length > 1) throw new ValidationError({ user: [t(locale, 'accountAmbiguous')] });
  const { by_username: _byUsername, ...user } = rows[0];
  return user;
}

/** How the dataset reaches one user: their level, whether they see and may change it, and every reason. */
async function userReach(db: Db, caller: AuthUser, dataset: PermissionDataset, account: string, locale: Locale) {
  const user = await askedAccount(db, caller, account, locale);
  const found = await loadAuthUser(db, user.id);
  if (!found) throw notFound();
  // Roles come from active memberships only, as for the user's own calls.
  const subject: AccessSubject = { is_superuser: found.is_superuser, usergroup_roles: found.usergroup_roles };
  const grants = await datasetGrants(db, dataset.id);
  const holds = await sphereHolds(db, subject);
  const reaches: DatasetReach[] = datasetReaches(subject, dataset, grants, holds).sort((a, b) => b.level - a.level);
  const names = await groupNames(db, reaches.flatMap((reach) => [reach.usergroup_id, reach.through_id]));
  return {
    user,
    level: datasetLevel(subject, dataset, grants, holds),
    visible: canSeeDataset(subject, dataset, grants, holds),
    editable: canEditDataset(subject, dataset),
    reasons: reaches.map((reach) => ({
      via: reach.via,
      level: reach.level,
      usergroup: named(names, reach.usergroup_id),
      through: named(names, reach.through_id),
    })),
  };
}

const canEdit: AccessRule = (user, { record }) => !record || canEditDataset(user, record as { usergroup: number });

/** `datasets/{id}/access/`: a detail action of the datasets entity. */
const level = { enum: Object.values(PERMISSION_LEVEL) };
const namedGroup = { type: ['object', 'null'], required: ['id', 'display_name'], properties: { id: { type: 'integer' }, display_name: { type: 'string' } } };
const ACCESS_DOC = {
  summary: 'Who reaches the dataset and why: every group above the default level, or, with `user`, one account (username or e-mail address)',
  query: { user: { type: 'string' } },
  response: {
    anyOf: [
      {
        type: 'object',
        required: ['dataset_id', 'default_permission_level', 'groups'],
        properties: {
          dataset_id: { type: 'integer' },
          default_permission_level: level,
          groups: {
            type: 'array',
            items: {
              type: 'object',
              required: ['usergroup', 'level', 'reasons'],
              properties: {
                usergroup: { type: 'object', required: ['id', 'display_name', 'usergroup_type'], properties: { id: { type: 'integer' }, display_name: { type: 'string' }, usergroup_type: { type: 'string' } } },
                level,
                reasons: { type: 'array', items: { type: 'object', required: ['via', 'level'], properties: { via: { type: 'string' }, level } } },
              },
            },
          },
        },
      },
      {
        type: 'object',
        required: ['user', 'level', 'visible', 'editable', 'reasons'],
        properties: {
          user: { type: 'object', required: ['id', 'username'], properties: { id: { type: 'integer' }, username: { type: 'string' }, first_name: { type: 'string' }, last_name: { type: 'string' } } },
          level,
          visible: { type: 'boolean' },
          editable: { type: 'boolean' },
          reasons: { type: 'array', items: { type: 'object', required: ['via', 'level', 'usergroup', 'through'], properties: { via: { type: 'string' }, level, usergroup: namedGroup, through: namedGroup } } },
        },
      },
    ],
  },
};

export const datasetAccessAction: DetailAction = {
  method: 'GET',
  path: 'access/',
  access: canEdit,
  doc: ACCESS_DOC,
  handler: async (request, record) => {
    const dataset: PermissionDataset = {
      id: record.id as number,
      usergroup: record.usergroup as number,
      default_permission_level: record.default_permission_level as number,
    };
    const account = request.query.user;
    if (account !== undefined) return userReach(request.server.db, request.user!, dataset, single(account) ?? '', request.locale);
    return groupsReached(request.server.db, dataset, request.locale);
  },
};

/** The special-permission list and its bulk changes, under /{locale}/dataset/. */
export function registerPermissionRoutes(app: FastifyInstance): void {
  const config = { auth: 'required' as const };
  const listDoc = { summary: "The groups' special permissions on a dataset", list: PERMISSION_LIST, query: { dataset_id: { type: 'integer', required: true, description: 'The dataset' } } };
  app.get('/dataset/usergroup-permissions/', { config: { ...config, openapi: listDoc } }, listPermissions);
  const actionsDoc = {
    summary: "Set some groups' special permission on a dataset to one level",
    query: { action: { enum: Object.keys(PERMISSION_LEVEL).map((name) => `set_permission_level_${name}`), required: true } },
    body: { type: 'object', required: ['dataset_id', 'usergroup_ids'], properties: { dataset_id: { type: 'integer' }, usergroup_ids: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: MAX_PERMISSION_GROUPS } } },
    response: { type: 'object', required: ['updated'], properties: { updated: { type: 'integer', description: 'The groups set' } } },
  };
  app.put('/dataset/usergroup-permission-actions/', { config: { ...config, openapi: actionsDoc } }, setPermissions);
}
