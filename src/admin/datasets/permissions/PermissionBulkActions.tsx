/**
 * The actions on the selected groups: remove their rights, or grant them search, consultation or
 * download. Each asks for confirmation, then changes every selected group at once, says so,
 * clears the selection and reloads the table and the access panel.
 */
import { useState } from 'react';
import { Box, Button } from '@mui/material';
import { useListContext, useRefresh, useTranslate } from 'react-admin';
import { PERMISSION_LEVEL } from '../../../../schemas/constants.ts';
import { useNotifiedAction } from '../../accounts/useNotifiedAction.ts';
import { ConfirmModal } from '../../feedback/ConfirmModal.tsx';
import { permissionsApi, type PermissionLevelName } from './permissionsApi.ts';

const LEVEL_NAMES = Object.keys(PERMISSION_LEVEL) as PermissionLevelName[];

export function PermissionBulkActions({ datasetId }: { datasetId: number }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { selectedIds, onUnselectItems } = useListContext();
  const [level, setLevel] = useState<PermissionLevelName | null>(null);
  const run = useNotifiedAction(refresh);

  const apply = (chosen: PermissionLevelName) =>
    run(async () => {
      await permissionsApi.setLevel(datasetId, chosen, selectedIds.map(Number));
      onUnselectItems();
    }, 'resources.dataset-permissions.messages.updated');

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
      <ConfirmModal open={level !== null} onClose={() => setLevel(null)} onConfirm={() => (level ? apply(level) : undefined)} />
    </>
  );
}
