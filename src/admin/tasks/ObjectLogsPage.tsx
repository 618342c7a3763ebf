/**
 * An object's logs (spec, section 2, logs/{object}/{id}), named as its page names it, with the way
 * back to that page: the tasks run on it and, for a dataset the reader may change, its history of
 * changes.
 */
import { Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useGetOne, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PanelCard } from '../accounts/PanelCard.tsx';
import { DatasetHistory } from '../datasets/DatasetHistory.tsx';
import { errorStatus } from '../http/errors.ts';
import { indexersApi } from '../indexers/indexersApi.ts';
import { NotFound } from '../pages/NotFoundPage.tsx';
import { useAppPath } from '../routing/useAppPath.ts';
import { ObjectTasks } from './ObjectTasks.tsx';
import { hasLogsPage, objectPagePath } from './taskPaths.ts';
import { useObjectClassName } from './TaskObjectLink.tsx';

function useObjectTitle(objectClass: string, id: string) {
  const translate = useTranslate();
  const isDataset = objectClass === 'dataset';
  const classAndNumber = useObjectClassName();
  const { data: dataset, error } = useGetOne('datasets', { id }, { enabled: isDataset });
  // A harvester by its name, read as its page reads it.
  const indexer = useQuery({
    queryKey: ['indexers', 'one', Number(id)],
    queryFn: ({ signal }) => indexersApi.get(Number(id), signal),
    enabled: objectClass === 'remoteapiindex' && /^\d{1,9}$/.test(id),
    retry: false,
  });
  const name = (dataset?.display_name as string | undefined) ?? indexer.data?.name ?? classAndNumber(objectClass, id);
  return { title: translate('resources.tasks.logs.title', { name }), name, dataset, missing: errorStatus(error) === 404 || errorStatus(indexer.error) === 404 };
}

export default function ObjectLogsPage() {
  const { object = '', id = '' } = useParams<{ object: string; id: string }>();
  const translate = useTranslate();
  const { title, name, dataset, missing } = useObjectTitle(object, id);
  const appPath = useAppPath();
  // The way back to the object's own page (a dataset, a harvester), when it has one.
  const objectPage = /^\d{1,9}$/.test(id) ? objectPagePath({ object_class: object, object_id: Number(id), target: null }) : undefined;
  // Only objects that tasks run on have logs, and ids are whole numbers.
  // A dataset that does not exist (or that the reader may not see) has no logs to show.
  if (!hasLogsPage(object) || !/^\d{1,9}$/.test(id) || missing) return <NotFound />;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {objectPage && (
        <Button component={RouterLink} to={appPath(objectPage)} sx={{ alignSelf: 'flex-start' }}>
          {translate('resources.tasks.logs.back', { name })}
        </Button>
      )}
      <PanelCard id="object-tasks" title={translate('resources.tasks.logs.tasks')}>
        <ObjectTasks objectClass={object} objectId={id} />
      </PanelCard>
      {/* The history is for those who may change the dataset (the server answers 403 to others). */}
      {dataset?.editable === true && <DatasetHistory datasetId={Number(id)} />}
    </Stack>
  );
}
