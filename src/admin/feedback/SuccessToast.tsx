import { Alert } from '@mui/material';
import { useCloseNotification, useTranslate } from 'react-admin';

/** The content of a success toast; without a message it says the operation was a success. */
export function SuccessToast({ message, messageArgs }: { message?: string; messageArgs?: Record<string, unknown> }) {
  const translate = useTranslate();
  const close = useCloseNotification();
  return (
    <Alert severity="success" variant="filled" onClose={close} sx={{ minWidth: 288 }}>
      {translate(message ?? 'publish.feedback.success.default', messageArgs)}
    </Alert>
  );
}
