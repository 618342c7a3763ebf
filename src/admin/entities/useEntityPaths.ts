import { useMemo } from 'react';
import { useAppPath } from '../routing/useAppPath.ts';
import { entityOf, entityPaths } from './registry.ts';

/** In-app paths (`/fr/accounts/users/12/`) of a resource's list, create and edit screens. */
export function useEntityPaths(resource: string) {
  const appPath = useAppPath();
  return useMemo(() => {
    const paths = entityPaths(entityOf(resource));
    return {
      list: appPath(paths.list),
      create: appPath(paths.create),
      edit: (id: string | number) => appPath(paths.edit(id)),
    };
  }, [appPath, resource]);
}
