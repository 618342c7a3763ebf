/** A task's status as a coloured chip with its translated name. */
import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Task, TaskStatus } from '../../../schemas/scenarios.ts';

const STATUS_COLOURS: Record<TaskStatus, ChipProps['color']> = {
  PENDING: 'default',
  STARTED: 'info',
  SUCCESS: 'success',
  FAILURE: 'error',
  REVOKED: 'warning',
};

export function TaskStatusChip({ status }: { status: TaskStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOURS[status] ?? 'default'} label={translate(`resources.tasks.statuses.${status}`, { _: status })} />;
}

/** The status chip of the task in the record context (a list column). */
export function TaskStatusField(_props: { source?: string; label?: string; sortBy?: string; sortable?: boolean }) {
  const task = useRecordContext<Task>();
  return task ? <TaskStatusChip status={task.status} /> : null;
}
