import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { Task } from '../../../schemas/scenarios.ts';

/** How long a task ran (or has been running, for one not finished), in hours, minutes and seconds. */
export function useTaskDuration() {
  const translate = useTranslate();
  return useCallback(
    (task: Pick<Task, 'start_date' | 'end_date'>, now = Date.now()) => {
      const end = task.end_date ? Date.parse(task.end_date) : now;
      const seconds = Math.max(0, Math.round((end - Date.parse(task.start_date)) / 1000));
      const hours = Math.floor(seconds / 3600);
      const minutes = Math.floor((seconds % 3600) / 60);
      if (hours > 0) return translate('resources.tasks.duration.hours', { hours, minutes });
      if (minutes > 0) return translate('resources.tasks.duration.minutes', { minutes, seconds: seconds % 60 });
      return translate('resources.tasks.duration.seconds', { seconds });
    },
    [translate],
  );
}
