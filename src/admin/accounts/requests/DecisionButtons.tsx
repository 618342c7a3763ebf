/** Accept and refuse buttons of a request, each after the confirmation modal (refuse only, for an addition awaiting the person). */
import { useState, type MouseEvent } from 'react';
import { Button, Stack } from '@mui/material';
import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { ConfirmModal } from '../../feedback/ConfirmModal.tsx';
import { useNotifyError } from '../../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../../feedback/useNotifySuccess.tsx';
import { STATUS } from '../../../../schemas/constants.ts';
import { useAccountsRights } from '../useAccountsRights.ts';
import { useRequestDecisions, type RequestKind } from './decisions.ts';

export interface DecisionButtonsProps {
  kind: RequestKind;
  /** Who the request is from, for the buttons' accessible names. */
  nameOf: (record: RaRecord) => string;
  /** Called once decided (reload the list). */
  onDone?: () => unknown;
  record?: RaRecord;
  /** Column header (lists). */
  label?: string;
}

export function DecisionButtons({ kind, nameOf, onDone, ...props }: DecisionButtonsProps) {
  const record = useRecordContext(props);
  const translate = useTranslate();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const { accept, refuse } = useRequestDecisions(kind);
  const rights = useAccountsRights();
  const validates = rights.manageUsers;
  const [pending, setPending] = useState<'accept' | 'refuse' | null>(null);
  if (!record) return null;
  // A membership is decided by those who manage its group; registrations and new groups by superusers.
  const decides = kind === 'group-members' ? rights.manageGroup(record.usergroup as number) : kind === 'users' ? rights.manageUsers : rights.manageGroups;
  if (!decides) return null;
  const name = nameOf(record);
  // A member a delegated administrator added waits for the person's word: only a superuser validates it in their place.
  const acceptable = validates || kind !== 'group-members' || record.status !== STATUS.pendingVerification;

  const decide = async () => {
    try {
      if (pending === 'accept') await accept(record);
      else await refuse(record);
      notifySuccess(pending === 'accept' ? 'publish.accounts.accepted' : 'publish.accounts.refused');
    } catch (error) {
      notifyError(error);
    } finally {
      await onDone?.();
    }
  };
  const open = (decision: 'accept' | 'refuse') => (event: MouseEvent) => {
    event.stopPropagation();
    setPending(decision);
  };

  return (
    <Stack direction="row" spacing={1} onClick={(event) => event.stopPropagation()}>
      {acceptable && (
        <Button size="small" variant="contained" aria-label={translate('publish.accounts.acceptOf', { name })} onClick={open('accept')}>
          {translate('publish.accounts.accept')}
        </Button>
      )}
      <Button size="small" color="error" aria-label={translate('publish.accounts.refuseOf', { name })} onClick={open('refuse')}>
        {translate('publish.accounts.refuse')}
      </Button>
      <ConfirmModal
        open={pending !== null}
        onClose={() => setPending(null)}
        onConfirm={decide}
        // Whose request, and which decision, before the question.
        subject={pending ? translate(pending === 'accept' ? 'publish.accounts.acceptOf' : 'publish.accounts.refuseOf', { name }) : undefined}
      />
    </Stack>
  );
}
