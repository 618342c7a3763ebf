/**
 * The signed-in user's invitations: memberships a group's delegated administrator gave them, which
 * wait for their word (`group-members/?user={id}&status__in=0`), each accepted or declined here.
 */
import { Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { accountsApi } from '../accounts/accountsApi.ts';
import { useNotifiedAction } from '../accounts/useNotifiedAction.ts';
import { useStartup } from '../startup/useStartup.ts';
import { useRoleInSentence } from './useRoleInSentence.ts';

export function MyInvitations() {
  const translate = useTranslate();
  const { user } = useStartup();
  const queryClient = useQueryClient();
  const userId = user?.id;
  const { data } = useQuery({
    queryKey: ['my-invitations', userId],
    queryFn: ({ signal }) => accountsApi.invitations(userId!, signal),
    enabled: userId !== undefined,
  });
  // Accepting gives the group's role: the start-up data (the user's roles) is read again.
  const run = useNotifiedAction(() =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ['my-invitations'] }), queryClient.invalidateQueries({ queryKey: ['startup'] })]),
  );
  const roleLabel = useRoleInSentence();
  if (!data?.results.length) return null;
  return (
    <section aria-labelledby="my-invitations">
      <Typography id="my-invitations" variant="h6" component="h2" sx={{ mt: 3 }}>
        {translate('publish.home.invitations.title')}
      </Typography>
      <List dense>
        {data.results.map((membership) => {
          const group = membership.usergroup_detail.display_name;
          return (
            // The buttons follow the text, beside it on a wide screen and under it on a phone,
            // rather than over its end (a secondary action is drawn over the item).
            <ListItem key={membership.id} sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}>
              <ListItemText sx={{ flex: '1 1 16rem' }} primary={translate('publish.home.invitations.line', { group, role: roleLabel(membership.role) })} />
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  variant="contained"
                  aria-label={translate('publish.home.invitations.acceptOf', { group })}
                  onClick={() => void run(() => accountsApi.acceptInvitation(membership.id), 'publish.home.invitations.accepted')}
                >
                  {translate('publish.accounts.accept')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  aria-label={translate('publish.home.invitations.declineOf', { group })}
                  onClick={() => void run(() => accountsApi.declineInvitation(membership.id), 'publish.home.invitations.declined')}
                >
                  {translate('publish.home.invitations.decline')}
                </Button>
              </Stack>
            </ListItem>
          );
        })}
      </List>
    </section>
  );
}
