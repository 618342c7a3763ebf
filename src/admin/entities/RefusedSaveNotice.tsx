/**
 * Beside the Save button of a form whose save the server refused (403): that the person may not
 * save it and why — the server's reason, and that their rights changed since the form was offered
 * (it is offered only to those who may change the record). What was typed stays in the form.
 */
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

export function RefusedSaveNotice({ reason }: { reason: string }) {
  const translate = useTranslate();
  return (
    <Alert severity="warning" role="status" sx={{ flex: 1, mx: 2 }}>
      {translate('publish.feedback.refusedSave', { reason })}
    </Alert>
  );
}
