/**
 * A task's page (spec, section 2, data/tasks/{id}): its status, what it did to which object, who
 * or what queued it, when and for how long, why it failed, its warnings and its timeline, with
 * the buttons its state allows. A task not finished is read again every 15 s.
 */
import { Alert, AlertTitle, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { RELOAD_INTERVAL_MS } from '../../../schemas/constants.ts';
import { BULK_TASK_ACTION } from '../../../schemas/bulk.ts';
import { isTaskFinished, type Task } from '../../../schemas/scenarios.ts';
import { BulkUndoButton } from '../datasets/bulk/BulkUndoButton.tsx';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { errorStatus } from '../http/errors.ts';
import { NotFound } from '../pages/NotFoundPage.tsx';
import { useAppPath } from '../routing/useAppPath.ts';
import { TaskActions } from './TaskActions.tsx';
import { hasLogsPage, logsPath, TASKS_PATH } from './taskPaths.ts';
import { TASKS_RESOURCE } from './tasksApi.ts';
import { TaskStatusChip } from './TaskStatusChip.tsx';
import { TaskSummary } from './TaskSummary.tsx';
import { TaskTimeline } from './TaskTimeline.tsx';
import { readUntilFinished } from './readUntilFinished.ts';

/** Why the task failed (or who cancelled it), above everything else. */
function TaskError({ task }: { task: Task }) {
  const translate = useTranslate();
  if (!task.error) return null;
  return (
    <Alert severity={task.status === 'FAILURE' ? 'error' : 'info'} variant={task.status === 'FAILURE' ? 'filled' : 'standard'}>
      <AlertTitle>{translate('resources.tasks.fields.error')}</AlertTitle>
      {task.error}
    </Alert>
  );
}

function TaskWarnings({ warnings }: { warnings: string[] }) {
  const translate = useTranslate();
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning">
      <AlertTitle>{translate('resources.tasks.fields.warnings')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {warnings.map((warning, index) => (
          <li key={index}>{warning}</li>
        ))}
      </Box>
    </Alert>
  );
}

function TaskLinks({ task }: { task: Task }) {
  const translate = useTranslate();
  const appPath = useAppPath();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button component={RouterLink} to={appPath(TASKS_PATH)}>
        {translate('resources.tasks.detail.back')}
      </Button>
      {task.object_id !== null && hasLogsPage(task.object_class) && (
        <Button component={RouterLink} to={appPath(logsPath(task.object_class, task.object_id))}>
          {translate('resources.tasks.detail.objectLogs')}
        </Button>
      )}
    </Stack>
  );
}

export default function TaskDetail() {
  const { id } = useParams<{ id: string }>();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const appPath = useAppPath();
  const { data: task, isPending, error } = useGetOne<Task>(
    TASKS_RESOURCE,
    { id: Number(id) },
    {
      enabled: id !== undefined,
      refetchInterval: readUntilFinished(RELOAD_INTERVAL_MS),
      onError: (failure) => {
        if (errorStatus(failure) !== 404) notifyError(failure, { resource: TASKS_RESOURCE });
      },
    },
  );
  if (isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (errorStatus(error) === 404) return <NotFound listPath={appPath(TASKS_PATH)} />;
  if (!task) return null;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h4" component="h1">
          {translate('resources.tasks.detail.title', { id: task.id })}
        </Typography>
        <TaskStatusChip status={task.status} />
      </Stack>
      <TaskError task={task} />
      <TaskWarnings warnings={task.warnings} />
      <TaskActions task={task} />
      {/* A bulk change of datasets may be undone for a while once it ran. */}
      {task.action === BULK_TASK_ACTION && <BulkUndoButton taskId={task.id} finished={isTaskFinished(task)} />}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <TaskSummary task={task} />
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="task-timeline" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" id="task-timeline" gutterBottom>
          {translate('resources.tasks.fields.timeline')}
        </Typography>
        <TaskTimeline steps={task.timeline} />
      </Paper>
      <TaskLinks task={task} />
    </Stack>
  );
}
