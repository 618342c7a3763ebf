import { Box, Button, Stack, Typography } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import { HOME_PATH } from '../routing/paths.ts';
import { useAppPath } from '../routing/useAppPath.ts';

export interface NotFoundPageProps {
  /** A record's page whose record does not exist: the way back to its list (an app path). */
  listPath?: string;
}

/** Shown for unknown paths and at not-found/. */
export default function NotFoundPage() {
  return <NotFound />;
}

/** The not-found message; in place of a record that does not exist, with the way back to its list (its address kept). */
export function NotFound({ listPath }: NotFoundPageProps) {
  const translate = useTranslate();
  const appPath = useAppPath();
  return (
    <Box sx={{ maxWidth: 720, mt: listPath ? 2 : 0 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('publish.notFound.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate(listPath ? 'publish.notFound.record' : 'publish.notFound.message')}</Typography>
      <Stack direction="row" spacing={2}>
        {listPath && (
          <Button component={LinkBase} to={listPath} variant="contained">
            {translate('publish.notFound.list')}
          </Button>
        )}
        <Button component={LinkBase} to={appPath(HOME_PATH)} variant="outlined">
          {translate('publish.notFound.home')}
        </Button>
      </Stack>
    </Box>
  );
}
