/**
 * The content of an error toast (spec, section 8): titled 'Erreur' (or 'Erreur critique' for
 * 500 and above), one 'field : message' line per field error, several in a list.
 */
import { Alert, AlertTitle, Box } from '@mui/material';
import { useCloseNotification, useTranslate } from 'react-admin';
import { summariseError } from '../http/errors.ts';
import { useErrorLineText } from './useErrorLineText.ts';

export interface ErrorToastProps {
  error: unknown;
  /** The resource whose field labels name the fields (`resources.<resource>.fields.<field>`). */
  resource?: string;
  /** A catalogue key saying what failed (a dataset's deletion), shown before the server's messages. */
  message?: string;
}

export function ErrorToast({ error, resource, message: summary }: ErrorToastProps) {
  const translate = useTranslate();
  const close = useCloseNotification();
  const text = useErrorLineText(resource);
  const { severity, lines } = summariseError(error);
  return (
    <Alert severity="error" variant="filled" onClose={close} sx={{ minWidth: 288 }}>
      <AlertTitle>
        {translate(severity === 'critical' ? 'publish.feedback.error.critical' : 'publish.feedback.error.title')}
      </AlertTitle>
      {summary && <Box>{translate(summary)}</Box>}
      {lines.length === 0 && !summary && translate('publish.feedback.error.default')}
      {lines.length === 1 && text(lines[0])}
      {lines.length > 1 && (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {lines.map((line, index) => (
            <li key={index}>{text(line)}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
