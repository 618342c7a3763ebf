/**
 * Attachments pending validation (`group-members/?ordering=-user__date_joined&status__in=0,1`),
 * each accepted or refused after confirmation. A member added by a delegated administrator
 * (status 0) waits for the person's acceptance: only a superuser may validate it in their place.
 */
import { Link as RouterLink } from 'react-router-dom';
import { Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RecordContextProvider, useTranslate } from 'react-admin';
import { STATUS } from '../../../../schemas/constants.ts';
import { LocaleDateField } from '../../fields/LocaleDateField.tsx';
import { useAppPath } from '../../routing/useAppPath.ts';
import { accountsApi, type GroupMembership } from '../accountsApi.ts';
import { DecisionButtons } from '../requests/DecisionButtons.tsx';

const nameOf = (membership: GroupMembership) =>
  `${membership.user_detail.first_name} ${membership.user_detail.last_name}`.trim() || membership.user_detail.username;

export function PendingAttachments() {
  const translate = useTranslate();
  const appPath = useAppPath();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: ['pending-attachments'], queryFn: ({ signal }) => accountsApi.pendingAttachments(signal) });
  if (!data) return null;
  const reload = () => queryClient.invalidateQueries({ queryKey: ['pending-attachments'] });
  return (
    <>
      {data.results.length === 0 ? (
        <Typography color="text.secondary">{translate('publish.accounts.noPending')}</Typography>
      ) : (
        <List dense>
          {data.results.map((membership) => (
            <RecordContextProvider key={membership.id} value={membership}>
              {/* The buttons follow the text, beside it or, on a phone, under it: not drawn over its end. */}
              <ListItem sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}>
                <ListItemText
                  sx={{ flex: '1 1 16rem' }}
                  primary={translate(membership.status === STATUS.pendingVerification ? 'publish.accounts.awaitingLine' : 'publish.accounts.pendingLine', {
                    user: nameOf(membership),
                    group: membership.usergroup_detail.display_name,
                  })}
                  secondary={<LocaleDateField source="date_joined" />}
                />
                <DecisionButtons kind="group-members" nameOf={(record) => nameOf(record as GroupMembership)} onDone={reload} />
              </ListItem>
            </RecordContextProvider>
          ))}
        </List>
      )}
      <Link component={RouterLink} to={appPath('accounts/requests/attachments/')}>
        {translate('publish.accounts.seeRequests')}
      </Link>
    </>
  );
}
