/**
 * Who may open which part of the product (spec, section 6). Pure functions, used by the admin
 * app to gate its header and routes and by the server to guard its calls.
 */
import { PERMISSION_LEVEL, ROLE, type Role, type UsergroupType } from './constants.ts';

export interface UsergroupRole {
  usergroup_id: number;
  usergroup_name: string;
  usergroup_type: UsergroupType;
  role: Role;
}

export interface AccessSubject {
  is_superuser: boolean;
  usergroup_roles: UsergroupRole[];
}

/** Data paths: a superuser, or anyone holding a usergroup role of 1 (editor) or more. */
export function canAccessData(user: AccessSubject | null | undefined): boolean {
  if (!user) return false;
  return user.is_superuser || user.usergroup_roles.some((r) => r.role >= ROLE.editor);
}

/** Accounts paths: a superuser, or a delegated administrator (role 2) of some group. */
export function canAccessAccounts(user: AccessSubject | null | undefined): boolean {
  if (!user) return false;
  return user.is_superuser || user.usergroup_roles.some((r) => r.role === ROLE.admin);
}

/** The parts of the product with a page of their own, each listing its entities' screens. */
export type Section = 'data' | 'accounts';

/** Who may open a section's page and its entities' screens. */
export const SECTION_ACCESS: Record<Section, (user: AccessSubject | null | undefined) => boolean> = {
  data: canAccessData,
  accounts: canAccessAccounts,
};

/** The groups a user administers (role 2); a superuser administers every group. */
export function administeredGroupIds(user: AccessSubject): number[] {
  return user.usergroup_roles.filter((r) => r.role === ROLE.admin).map((r) => r.usergroup_id);
}

/** The user's role in a group (active memberships only), or null. */
export function roleIn(user: AccessSubject, groupId: number | null | undefined): Role | null {
  if (groupId == null) return null;
  const roles = user.usergroup_roles.filter((r) => r.usergroup_id === groupId).map((r) => r.role);
  return roles.length > 0 ? (Math.max(...roles) as Role) : null;
}

/**
 * Accounts rules (issue "everything under Accounts"). A superuser manages everything. A delegated
 * administrator (role 2) manages only their own groups: their information and thumbnail, their
 * members and membership requests. Everything else (creating or deleting users and groups,
 * agreements, superuser flags, other groups) is the superuser's.
 */

/** Read and update a group's information and thumbnail; list, add, change and remove its members. */
export function canManageGroup(user: AccessSubject | null | undefined, groupId: number | null | undefined): boolean {
  if (!user) return false;
  return user.is_superuser || roleIn(user, groupId) === ROLE.admin;
}

/** A summary of datasets' quality: a superuser's of the platform, a delegated administrator's of their groups. */
export function canReadQualitySummary(user: AccessSubject | null | undefined): boolean {
  return !!user && (user.is_superuser || administeredGroupIds(user).length > 0);
}

/** Create and delete users and groups, set superuser flags, sign agreements, link groups. */
export function canManageUsers(user: AccessSubject | null | undefined): boolean {
  return !!user?.is_superuser;
}

/** Create, update and delete groups of any kind (organisations, user groups, spheres) and their links. */
export function canManageGroups(user: AccessSubject | null | undefined): boolean {
  return !!user?.is_superuser;
}

/**
 * Fields of a group that only a superuser changes: a delegated administrator edits their group's
 * information, sees its status, spheres and partnership with the platform, and changes none (as
 * its convention's signature, set through its own call).
 */
const SUPERUSER_GROUP_FIELDS = ['status', 'spheres', 'partnership'] as const;

/** The fields of a group `user` may see but not change (none for a superuser). */
export function lockedGroupFields(user: AccessSubject | null | undefined): readonly string[] {
  return canManageGroups(user) ? [] : SUPERUSER_GROUP_FIELDS;
}

/** Whether a written value changes the stored one (lists, such as spheres, compared as sets). */
function differs(written: unknown, stored: unknown): boolean {
  const normal = (value: unknown) => (Array.isArray(value) ? [...value].sort((x, y) => Number(x) - Number(y)) : value);
  return JSON.stringify(normal(written)) !== JSON.stringify(normal(stored));
}

