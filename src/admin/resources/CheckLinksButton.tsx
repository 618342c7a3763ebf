/**
 * "Check links now" on a dataset's resources, for those who may change it: runs the dataset's
 * check-dataset-links scenario, follows its task to the end, then reads the resources again so
 * that their link badges show the new checks.
 */
import LinkIcon from '@mui/icons-material/Link';
import { useState } from 'react';
import { Box, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { TOAST_DURATION_MS } from '../../../schemas/constants.ts';
import { CHECK_DATASET_LINKS_SCENARIO, FINISHED_STATUSES, type Task } from '../../../schemas/scenarios.ts';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { TASKS_QUERY_KEY, tasksApi } from '../tasks/tasksApi.ts';
import { RESOURCE_KEYS } from './resourcesApi.ts';
import { TaskFollow } from './TaskFollow.tsx';

export function CheckLinksButton({ datasetId }: { datasetId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const [task, setTask] = useState<Task | null>(null);
  const [running, setRunning] = useState(false);
  const start = async () => {
    setRunning(true);
    try {
      const scenario = (await tasksApi.datasetScenarios(datasetId)).find((candidate) => candidate.codename === CHECK_DATASET_LINKS_SCENARIO);
      if (!scenario) {
        notify('resources.dataset-resources.link.checkUnavailable', { type: 'warning', autoHideDuration: TOAST_DURATION_MS });
        setRunning(false);
        return;
      }
      const started = await tasksApi.runDatasetScenario(datasetId, scenario.id);
      setTask(started);
      if (FINISHED_STATUSES.includes(started.status)) setRunning(false);
    } catch (error) {
      notifyError(error);
      setRunning(false);
    }
  };
  const finished = async () => {
    setRunning(false);
    await queryClient.invalidateQueries({ queryKey: RESOURCE_KEYS.ofDataset(datasetId) });
    await queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY });
  };
  return (
    <Box>
      <Button startIcon={<LinkIcon />} onClick={() => void start()} disabled={running}>
        {translate('resources.dataset-resources.link.checkNow')}
      </Button>
      {task && <TaskFollow key={task.id} started={task} onFinished={() => void finished()} />}
    </Box>
  );
}
