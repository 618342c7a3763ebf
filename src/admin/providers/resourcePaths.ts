/**
 * react-admin resource name → platform API path (without locale, without slashes at the ends),
 * and the query parameters each call of a resource carries. Generated from the entity schemas
 * (schemas/index.ts); the data provider reads nothing else.
 */
import { ENTITIES } from '../../../schemas/index.ts';

/** Resources that have no entity schema. */
const OTHER_PATHS: Record<string, string> = {
  tasks: 'dashboard/task-queue-track',
  'dataset-permissions': 'dataset/usergroup-permissions',
};

export const RESOURCE_PATHS: Readonly<Record<string, string>> = {
  ...OTHER_PATHS,
  ...Object.fromEntries(ENTITIES.map((entity) => [entity.resource, entity.endpoint])),
};

const FIXED_FILTERS: Readonly<Record<string, Record<string, string | number>>> = Object.fromEntries(
  ENTITIES.filter((entity) => entity.fixedFilters).map((entity) => [entity.resource, entity.fixedFilters!]),
);

export function resourcePath(resource: string): string {
  const path = RESOURCE_PATHS[resource];
  if (!path) throw new Error(`Unknown resource "${resource}": not in RESOURCE_PATHS (declare its schema in schemas/index.ts)`);
  return path;
}

/** Query parameters every call of the resource carries (groups and spheres share an endpoint). */
export function fixedFilters(resource: string): Record<string, string | number> {
  return FIXED_FILTERS[resource] ?? {};
}

const ORDERABLE: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  ENTITIES.map((entity) => [entity.resource, entity.list.orderable]),
);

/**
 * The fields a list of the resource can be ordered by, or undefined when it has no schema. The
 * server refuses other orderings, and react-admin sorts by `id` unless told otherwise.
 */
export function orderableFields(resource: string): readonly string[] | undefined {
  return ORDERABLE[resource];
}
