/**
 * Above a record the user may see but not change (the server's `editable` is false): why its page
 * has no inputs, and who changes it.
 */
import { Alert } from '@mui/material';
import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';

export interface ReadOnlyNoticeProps {
  /** The catalogue key of the reason. */
  message: string;
  /** Its interpolations, read from the record. */
  args?: (record: RaRecord) => Record<string, unknown>;
}

export function ReadOnlyNotice({ message, args }: ReadOnlyNoticeProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record || record.editable !== false) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {translate(message, args?.(record))}
    </Alert>
  );
}
