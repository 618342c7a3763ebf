import { Alert, AlertTitle } from '@mui/material';
import { useResetErrorBoundaryOnLocationChange, useTranslate } from 'react-admin';

/** What shows when the layout itself fails (a page's failure keeps the header: PageErrorBoundary). */
export function AppError({ resetErrorBoundary }: { resetErrorBoundary: (...args: unknown[]) => void }) {
  const translate = useTranslate();
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary);
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      <AlertTitle>{translate('publish.feedback.error.critical')}</AlertTitle>
      {translate('publish.feedback.error.default')}
    </Alert>
  );
}
