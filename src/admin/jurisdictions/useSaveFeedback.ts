/** Toasts and navigation after saving a jurisdiction (created / updated / failed). */
import { useMemo } from 'react';
import type { RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';
import { errorBody } from '../http/errors.ts';
import { useEntityPaths } from '../resources/useEntityPaths.ts';

export function useSaveFeedback(kind: 'created' | 'updated') {
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const paths = useEntityPaths('jurisdictions');
  return useMemo(
    () => ({
      onSuccess: (data: RaRecord) => {
        notifySuccess(`resources.jurisdictions.messages.${kind}`);
        // A new jurisdiction opens on its page (with the box the server computed); an update goes back to the list.
        navigate(kind === 'created' ? paths.edit(data.id) : paths.list);
      },
      onError: (error: unknown) => {
        // Field messages show under their fields; the rest (non-field, server failure) in a toast.
        const body = errorBody(error);
        const onFieldsOnly = !!body.errors && !body.nonFieldErrors?.length && !body.detail;
        if (!onFieldsOnly) notifyError(error, { resource: 'jurisdictions' });
      },
    }),
    [kind, notifySuccess, notifyError, navigate, paths],
  );
}
