/**
 * An accounts list: create and delete offered only to those the server lets do it (superusers, who
 * may not delete their own account). A delegated administrator sees every group but opens only
 * those they administer, and is told, where "Create" is missing, how a new group comes about.
 */
import { Alert, Link } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { SchemaList } from '../entities/SchemaList.tsx';
import { useAppPath } from '../routing/useAppPath.ts';
import { useAccountsRights } from './useAccountsRights.ts';

/** Why there is no "Create" on the groups list: a superuser creates and validates groups, on request. */
function GroupCreationNotice() {
  const translate = useTranslate();
  const appPath = useAppPath();
  return (
    <Alert severity="info" sx={{ mt: 2 }}>
      {translate('publish.accounts.groupCreationAsked')}{' '}
      <Link component={RouterLink} to={appPath('accounts/requests/groups/')}>
        {translate('publish.accounts.seeRequests')}
      </Link>
    </Alert>
  );
}

export function AccountsList({ resource }: { resource: 'users' | 'organisations' | 'groups' | 'spheres' }) {
  const rights = useAccountsRights();
  const allowed = resource === 'users' ? rights.manageUsers : rights.manageGroups;
  const canDelete = resource === 'users' && allowed ? rights.deleteUser : allowed;
  const rowClick = resource === 'users' ? 'edit' : (record: RaRecord) => rights.manageGroup(Number(record.id));
  return (
    <>
      {resource === 'groups' && !allowed && <GroupCreationNotice />}
      <SchemaList resource={resource} canCreate={allowed} canDelete={canDelete} rowClick={rowClick} />
    </>
  );
}

export const UserList = () => <AccountsList resource="users" />;
export const OrganisationList = () => <AccountsList resource="organisations" />;
export const GroupList = () => <AccountsList resource="groups" />;
export const SphereList = () => <AccountsList resource="spheres" />;
