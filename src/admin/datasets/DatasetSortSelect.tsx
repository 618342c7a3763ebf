/**
 * The list's orderings (spec, section 2: last revision, name, organisation, creation date, each
 * ascending or descending, and published first or last): every orderable field of the schema in
 * both directions, named by the catalogue (`resources.datasets.sort.<field>.<ASC|DESC>`).
 */
import { MenuItem, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { datasets } from '../../../schemas/datasets.ts';

const ORDERS = ['ASC', 'DESC'] as const;

export function DatasetSortSelect() {
  const translate = useTranslate();
  const { sort, setSort } = useListContext();
  const value = `${sort.field}:${sort.order}`;
  return (
    <TextField
      select
      size="small"
      label={translate('resources.datasets.sort.label')}
      value={value}
      onChange={(event) => {
        const [field, order] = event.target.value.split(':');
        setSort({ field, order: order as (typeof ORDERS)[number] });
      }}
      sx={{ minWidth: 260 }}
    >
      {datasets.list.orderable.flatMap((field) =>
        ORDERS.map((order) => (
          <MenuItem key={`${field}:${order}`} value={`${field}:${order}`}>
            {translate(`resources.datasets.sort.${field}.${order}`)}
          </MenuItem>
        )),
      )}
    </TextField>
  );
}
