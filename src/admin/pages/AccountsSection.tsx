import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** One section of the accounts overview (filled in by the accounts screens). */
export function AccountsSection({ id, title }: { id: string; title: string }) {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent>
        <Typography variant="h5" component="h2" id={id} gutterBottom>
          {translate(title)}
        </Typography>
        <Typography color="text.secondary">{translate('publish.accounts.comingSoon')}</Typography>
      </CardContent>
    </Card>
  );
}
