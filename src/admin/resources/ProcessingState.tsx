/**
 * What a resource is going through (spec, section 4): its latest task still running shows an
 * operation in progress; a failure shows the task's message until someone acknowledges it.
 */
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useTaskAction } from '../tasks/useTaskActions.ts';
import { RESOURCE_KEYS, type Processing, type Resource } from './resourcesApi.ts';

/**
 * A resource whose creation was left before its first load (the wizard closed after its details,
 * or its creation failed): it holds no data yet, and its wizard resumes with the creation's
 * scenarios.
 */
export function isUnloaded(resource: Pick<Resource, 'loaded'>): boolean {
  return resource.loaded === false;
}

/** The processing entry the resource shows: a running task first, else an unacknowledged failure. */
export function shownProcessing(resource: Pick<Resource, '_processing'>): Processing | undefined {
  const entries = resource._processing ?? [];
  return entries.find((entry) => entry.state === 'PENDING') ?? entries.find((entry) => entry.state === 'FAILURE' && !entry.acknowledged);
}

function AcknowledgeFailure({ taskId, canAcknowledge }: { taskId: number; canAcknowledge: boolean }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const acknowledge = useTaskAction('acknowledge', () => void queryClient.invalidateQueries({ queryKey: RESOURCE_KEYS.all }));
  if (!canAcknowledge) return null;
  return (
    <Button color="inherit" size="small" startIcon={<DoneAllIcon />} disabled={acknowledge.isPending} onClick={() => acknowledge.mutate(taskId)}>
      {translate('resources.tasks.actions.acknowledge')}
    </Button>
  );
}

export function ProcessingState({ resource, resumePath }: { resource: Resource; resumePath?: string }) {
  const translate = useTranslate();
  const entry = shownProcessing(resource);
  if (!entry && isUnloaded(resource)) {
    return (
      <Alert
        severity="warning"
        sx={{ py: 0 }}
        action={
          resumePath && resource.editable ? (
            <Button color="inherit" size="small" component={RouterLink} to={resumePath}>
              {translate('resources.dataset-resources.processing.resume')}
            </Button>
          ) : undefined
        }
      >
        {translate('resources.dataset-resources.processing.unloaded')}
      </Alert>
    );
  }
  if (!entry) return <Typography variant="body2" color="text.secondary">—</Typography>;
  if (entry.state === 'PENDING') {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CircularProgress size={16} aria-hidden="true" />
        <Typography variant="body2">{translate('resources.dataset-resources.processing.pending', { action: entry.action_label })}</Typography>
      </Box>
    );
  }
  return (
    <Alert severity="error" sx={{ py: 0 }} action={<AcknowledgeFailure taskId={entry.task_id} canAcknowledge={resource.editable} />}>
      {translate('resources.dataset-resources.processing.failure', { action: entry.action_label })}
      {entry.message ? ` ${entry.message}` : ''}
    </Alert>
  );
}
