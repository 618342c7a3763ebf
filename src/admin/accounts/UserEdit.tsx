/** A user: every field of the account, then their roles in groups. */
import { SchemaEdit } from '../resources/SchemaEdit.tsx';
import { UserRolesPanel } from './UserRolesPanel.tsx';
import { useAccountsRights } from './useAccountsRights.ts';

export default function UserEdit() {
  const rights = useAccountsRights();
  return (
    <SchemaEdit resource="users" canDelete={rights.manageUsers}>
      <UserRolesPanel />
    </SchemaEdit>
  );
}
