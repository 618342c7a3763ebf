/** List of jurisdictions: search, pages of 50, name, code, number of communes, deletion. */
import { DataTable, List, Pagination, SearchInput } from 'react-admin';
import { JURISDICTION_PAGE_SIZE } from '../../../schemas/constants.ts';
import { LocaleNumberField } from '../fields/LocaleNumberField.tsx';
import { JurisdictionDeleteButton } from './JurisdictionDeleteButton.tsx';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export default function JurisdictionList() {
  return (
    <List
      resource="jurisdictions"
      perPage={JURISDICTION_PAGE_SIZE}
      sort={{ field: 'display_name', order: 'ASC' }}
      filters={filters}
      pagination={<Pagination rowsPerPageOptions={[JURISDICTION_PAGE_SIZE]} />}
      exporter={false}
      debounce={300}
    >
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="display_name" />
        <DataTable.Col source="codename" />
        <DataTable.NumberCol source="municipality_count" disableSort field={LocaleNumberField} />
        <DataTable.Col label="ra.action.delete" disableSort>
          <JurisdictionDeleteButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
