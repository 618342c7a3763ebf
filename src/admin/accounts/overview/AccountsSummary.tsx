/** Accounts: active users and registration or group requests, with links to their lists. */
import { Stack } from '@mui/material';
import { STATUS } from '../../../../schemas/constants.ts';
import { contacts, users } from '../../../../schemas/index.ts';
import { entityPaths } from '../../entities/registry.ts';
import { CountLink } from './CountLink.tsx';

export function AccountsSummary() {
  return (
    <Stack spacing={1}>
      <CountLink
        resource="users"
        filter={{ status: [STATUS.active] }}
        count="publish.accounts.activeUsers"
        link="publish.accounts.manageUsers"
        to={entityPaths(users).list}
      />
      <CountLink
        resource="users"
        filter={{ status: [STATUS.pendingValidation] }}
        count="publish.accounts.pendingUsers"
        link="publish.accounts.seeRequests"
        to="accounts/requests/users/"
      />
      <CountLink
        resource="usergroups"
        filter={{ status: [STATUS.pendingValidation] }}
        count="publish.accounts.pendingGroups"
        link="publish.accounts.seeRequests"
        to="accounts/requests/groups/"
      />
      <CountLink resource="contacts" count="publish.accounts.contactCount" link="publish.accounts.manageContacts" to={entityPaths(contacts).list} />
    </Stack>
  );
}
