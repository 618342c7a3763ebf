/**
 * A dataset's page (spec, section 2): the generated form with the dataset's own inputs, then the
 * way to its permissions and its children.
 */
import type { RaRecord } from 'react-admin';
import type { FormViewProps } from '../resources/customViews.ts';
import { SchemaEdit } from '../resources/SchemaEdit.tsx';
import { DatasetChildren } from './DatasetChildren.tsx';
import { PermissionsLink } from './PermissionsLink.tsx';

const isEditable = (record: RaRecord) => record.editable === true;

export default function DatasetEdit({ fieldOverrides }: FormViewProps) {
  return (
    <SchemaEdit resource="datasets" fieldOverrides={fieldOverrides} canDelete={isEditable}>
      <PermissionsLink />
      <DatasetChildren />
    </SchemaEdit>
  );
}
