import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { useNotifySuccess } from '../feedback/useNotifySuccess.tsx';

/**
 * For the panels' own calls: runs a change, shows the success toast (a catalogue key) or the
 * error, then reloads what shows the change, whatever the outcome.
 */
export function useNotifiedAction(reload: () => unknown) {
  const notifySuccess = useNotifySuccess();
  const notifyError = useNotifyError();
  return async (action: () => Promise<unknown>, message: string) => {
    try {
      await action();
      notifySuccess(message);
    } catch (error) {
      notifyError(error);
    } finally {
      await reload();
    }
  };
}
