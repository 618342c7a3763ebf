/** The tasks of one object (a dataset's: run on it or on its behalf), newest first, a page at a time, refreshed every 15 s. */
import { useState } from 'react';
import { LinearProgress, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useGetList, useTranslate } from 'react-admin';
import { PAGE_SIZE, RELOAD_INTERVAL_MS } from '../../../schemas/constants.ts';
import type { Task } from '../../../schemas/scenarios.ts';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { PageNumbers } from '../layout/PageNumbers.tsx';
import { TASKS_RESOURCE } from './tasksApi.ts';
import { TasksTable } from './TasksTable.tsx';

export function ObjectTasks({ objectClass, objectId }: { objectClass: string; objectId: string }) {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [page, setPage] = useState(1);
  const { data, total = 0, isPending } = useGetList<Task>(
    TASKS_RESOURCE,
    {
      // A dataset's are those run on it or on its behalf (its resources', filed under it), as its
      // latest tasks are; any other object's, those run on it.
      filter: objectClass === 'dataset' ? { object: objectId } : { object_class: objectClass, object_id: objectId },
      pagination: { page, perPage: PAGE_SIZE },
      sort: { field: 'start_date', order: 'DESC' },
    },
    {
      refetchInterval: RELOAD_INTERVAL_MS,
      placeholderData: keepPreviousData,
      onError: (error) => notifyError(error, { resource: TASKS_RESOURCE }),
    },
  );
  if (isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (!data || data.length === 0) return <Typography color="text.secondary">{translate('resources.tasks.empty')}</Typography>;
  const pages = Math.ceil(total / PAGE_SIZE);
  return (
    <>
      <TasksTable tasks={data} />
      <PageNumbers pages={pages} page={page} onChange={setPage} />
    </>
  );
}
