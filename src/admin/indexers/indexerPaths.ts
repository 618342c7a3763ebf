/**
 * Where an indexer's page lives, relative to /{locale}/: under its group. Canonical paths end with
 * a slash: a path without one is redirected by the locale gate, which mounts the app again and
 * loses what it held (the toast of a save made just before).
 */
import type { UsergroupType } from '../../../schemas/constants.ts';

/** The resource whose page shows a group of each type (organisations, user groups, spheres). */
export const GROUP_RESOURCE: Record<UsergroupType, 'organisations' | 'groups' | 'spheres'> = {
  organisation: 'organisations',
  'user-group': 'groups',
  'group-of-organisation': 'spheres',
};

export const indexerPaths = {
  create: (usergroupId: number) => `accounts/usergroup/${usergroupId}/indexer/new/`,
  edit: (usergroupId: number, indexerId: number) => `accounts/usergroup/${usergroupId}/indexer/${indexerId}/`,
  /** By its id alone, for what knows no group (a task's object): sent on to `edit`. */
  byId: (indexerId: number) => `accounts/indexer/${indexerId}/`,
};
