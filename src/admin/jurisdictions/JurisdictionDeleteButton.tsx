/**
 * Deletes a jurisdiction after confirmation. The server refuses while an organisation uses it
 * (400 naming the organisations): the record is kept and the refusal is shown in an error toast.
 */
import { useState, type MouseEvent } from 'react';
import { Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { HttpError, useDelete, useRecordContext, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { ConfirmModal } from '../feedback/ConfirmModal.tsx';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { errorStatus, summariseError } from '../http/errors.ts';

export const RESOURCE = 'jurisdictions';

export interface JurisdictionDeleteButtonProps {
  /** Go back to the list once deleted (from the edit page); the list itself just refreshes. */
  redirectToList?: boolean;
}

export function JurisdictionDeleteButton({ redirectToList = false }: JurisdictionDeleteButtonProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const notifySuccess = useNotifySuccess();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!record) return null;

  const confirm = () =>
    remove(
      RESOURCE,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        returnPromise: true,
        onSuccess: () => {
          notifySuccess('resources.jurisdictions.messages.deleted');
          if (redirectToList) redirect('list', RESOURCE);
          else refresh();
        },
        onError: (error) => {
          const status = errorStatus(error);
          // A refusal without any message of its own still says why.
          if (status !== undefined && status < 500 && summariseError(error).lines.length === 0) {
            const message = translate('resources.jurisdictions.messages.deleteRefused');
            notifyError(new HttpError(message, status, { nonFieldErrors: [message] }), { resource: RESOURCE });
          } else {
            notifyError(error, { resource: RESOURCE });
          }
        },
      },
    ).catch(() => undefined);

  // Clicks in the button and its modal (a portal) must not reach the list row (which opens the record).
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <span onClick={stop}>
      <Button
        color="error"
        size="small"
        startIcon={<DeleteIcon />}
        onClick={() => setOpen(true)}
        disabled={isPending}
        aria-label={`${translate('ra.action.delete')} ${String(record.display_name ?? record.id)}`}
      >
        {translate('ra.action.delete')}
      </Button>
      <ConfirmModal
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
        title="resources.jurisdictions.messages.deleteTitle"
      />
    </span>
  );
}
