/** The toast of a bulk change just started: its task, and the button that undoes it while it may be. */
import { Alert, Stack } from '@mui/material';
import { useCloseNotification, useTranslate } from 'react-admin';
import { BulkUndoButton } from './BulkUndoButton.tsx';

export function BulkAppliedToast({ taskId }: { taskId: number }) {
  const translate = useTranslate();
  const close = useCloseNotification();
  return (
    <Alert severity="success" variant="filled" onClose={close} sx={{ minWidth: 288, alignItems: 'center' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <span>{translate('resources.dataset-bulk.messages.applied', { id: taskId })}</span>
        <BulkUndoButton taskId={taskId} size="small" />
      </Stack>
    </Alert>
  );
}
