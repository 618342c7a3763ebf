import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { TOAST_DURATION_MS } from '../../../schemas/constants.ts';
import { SuccessToast } from './SuccessToast.tsx';

/** Shows a success toast: a catalogue key (with arguments), or the default success message. */
export function useNotifySuccess() {
  const notify = useNotify();
  return useCallback(
    (message?: string, messageArgs?: Record<string, unknown>) => {
      notify(<SuccessToast message={message} messageArgs={messageArgs} />, {
        type: 'success',
        autoHideDuration: TOAST_DURATION_MS,
      });
    },
    [notify],
  );
}
