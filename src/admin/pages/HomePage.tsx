import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { displayName } from '../auth/session.ts';
import { loginServiceUrl } from '../config/runtimeConfig.ts';
import { useAppLocale } from '../routing/useAppLocale.ts';
import { useNextParam } from '../routing/useNextParam.ts';
import { useStartup } from '../startup/useStartup.ts';
import { MyGroups } from './MyGroups.tsx';
import { MyInvitations } from './MyInvitations.tsx';

/**
 * The welcome page, with the user's invitations to groups, their groups and requests, and the
 * sections they may open (or what would open them); anonymous visitors are invited to sign in.
 */
export default function HomePage() {
  const translate = useTranslate();
  const { user, config } = useStartup();
  const locale = useAppLocale();
  const next = useNextParam();
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('publish.home.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{translate('publish.home.intro')}</Typography>
      {user ? (
        <>
          <Typography>{translate('publish.home.greeting', { name: displayName(user) })}</Typography>
          <MyInvitations />
          <MyGroups />
        </>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{translate('publish.home.signInPrompt')}</Typography>
          <Button variant="contained" href={loginServiceUrl(config.links, 'login', locale, next)}>
            {translate('publish.home.signIn')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
