/**
 * A dataset's page (spec, section 2): the generated form with the dataset's own inputs, then its
 * panels (permissions, contacts, children, history).
 */
import type { RaRecord } from 'react-admin';
import type { FormViewProps } from '../resources/customViews.ts';
import { SchemaEdit } from '../resources/SchemaEdit.tsx';
import { DatasetPanels } from './DatasetPanels.tsx';

const isEditable = (record: RaRecord) => record.editable === true;

export default function DatasetEdit({ fieldOverrides }: FormViewProps) {
  return (
    <SchemaEdit resource="datasets" fieldOverrides={fieldOverrides} canDelete={isEditable}>
      <DatasetPanels />
    </SchemaEdit>
  );
}
