/** Where a harvested dataset comes from: its harvester, when, the remote record, the fields changed here. */
import { Alert, Link, Typography } from '@mui/material';
import { useLocale, useRecordContext, useTranslate } from 'react-admin';
import type { DatasetHarvestOrigin } from '../../../schemas/indexers.ts';

/** Only http(s) addresses become links: a remote identifier never makes a script URL. */
const isWebUrl = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

export function HarvestOrigin({ compact = false }: { compact?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const locale = useLocale();
  const origin = record?.harvest as DatasetHarvestOrigin | null | undefined;
  if (!origin) return null;
  const text = translate('resources.indexers.page.origin', { name: origin.indexer_name, date: new Date(origin.harvested_at).toLocaleDateString(locale) });
  if (compact) return <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>{text}</Typography>;
  return (
    <Alert severity="info" sx={{ mx: 2, mb: 2 }} role="note" aria-label={text}>
      {text}
      {isWebUrl(origin.remote_url) && (
        <>
          {' · '}
          <Link href={origin.remote_url} target="_blank" rel="noopener noreferrer">{translate('resources.indexers.page.originLink')}</Link>
        </>
      )}
      {origin.local_fields.length > 0 && (
        <Typography variant="body2">
          {translate('resources.indexers.page.localFields', {
            fields: origin.local_fields.map((field) => translate(`resources.datasets.fields.${field === 'tags' ? 'tags' : field}`, { _: field })).join(', '),
          })}
        </Typography>
      )}
    </Alert>
  );
}
