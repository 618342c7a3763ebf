/**
 * A dataset's latest tasks (spec, section 9: the 3 latest), refreshed every 15 s, with the ways
 * to all its tasks and to its logs.
 */
import { Button, Stack, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { RELOAD_INTERVAL_MS } from '../../../schemas/constants.ts';
import type { Task } from '../../../schemas/scenarios.ts';
import { PanelCard } from '../accounts/PanelCard.tsx';
import { useAppPath } from '../routing/useAppPath.ts';
import { datasetTasksPath, logsPath } from '../tasks/taskPaths.ts';
import { TASKS_RESOURCE } from '../tasks/tasksApi.ts';
import { TasksTable } from '../tasks/TasksTable.tsx';

/** How many of a dataset's tasks its page shows. */
export const DATASET_LATEST_TASKS = 3;

export function DatasetTasks({ datasetId }: { datasetId: number }) {
  const translate = useTranslate();
  const appPath = useAppPath();
  const { data } = useGetList<Task>(
    TASKS_RESOURCE,
    { filter: { object: datasetId }, pagination: { page: 1, perPage: DATASET_LATEST_TASKS }, sort: { field: 'start_date', order: 'DESC' } },
    { refetchInterval: RELOAD_INTERVAL_MS },
  );
  return (
    <PanelCard id="dataset-tasks" title={translate('resources.tasks.dataset.title')}>
      {data && data.length === 0 && <Typography color="text.secondary">{translate('resources.tasks.empty')}</Typography>}
      {data && data.length > 0 && <TasksTable tasks={data} />}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
        <Button component={RouterLink} to={appPath(datasetTasksPath(datasetId))}>
          {translate('resources.tasks.dataset.all')}
        </Button>
        <Button component={RouterLink} to={appPath(logsPath('dataset', datasetId))}>
          {translate('resources.tasks.dataset.logs')}
        </Button>
      </Stack>
    </PanelCard>
  );
}
