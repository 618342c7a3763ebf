/** A user: every field of the account, then their roles in groups. */
import { SchemaEdit } from '../entities/SchemaEdit.tsx';
import { UserRolesPanel } from './UserRolesPanel.tsx';
import { useAccountsRights } from './useAccountsRights.ts';

export default function UserEdit() {
  const rights = useAccountsRights();
  return (
    // A delegated administrator reads the accounts of their groups' members; only superusers change them.
    <SchemaEdit resource="users" canDelete={rights.manageUsers && rights.deleteUser} readOnly={!rights.editUser}>
      <UserRolesPanel />
    </SchemaEdit>
  );
}
