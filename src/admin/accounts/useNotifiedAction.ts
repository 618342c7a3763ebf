import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';

/**
 * For the panels' own calls: runs a change, shows the success toast (a catalogue key) or the
 * error (unless `shown` says the panel shows it itself), then reloads what shows the change,
 * whatever the outcome.
 */
export function useNotifiedAction(reload: () => unknown) {
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  return async (action: () => Promise<unknown>, message: string, shown?: (error: unknown) => boolean) => {
    try {
      await action();
      notifySuccess(message);
    } catch (error) {
      if (!shown?.(error)) notifyError(error);
    } finally {
      await reload();
    }
  };
}
