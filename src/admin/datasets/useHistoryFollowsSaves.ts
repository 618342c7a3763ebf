import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useGetOne } from 'react-admin';

/**
 * Reloads the dataset's history when the dataset is saved: the edit page's save brings a new
 * `updated_at` into react-admin's cache of the record (the one the page shows, not fetched again).
 */
export function useHistoryFollowsSaves(datasetId: number, queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const { data: dataset } = useGetOne('datasets', { id: datasetId });
  const updatedAt = dataset?.updated_at as string | undefined;
  const seen = useRef(updatedAt);
  useEffect(() => {
    if (seen.current !== undefined && updatedAt !== seen.current) void queryClient.invalidateQueries({ queryKey });
    seen.current = updatedAt;
  }, [updatedAt, queryClient, queryKey]);
}
