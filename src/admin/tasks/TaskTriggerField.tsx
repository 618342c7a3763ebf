/** Who queued a task (their username), or what did when no one did (the scheduler, a harvest). */
import { useRecordContext, useTranslate } from 'react-admin';
import type { Task } from '../../../schemas/scenarios.ts';

export function useTaskOrigin() {
  const translate = useTranslate();
  return (task: Task) => task.created_by ?? translate(`resources.tasks.triggers.${task.trigger}`, { _: task.trigger });
}

export function TaskTriggerField(_props: { label?: string; sortable?: boolean }) {
  const task = useRecordContext<Task>();
  const origin = useTaskOrigin();
  return task ? <>{origin(task)}</> : null;
}
