/**
 * A resource's link as its latest check found it: a "broken link" badge with what the remote
 * answered (or why it could not be reached) and when. Nothing for a link found answering, nor for
 * one never checked.
 */
import { Box, Chip, Typography } from '@mui/material';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { useTranslate } from 'react-admin';
import type { LinkCheck } from '../../../schemas/resources.ts';
import type { Resource } from './resourcesApi.ts';
import { useAppLocale } from '../routing/useAppLocale.ts';

const L = 'resources.dataset-resources.link';

/** What a check found, in words: the answer's status, or why there was none. */
export function useCheckVerdict() {
  const translate = useTranslate();
  return (check: LinkCheck) =>
    check.status !== null ? translate(`${L}.status`, { status: check.status }) : translate(`${L}.error.${check.error ?? 'unreachable'}`, { _: check.error ?? '' });
}

export function LinkCheckBadge({ resource }: { resource: Pick<Resource, 'link_broken' | 'link_check'> }) {
  const translate = useTranslate();
  const locale = useAppLocale();
  const verdict = useCheckVerdict();
  const check = resource.link_check;
  if (resource.link_broken !== true || !check) return null;
  const why = verdict(check);
  const when = translate(`${L}.checked`, { date: new Date(check.checked_at).toLocaleString(locale) });
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, ml: 1, flexWrap: 'wrap' }}>
      <Chip size="small" color="error" variant="outlined" icon={<LinkOffIcon />} label={translate(`${L}.broken`)} />
      <Typography component="span" variant="caption" color="error">
        {`${why} — ${when}`}
      </Typography>
    </Box>
  );
}
