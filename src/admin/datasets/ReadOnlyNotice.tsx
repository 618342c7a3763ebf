/** Above a dataset the user may see but not change: why its page has no inputs, and who changes it. */
import { Alert } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

export function ReadOnlyNotice() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record || record.editable !== false) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {translate('resources.datasets.readOnly', { group: record.usergroup_name ?? '' })}
    </Alert>
  );
}