/** The locked fields a write to an existing group would change (a write changing any is refused). */
export function lockedGroupChanges(
  user: AccessSubject | null | undefined,
  values: Record<string, unknown>,
  existing: Record<string, unknown>,
): string[] {
  return lockedGroupFields(user).filter((field) => field in values && differs(values[field], existing[field]));
}

/**
 * Read users: a superuser reads them all; a delegated administrator reads the users who are
 * members of, or request to join, one of their groups (the server restricts lists and answers 403
 * for anyone else), without their phone, superuser flag or roles elsewhere. They add an account
 * from outside their groups only by its exact username or e-mail (README, "Who may look whom up").
 */
export function canReadUsers(user: AccessSubject | null | undefined): boolean {
  return canAccessAccounts(user);
}

/** Update a user record: superusers only (a delegated administrator manages memberships, not accounts). */
export function canEditUser(user: AccessSubject | null | undefined): boolean {
  return !!user?.is_superuser;
}

/** Membership requests (group-members): a superuser, or a delegated administrator for their groups. */
export function canReviewMemberships(user: AccessSubject | null | undefined): boolean {
  return canAccessAccounts(user);
}

/** Change the lookup lists of datasets (licences…), which every platform user shares: superusers. */
export function canEditLookupLists(user: AccessSubject | null | undefined): boolean {
  return !!user?.is_superuser;
}

/** Read a group's contacts: a superuser, or any active member of the group. */
export function canReadGroupContent(user: AccessSubject | null | undefined, groupId: number | null | undefined): boolean {
  if (!user) return false;
  return user.is_superuser || roleIn(user, groupId) !== null;
}

/** Write a group's contacts: a superuser, or an editor (role 1) or administrator (role 2) of the group. */
export function canEditGroupContent(user: AccessSubject | null | undefined, groupId: number | null | undefined): boolean {
  if (!user) return false;
  if (user.is_superuser) return true;
  const role = roleIn(user, groupId);
  return role !== null && role >= ROLE.editor;
}

/**
 * See, change, try and run a group's indexers (harvesters): a superuser, or a delegated
 * administrator (role 2) of the group, as for the group's other Accounts settings.
 */
export function canManageIndexers(user: AccessSubject | null | undefined, groupId: number | null | undefined): boolean {
  return canManageGroup(user, groupId);
}

export interface ServiceConfig {
  key: string;
  url: string;
  /** Shown to everyone when true. */
  available: boolean;
  /** Shown to superusers even when not available to all. */
  superusers: boolean;
}

/** A service entry is visible if available, or if the user is a superuser and it allows superusers. */
export function isServiceVisible(service: ServiceConfig, user: AccessSubject | null | undefined): boolean {
  return service.available || (!!user?.is_superuser && service.superusers);
}

/**
 * Datasets (spec, section 6). Levels: 0 private, 1 search, 2 consultation, 3 download
 * (PERMISSION_LEVEL). A dataset reaches a user through its owner (editors of its usergroup may do
 * everything), its default level (everyone), or a special permission of one of the user's groups:
 * an organisation or user group they belong to, or a sphere holding one of their organisations.
 * The server's SQL twin of these rules is src/server/datasets/visibility.ts.
 */
export interface DatasetAccessTarget {
  usergroup: number;
  default_permission_level: number;
}

export interface DatasetGrant {
  usergroup_id: number;
  level: number;
}

/** Change, duplicate or delete a dataset, manage its permissions and contacts: superusers and editors of its usergroup. */
export function canEditDataset(user: AccessSubject | null | undefined, dataset: Pick<DatasetAccessTarget, 'usergroup'> | null | undefined): boolean {
  if (!user || !dataset) return false;
  return canEditGroupContent(user, dataset.usergroup);
}

