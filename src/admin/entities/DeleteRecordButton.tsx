/**
 * Deletes the record in context after the confirmation modal, then says so (per entity) and
 * optionally leaves for another page. The server's refusal shows as an error toast.
 */
import { useState, type MouseEvent } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button } from '@mui/material';
import { useDelete, useGetRecordRepresentation, useRecordContext, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ConfirmModal } from '../feedback/ConfirmModal.tsx';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { entityMessage, ownFailureMessage } from './entityMessages.ts';

export interface DeleteRecordButtonProps {
  /** Catalogue key of the column header (lists) and of the button. */
  label?: string;
  /** Where to go once deleted (an edit page goes back to its list). */
  redirectTo?: string;
  resource?: string;
  /** Whether this record may be deleted (the server stays the authority). */
  canShow?: (record: RaRecord) => boolean;
}

export function DeleteRecordButton({ label = 'ra.action.delete', redirectTo, canShow, ...props }: DeleteRecordButtonProps) {
  const resource = useResourceContext(props)!;
  const record = useRecordContext();
  const translate = useTranslate();
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const [deleteOne, { isPending }] = useDelete();
  const [open, setOpen] = useState(false);
  const representation = useGetRecordRepresentation(resource);
  if (!record || (canShow && !canShow(record))) return null;
  // The record's name, so that the person sees which one goes.
  const name = representation(record);

  const remove = () =>
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notifySuccess(entityMessage(resource, 'deleted'));
          if (redirectTo) navigate(redirectTo);
        },
        onError: (error) => {
          // The entity's own message for a refused deletion (datasets), above the server's reasons.
          notifyError(error, { resource, message: ownFailureMessage(translate, resource, 'deleteFailed') });
        },
      },
    );

  return (
    <>
      <Button
        color="error"
        size="small"
        startIcon={<DeleteIcon />}
        disabled={isPending}
        onClick={(event: MouseEvent) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {translate(label)}
      </Button>
      {/* Clicks in the modal must not reach the list row (React events cross portals). */}
      <span onClick={(event) => event.stopPropagation()}>
        <ConfirmModal
          open={open}
          onClose={() => setOpen(false)}
          onConfirm={remove}
          subject={typeof name === 'string' && name !== '' ? translate('publish.feedback.confirm.deleting', { name }) : undefined}
        />
      </span>
    </>
  );
}
