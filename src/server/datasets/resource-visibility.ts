/**
 * Which resources a user reaches, as SQL (the twin of schemas/access.ts canEditResource): a
 * resource is read by whoever reads a dataset it is in, by editors of its usergroup and by
 * superusers; it is changed by editors of its usergroup and superusers.
 */
import type { AccessSubject } from '../../../schemas/access.ts';
import { PERMISSION_LEVEL, ROLE } from '../../../schemas/constants.ts';
import type { SqlParams } from '../http/pagination.ts';
import { datasetReachCondition } from './visibility.ts';

function editedGroups(user: AccessSubject): number[] {
  return user.usergroup_roles.filter((r) => r.role >= ROLE.editor).map((r) => r.usergroup_id);
}

/** Condition on `alias` (a resources row) true when the user may change it; null for superusers. */
export function resourceEditCondition(alias: string, user: AccessSubject, params: SqlParams): string | null {
  if (user.is_superuser) return null;
  return `${alias}.usergroup_id = ANY(${params.add(editedGroups(user))}::integer[])`;
}

/**
 * Condition on `alias` true when the user reads the resource (or, with `minLevel` download, may
 * download its data: a dataset it is in opens it to them at that level); null for superusers.
 */
export function resourceReachCondition(alias: string, user: AccessSubject, params: SqlParams, minLevel: number = PERMISSION_LEVEL.search): string | null {
  if (user.is_superuser) return null;
  return `(${resourceEditCondition(alias, user, params)}
    OR EXISTS (SELECT 1 FROM resource_datasets rdv JOIN datasets dv ON dv.id = rdv.dataset_id
      WHERE rdv.resource_id = ${alias}.id AND ${datasetReachCondition('dv', user, params, minLevel)}))`;
}
