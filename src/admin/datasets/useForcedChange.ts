import { useState } from 'react';
import { useNotifiedAction } from '../accounts/useNotifiedAction.ts';
import { needsForce } from './contactErrors.ts';

type OnError = (error: unknown) => boolean;

/**
 * Runs a change of the dataset's contacts with its success toast; when the server answers that
 * the change needs `force` (the last point of contact), keeps a retry with force for the
 * confirmation modal to run. `reload` runs after every attempt.
 */
export function useForcedChange(reload: () => unknown) {
  const run = useNotifiedAction(reload);
  const [retry, setRetry] = useState<(() => Promise<void>) | null>(null);
  const attempt = (change: (force: boolean) => Promise<unknown>, message: string, onError?: OnError) =>
    run(() => change(false), message, (error) => {
      if (needsForce(error)) {
        setRetry(() => () => run(() => change(true), message, onError));
        return true;
      }
      return onError?.(error) ?? false;
    });
  return { attempt, retry, cancelRetry: () => setRetry(null) };
}
