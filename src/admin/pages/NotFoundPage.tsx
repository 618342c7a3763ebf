import { Box, Button, Typography } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import { HOME_PATH } from '../routing/paths.ts';
import { useAppPath } from '../routing/useAppPath.ts';

/** Shown for unknown paths and at not-found/. */
export default function NotFoundPage() {
  const translate = useTranslate();
  const appPath = useAppPath();
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('publish.notFound.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('publish.notFound.message')}</Typography>
      <Button component={LinkBase} to={appPath(HOME_PATH)} variant="outlined">
        {translate('publish.notFound.home')}
      </Button>
    </Box>
  );
}
