/** What the signed-in user may do under Accounts (schemas/access.ts); the server stays the authority. */
import { useMemo } from 'react';
import type { RaRecord } from 'react-admin';
import { canEditUser, canManageGroup, canManageGroups, canManageUsers, lockedGroupFields } from '../../../schemas/access.ts';
import { useStartup } from '../startup/useStartup.ts';

export function useAccountsRights() {
  const { user } = useStartup();
  return useMemo(
    () => ({
      manageUsers: canManageUsers(user),
      editUser: canEditUser(user),
      /** Deleting a user, never one's own account (the server refuses it). */
      deleteUser: (record: RaRecord) => canManageUsers(user) && record.id !== user?.id,
      manageGroups: canManageGroups(user),
      manageGroup: (groupId: number | null | undefined) => canManageGroup(user, groupId),
      /** Group fields shown but not offered for change (a delegated administrator's status and spheres). */
      lockedGroupFields: lockedGroupFields(user),
    }),
    [user],
  );
}
