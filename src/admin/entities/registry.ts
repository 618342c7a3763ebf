/**
 * The app's view of the entity schemas (schemas/index.ts): which entities have screens, at
 * which route, and who may open them.
 */
import { SECTION_ACCESS, type AccessSubject, type Section } from '../../../schemas/access.ts';
import { DATASET_LOOKUPS } from '../../../schemas/datasetLookups.ts';
import type { EntitySchema } from '../../../schemas/entity.ts';
import { ENTITIES } from '../../../schemas/index.ts';

/** Entities that only serve references and filters: no screens of their own. */
const REFERENCE_ONLY = new Set([
  'organisation-types', 'usergroups', 'municipalities', ...DATASET_LOOKUPS.map((lookup) => lookup.schema.resource),
]);

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

/** The section of an entity's screens: its nav entry's, else data for data/… routes, accounts for the others. */
export function entitySection(entity: EntitySchema): Section {
  return entity.nav?.section ?? (entity.route === 'data' || entity.route.startsWith('data/') ? 'data' : 'accounts');
}

/** The right an entity's screens need: their section's. */
export function entityAccess(entity: EntitySchema): (user: AccessSubject) => boolean {
  return SECTION_ACCESS[entitySection(entity)];
}

/** The entities whose entry link a section's page shows, in their nav order. */
export function navEntities(section: Section): EntitySchema[] {
  return SCREEN_ENTITIES.filter((entity) => entity.nav?.section === section).sort(
    (a, b) => (a.nav?.order ?? 0) - (b.nav?.order ?? 0),
  );
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
