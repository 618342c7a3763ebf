/**
 * How a dataset reaches each group, by the rules of schemas/access.ts (datasetReaches): its owner
 * (whose editors reach every level), the groups with a special permission, the organisations held
 * by a sphere with one, and everyone through the default level. Each group is judged as one of its
 * editors would be. The permission screens (the groups' list and `datasets/{id}/access/`) read it.
 */
import type { PoolClient } from 'pg';
import {
  datasetReaches,
  type AccessSubject,
  type DatasetAccessTarget,
  type DatasetGrant,
  type DatasetReachVia,
  type SphereHold,
} from '../../../schemas/access.ts';
import { PERMISSION_LEVEL, ROLE, type UsergroupType } from '../../../schemas/constants.ts';
import { SqlParams } from '../http/pagination.ts';
import { sphereHoldsSql } from './visibility.ts';

type Queryable = Pick<PoolClient, 'query'>;

export interface ReachDataset extends DatasetAccessTarget {
  id: number;
}

export interface GroupName {
  id: number;
  display_name: string;
  usergroup_type: UsergroupType;
}

/** One way a group reaches the dataset; `through` is the sphere of a 'sphere' reason. */
export interface GroupReason {
  via: Exclude<DatasetReachVia, 'superuser'>;
  level: number;
  through: { id: number; display_name: string } | null;
}

export interface GroupReach {
  usergroup: GroupName;
  level: number;
  /** Highest level first; without the default level, which every group has. */
  reasons: GroupReason[];
}

export async function datasetGrants(db: Queryable, datasetId: number): Promise<DatasetGrant[]> {
  const { rows } = await db.query<DatasetGrant>('SELECT usergroup_id, level FROM dataset_permissions WHERE dataset_id = $1', [datasetId]);
  return rows;
}

/** The spheres holding the organisations among the subject's groups, by the rule of visibility.ts. */
export async function sphereHolds(db: Queryable, subject: AccessSubject): Promise<SphereHold[]> {
  const params = new SqlParams();
  const { rows } = await db.query<SphereHold>(sphereHoldsSql(subject, params), params.values);
  return rows;
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

const asEditor = (groups: GroupName[]): AccessSubject => ({
  is_superuser: false,
  usergroup_roles: groups.map((group) => ({ usergroup_id: group.id, usergroup_name: group.display_name, usergroup_type: group.usergroup_type, role: ROLE.editor })),
});

/**
 * Every group the dataset reaches at 'search' or more besides everyone's default level, by id.
 * Any other group has the default level only.
 */
export async function groupReaches(db: Queryable, dataset: ReachDataset): Promise<Map<number, GroupReach>> {
  const grants = await datasetGrants(db, dataset.id);
  const granted = grants.filter((grant) => grant.level >= PERMISSION_LEVEL.search).map((grant) => grant.usergroup_id);
  // Candidates: the owner, the granted groups and whatever they hold; the rules decide which are reached.
  const { rows: candidates } = await db.query<GroupName>(
    `SELECT g.id, g.display_name, g.usergroup_type FROM usergroups g
      WHERE g.id = $1 OR g.id = ANY($2::integer[])
         OR g.id IN (SELECT l.child_id FROM usergroup_links l WHERE l.parent_id = ANY($2::integer[]))`,
    [dataset.usergroup, granted],
  );
  const holds = groupBy(await sphereHolds(db, asEditor(candidates)), (hold) => hold.organisation_id);
  // Only the grants of a group and of its spheres can apply to it: the rules judge those.
  const grantsOf = groupBy(grants, (grant) => grant.usergroup_id);
  const names = new Map(candidates.map((group) => [group.id, group]));
  const named = (id: number | null) => {
    const group = id === null ? undefined : names.get(id);
    return group ? { id: group.id, display_name: group.display_name } : null;
  };
  const reached = new Map<number, GroupReach>();
  for (const group of candidates) {
    const spheres = holds.get(group.id) ?? [];
    const relevant = [group.id, ...spheres.map((hold) => hold.sphere_id)].flatMap((id) => grantsOf.get(id) ?? []);
    const reaches = datasetReaches(asEditor([group]), dataset, relevant, spheres)
      .filter((reach) => reach.via !== 'default' && reach.via !== 'superuser')
      .sort((a, b) => b.level - a.level);
    if (reaches.length === 0) continue;
    reached.set(group.id, {
      usergroup: group,
      level: Math.max(...reaches.map((reach) => reach.level)),
      reasons: reaches.map((reach) => ({ via: reach.via as GroupReason['via'], level: reach.level, through: named(reach.through_id) })),
    });
  }
  return reached;
}

/**
 * What a group can do on the dataset, and why: the highest of its own reasons and of the default
 * level, which is a reason too when it lets everyone at least search.
 */
export function effectiveAccess(dataset: DatasetAccessTarget, reach: GroupReach | undefined): { level: number; reasons: GroupReason[] } {
  const reasons = [...(reach?.reasons ?? [])];
  if (dataset.default_permission_level >= PERMISSION_LEVEL.search) {
    reasons.push({ via: 'default', level: dataset.default_permission_level, through: null });
  }
  return { level: Math.max(dataset.default_permission_level, ...reasons.map((reason) => reason.level)), reasons: reasons.sort((a, b) => b.level - a.level) };
}
