/**
 * What a dataset's page shows under its form: its metadata quality, its resources, its failures to acknowledge, its latest tasks, the
 * harvester it comes from, the way to its permissions, its contacts with their roles, its children and, for those who may
 * change it, its history.
 */
import { useRecordContext } from 'react-admin';
import { ResourcesPanel } from '../resources/ResourcesPanel.tsx';
import { DatasetChildren } from './DatasetChildren.tsx';
import { DatasetContacts } from './DatasetContacts.tsx';
import { DatasetFailures } from './DatasetFailures.tsx';
import { DatasetHistory } from './DatasetHistory.tsx';
import { DatasetTasks } from './DatasetTasks.tsx';
import { HarvestOrigin } from './HarvestOrigin.tsx';
import { PermissionsLink } from './PermissionsLink.tsx';
import { QualityPanel } from './QualityPanel.tsx';

export function DatasetPanels() {
  const record = useRecordContext();
  if (!record) return null;
  const id = record.id as number;
  const editable = record.editable === true;
  return (
    <>
      <QualityPanel />
      <ResourcesPanel datasetId={id} editable={editable} />
      <HarvestOrigin />
      <DatasetFailures datasetId={id} />
      <DatasetTasks datasetId={id} />
      <PermissionsLink />
      <DatasetContacts datasetId={id} canEdit={editable} />
      <DatasetChildren />
      {/* The history is for those who may change the dataset (the server answers 403 to others). */}
      {editable && <DatasetHistory datasetId={id} />}
    </>
  );
}
