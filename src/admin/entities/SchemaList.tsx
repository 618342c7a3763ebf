/**
 * The list screen of an entity, generated from its schema: the chosen columns (people can hide
 * and reorder them, remembered by the browser), the filters with their defaults, the search box,
 * the orderings the server accepts, the page size and a delete button per row. On a phone-width
 * screen (under 600 px) the rows become a simple list: the record's name, then its next columns.
 */
import type { ReactElement, ReactNode } from 'react';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import {
  CreateButton,
  DatagridClasses,
  DatagridConfigurable,
  FilterButton,
  List,
  SelectColumnsButton,
  SimpleList,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { defaultFilters } from '../../../schemas/entity.ts';
import { ListError, errorShownInPlace } from '../layout/ListError.tsx';
import { ListPagination } from '../layout/ListPagination.tsx';
import { DeleteRecordButton } from './DeleteRecordButton.tsx';
import { fieldElement } from './fieldElement.tsx';
import { filterElements } from './filterElements.tsx';
import { defaultSort, entityOf } from './registry.ts';
import { useEntityPaths } from './useEntityPaths.ts';
import { LIST_FITS_WINDOW } from '../layout/fitWindow.ts';

export interface SchemaListProps {
  resource: string;
  /** Filter values the list opens with, over the schema's defaults. */
  filterDefaultValues?: Record<string, unknown>;
  /** Keeps the list's parameters and column choices apart from other lists of the resource. */
  storeKey?: string;
  title?: string | ReactElement;
  /** Whether the create button and the delete column are shown (rights checked by the caller). */
  canCreate?: boolean;
  canDelete?: boolean | ((record: RaRecord) => boolean);
  /** Rows open the record's edit page (default), nothing, or the edit page of the rows a test allows. */
  rowClick?: 'edit' | false | ((record: RaRecord) => boolean);
  /** Extra columns after the schema's (row actions such as accept and refuse). */
  children?: ReactNode;
  /** Columns shown otherwise than their field's type says (null hides one). */
  columnOverrides?: Partial<Record<string, ReactElement | null>>;
  /** Buttons of the list's toolbar before the create button (an export). */
  actions?: ReactNode;
  /** Actions on the selected rows (rows get their checkboxes); none by default. */
  bulkActionButtons?: ReactElement | false;
}

function ListActions({
  resource,
  storeKey,
  canCreate,
  hasFilterButton,
  children,
}: {
  resource: string;
  storeKey: string;
  canCreate: boolean;
  hasFilterButton: boolean;
  children?: ReactNode;
}) {
  const paths = useEntityPaths(resource);
  return (
    // Lists with extra actions (a sort choice, an export) wrap them rather than squeeze their labels together.
    <TopToolbar sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, '& > *': { flexShrink: 0 } }}>
      {hasFilterButton && <FilterButton />}
      <SelectColumnsButton preferenceKey={storeKey} />
      {children}
      {canCreate && <CreateButton to={paths.create} />}
    </TopToolbar>
  );
}

export function SchemaList({
  resource,
  filterDefaultValues,
  storeKey = `${resource}.list`,
  title,
  canCreate = true,
  canDelete = true,
  rowClick = 'edit',
  children,
  columnOverrides = {},
  actions,
  bulkActionButtons = false,
}: SchemaListProps) {
  const entity = entityOf(resource);
  const paths = useEntityPaths(resource);
  const filters = filterElements(resource);
  const hasFilterButton = filters.some((filter) => !(filter.props as { alwaysOn?: boolean }).alwaysOn);
  const orderable = new Set<string>(entity.list.orderable);
  const column = (name: string) => (name in columnOverrides ? columnOverrides[name]! : fieldElement(resource, name, { inList: true, sortable: orderable.has(name) }));
  const columns = entity.list.columns.map(column).filter((element): element is ReactElement => element !== null);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const openRow = rowClick
    ? (id: RaRecord['id'], _resource: string, record: RaRecord) => (rowClick === 'edit' || rowClick(record) ? paths.edit(id) : false)
    : false;
  // Under the name, the two next columns of the table.
  const details = entity.list.columns
    .filter((name) => name !== entity.recordRepresentation)
    .slice(0, 2)
    .map((name) => ({ name, element: column(name) }))
    .filter(({ element }) => element !== null);

  return (
    <List
      resource={resource}
      storeKey={storeKey}
      title={title}
      filters={filters}
      filterDefaultValues={{ ...defaultFilters(entity), ...filterDefaultValues }}
      sort={defaultSort(resource)}
      perPage={entity.list.pageSize}
      pagination={<ListPagination rowsPerPageOptions={[entity.list.pageSize]} />}
      error={<ListError fieldOf={(filter) => entity.list.filters[filter]?.field ?? filter} />}
      queryOptions={{ onError: errorShownInPlace }}
      actions={
        <ListActions resource={resource} storeKey={storeKey} canCreate={canCreate} hasFilterButton={hasFilterButton}>
          {actions}
        </ListActions>
      }
      empty={false}
      sx={LIST_FITS_WINDOW}
    >
      {phone ? (
        <SimpleList
          primaryText={(record: RaRecord) => String(record[entity.recordRepresentation] ?? '')}
          secondaryText={
            <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
              {details.map(({ name, element }) => (
                <span key={name}>{element}</span>
              ))}
            </Box>
          }
          rowClick={openRow}
        />
      ) : (
        <DatagridConfigurable
          preferenceKey={storeKey}
          bulkActionButtons={bulkActionButtons}
          rowClick={openRow}
          // Rows that open nothing do not look clickable (the Datagrid gives every row of a clickable list a pointer).
          rowSx={typeof rowClick === 'function' ? (record: RaRecord) => (rowClick(record) ? {} : { [`&.${DatagridClasses.clickableRow}`]: { cursor: 'default' } }) : undefined}
        >
          {columns}
          {children}
          {canDelete && <DeleteRecordButton label="ra.action.delete" canShow={canDelete === true ? undefined : canDelete} />}
        </DatagridConfigurable>
      )}
    </List>
  );
}
