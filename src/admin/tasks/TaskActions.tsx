/** A task's buttons, as its `can_*` flags allow: retry, cancel (after confirmation), acknowledge. */
import CancelIcon from '@mui/icons-material/Cancel';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ReplayIcon from '@mui/icons-material/Replay';
import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Task } from '../../../schemas/scenarios.ts';
import { ConfirmModal } from '../feedback/ConfirmModal.tsx';
import { useRetryTask, useTaskAction } from './useTaskActions.ts';

function RetryButton({ task }: { task: Task }) {
  const translate = useTranslate();
  const retry = useRetryTask();
  return (
    <Button variant="contained" startIcon={<ReplayIcon />} disabled={retry.isPending} onClick={() => retry.mutate(task.id)}>
      {translate('resources.tasks.actions.retry')}
    </Button>
  );
}

function CancelButton({ task }: { task: Task }) {
  const translate = useTranslate();
  const cancel = useTaskAction('cancel');
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="outlined" color="warning" startIcon={<CancelIcon />} disabled={cancel.isPending} onClick={() => setAsking(true)}>
        {translate('resources.tasks.actions.cancel')}
      </Button>
      <ConfirmModal
        open={asking}
        onClose={() => setAsking(false)}
        onConfirm={() => cancel.mutateAsync(task.id).catch(() => undefined)}
        title="resources.tasks.confirmCancel.title"
        message="resources.tasks.confirmCancel.message"
      />
    </>
  );
}

export function AcknowledgeButton({ task }: { task: Task }) {
  const translate = useTranslate();
  const acknowledge = useTaskAction('acknowledge');
  return (
    <Button variant="outlined" color="inherit" size="small" startIcon={<DoneAllIcon />} disabled={acknowledge.isPending} onClick={() => acknowledge.mutate(task.id)}>
      {translate('resources.tasks.actions.acknowledge')}
    </Button>
  );
}

export function TaskActions({ task }: { task: Task }) {
  if (!task.can_retry && !task.can_cancel && !task.can_acknowledge) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {task.can_retry && <RetryButton task={task} />}
      {task.can_cancel && <CancelButton task={task} />}
      {task.can_acknowledge && <AcknowledgeButton task={task} />}
    </Stack>
  );
}
