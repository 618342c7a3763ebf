/**
 * Undoes a bulk change while it may be: on the task page of the change, and in the toast that
 * says it started. Asks the server (dataset/bulk/{task}/) whether the window is still open.
 */
import UndoIcon from '@mui/icons-material/Undo';
import { Button } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNotifyError } from '../../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../../feedback/useNotifySuccess.tsx';
import { TASKS_QUERY_KEY } from '../../tasks/tasksApi.ts';
import { bulkApi } from './bulkApi.ts';

export function BulkUndoButton({ taskId, finished = true, size = 'medium' }: { taskId: number; finished?: boolean; size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const notifySuccess = useNotifySuccess();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  const { data, refetch } = useQuery({
    queryKey: ['dataset-bulk', taskId, finished],
    queryFn: ({ signal }) => bulkApi.operation(taskId, signal),
    // Until the change has run, its undo is not open yet.
    refetchInterval: (query) => (query.state.data && !query.state.data.can_undo && query.state.data.undo_until === null ? 1000 : false),
  });
  if (!data?.can_undo) return null;
  const undo = async () => {
    setRunning(true);
    try {
      const task = await bulkApi.undo(taskId);
      notifySuccess('resources.dataset-bulk.messages.undoQueued', { id: task.id });
      await queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY });
    } catch (error) {
      notifyError(error);
    } finally {
      setRunning(false);
      await refetch();
    }
  };
  return (
    <Button variant="outlined" color="inherit" size={size} startIcon={<UndoIcon />} disabled={running} onClick={() => void undo()}>
      {translate('resources.dataset-bulk.actions.undo')}
    </Button>
  );
}
