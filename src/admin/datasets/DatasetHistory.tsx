/**
 * A dataset's history (spec, section 2: "activity and history"): its changes newest first, a
 * page at a time, each with who made it, when, and every changed field's old and new value.
 */
import { useEffect, useMemo, useState } from 'react';
import { List, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'react-admin';
import { PAGE_SIZE } from '../../../schemas/constants.ts';
import { PanelCard } from '../accounts/PanelCard.tsx';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { PageNumbers } from '../layout/PageNumbers.tsx';
import { activityApi } from './activityApi.ts';
import { ActivityEntry } from './ActivityEntry.tsx';
import { useHistoryFollowsSaves } from './useHistoryFollowsSaves.ts';

/** The query key of a dataset's history, for the panels whose changes it records. */
export const activityQueryKey = (datasetId: number): readonly unknown[] => ['dataset-activity', datasetId];

export function DatasetHistory({ datasetId }: { datasetId: number }) {
  const translate = useTranslate();
  const locale = useLocale();
  const notifyError = useNotifyError();
  const [page, setPage] = useState(1);
  const historyKey = useMemo(() => activityQueryKey(datasetId), [datasetId]);
  useHistoryFollowsSaves(datasetId, historyKey);
  const { data, error } = useQuery({
    queryKey: [...historyKey, page, locale],
    queryFn: ({ signal }) => activityApi.page(datasetId, page, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (error) notifyError(error);
  }, [error, notifyError]);

  // The server pages the history at the platform's page size.
  const pages = Math.ceil((data?.count ?? 0) / PAGE_SIZE);
  return (
    <PanelCard id="dataset-history" title={translate('resources.dataset-activity.name')}>
      {data && data.results.length === 0 && <Typography color="text.secondary">{translate('resources.dataset-activity.empty')}</Typography>}
      {data && data.results.length > 0 && (
        <List dense disablePadding>
          {data.results.map((entry) => (
            <ActivityEntry key={entry.id} entry={entry} />
          ))}
        </List>
      )}
      <PageNumbers pages={pages} page={page} onChange={setPage} />
    </PanelCard>
  );
}
