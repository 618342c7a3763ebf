/**
 * A user's roles in groups (`usergroup_roles`): each changed or removed through the group's
 * members calls, and a role in another group added the same way.
 */
import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { UsergroupRole } from '../../../schemas/access.ts';
import { ROLE, STATUS, type Role } from '../../../schemas/constants.ts';
import { ConfirmModal } from '../feedback/ConfirmModal.tsx';
import { useStartup } from '../startup/useStartup.ts';
import { accountsApi } from './accountsApi.ts';
import { PanelCard } from './PanelCard.tsx';
import { ChoiceSelect } from './ChoiceSelect.tsx';
import { RecordPicker } from './RecordPicker.tsx';
import { useAccountsRights } from './useAccountsRights.ts';
import { useNotifiedAction } from './useNotifiedAction.ts';

export function UserRolesPanel() {
  const record = useRecordContext();
  const translate = useTranslate();
  const refresh = useRefresh();
  const { roles } = useStartup();
  const rights = useAccountsRights();
  const run = useNotifiedAction(refresh);
  const [group, setGroup] = useState<RaRecord | null>(null);
  const [newRole, setNewRole] = useState<Role>(ROLE.member);
  const [removing, setRemoving] = useState<UsergroupRole | null>(null);
  if (!record) return null;
  const userId = record.id as number;
  const memberships = (record.usergroup_roles ?? []) as UsergroupRole[];

  return (
    <PanelCard id="user-roles" title={translate('publish.accounts.roles.title')}>
      {memberships.length === 0 ? (
        <Typography color="text.secondary">{translate('publish.accounts.roles.empty')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('publish.accounts.roles.group')}</TableCell>
              <TableCell>{translate('publish.accounts.roles.type')}</TableCell>
              <TableCell>{translate('publish.accounts.roles.role')}</TableCell>
              <TableCell>{translate('publish.accounts.members.remove')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {memberships.map((membership) => {
              const manages = rights.manageGroup(membership.usergroup_id);
              const name = membership.usergroup_name;
              return (
                <TableRow key={membership.usergroup_id}>
                  <TableCell>{name}</TableCell>
                  <TableCell>{translate(`resources.usergroups.choices.usergroup_type.${membership.usergroup_type}`)}</TableCell>
                  <TableCell>
                    <ChoiceSelect
                      choices={roles}
                      value={membership.role}
                      disabled={!manages}
                      ariaLabel={translate('publish.accounts.roles.roleIn', { name })}
                      onChange={(role) =>
                        void run(
                          () => accountsApi.updateMember(membership.usergroup_id, userId, { role: role as Role }),
                          'publish.accounts.members.updated',
                        )
                      }
                    />
                  </TableCell>
                  <TableCell>
                    {manages && (
                      <IconButton
                        color="error"
                        aria-label={translate('publish.accounts.roles.removeFrom', { name })}
                        onClick={() => setRemoving(membership)}
                      >
                        <DeleteIcon />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <RecordPicker resource="usergroups" label={translate('publish.accounts.roles.searchGroup')} value={group} onChange={setGroup} />
        <ChoiceSelect
          choices={roles}
          label={translate('publish.accounts.roles.role')}
          value={newRole}
          onChange={(role) => setNewRole(role as Role)}
        />
        <Button
          variant="contained"
          disabled={!group || !rights.manageGroup(group.id as number)}
          onClick={() =>
            void run(async () => {
              await accountsApi.addMember(group!.id as number, { user_id: userId, role: newRole, status: STATUS.active });
              setGroup(null);
              // A delegated administrator's addition waits for the person's word (the server makes it an invitation).
            }, rights.manageUsers ? 'publish.accounts.members.added' : 'publish.accounts.members.invited')
          }
        >
          {translate('publish.accounts.roles.add')}
        </Button>
      </Stack>
      <ConfirmModal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => run(() => accountsApi.removeMember(removing!.usergroup_id, userId), 'publish.accounts.members.removed')}
        subject={removing ? translate('publish.accounts.roles.removeFrom', { name: removing.usergroup_name }) : undefined}
      />
    </PanelCard>
  );
}
