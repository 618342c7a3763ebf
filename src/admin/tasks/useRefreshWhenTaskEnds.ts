/**
 * Refreshes the page's data once a task started from it has ended, rather than after a guessed
 * delay: on a busy platform the task queue may take seconds to run it. Returns the function that
 * names the task to wait for; a later task replaces an earlier one.
 */
import { useEffect, useState } from 'react';
import { useGetOne, useRefresh } from 'react-admin';
import { TASK_POLL_MS } from '../../../schemas/constants.ts';
import { isTaskFinished, type Task } from '../../../schemas/scenarios.ts';
import { TASKS_RESOURCE } from './tasksApi.ts';
import { readUntilFinished } from './readUntilFinished.ts';

export function useRefreshWhenTaskEnds() {
  const refresh = useRefresh();
  const [taskId, setTaskId] = useState<number | null>(null);
  const { data: task } = useGetOne<Task>(
    TASKS_RESOURCE,
    { id: taskId ?? 0 },
    { enabled: taskId !== null, refetchInterval: readUntilFinished(TASK_POLL_MS) },
  );
  const ended = taskId !== null && task?.id === taskId && isTaskFinished(task);
  useEffect(() => {
    if (!ended) return;
    setTaskId(null);
    refresh();
  }, [ended, refresh]);
  return setTaskId;
}
