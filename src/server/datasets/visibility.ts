/**
 * Which datasets a user reaches, as SQL: the one place the server turns the dataset rules of
 * schemas/access.ts (datasetLevel, canEditDataset) into conditions on `datasets`. Lists, counts,
 * single records, exports and permission screens all build on these.
 */
import type { AccessSubject } from '../../../schemas/access.ts';
import { PERMISSION_LEVEL, ROLE } from '../../../schemas/constants.ts';
import type { SqlParams } from '../http/pagination.ts';

/** The groups a user acts through: all their active groups, the ones they edit, their organisations. */
function groupsOf(user: AccessSubject) {
  return {
    all: user.usergroup_roles.map((r) => r.usergroup_id),
    edited: user.usergroup_roles.filter((r) => r.role >= ROLE.editor).map((r) => r.usergroup_id),
    organisations: user.usergroup_roles.filter((r) => r.usergroup_type === 'organisation').map((r) => r.usergroup_id),
  };
}

/** SQL subquery of the spheres holding one of the user's organisations: rows (sphere_id, organisation_id). */
export function sphereHoldsSql(user: AccessSubject, params: SqlParams): string {
  return `SELECT l.parent_id AS sphere_id, l.child_id AS organisation_id
      FROM usergroup_links l JOIN usergroups s ON s.id = l.parent_id AND s.usergroup_type = 'group-of-organisation'
     WHERE l.child_id = ANY(${params.add(groupsOf(user).organisations)}::integer[])`;
}

/**
 * SQL subquery of the usergroup ids whose special permissions apply to the user: their groups and
 * the spheres holding one of their organisations.
 */
export function permissionGroupsSql(user: AccessSubject, params: SqlParams): string {
  return `SELECT unnest(${params.add(groupsOf(user).all)}::integer[])
    UNION SELECT h.sphere_id FROM (${sphereHoldsSql(user, params)}) h`;
}

/**
 * The reach condition in its two parts. `classes`: by the owner group and the default level only,
 * so true for whole classes of datasets (the counts of migration 030 sum them); null for
 * superusers, who reach every dataset. `special()`: by a special permission of one of the user's
 * groups or spheres (its values added when it is asked for); null when nothing more is reached
 * that way (superusers).
 */
export function datasetReachParts(
  alias: string,
  user: AccessSubject,
  params: SqlParams,
  minLevel: number = PERMISSION_LEVEL.search,
): { classes: string | null; special: (() => string) | null } {
  if (user.is_superuser) return { classes: null, special: null };
  const level = params.add(minLevel);
  return {
    classes: `(${alias}.usergroup_id = ANY(${params.add(groupsOf(user).edited)}::integer[]) OR ${alias}.default_permission_level >= ${level})`,
    special: () => `${alias}.id IN (SELECT p.dataset_id FROM dataset_permissions p
      WHERE p.level >= ${level} AND p.usergroup_id IN (${permissionGroupsSql(user, params)}))`,
  };
}

/**
 * SQL subquery of the datasets a special permission of the user's groups or spheres opens at
 * `minLevel` at least, one row per grant (a dataset may come more than once), with the columns the
 * classes and class filters read, as a datasets row names them: id, usergroup_id,
 * default_permission_level, publish (the grant's copies, migration 042).
 */
export function grantedDatasetsSql(user: AccessSubject, params: SqlParams, minLevel: number = PERMISSION_LEVEL.search): string {
  return `SELECT p.dataset_id AS id, p.dataset_owner_id AS usergroup_id, p.dataset_default_level AS default_permission_level, p.dataset_publish AS publish
      FROM dataset_permissions p
     WHERE p.level >= ${params.add(minLevel)} AND p.usergroup_id IN (${permissionGroupsSql(user, params)})`;
}

/**
 * Condition on `alias` (a datasets row) true when the user reaches at least `minLevel` (default
 * 'search', i.e. visible), or null when every dataset qualifies (superusers).
 */
export function datasetReachCondition(alias: string, user: AccessSubject, params: SqlParams, minLevel: number = PERMISSION_LEVEL.search): string | null {
  const { classes, special } = datasetReachParts(alias, user, params, minLevel);
  return classes === null || special === null ? null : `(${classes} OR ${special()})`;
}

/** Condition true when the user may change the dataset (canEditDataset), or null for superusers. */
export function datasetEditCondition(alias: string, user: AccessSubject, params: SqlParams): string | null {
  if (user.is_superuser) return null;
  return `${alias}.usergroup_id = ANY(${params.add(groupsOf(user).edited)}::integer[])`;
}

/** SQL expression of the user's level on the dataset (schemas/access.ts datasetLevel): 0 to 3. */
export function datasetLevelSql(alias: string, user: AccessSubject, params: SqlParams): string {
  if (user.is_superuser) return `${PERMISSION_LEVEL.download}`;
  return `GREATEST(${alias}.default_permission_level,
    CASE WHEN ${alias}.usergroup_id = ANY(${params.add(groupsOf(user).edited)}::integer[]) THEN ${PERMISSION_LEVEL.download} ELSE 0 END,
    COALESCE((SELECT max(p.level) FROM dataset_permissions p
      WHERE p.dataset_id = ${alias}.id AND p.usergroup_id IN (${permissionGroupsSql(user, params)})), 0))`;
}
