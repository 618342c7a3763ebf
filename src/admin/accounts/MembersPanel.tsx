/**
 * The members of a group (spec, section 7: `user-groups/{id}/members/`): each with their role
 * and status, which managers change or remove. A superuser finds a new member by searching
 * users; a delegated administrator, who sees only the users of their groups, types the exact
 * username or e-mail address of the account (README, "Who may look whom up"): their addition
 * waits for the person's acceptance, shown as such, with the person's name only.
 */
import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  IconButton,
  Pagination,
  Stack,
  Table,
  TableBody,
  TextField,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { PAGE_SIZE, ROLE, STATUS, type Role, type Status } from '../../../schemas/constants.ts';
import { ConfirmModal } from '../feedback/ConfirmModal.tsx';
import { errorBody } from '../http/errors.ts';
import { useStartup } from '../startup/useStartup.ts';
import { accountsApi, type Member } from './accountsApi.ts';
import { PanelCard } from './PanelCard.tsx';
import { ChoiceSelect } from './ChoiceSelect.tsx';
import { RecordPicker } from './RecordPicker.tsx';
import { useAccountsRights } from './useAccountsRights.ts';
import { useNotifiedAction } from './useNotifiedAction.ts';

const fullName = (user: { first_name: string; last_name: string; username: string }) =>
  `${user.first_name} ${user.last_name}`.trim() || user.username;

export function MembersPanel({ canManage }: { canManage: (groupId: number) => boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const { roles, usergroupStatuses } = useStartup();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [newUser, setNewUser] = useState<RaRecord | null>(null);
  const [account, setAccount] = useState('');
  // An addition on its way: the button waits for its answer, so a double click adds once.
  const [adding, setAdding] = useState(false);
  const [accountError, setAccountError] = useState<string | null>(null);
  const searchesUsers = useAccountsRights().manageUsers;
  const [newRole, setNewRole] = useState<Role>(ROLE.member);
  const [removing, setRemoving] = useState<Member | null>(null);
  const groupId = record?.id as number | undefined;
  const manages = groupId !== undefined && canManage(groupId);
  const run = useNotifiedAction(() => queryClient.invalidateQueries({ queryKey: ['group-members-of', groupId] }));
  const { data, isPending } = useQuery({
    queryKey: ['group-members-of', groupId, page],
    queryFn: ({ signal }) => accountsApi.members(groupId!, page, signal),
    enabled: manages,
    placeholderData: keepPreviousData,
  });
  if (!record || !manages) return null;

  const add = async () => {
    setAccountError(null);
    setAdding(true);
    await run(
      async () => {
        const user = searchesUsers ? { user_id: newUser!.id as number } : { account: account.trim() };
        await accountsApi.addMember(groupId!, { ...user, role: newRole, status: STATUS.active });
        setNewUser(null);
        setAccount('');
      },
      // A delegated administrator's addition waits for the person's word.
      searchesUsers ? 'publish.accounts.members.added' : 'publish.accounts.members.invited',
      // The server's answer about the account shows under the field where it was typed.
      (error) => {
        const message = searchesUsers ? undefined : errorBody(error).errors?.account;
        if (message) setAccountError(message);
        return !!message;
      },
    );
    setAdding(false);
  };

  /** Only the person (or a superuser) makes active a membership a delegated administrator gave. */
  const awaitsPerson = (member: Member) => !searchesUsers && member.status === STATUS.pendingVerification;

  const pages = Math.ceil((data?.count ?? 0) / PAGE_SIZE);
  return (
    <PanelCard id="members" title={translate('publish.accounts.members.title')}>
      {isPending ? null : !data?.results.length ? (
        <Typography color="text.secondary">{translate('publish.accounts.members.empty')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('publish.accounts.members.user')}</TableCell>
              <TableCell>{translate('publish.accounts.members.role')}</TableCell>
              <TableCell>{translate('publish.accounts.members.status')}</TableCell>
              <TableCell>{translate('publish.accounts.members.remove')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.results.map((member) => {
              const name = fullName(member.user);
              return (
                <TableRow key={member.user_id}>
                  <TableCell>
                    {name}
                    <Typography variant="body2" color="text.secondary">
                      {member.user.email}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <ChoiceSelect
                      choices={roles}
                      value={member.role}
                      ariaLabel={translate('publish.accounts.members.roleOf', { name })}
                      onChange={(role) =>
                        void run(() => accountsApi.updateMember(groupId!, member.user_id, { role: role as Role }), 'publish.accounts.members.updated')
                      }
                    />
                  </TableCell>
                  <TableCell>
                    {awaitsPerson(member) ? (
                      <Typography variant="body2">{translate('publish.accounts.members.awaitingAcceptance')}</Typography>
                    ) : (
                      <ChoiceSelect
                        choices={usergroupStatuses}
                        value={member.status}
                        ariaLabel={translate('publish.accounts.members.statusOf', { name })}
                        onChange={(status) =>
                          void run(
                            () => accountsApi.updateMember(groupId!, member.user_id, { status: status as Status }),
                            'publish.accounts.members.updated',
                          )
                        }
                      />
                    )}
                  </TableCell>
                  <TableCell>
                    <IconButton
                      color="error"
                      aria-label={translate('publish.accounts.members.removeOf', { name })}
                      onClick={() => setRemoving(member)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_event, value) => setPage(value)} />}
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {searchesUsers ? (
          <RecordPicker
            resource="users"
            label={translate('publish.accounts.members.searchUser')}
            value={newUser}
            onChange={setNewUser}
            optionLabel={(user) => `${fullName(user as never)} (${user.email})`}
          />
        ) : (
          <TextField
            size="small"
            label={translate('publish.accounts.members.account')}
            helperText={accountError ?? translate('publish.accounts.members.accountHelp')}
            error={accountError !== null}
            value={account}
            onChange={(event) => {
              setAccount(event.target.value);
              setAccountError(null);
            }}
            sx={{ minWidth: 320 }}
          />
        )}
        <ChoiceSelect
          choices={roles}
          label={translate('publish.accounts.members.role')}
          value={newRole}
          onChange={(role) => setNewRole(role as Role)}
        />
        <Button variant="contained" disabled={adding || (searchesUsers ? !newUser : account.trim() === '')} onClick={() => void add()}>
          {translate('publish.accounts.members.add')}
        </Button>
      </Stack>
      <ConfirmModal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => run(() => accountsApi.removeMember(groupId!, removing!.user_id), 'publish.accounts.members.removed')}
        subject={removing ? translate('publish.accounts.members.removeOf', { name: fullName(removing.user) }) : undefined}
      />
    </PanelCard>
  );
}
