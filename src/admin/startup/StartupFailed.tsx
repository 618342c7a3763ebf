import { Alert, Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Shown in place of the app when the start-up calls failed (the server is unreachable, say). */
export function StartupFailed({ onRetry }: { onRetry: () => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 4 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('ra.action.refresh')}
          </Button>
        }
      >
        {translate('publish.feedback.error.default')}
      </Alert>
    </Box>
  );
}
