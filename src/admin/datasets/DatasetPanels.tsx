/**
 * What a dataset's page shows beside its form, by tab: above the tabs, to a reader that it is read
 * only and who changes it, its metadata quality, the
 * harvester it comes from and its failures to acknowledge; in Access, the way to its special permissions and who reaches
 * it; its resources; its contacts with their roles; its children; its latest tasks and, for those
 * who may change it, its history.
 */
import type { ReactNode } from 'react';
import { useRecordContext } from 'react-admin';
import { ReadOnlyNotice } from '../entities/ReadOnlyNotice.tsx';
import { ResourcesPanel } from '../resources/ResourcesPanel.tsx';
import { DatasetChildren } from './DatasetChildren.tsx';
import { DatasetContacts } from './DatasetContacts.tsx';
import { DatasetFailures } from './DatasetFailures.tsx';
import { DatasetHistory } from './DatasetHistory.tsx';
import { DatasetTasks } from './DatasetTasks.tsx';
import { HarvestOrigin } from './HarvestOrigin.tsx';
import { AccessPanel } from './permissions/AccessPanel.tsx';
import { PermissionsLink } from './PermissionsLink.tsx';
import { QualityPanel } from './QualityPanel.tsx';

/** Renders `children` with the dataset of the page (its id, whether the user may change it), once loaded. */
function WithDataset({ children }: { children: (dataset: { id: number; editable: boolean }) => ReactNode }) {
  const record = useRecordContext();
  if (!record) return null;
  return <>{children({ id: record.id as number, editable: record.editable === true })}</>;
}

export const datasetTopPanel = (
  <WithDataset>
    {({ id }) => (
      <>
        <ReadOnlyNotice message="resources.datasets.readOnly" args={(dataset) => ({ group: dataset.usergroup_name ?? '' })} />
        <QualityPanel />
        <HarvestOrigin />
        <DatasetFailures datasetId={id} />
      </>
    )}
  </WithDataset>
);

export const datasetTabPanels: Partial<Record<string, ReactNode>> = {
  access: (
    <WithDataset>
      {({ id, editable }) =>
        // Who reaches the dataset is for those who may change it (the server answers 403 to others).
        editable && (
          <>
            <PermissionsLink />
            <AccessPanel datasetId={id} />
          </>
        )
      }
    </WithDataset>
  ),
  resources: <WithDataset>{({ id, editable }) => <ResourcesPanel datasetId={id} editable={editable} />}</WithDataset>,
  contacts: <WithDataset>{({ id, editable }) => <DatasetContacts datasetId={id} canEdit={editable} />}</WithDataset>,
  related: <DatasetChildren />,
  history: (
    <WithDataset>
      {({ id, editable }) => (
        <>
          <DatasetTasks datasetId={id} />
          {editable && <DatasetHistory datasetId={id} />}
        </>
      )}
    </WithDataset>
  ),
};
