/**
 * The actions on the selected groups: remove their rights, or grant them search, consultation or
 * download. Each opens the preview of the bulk change (which groups change, from which level),
 * then applies it as a task that can be undone from its toast and from its task page; the
 * selection is cleared and the table and the access panel follow once it has run.
 */
import { useMemo, useState } from 'react';
import { Box, Button } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { PERMISSION_LEVEL } from '../../../../schemas/constants.ts';
import { useRefreshWhenTaskEnds } from '../../tasks/useRefreshWhenTaskEnds.ts';
import { BulkDialog } from '../bulk/BulkDialog.tsx';
import type { PermissionLevelName } from './permissionsApi.ts';

const LEVEL_NAMES = Object.keys(PERMISSION_LEVEL) as PermissionLevelName[];

export function PermissionBulkActions({ datasetId }: { datasetId: number }) {
  const translate = useTranslate();
  const refreshWhenEnded = useRefreshWhenTaskEnds();
  const { selectedIds, onUnselectItems, data } = useListContext();
  // An editor may not list every group: the preview names them as the table does.
  const groupNames = useMemo(() => new Map((data ?? []).map((row) => [Number(row.id), String(row.display_name)])), [data]);
  const [level, setLevel] = useState<PermissionLevelName | null>(null);

  return (
    <>
      {/* Four actions do not fit beside the access panel on narrow screens: they wrap. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {LEVEL_NAMES.map((name) => (
        <Button key={name} size="small" color={name === 'private' ? 'error' : 'primary'} onClick={() => setLevel(name)}>
          {translate(`resources.dataset-permissions.actions.${name}`)}
        </Button>
      ))}
      </Box>
      <BulkDialog
        action={level === null ? null : 'set_group_level'}
        selection={{ ids: [datasetId] }}
        fixedParams={level === null ? undefined : { level: PERMISSION_LEVEL[level], usergroup_ids: selectedIds.map(Number) }}
        groupNames={groupNames}
        onClose={() => setLevel(null)}
        onApplied={(task) => {
          onUnselectItems();
          refreshWhenEnded(task.id);
        }}
      />
    </>
  );
}
