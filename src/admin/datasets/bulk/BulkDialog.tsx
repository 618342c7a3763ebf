/**
 * A bulk change's dialog: the action's parameters (a level, a group, a keyword, an owner), then
 * the server's preview — how many datasets change, a sample before → after, those left out and
 * why — and the button that applies it as a task. The toast that says so carries its undo.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import type { BulkAction, BulkBody } from '../../../../schemas/bulk.ts';
import { PERMISSION_LEVEL, TOAST_DURATION_MS } from '../../../../schemas/constants.ts';
import { datasets } from '../../../../schemas/datasets.ts';
import type { Task } from '../../../../schemas/scenarios.ts';
import { ErrorToast } from '../../feedback/ErrorToast.tsx';
import { useNotifyError } from '../../feedback/useNotifyError.tsx';
import { levelLabel } from '../permissions/permissionsApi.ts';
import { bulkApi } from './bulkApi.ts';
import { BulkAppliedToast } from './BulkAppliedToast.tsx';
import { formatState } from './formatState.ts';

export type BulkSelection = { ids: number[] } | { filters: Record<string, string | number | boolean> };

interface BulkDialogProps {
  action: BulkAction | null;
  selection: BulkSelection;
  /** Parameters decided by the caller (the permissions page's groups and level). */
  fixedParams?: Record<string, unknown>;
  onClose: () => void;
  /** After the change was queued, with its task. */
  onApplied: (task: Task) => void;
  /** Names of groups the caller shows, which the user may not be allowed to list (the permissions page's rows). */
  groupNames?: ReadonlyMap<number, string>;
}

const LEVELS = Object.values(PERMISSION_LEVEL);

/** The parameters each action asks for. */
function needs(action: BulkAction | null) {
  return {
    level: action === 'set_default_level' || action === 'set_group_level',
    group: action === 'set_group_level',
    keyword: action === 'add_keyword' || action === 'remove_keyword',
    owner: action === 'set_owner',
  };
}

function useGroups(enabled: boolean) {
  const { data } = useGetList(
    datasets.fields.usergroup.reference!,
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'display_name', order: 'ASC' } },
    { enabled },
  );
  return useMemo(() => data ?? [], [data]);
}

export function BulkDialog({ action, selection, fixedParams, onClose, onApplied, groupNames }: BulkDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const need = needs(fixedParams ? null : action);
  const groups = useGroups(action !== null);
  const [level, setLevel] = useState<number | ''>('');
  const [group, setGroup] = useState<number | ''>('');
  const [keyword, setKeyword] = useState('');
  const [applying, setApplying] = useState(false);
  useEffect(() => {
    setLevel('');
    setGroup('');
    setKeyword('');
  }, [action]);

  const params: Record<string, unknown> | null = useMemo(() => {
    if (fixedParams) return fixedParams;
    if (need.level && level === '') return null;
    if ((need.group || need.owner) && group === '') return null;
    if (need.keyword && keyword.trim() === '') return null;
    if (need.owner) return { usergroup: group };
    if (need.group) return { level, usergroup_ids: [group] };
    if (need.level) return { level };
    if (need.keyword) return { keyword: keyword.trim() };
    return {};
  }, [fixedParams, need.level, need.group, need.owner, need.keyword, level, group, keyword]);

  const body: BulkBody | null = action && params ? { action, params, ...selection } : null;
  const preview = useQuery({
    queryKey: ['dataset-bulk-preview', body],
    queryFn: () => bulkApi.preview(body!),
    enabled: body !== null,
    retry: false,
  });
  const groupName = (id: number) => (groups.find((g) => g.id === id)?.display_name as string | undefined) ?? groupNames?.get(id) ?? `#${id}`;

  const apply = async () => {
    if (!body) return;
    setApplying(true);
    try {
      const task = await bulkApi.apply(body);
      notify(<BulkAppliedToast taskId={task.id} />, { type: 'success', autoHideDuration: Math.max(TOAST_DURATION_MS, 20_000) });
      onApplied(task);
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setApplying(false);
    }
  };

  const ownerGroups = groups.filter((g) => g.usergroup_type !== 'group-of-organisation');
  const result = preview.data;
  return (
    <Dialog open={action !== null} onClose={applying ? undefined : onClose} aria-labelledby="bulk-dialog-title" fullWidth maxWidth="md">
      <DialogTitle id="bulk-dialog-title">
        {translate('resources.dataset-bulk.preview.title', { action: action ? translate(`resources.dataset-bulk.actions.${action}`) : '' })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {(need.group || need.owner) && (
            <TextField
              select
              label={translate(`resources.dataset-bulk.fields.${need.owner ? 'owner' : 'usergroup'}`)}
              value={group}
              onChange={(event) => setGroup(Number(event.target.value))}
            >
              {(need.owner ? ownerGroups : groups).map((g) => (
                <MenuItem key={g.id} value={g.id}>
                  {g.display_name as string}
                </MenuItem>
              ))}
            </TextField>
          )}
          {need.level && (
            <TextField select label={translate('resources.dataset-bulk.fields.level')} value={level} onChange={(event) => setLevel(Number(event.target.value))}>
              {LEVELS.map((value) => (
                <MenuItem key={value} value={value}>
                  {translate(levelLabel(value))}
                </MenuItem>
              ))}
            </TextField>
          )}
          {need.keyword && (
            <TextField label={translate('resources.dataset-bulk.fields.keyword')} value={keyword} onChange={(event) => setKeyword(event.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
          )}
          {preview.isFetching && <LinearProgress aria-label={translate('ra.page.loading')} />}
          {preview.error && <ErrorToast error={preview.error} />}
          {result && (
            <>
              <Typography role="status" variant="h6" component="p">
                {result.count > 0 ? translate('resources.dataset-bulk.preview.count', { smart_count: result.count }) : translate('resources.dataset-bulk.preview.nothing')}
              </Typography>
              {result.changes.length > 0 && (
                <section aria-labelledby="bulk-sample">
                  <Typography id="bulk-sample" variant="subtitle2" component="h3">
                    {translate('resources.dataset-bulk.preview.sample')}
                  </Typography>
                  <List dense>
                    {result.changes.map((change) => (
                      <ListItem key={change.id} disableGutters>
                        <ListItemText
                          primary={change.display_name}
                          secondary={`${formatState(change.before, translate, groupName)} → ${formatState(change.after, translate, groupName)}`}
                        />
                      </ListItem>
                    ))}
                  </List>
                </section>
              )}
              {result.skipped_count > 0 && (
                <Alert severity="info" component="section" aria-label={translate('resources.dataset-bulk.preview.skipped', { smart_count: result.skipped_count })}>
                  <Typography variant="subtitle2" component="h3">
                    {translate('resources.dataset-bulk.preview.skipped', { smart_count: result.skipped_count })}
                  </Typography>
                  <List dense>
                    {result.skipped.map((skip) => (
                      <ListItem key={skip.id} disableGutters>
                        <ListItemText primary={skip.name} secondary={skip.message} />
                      </ListItem>
                    ))}
                  </List>
                </Alert>
              )}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={applying}>
          {translate('resources.dataset-bulk.actions.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void apply()} disabled={applying || !result || result.count === 0 || preview.isFetching}>
          {translate('resources.dataset-bulk.actions.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
