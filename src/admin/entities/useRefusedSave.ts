/**
 * The server's reason for refusing a form's last save (403 to a write), kept so that the form says
 * it beside Save; a refused read goes to the access-denied page instead (authProvider.checkError).
 */
import { useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorBody, isRefusedWrite } from '../http/errors.ts';

export function useRefusedSave() {
  const translate = useTranslate();
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Called with each save's outcome: an error, or null once a save went through. */
  const record = useCallback(
    (error: unknown) => setRefusal(error !== null && isRefusedWrite(error) ? (errorBody(error).detail ?? translate('publish.feedback.error.default')) : null),
    [translate],
  );
  return { refusal, record };
}
