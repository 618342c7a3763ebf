import { LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Shown while a page's code loads. */
export function PageLoading() {
  const translate = useTranslate();
  return <LinearProgress aria-label={translate('ra.page.loading')} />;
}
