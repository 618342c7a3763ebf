/** A task's facts, as a list of terms: action, object, target, origin, dates, duration, retried task. */
import type { ReactNode } from 'react';
import { Box, Link, Typography } from '@mui/material';
import { RecordContextProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Task, TaskTarget } from '../../../schemas/scenarios.ts';
import { LocaleDateField } from '../fields/LocaleDateField.tsx';
import { useAppPath } from '../routing/useAppPath.ts';
import { objectPagePath, taskPath } from './taskPaths.ts';
import { TaskObjectLink } from './TaskObjectLink.tsx';
import { useTaskOrigin } from './TaskTriggerField.tsx';
import { useTaskDuration } from './useTaskDuration.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {translate(`resources.tasks.fields.${label}`)}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/** The object a task acts for, by name when the server gives it (the reader sees it), else by type and number. */
function TargetLink({ target, name: targetName }: { target: TaskTarget; name: string | null }) {
  const translate = useTranslate();
  const appPath = useAppPath();
  const name = targetName ?? `${translate(`resources.tasks.objectClasses.${target.model}`, { _: target.model })} #${target.pk}`;
  const path = objectPagePath({ object_class: target.model, object_id: target.pk, target: null });
  return path ? (
    <Link component={RouterLink} to={appPath(path)}>
      {name}
    </Link>
  ) : (
    <>{name}</>
  );
}

export function TaskSummary({ task }: { task: Task }) {
  const translate = useTranslate();
  const appPath = useAppPath();
  const origin = useTaskOrigin();
  const duration = useTaskDuration();
  return (
    <RecordContextProvider value={task}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
        <Fact label="action">{task.action_label}</Fact>
        <Fact label="object">
          <TaskObjectLink task={task} />
        </Fact>
        {task.target && (
          <Fact label="target">
            <TargetLink target={task.target} name={task.target_name ?? null} />
          </Fact>
        )}
        <Fact label="created_by">{origin(task)}</Fact>
        {task.created_by && <Fact label="trigger">{translate(`resources.tasks.triggers.${task.trigger}`, { _: task.trigger })}</Fact>}
        <Fact label="start_date">
          <LocaleDateField source="start_date" showTime />
        </Fact>
        <Fact label="end_date">
          <LocaleDateField source="end_date" showTime emptyText="—" />
        </Fact>
        <Fact label="duration">{task.end_date ? duration(task) : translate('resources.tasks.detail.running', { duration: duration(task) })}</Fact>
        {task.retry_of !== null && (
          <Fact label="retry_of">
            <Link component={RouterLink} to={appPath(taskPath(task.retry_of))}>
              {translate('resources.tasks.detail.retryOf', { id: task.retry_of })}
            </Link>
          </Fact>
        )}
      </Box>
    </RecordContextProvider>
  );
}
