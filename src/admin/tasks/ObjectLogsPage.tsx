/**
 * An object's logs (spec, section 2, logs/{object}/{id}): the tasks run on it and, for a dataset
 * the reader may change, its history of changes.
 */
import { Stack, Typography } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PanelCard } from '../accounts/PanelCard.tsx';
import { DatasetHistory } from '../datasets/DatasetHistory.tsx';
import { errorStatus } from '../http/errors.ts';
import { NotFound } from '../pages/NotFoundPage.tsx';
import { ObjectTasks } from './ObjectTasks.tsx';
import { hasLogsPage } from './taskPaths.ts';
import { useObjectClassName } from './TaskObjectLink.tsx';

function useObjectTitle(objectClass: string, id: string) {
  const translate = useTranslate();
  const isDataset = objectClass === 'dataset';
  const classAndNumber = useObjectClassName();
  const { data: dataset, error } = useGetOne('datasets', { id }, { enabled: isDataset });
  const name = (dataset?.display_name as string | undefined) ?? classAndNumber(objectClass, id);
  return { title: translate('resources.tasks.logs.title', { name }), dataset, missing: errorStatus(error) === 404 };
}

export default function ObjectLogsPage() {
  const { object = '', id = '' } = useParams<{ object: string; id: string }>();
  const translate = useTranslate();
  const { title, dataset, missing } = useObjectTitle(object, id);
  // Only objects that tasks run on have logs, and ids are whole numbers.
  // A dataset that does not exist (or that the reader may not see) has no logs to show.
  if (!hasLogsPage(object) || !/^\d{1,9}$/.test(id) || missing) return <NotFound />;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <PanelCard id="object-tasks" title={translate('resources.tasks.logs.tasks')}>
        <ObjectTasks objectClass={object} objectId={id} />
      </PanelCard>
      {/* The history is for those who may change the dataset (the server answers 403 to others). */}
      {dataset?.editable === true && <DatasetHistory datasetId={Number(id)} />}
    </Stack>
  );
}
