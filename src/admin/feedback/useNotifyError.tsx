import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { TOAST_DURATION_MS } from '../../../schemas/constants.ts';
import { isAbortError } from '../http/errors.ts';
import { ErrorToast } from './ErrorToast.tsx';

/**
 * Shows an error toast for a failed call. A cancelled request (a search replaced by a newer one)
 * is ignored silently.
 */
export function useNotifyError() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, options: { resource?: string; message?: string } = {}) => {
      if (isAbortError(error)) return;
      notify(<ErrorToast error={error} resource={options.resource} message={options.message} />, {
        type: 'error',
        autoHideDuration: TOAST_DURATION_MS,
      });
    },
    [notify],
  );
}
