/** The accounts screens that add to the generated ones (uploads, members, links, roles). */
import { lazy } from 'react';
import type { EntityViews } from '../entities/entityViews.ts';
import { GroupCreate, OrganisationCreate, SphereCreate, UserCreate } from './AccountsCreate.tsx';
import { GroupList, OrganisationList, SphereList, UserList } from './AccountsList.tsx';

const UserEdit = lazy(() => import('./UserEdit.tsx'));
const OrganisationEdit = lazy(() => import('./OrganisationEdit.tsx'));
const GroupEdit = lazy(() => import('./UsergroupEdit.tsx').then((module) => ({ default: module.GroupEdit })));
const SphereEdit = lazy(() => import('./UsergroupEdit.tsx').then((module) => ({ default: module.SphereEdit })));

export const accountsViews: Record<string, EntityViews> = {
  users: { list: UserList, create: UserCreate, edit: UserEdit },
  organisations: { list: OrganisationList, create: OrganisationCreate, edit: OrganisationEdit },
  groups: { list: GroupList, create: GroupCreate, edit: GroupEdit },
  spheres: { list: SphereList, create: SphereCreate, edit: SphereEdit },
};
