/**
 * An accounts list: create and delete offered only to those the server lets do it (superusers, who
 * may not delete their own account). A delegated administrator sees every group but opens only
 * those they administer.
 */
import type { RaRecord } from 'react-admin';
import { SchemaList } from '../entities/SchemaList.tsx';
import { useAccountsRights } from './useAccountsRights.ts';

export function AccountsList({ resource }: { resource: 'users' | 'organisations' | 'groups' | 'spheres' }) {
  const rights = useAccountsRights();
  const allowed = resource === 'users' ? rights.manageUsers : rights.manageGroups;
  const canDelete = resource === 'users' && allowed ? rights.deleteUser : allowed;
  const rowClick = resource === 'users' ? 'edit' : (record: RaRecord) => rights.manageGroup(Number(record.id));
  return <SchemaList resource={resource} canCreate={allowed} canDelete={canDelete} rowClick={rowClick} />;
}

export const UserList = () => <AccountsList resource="users" />;
export const OrganisationList = () => <AccountsList resource="organisations" />;
export const GroupList = () => <AccountsList resource="groups" />;
export const SphereList = () => <AccountsList resource="spheres" />;
