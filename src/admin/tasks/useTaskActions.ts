/**
 * What can be done with a task (retry, cancel, acknowledge): each call, then its toast, and the
 * task reads refreshed. A retry opens the new task.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { Task } from '../../../schemas/scenarios.ts';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { useAppPath } from '../routing/useAppPath.ts';
import { taskPath } from './taskPaths.ts';
import { TASKS_QUERY_KEY, TASKS_RESOURCE, tasksApi } from './tasksApi.ts';

type TaskAction = 'retry' | 'cancel' | 'acknowledge';

const SUCCESS_MESSAGES: Record<TaskAction, string> = {
  retry: 'resources.tasks.messages.retried',
  cancel: 'resources.tasks.messages.cancelled',
  acknowledge: 'resources.tasks.messages.acknowledged',
};

/** One action on tasks; `onDone` gets the task the server answers (the new one for a retry). */
export function useTaskAction(action: TaskAction, onDone?: (task: Task) => void) {
  const queryClient = useQueryClient();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  return useMutation({
    mutationFn: (id: number) => tasksApi[action](id),
    onSuccess: async (task) => {
      notifySuccess(SUCCESS_MESSAGES[action]);
      await queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY });
      onDone?.(task);
    },
    onError: (error) => notifyError(error, { resource: TASKS_RESOURCE }),
  });
}

/** Retrying opens the new task's page. */
export function useRetryTask() {
  const navigate = useNavigate();
  const appPath = useAppPath();
  return useTaskAction('retry', (task) => navigate(appPath(taskPath(task.id))));
}
