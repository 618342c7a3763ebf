/**
 * Where the signed-in user stands: the groups they belong to with their role, their requests to
 * join others, the sections their roles open, and, when they open none, what would.
 */
import { Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, useTranslate } from 'react-admin';
import { canAccessAccounts, canAccessData } from '../../../schemas/access.ts';
import { STATUS } from '../../../schemas/constants.ts';
import { accountsApi } from '../accounts/accountsApi.ts';
import { ACCOUNTS_PATH, DATA_PATH } from '../routing/paths.ts';
import { useAppPath } from '../routing/useAppPath.ts';
import { useStartup } from '../startup/useStartup.ts';
import { useRoleInSentence } from './useRoleInSentence.ts';

export function MyGroups() {
  const translate = useTranslate();
  const appPath = useAppPath();
  const { user } = useStartup();
  const userId = user?.id;
  const { data: requests } = useQuery({
    queryKey: ['my-requests', userId],
    queryFn: ({ signal }) => accountsApi.myRequests(userId!, signal),
    enabled: userId !== undefined,
  });
  const roleLabel = useRoleInSentence();
  if (!user) return null;
  const data = canAccessData(user);
  const accounts = canAccessAccounts(user);
  const memberships = user.usergroup_roles;
  const pending = requests?.results ?? [];
  // A request for a group not active yet asks for its creation, which only a superuser validates.
  const isNewGroup = (request: (typeof pending)[number]) => request.usergroup_detail.status !== STATUS.active;
  const newGroups = pending.filter(isNewGroup).length;
  const waiting = newGroups === 0 ? 'waiting' : newGroups === pending.length ? 'waitingNewGroup' : 'waitingBoth';
  return (
    <section aria-labelledby="my-groups">
      <Typography id="my-groups" variant="h6" component="h2" sx={{ mt: 3 }}>
        {translate('publish.home.groups.title')}
      </Typography>
      {memberships.length > 0 || pending.length > 0 ? (
        <List dense>
          {memberships.map((membership) => (
            <ListItem key={`role-${membership.usergroup_id}`}>
              <ListItemText primary={translate('publish.home.groups.line', { group: membership.usergroup_name, role: roleLabel(membership.role) })} />
            </ListItem>
          ))}
          {pending.map((request) => (
            <ListItem key={`request-${request.id}`}>
              <ListItemText
                primary={translate(isNewGroup(request) ? 'publish.home.groups.requestedNewGroup' : 'publish.home.groups.requested', {
                  group: request.usergroup_detail.display_name,
                  role: roleLabel(request.role),
                })}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      {user.is_superuser ? (
        <Typography sx={{ mt: 1 }}>{translate('publish.home.groups.superuser')}</Typography>
      ) : memberships.length === 0 ? (
        <Typography sx={{ mt: 1 }}>{translate(pending.length > 0 ? `publish.home.groups.${waiting}` : 'publish.home.groups.none')}</Typography>
      ) : !data ? (
        <Typography sx={{ mt: 1 }}>{translate('publish.home.groups.noEditorRole')}</Typography>
      ) : null}
      {data || accounts ? (
        <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          {data && (
            <Button component={LinkBase} to={appPath(DATA_PATH)} variant="contained">
              {translate('publish.home.go.data')}
            </Button>
          )}
          {accounts && (
            <Button component={LinkBase} to={appPath(ACCOUNTS_PATH)} variant="outlined">
              {translate('publish.home.go.accounts')}
            </Button>
          )}
        </Stack>
      ) : null}
    </section>
  );
}