/** Create a dataset owned by a group: its editors; with no group given, anyone with the Data paths (validation answers). */
export function canCreateDataset(user: AccessSubject | null | undefined, usergroup: number | null | undefined): boolean {
  if (!user) return false;
  return usergroup == null ? canAccessData(user) : canEditGroupContent(user, usergroup);
}

/** A sphere holding one of the user's organisations (the organisation unknown when only the sphere's id is given). */
export interface SphereHold {
  sphere_id: number;
  organisation_id: number | null;
}

/** How a dataset reaches a user: a superuser, an editor of its owner, its default level, a special permission of one of their groups or of a sphere holding their organisation. */
export type DatasetReachVia = 'superuser' | 'owner' | 'default' | 'special' | 'sphere';

export interface DatasetReach {
  via: DatasetReachVia;
  level: number;
  /** The owning group ('owner'), the group holding the special permission ('special'), the user's organisation ('sphere'); else null. */
  usergroup_id: number | null;
  /** The sphere of a 'sphere' reach; else null. */
  through_id: number | null;
}

/**
 * Every way the dataset reaches the user at level 'search' or more, given its special permissions
 * (`grants`) and the spheres that hold the user's organisations (`spheres`: holds, or sphere ids).
 * datasetLevel is the highest of them.
 */
export function datasetReaches(
  user: AccessSubject,
  dataset: DatasetAccessTarget,
  grants: readonly DatasetGrant[],
  spheres: readonly (number | SphereHold)[] = [],
): DatasetReach[] {
  const reaches: DatasetReach[] = [];
  const all = PERMISSION_LEVEL.download;
  if (user.is_superuser) reaches.push({ via: 'superuser', level: all, usergroup_id: null, through_id: null });
  if (canEditDataset({ is_superuser: false, usergroup_roles: user.usergroup_roles }, dataset)) {
    reaches.push({ via: 'owner', level: all, usergroup_id: dataset.usergroup, through_id: null });
  }
  if (dataset.default_permission_level >= PERMISSION_LEVEL.search) {
    reaches.push({ via: 'default', level: dataset.default_permission_level, usergroup_id: null, through_id: null });
  }
  const groups = new Set(user.usergroup_roles.map((r) => r.usergroup_id));
  const holds = spheres.map((hold) => (typeof hold === 'number' ? { sphere_id: hold, organisation_id: null } : hold));
  for (const grant of grants) {
    if (grant.level < PERMISSION_LEVEL.search) continue;
    if (groups.has(grant.usergroup_id)) {
      reaches.push({ via: 'special', level: grant.level, usergroup_id: grant.usergroup_id, through_id: null });
      continue;
    }
    for (const hold of holds.filter((h) => h.sphere_id === grant.usergroup_id)) {
      reaches.push({ via: 'sphere', level: grant.level, usergroup_id: hold.organisation_id, through_id: grant.usergroup_id });
    }
  }
  return reaches;
}

/**
 * The level a user has on a dataset, given its special permissions (`grants`) and the spheres that
 * hold the user's organisations (`spheres`). Owners and superusers have every level.
 */
export function datasetLevel(
  user: AccessSubject,
  dataset: DatasetAccessTarget,
  grants: readonly DatasetGrant[],
  spheres: readonly (number | SphereHold)[] = [],
): number {
  return Math.max(dataset.default_permission_level, ...datasetReaches(user, dataset, grants, spheres).map((reach) => reach.level));
}

/** A dataset is visible (listed, readable) from the 'search' level. */
export function canSeeDataset(
  user: AccessSubject,
  dataset: DatasetAccessTarget,
  grants: readonly DatasetGrant[],
  spheres: readonly (number | SphereHold)[] = [],
): boolean {
  return datasetLevel(user, dataset, grants, spheres) >= PERMISSION_LEVEL.search;
}

/** Change a resource, its source and its links, run its scenarios: superusers and editors of its usergroup. */
export function canEditResource(user: AccessSubject | null | undefined, resource: { usergroup_id: number | null | undefined } | null | undefined): boolean {
  if (!user || !resource) return false;
  return canEditGroupContent(user, resource.usergroup_id);
}
