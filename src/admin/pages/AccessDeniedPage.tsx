import type { MouseEvent } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { LinkBase, useNavigate, useTranslate } from 'react-admin';
import { HOME_PATH } from '../routing/paths.ts';
import { useAppPath } from '../routing/useAppPath.ts';

/** The 403 page, with a link back to the previous page (or home when there is none). */
export default function AccessDeniedPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const appPath = useAppPath();
  const back = (event: MouseEvent) => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) {
      event.preventDefault();
      navigate(-1);
    }
  };
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('publish.accessDenied.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('publish.accessDenied.message')}</Typography>
      <Button component={LinkBase} to={appPath(HOME_PATH)} onClick={back} variant="outlined">
        {translate('publish.accessDenied.back')}
      </Button>
    </Box>
  );
}
