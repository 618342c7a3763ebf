import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** One section of the accounts overview. */
export function AccountsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent>
        <Typography variant="h5" component="h2" id={id} gutterBottom>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
