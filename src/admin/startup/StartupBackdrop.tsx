import { Backdrop, Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The blank page with an overlay shown while authentication and start-up data resolve. */
export function StartupBackdrop() {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh' }} aria-busy="true">
      <Backdrop open sx={{ color: '#fff', zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <CircularProgress color="inherit" aria-label={translate('publish.startup.loading')} />
      </Backdrop>
    </Box>
  );
}
