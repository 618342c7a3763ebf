/**
 * The dataset's failures no one has acknowledged yet (spec, section 4: "a failure must be
 * acknowledged"), each as an alert with its error; once acknowledged, it no longer shows.
 */
import { Alert, AlertTitle, Box, Link, Stack } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PAGE_SIZE, RELOAD_INTERVAL_MS } from '../../../schemas/constants.ts';
import type { Task } from '../../../schemas/scenarios.ts';
import { useAppPath } from '../routing/useAppPath.ts';
import { AcknowledgeButton } from '../tasks/TaskActions.tsx';
import { taskPath } from '../tasks/taskPaths.ts';
import { TASKS_RESOURCE } from '../tasks/tasksApi.ts';

function FailureAlert({ task }: { task: Task }) {
  const translate = useTranslate();
  const appPath = useAppPath();
  return (
    <Alert severity="error" action={task.can_acknowledge ? <AcknowledgeButton task={task} /> : undefined}>
      <AlertTitle>
        <Link component={RouterLink} to={appPath(taskPath(task.id))} color="inherit">
          {translate('resources.tasks.dataset.failure', { action: task.action_label })}
        </Link>
      </AlertTitle>
      {task.error}
    </Alert>
  );
}

export function DatasetFailures({ datasetId }: { datasetId: number }) {
  const { data } = useGetList<Task>(
    TASKS_RESOURCE,
    {
      filter: { object: datasetId, status: 'FAILURE', acknowledged: false },
      pagination: { page: 1, perPage: PAGE_SIZE },
      sort: { field: 'start_date', order: 'DESC' },
    },
    { refetchInterval: RELOAD_INTERVAL_MS },
  );
  if (!data || data.length === 0) return null;
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <Stack spacing={1}>
        {data.map((task) => (
          <FailureAlert key={task.id} task={task} />
        ))}
      </Stack>
    </Box>
  );
}
