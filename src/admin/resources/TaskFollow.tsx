/**
 * A task followed to its end: read again every TASK_POLL_MS until it is finished, with its status,
 * timeline and error, and the way to its page.
 */
import { useEffect } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { TASK_POLL_MS } from '../../../schemas/constants.ts';
import { isTaskFinished, type Task } from '../../../schemas/scenarios.ts';
import { useAppPath } from '../routing/useAppPath.ts';
import { taskPath } from '../tasks/taskPaths.ts';
import { TaskStatusChip } from '../tasks/TaskStatusChip.tsx';
import { TaskTimeline } from '../tasks/TaskTimeline.tsx';
import { resourcesApi } from './resourcesApi.ts';
import { readUntilFinished } from '../tasks/readUntilFinished.ts';

export function TaskFollow({ started, onFinished }: { started: Task; onFinished?: (task: Task) => void }) {
  const translate = useTranslate();
  const appPath = useAppPath();
  const { data } = useQuery({
    queryKey: ['dataset-resources', 'task', started.id],
    queryFn: ({ signal }) => resourcesApi.task(started.id, signal),
    initialData: started,
    initialDataUpdatedAt: 0,
    // A task already finished when started is not read again.
    enabled: !isTaskFinished(started),
    refetchInterval: readUntilFinished(TASK_POLL_MS),
  });
  const task = data ?? started;
  const finished = isTaskFinished(task);
  // A failure is told once, under the timeline: not also as the timeline's last step.
  const failure = task.status === 'FAILURE' ? task.error : null;
  const last = task.timeline.at(-1);
  const steps = failure && last?.level === 'error' && last.message === failure ? task.timeline.slice(0, -1) : task.timeline;
  useEffect(() => {
    if (finished) onFinished?.(task);
    // Once per end: the status is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished, task.status]);
  return (
    <Box component="section" aria-label={translate('resources.dataset-resources.task.title')}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3">
          {task.action_label}
        </Typography>
        <TaskStatusChip status={task.status} />
      </Stack>
      <TaskTimeline steps={steps} />
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      <Button component={RouterLink} to={appPath(taskPath(task.id))} sx={{ mt: 1 }}>
        {translate('resources.dataset-resources.task.open')}
      </Button>
    </Box>
  );
}
