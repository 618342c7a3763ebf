import { useMemo } from 'react';
import { canEditGroupContent } from '../../../schemas/access.ts';
import { useStartup } from '../startup/useStartup.ts';

/**
 * The groups the signed-in user may publish datasets for: those where they are an editor or an
 * administrator (schemas/access.ts); null for a superuser, who may publish for every group.
 */
export function usePublishableGroups(): number[] | null {
  const { user } = useStartup();
  return useMemo(() => {
    if (!user || user.is_superuser) return null;
    return [...new Set(user.usergroup_roles.filter((role) => canEditGroupContent(user, role.usergroup_id)).map((role) => role.usergroup_id))];
  }, [user]);
}
