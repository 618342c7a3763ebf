/**
 * A resource's link checks, newest first (GET resource/resources/{id}/link-checks/), in a dialog
 * opened from its row: when, what the remote answered (or why it could not be reached).
 */
import HistoryIcon from '@mui/icons-material/History';
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useAppLocale } from '../routing/useAppLocale.ts';
import { useCheckVerdict } from './LinkCheckBadge.tsx';
import { RESOURCE_KEYS, resourcesApi, type Resource } from './resourcesApi.ts';

const L = 'resources.dataset-resources.link';

function Checks({ resourceId }: { resourceId: number }) {
  const translate = useTranslate();
  const locale = useAppLocale();
  const verdict = useCheckVerdict();
  const { data } = useQuery({
    queryKey: [...RESOURCE_KEYS.resource(resourceId), 'link-checks'],
    queryFn: ({ signal }) => resourcesApi.linkChecks(resourceId, signal),
  });
  if (!data) return null;
  if (data.length === 0) return <Typography color="text.secondary">{translate(`${L}.historyEmpty`)}</Typography>;
  return (
    <Table size="small" aria-label={translate(`${L}.historyTitle`)}>
      <TableBody>
        {data.map((check, index) => (
          <TableRow key={`${check.checked_at}-${index}`}>
            <TableCell>{new Date(check.checked_at).toLocaleString(locale)}</TableCell>
            <TableCell>{check.broken ? translate(`${L}.broken`) : translate(`${L}.answered`)}</TableCell>
            <TableCell>{verdict(check)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function LinkCheckHistory({ resource }: { resource: Pick<Resource, 'id' | 'display_name' | 'link_check'> }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!resource.link_check) return null;
  return (
    <>
      <IconButton size="small" onClick={() => setOpen(true)} aria-label={translate(`${L}.history`, { name: resource.display_name })}>
        <HistoryIcon fontSize="small" />
      </IconButton>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`link-checks-${resource.id}`}>
        <DialogTitle id={`link-checks-${resource.id}`}>{translate(`${L}.historyTitle`)}</DialogTitle>
        <DialogContent>{open && <Checks resourceId={resource.id} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate(`${L}.close`)}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
