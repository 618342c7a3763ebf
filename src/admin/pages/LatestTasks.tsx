import { Link, LinearProgress, Stack, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PAGE_SIZE, RELOAD_INTERVAL_MS } from '../../../schemas/constants.ts';
import type { Task } from '../../../schemas/scenarios.ts';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useAppPath } from '../routing/useAppPath.ts';
import { TASKS_RESOURCE } from '../tasks/tasksApi.ts';
import { TASKS_PATH } from '../tasks/taskPaths.ts';
import { TasksTable } from '../tasks/TasksTable.tsx';

/** The most recent background tasks, newest first, refreshed every 15 s, and the way to all of them. */
export function LatestTasks() {
  const translate = useTranslate();
  const appPath = useAppPath();
  const notifyError = useNotifyError();
  const { data, isPending, error } = useGetList<Task>(
    TASKS_RESOURCE,
    { pagination: { page: 1, perPage: PAGE_SIZE }, sort: { field: 'start_date', order: 'DESC' } },
    { refetchInterval: RELOAD_INTERVAL_MS, onError: (error) => notifyError(error, { resource: TASKS_RESOURCE }) },
  );
  const allTasks = (
    <Link component={RouterLink} to={appPath(TASKS_PATH)}>
      {translate('resources.tasks.list.all')}
    </Link>
  );
  if (isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  // A failed call is reported by a toast (or a redirect for 401/403).
  if (error) return null;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {!data || data.length === 0 ? <Typography color="text.secondary">{translate('publish.data.empty')}</Typography> : <TasksTable tasks={data} />}
      {allTasks}
    </Stack>
  );
}
