/** Toasts and redirection after saving a jurisdiction (created / updated / failed). */
import { useMemo } from 'react';
import { useRedirect, type RaRecord } from 'react-admin';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { errorBody } from '../http/errors.ts';

export function useSaveFeedback(kind: 'created' | 'updated') {
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const redirect = useRedirect();
  return useMemo(
    () => ({
      onSuccess: (data: RaRecord) => {
        notifySuccess(`resources.jurisdictions.messages.${kind}`);
        if (kind === 'created') redirect('edit', 'jurisdictions', data.id, data);
        else redirect('list', 'jurisdictions');
      },
      onError: (error: unknown) => {
        // Field messages show under their fields; the rest (non-field, server failure) in a toast.
        const body = errorBody(error);
        const onFieldsOnly = !!body.errors && !body.nonFieldErrors?.length && !body.detail;
        if (!onFieldsOnly) notifyError(error, { resource: 'jurisdictions' });
      },
    }),
    [kind, notifySuccess, notifyError, redirect],
  );
}
