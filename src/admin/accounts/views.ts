/** The accounts screens that add to the generated ones (uploads, members, links, roles). */
import { lazy } from 'react';
import type { ResourceViews } from '../resources/customViews.ts';

const UserEdit = lazy(() => import('./UserEdit.tsx'));
const OrganisationEdit = lazy(() => import('./OrganisationEdit.tsx'));
const GroupEdit = lazy(() => import('./UsergroupEdit.tsx').then((module) => ({ default: module.GroupEdit })));
const SphereEdit = lazy(() => import('./UsergroupEdit.tsx').then((module) => ({ default: module.SphereEdit })));

export const accountsViews: Record<string, ResourceViews> = {
  users: { edit: UserEdit },
  organisations: { edit: OrganisationEdit },
  groups: { edit: GroupEdit },
  spheres: { edit: SphereEdit },
};
