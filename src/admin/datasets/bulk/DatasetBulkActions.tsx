/**
 * The datasets list's bulk actions: on the selected rows, or on every dataset the filters match
 * ("select all N"), publish, unpublish, set the default level, grant or remove a group's level,
 * add or remove a keyword, change the owner (superusers), delete. Each opens its preview
 * (BulkDialog) before anything changes.
 */
import { useEffect, useState } from 'react';
import { Box, Button } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { BULK_ACTIONS, BULK_MAX_DATASETS, SUPERUSER_BULK_ACTIONS, type BulkAction } from '../../../../schemas/bulk.ts';
import { toFilterQuery } from '../../providers/dataProvider.ts';
import { useStartup } from '../../startup/useStartup.ts';
import { useRefreshWhenTaskEnds } from '../../tasks/useRefreshWhenTaskEnds.ts';
import { BulkDialog, type BulkSelection } from './BulkDialog.tsx';

export function DatasetBulkActions() {
  const translate = useTranslate();
  const refreshWhenEnded = useRefreshWhenTaskEnds();
  const { user } = useStartup();
  const { selectedIds, total, data, filterValues, onUnselectItems } = useListContext();
  const [action, setAction] = useState<BulkAction | null>(null);
  const [allMatching, setAllMatching] = useState(false);
  // A new selection or other filters end "all matching".
  const filterKey = JSON.stringify(filterValues);
  useEffect(() => setAllMatching(false), [selectedIds.length, filterKey]);

  const actions = BULK_ACTIONS.filter((name) => user?.is_superuser || !SUPERUSER_BULK_ACTIONS.includes(name));
  const pageSelected = data !== undefined && data.length > 0 && selectedIds.length === data.length;
  const canSelectAll = pageSelected && total !== undefined && total > data.length && total <= BULK_MAX_DATASETS;
  const selection: BulkSelection = allMatching
    ? { filters: toFilterQuery(filterValues) as Record<string, string | number | boolean> }
    : { ids: selectedIds.map(Number) };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      {canSelectAll &&
        (allMatching ? (
          <Box component="span" role="status" sx={{ mr: 1 }}>
            {translate('resources.dataset-bulk.actions.allSelected', { count: total })}
          </Box>
        ) : (
          <Button size="small" variant="outlined" onClick={() => setAllMatching(true)}>
            {translate('resources.dataset-bulk.actions.selectAll', { count: total })}
          </Button>
        ))}
      {actions.map((name) => (
        <Button key={name} size="small" color={name === 'delete' ? 'error' : 'primary'} onClick={() => setAction(name)}>
          {translate(`resources.dataset-bulk.actions.${name}`)}
        </Button>
      ))}
      <BulkDialog
        action={action}
        selection={selection}
        onClose={() => setAction(null)}
        onApplied={(task) => {
          onUnselectItems();
          // The list follows once the task has run.
          refreshWhenEnded(task.id);
        }}
      />
    </Box>
  );
}
