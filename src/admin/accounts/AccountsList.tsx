/** An accounts list: create and delete offered only to those the server lets do it (superusers). */
import { SchemaList } from '../entities/SchemaList.tsx';
import { useAccountsRights } from './useAccountsRights.ts';

export function AccountsList({ resource }: { resource: 'users' | 'organisations' | 'groups' | 'spheres' }) {
  const rights = useAccountsRights();
  const allowed = resource === 'users' ? rights.manageUsers : rights.manageGroups;
  return <SchemaList resource={resource} canCreate={allowed} canDelete={allowed} />;
}

export const UserList = () => <AccountsList resource="users" />;
export const OrganisationList = () => <AccountsList resource="organisations" />;
export const GroupList = () => <AccountsList resource="groups" />;
export const SphereList = () => <AccountsList resource="spheres" />;
