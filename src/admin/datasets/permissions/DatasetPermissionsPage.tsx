/**
 * The permissions of a dataset (spec, section 2: `data/datasets/{id}/permissions`): every group's
 * special permission, changed in bulk on the selected groups, and what the group can actually do
 * with where it comes from (owner, sphere, special permission, default level); searched and
 * filtered on group type, one organisation type, several levels and several effective levels.
 * Beside it, who can see the dataset and why.
 * Users who may not change the dataset get the 403 page.
 */
import { Box, Link, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  LinkBase,
  List,
  Pagination,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TextField,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { PAGE_SIZE, PERMISSION_LEVEL, USERGROUP_TYPES } from '../../../../schemas/constants.ts';
import { errorStatus } from '../../http/errors.ts';
import { referencePicker } from '../../entities/inputElement.tsx';
import { useEntityPaths } from '../../entities/useEntityPaths.ts';
import { ACCESS_DENIED_PATH, NOT_FOUND_PATH } from '../../routing/paths.ts';
import { useAppPath } from '../../routing/useAppPath.ts';
import { AccessPanel, useGroupReason } from './AccessPanel.tsx';
import { PermissionBulkActions } from './PermissionBulkActions.tsx';
import { levelLabel, PERMISSIONS_RESOURCE, type UsergroupPermission } from './permissionsApi.ts';
import { LIST_FITS_WINDOW } from '../../layout/fitWindow.ts';

const KEY = `resources.${PERMISSIONS_RESOURCE}`;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="usergroup_type"
    source="usergroup_type"
    label={`${KEY}.fields.usergroup_type`}
    choices={USERGROUP_TYPES.map((type) => ({ id: type, name: `${KEY}.typeFilter.${type}` }))}
    alwaysOn
  />,
  // One organisation type at a time, several levels (`level__in`).
  referencePicker('organisation-types', { source: 'organisation_type_id', label: `${KEY}.fields.organisation_type`, alwaysOn: true, sx: { minWidth: 200 } }),
  <SelectArrayInput
    key="level"
    source="level"
    label={`${KEY}.fields.level`}
    choices={Object.values(PERMISSION_LEVEL).map((level) => ({ id: level, name: levelLabel(level) }))}
    alwaysOn
  />,
  <SelectArrayInput
    key="effective_level"
    source="effective_level"
    label={`${KEY}.fields.effective_level`}
    choices={Object.values(PERMISSION_LEVEL).map((level) => ({ id: level, name: levelLabel(level) }))}
    alwaysOn
  />,
];

/** What the group can do, then why: "Search — by the sphere X (Search)". */
function EffectiveLevel({ row }: { row: UsergroupPermission }) {
  const translate = useTranslate();
  const reasonText = useGroupReason();
  const level = translate(levelLabel(row.effective_level));
  const reasons = row.effective_reasons.map(reasonText).join(' ; ');
  return (
    <Typography variant="body2" component="span">
      {reasons ? `${level} — ${reasons}` : level}
    </Typography>
  );
}

function PermissionsTable({ datasetId }: { datasetId: number }) {
  const translate = useTranslate();
  return (
    <List
      resource={PERMISSIONS_RESOURCE}
      storeKey={`${PERMISSIONS_RESOURCE}.${datasetId}`}
      filter={{ dataset_id: datasetId }}
      filters={filters}
      sort={{ field: 'display_name', order: 'ASC' }}
      perPage={PAGE_SIZE}
      pagination={<Pagination rowsPerPageOptions={[PAGE_SIZE]} />}
      actions={false}
      title={false}
      empty={false}
      // The explanation panel goes under the table on narrow windows.
      sx={{ ...LIST_FITS_WINDOW, flexDirection: { xs: 'column', md: 'row' } }}
      aside={<AccessPanel datasetId={datasetId} />}
    >
      <Datagrid rowClick={false} bulkActionButtons={<PermissionBulkActions datasetId={datasetId} />} sx={SELECTION_BAR_HOLDS_ITS_ACTIONS}>
        <TextField source="display_name" label={`${KEY}.fields.display_name`} />
        <FunctionField<UsergroupPermission>
          source="usergroup_type"
          label={`${KEY}.fields.usergroup_type`}
          render={(row) => translate(`${KEY}.types.${row.usergroup_type}`)}
        />
        <TextField source="organisation_type_label" label={`${KEY}.fields.organisation_type`} sortable={false} />
        <FunctionField<UsergroupPermission> source="level" label={`${KEY}.fields.level`} render={(row) => translate(levelLabel(row.level))} />
        <FunctionField<UsergroupPermission>
          source="effective_level"
          label={`${KEY}.fields.effective_level`}
          sortable={false}
          render={(row) => <EffectiveLevel row={row} />}
        />
      </Datagrid>
    </List>
  );
}

/** The page; the dataset's id comes from the route (`:id`) unless given. */

/**
 * The selection bar grows with its four actions where they wrap (beside the access panel, at
 * 1366 px and below), in the page's flow above the table: react-admin's is one 48 px line laid
 * over the table's head, which wrapped buttons overflowed.
 */
const SELECTION_BAR_HOLDS_ITS_ACTIONS = {
  '& .RaBulkActionsToolbar-toolbar:not(.RaBulkActionsToolbar-collapsed)': {
    position: 'relative',
    transform: 'none',
    height: 'auto',
    flexWrap: 'wrap',
    rowGap: 0.5,
    py: 0.5,
  },
} as const;

export default function DatasetPermissionsPage({ datasetId }: { datasetId?: number | string }) {
  const params = useParams<{ id?: string; datasetId?: string }>();
  const id = Number(datasetId ?? params.id ?? params.datasetId);
  const translate = useTranslate();
  const appPath = useAppPath();
  const datasetPaths = useEntityPaths('datasets');
  const { data: dataset, error } = useGetOne('datasets', { id }, { enabled: Number.isInteger(id) });

  // A dataset the user cannot see answers 404; one they see but may not change, 403 on the table.
  if (!Number.isInteger(id) || errorStatus(error) === 404) return <Navigate to={appPath(NOT_FOUND_PATH)} replace />;
  if (dataset?.editable === false) return <Navigate to={appPath(ACCESS_DENIED_PATH)} replace />;
  return (
    <Box>
      <Box sx={{ mt: 2, mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ minHeight: '1.5em' }}>
          {dataset && translate(`${KEY}.title`, { name: dataset.display_name })}
        </Typography>
        <Link component={LinkBase} to={datasetPaths.edit(id)}>
          {translate(`${KEY}.back`)}
        </Link>
      </Box>
      <PermissionsTable datasetId={id} />
    </Box>
  );
}
