/**
 * The task queue (spec, section 2, data/tasks): newest first, 20 a page, filtered by status,
 * action and dataset (`?dataset={id}` opens it on one dataset's tasks). It refreshes every 15 s
 * in place: the page, the filters and the scroll position stay, the rows shown stay until the
 * new ones come.
 */
import { Datagrid, List, TextField, useTranslate } from 'react-admin';
import { Navigate, useSearchParams } from 'react-router-dom';
import { PAGE_SIZE, RELOAD_INTERVAL_MS } from '../../../schemas/constants.ts';
import { LocaleDateField } from '../fields/LocaleDateField.tsx';
import { ListError, errorShownInPlace } from '../layout/ListError.tsx';
import { ListPagination } from '../layout/ListPagination.tsx';
import { useAppPath } from '../routing/useAppPath.ts';
import { TASK_FILTERS } from './TaskFilters.tsx';
import { DATASET_PARAM, taskPath } from './taskPaths.ts';
import { TaskObjectField } from './TaskObjectLink.tsx';
import { TASKS_RESOURCE } from './tasksApi.ts';
import { TaskStatusField } from './TaskStatusChip.tsx';
import { TaskTriggerField } from './TaskTriggerField.tsx';
import { LIST_FITS_WINDOW } from '../layout/fitWindow.ts';

/** `?dataset=5` → the list's own `filter={"object":5}`, so the filter shows and can be removed. */
function datasetFilterSearch(datasetId: string) {
  return `?${new URLSearchParams({ filter: JSON.stringify({ object: Number(datasetId) }) }).toString()}`;
}

export default function TaskList() {
  const translate = useTranslate();
  const appPath = useAppPath();
  const [searchParams] = useSearchParams();
  const datasetId = searchParams.get(DATASET_PARAM);
  if (datasetId && /^\d+$/.test(datasetId)) return <Navigate to={{ search: datasetFilterSearch(datasetId) }} replace />;
  return (
    <List
      resource={TASKS_RESOURCE}
      storeKey="tasks.list"
      title={translate('resources.tasks.list.title')}
      filters={TASK_FILTERS}
      sort={{ field: 'start_date', order: 'DESC' }}
      perPage={PAGE_SIZE}
      pagination={<ListPagination rowsPerPageOptions={[PAGE_SIZE]} />}
      error={<ListError />}
      queryOptions={{ refetchInterval: RELOAD_INTERVAL_MS, onError: errorShownInPlace }}
      actions={false}
      empty={false}
      sx={LIST_FITS_WINDOW}
    >
      <Datagrid bulkActionButtons={false} rowClick={(id) => appPath(taskPath(id))}>
        <TaskStatusField source="status" label="resources.tasks.fields.status" />
        <TextField source="action_label" sortable={false} />
        <TaskObjectField label="resources.tasks.fields.object" sortable={false} />
        <TaskTriggerField label="resources.tasks.fields.created_by" sortable={false} />
        <LocaleDateField source="start_date" showTime />
        <LocaleDateField source="end_date" showTime />
      </Datagrid>
    </List>
  );
}
