/**
 * The labels of every entity, one module per resource (`<resource>.ts` exporting
 * `{ fr, en, it }`), merged into each catalogue under `resources.<resource>`.
 * A new entity adds its module here.
 */
import type { Locale } from '../../schemas/constants.ts';
import contacts from './contacts.ts';
import datasetActivity from './dataset-activity.ts';
import datasetBulk from './dataset-bulk.ts';
import datasetContacts from './dataset-contacts.ts';
import datasetLookups from './dataset-lookups.ts';
import datasetPermissions from './dataset-permissions.ts';
import datasets from './datasets.ts';
import groupMembers from './group-members.ts';
import groups from './groups.ts';
import indexers from './indexers.ts';
import jurisdictions from './jurisdictions.ts';
import licences from './licences.ts';
import municipalities from './municipalities.ts';
import organisationTypes from './organisation-types.ts';
import organisations from './organisations.ts';
import spheres from './spheres.ts';
import tasks from './tasks.ts';
import usergroups from './usergroups.ts';
import users from './users.ts';
import datasetResources from './dataset-resources.ts';
import geographicLayers from './geographic-layers.ts';
import resourceSettings from './resource-settings.ts';

/** Resource name → its labels in every language. */
export const RESOURCE_LABELS = {
  users,
  organisations,
  'organisation-types': organisationTypes,
  groups,
  spheres,
  usergroups,
  'group-members': groupMembers,
  contacts,
  jurisdictions,
  municipalities,
  licences,
  datasets,
  'dataset-permissions': datasetPermissions,
  'dataset-activity': datasetActivity,
  'dataset-bulk': datasetBulk,
  'dataset-contacts': datasetContacts,
  tasks,
  ...datasetLookups,
  'dataset-resources': datasetResources,
  'geographic-layers': geographicLayers,
  'resource-settings': resourceSettings,
  indexers,
} satisfies Record<string, Record<Locale, object>>;

/** The `resources` part of one language's catalogue. */
export function resourceLabels(locale: Locale): Record<string, object> {
  return Object.fromEntries(Object.entries(RESOURCE_LABELS).map(([resource, labels]) => [resource, labels[locale]]));
}
