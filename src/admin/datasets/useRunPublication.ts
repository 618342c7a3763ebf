/**
 * Runs a dataset's publication scenario (spec, section 4): `publish-dataset` when it is published
 * (absent or null counts as published), `unpublish-dataset` when not, looked up among the
 * dataset's scenarios by codename and run in the background. The save it follows stays done
 * whatever happens here: a missing scenario is a warning, a failed call an error toast.
 */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { TOAST_DURATION_MS } from '../../../schemas/constants.ts';
import { PUBLICATION_SCENARIOS } from '../../../schemas/scenarios.ts';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { TASKS_QUERY_KEY, tasksApi } from '../tasks/tasksApi.ts';

/** Whether a dataset's `publish` value means published. */
export const isPublished = (publish: unknown) => publish !== false;

export interface RunPublicationOptions {
  /** Says the run was launched (an update); a creation keeps its own toast naming the dataset. */
  announce?: boolean;
}

export function useRunPublication() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  return useCallback(
    async (datasetId: number, published: boolean, { announce = true }: RunPublicationOptions = {}) => {
      const codenames = PUBLICATION_SCENARIOS.dataset;
      const codename = published ? codenames.publish : codenames.unpublish;
      try {
        const scenario = (await tasksApi.datasetScenarios(datasetId)).find((candidate) => candidate.codename === codename);
        if (!scenario) {
          notify('resources.tasks.messages.missingPublicationScenario', { type: 'warning', autoHideDuration: TOAST_DURATION_MS });
          return;
        }
        await tasksApi.runDatasetScenario(datasetId, scenario.id);
        if (announce) notifySuccess(published ? 'resources.tasks.messages.publishLaunched' : 'resources.tasks.messages.unpublishLaunched');
        await queryClient.invalidateQueries({ queryKey: TASKS_QUERY_KEY });
      } catch (error) {
        notifyError(error);
      }
    },
    [notify, notifySuccess, notifyError, queryClient],
  );
}
