/**
 * The app's view of the entity schemas (schemas/index.ts): which entities have screens, at
 * which route, and who may open them.
 */
import { canAccessAccounts, canAccessData, type AccessSubject } from '../../../schemas/access.ts';
import type { EntitySchema } from '../../../schemas/entity.ts';
import { ENTITIES } from '../../../schemas/index.ts';

/** Entities that only serve references and filters: no screens of their own. */
const REFERENCE_ONLY = new Set(['organisation-types', 'usergroups', 'municipalities']);

/** Entities that are listed only: their records are created and changed elsewhere. */
const LIST_ONLY = new Set(['group-members']);

const BY_RESOURCE = new Map(ENTITIES.map((entity) => [entity.resource, entity]));

export function entityOf(resource: string): EntitySchema {
  const entity = BY_RESOURCE.get(resource);
  if (!entity) throw new Error(`No entity schema for resource "${resource}"`);
  return entity;
}

/** Entities with list, create and edit screens at `/{locale}/{route}/`, `new/` and `{id}/`. */
export const SCREEN_ENTITIES: readonly EntitySchema[] = ENTITIES.filter(
  (entity) => !REFERENCE_ONLY.has(entity.resource) && !LIST_ONLY.has(entity.resource),
);

export function hasScreens(resource: string): boolean {
  return SCREEN_ENTITIES.some((entity) => entity.resource === resource);
}

/** The right a route needs: data paths for data/…, accounts paths for everything else. */
export function routeAccess(route: string): (user: AccessSubject) => boolean {
  return route === 'data' || route.startsWith('data/') ? canAccessData : canAccessAccounts;
}

/** The app paths of an entity's screens, relative to /{locale}/, with their trailing slash. */
export function entityPaths(entity: EntitySchema) {
  return {
    list: `${entity.route}/`,
    create: `${entity.route}/new/`,
    edit: (id: string | number) => `${entity.route}/${encodeURIComponent(String(id))}/`,
  };
}

/** The schema's default ordering as react-admin's sort (fields of the same direction together). */
export function defaultSort(resource: string): { field: string; order: 'ASC' | 'DESC' } {
  const [first = 'id', ...rest] = entityOf(resource).list.defaultOrdering;
  const descending = first.startsWith('-');
  const fields = [first, ...rest].filter((field) => field.startsWith('-') === descending).map((field) => field.replace(/^-/, ''));
  return { field: fields.join(','), order: descending ? 'DESC' : 'ASC' };
}
