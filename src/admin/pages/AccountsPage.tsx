import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AccountsSection } from './AccountsSection.tsx';
import { SectionLinks } from './SectionLinks.tsx';
import { AccountsSummary } from '../accounts/overview/AccountsSummary.tsx';
import { GroupsSummary } from '../accounts/overview/GroupsSummary.tsx';
import { PendingAttachments } from '../accounts/overview/PendingAttachments.tsx';

/** The accounts overview: accounts, organisations and groups, attachments pending validation, other lists. */
export default function AccountsPage() {
  const translate = useTranslate();
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {translate('publish.accounts.title')}
      </Typography>
      <AccountsSection id="accounts-users" title="publish.accounts.accounts">
        <AccountsSummary />
      </AccountsSection>
      <AccountsSection id="accounts-organisations" title="publish.accounts.organisations">
        <GroupsSummary />
      </AccountsSection>
      <AccountsSection id="accounts-attachments" title="publish.accounts.attachments">
        <PendingAttachments />
      </AccountsSection>
      <SectionLinks section="accounts" />
    </Stack>
  );
}
