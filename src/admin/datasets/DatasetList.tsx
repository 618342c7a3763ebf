/**
 * The datasets list (spec, section 2): the generated list with its search, filters and columns,
 * the harvester a dataset comes from under its name, plus a sort choice, the export, and per row a duplicate and a delete button for the datasets
 * the user may change.
 */
import { TextField, WrapperField } from 'react-admin';
import { DeleteRecordButton } from '../entities/DeleteRecordButton.tsx';
import { isEditable } from '../entities/editable.ts';
import { SchemaList } from '../entities/SchemaList.tsx';
import { DatasetBulkActions } from './bulk/DatasetBulkActions.tsx';
import { DatasetSortSelect } from './DatasetSortSelect.tsx';
import { DuplicateButton } from './DuplicateButton.tsx';
import { ExportButton } from './ExportButton.tsx';
import { HarvestOrigin } from './HarvestOrigin.tsx';
import { MainResourceField } from './MainResourceField.tsx';

export default function DatasetList() {
  return (
    <SchemaList
      resource="datasets"
      canDelete={false}
      bulkActionButtons={<DatasetBulkActions />}
      actions={
        <>
          <DatasetSortSelect />
          <ExportButton />
        </>
      }
      columnOverrides={{
        // A harvested dataset says where it comes from under its name.
        display_name: (
          <WrapperField key="display_name" source="display_name" sortBy="display_name" label="resources.datasets.fields.display_name">
            <TextField source="display_name" />
            <HarvestOrigin compact />
          </WrapperField>
        ),
        // The owner's name comes with the dataset: an editor may list datasets of groups they cannot read.
        usergroup: <TextField key="usergroup" source="usergroup_name" sortBy="usergroup" label="resources.datasets.fields.usergroup" />,
        main_resource: <MainResourceField key="main_resource" source="main_resource" sortable={false} />,
      }}
    >
      <DuplicateButton label="resources.datasets.actions.duplicate" />
      <DeleteRecordButton label="ra.action.delete" canShow={isEditable} />
    </SchemaList>
  );
}
