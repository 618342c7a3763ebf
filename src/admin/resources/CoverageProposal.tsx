/**
 * After a load that made the dataset geographic, the coverage it may take: the extent of its
 * geographic data ("computed on the data", spec section 5), proposed to a dataset that has no
 * coverage yet rather than set behind the person's back. Once taken, it follows every reload.
 */
import { Alert, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useGetOne, useTranslate, useUpdate } from 'react-admin';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { degreesIn } from '../jurisdictions/BoxMap.tsx';
import { isBoundingBox, normaliseBox, type BoundingBox } from '../jurisdictions/codes.ts';
import { useAppLocale } from '../routing/useAppLocale.ts';
import { datasetResourcesQuery, type ResourceDataset } from './resourcesApi.ts';

const L = 'resources.dataset-resources.coverage';

/** The box of the dataset's geographic resources together, as the server computes it (datasets/coverage.ts); null without any. */
function extentOf(links: readonly ResourceDataset[]): BoundingBox | null {
  const boxes = links.map((link) => link.resource).filter((resource) => resource.geographic && isBoundingBox(resource.bbox)).map((resource) => normaliseBox(resource.bbox!));
  if (boxes.length === 0) return null;
  return [Math.min(...boxes.map((box) => box[0])), Math.min(...boxes.map((box) => box[1])), Math.max(...boxes.map((box) => box[2])), Math.max(...boxes.map((box) => box[3]))];
}

export function CoverageProposal({ datasetId }: { datasetId: number }) {
  const translate = useTranslate();
  const degrees = degreesIn(useAppLocale());
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const { data: dataset, refetch } = useGetOne('datasets', { id: datasetId });
  const { data: links = [] } = useQuery(datasetResourcesQuery(datasetId));
  const [update, { isPending }] = useUpdate();
  const extent = extentOf(links);
  if (!dataset || dataset.geographic_coverage || !extent || dataset.editable === false) return null;

  const accept = () =>
    void update(
      'datasets',
      { id: datasetId, data: { geographic_coverage: 'computed' }, previousData: dataset, meta: { partial: true } },
      {
        // The dataset read again (a partial update leaves react-admin's own copy as it was): its coverage now set.
        onSuccess: () => {
          notifySuccess(`${L}.accepted`);
          void refetch();
        },
        onError: (error) => notifyError(error, { resource: 'datasets' }) },
    );
  const [minLon, minLat, maxLon, maxLat] = extent.map(degrees);
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" disabled={isPending} onClick={accept}>
          {translate(`${L}.accept`)}
        </Button>
      }
    >
      {translate(`${L}.proposed`, { minLon, minLat, maxLon, maxLat })}
    </Alert>
  );
}
