/** Every entity schema, for the app's resource registry and the server's routes. */
import { contacts } from './contacts.ts';
import { DATASET_LOOKUPS } from './datasetLookups.ts';
import { datasets } from './datasets.ts';
import type { EntitySchema } from './entity.ts';
import { jurisdictions, municipalities } from './jurisdictions.ts';
import { licences } from './licences.ts';
import { organisations, organisationTypes } from './organisations.ts';
import { groupMembers, groups, spheres, usergroups } from './usergroups.ts';
import { users } from './users.ts';
import { resources } from './resources.ts';

export { contacts, datasets, groupMembers, groups, jurisdictions, licences, municipalities, organisations, organisationTypes, spheres, usergroups, users };

export const ENTITIES: readonly EntitySchema[] = [
  users, organisations, organisationTypes, groups, spheres, usergroups, groupMembers, contacts, jurisdictions, municipalities, licences,
  datasets, ...DATASET_LOOKUPS.map((lookup) => lookup.schema),
];

export { resources };
