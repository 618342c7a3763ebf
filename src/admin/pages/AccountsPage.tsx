import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AccountsSection } from './AccountsSection.tsx';

/** The accounts overview: accounts, organisations and groups, attachments pending validation. */
export default function AccountsPage() {
  const translate = useTranslate();
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {translate('publish.accounts.title')}
      </Typography>
      <AccountsSection id="accounts-users" title="publish.accounts.accounts" />
      <AccountsSection id="accounts-organisations" title="publish.accounts.organisations" />
      <AccountsSection id="accounts-attachments" title="publish.accounts.attachments" />
    </Stack>
  );
}
