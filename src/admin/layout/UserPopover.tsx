import { useState } from 'react';
import { Avatar, Box, Button, Divider, IconButton, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { useTranslate } from 'react-admin';
import { displayName } from '../auth/session.ts';
import { loginServiceUrl } from '../config/runtimeConfig.ts';
import { useAppLocale } from '../routing/useAppLocale.ts';
import { useNextParam } from '../routing/useNextParam.ts';
import { useStartup } from '../startup/useStartup.ts';
import { Popover } from './loadedWhenOpened.tsx';

/** The user's avatar and name, opening profile and sign-out (or sign-in when anonymous). */
export function UserPopover() {
  const translate = useTranslate();
  const { config, user } = useStartup();
  const locale = useAppLocale();
  const nextWithHash = useNextParam();
  const nextPath = useNextParam({ withHash: false });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Signed out, the browser lands on the sign-in page, which says so and leads back to this page.
  const signInAgain = `${loginServiceUrl(config.links, 'login', locale, nextPath)}&signed_out=1`;
  const label = translate('publish.user.menu');
  const name = user ? displayName(user) : translate('publish.user.anonymous');
  const initials = user ? name.split(/\s+/).map((part) => part[0]).join('').slice(0, 2).toUpperCase() : undefined;

  return (
    <>
      <IconButton color="inherit" aria-label={label} aria-haspopup="dialog" onClick={(event) => setAnchor(event.currentTarget)}>
        {user ? <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'common.white', color: 'primary.main' }}>{initials}</Avatar> : <AccountCircleIcon />}
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { 'aria-label': label } }}
      >
        <Box sx={{ px: 2, pt: 2, pb: 1, minWidth: 220 }}>
          <Typography variant="subtitle1">{name}</Typography>
          {user?.email && (
            <Typography variant="body2" color="text.secondary">
              {user.email}
            </Typography>
          )}
          {user?.is_superuser && (
            <Typography variant="caption" color="text.secondary">
              {translate('publish.user.superuser')}
            </Typography>
          )}
        </Box>
        <Divider />
        {user ? (
          <List dense>
            <ListItemButton component="a" href={loginServiceUrl(config.links, 'profile', locale, nextWithHash)}>
              <ListItemText primary={translate('publish.user.profile')} />
            </ListItemButton>
            <ListItemButton component="a" href={`/${locale}/api/docs/`}>
              <ListItemText primary={translate('publish.user.apiDocs')} />
            </ListItemButton>
            <ListItemButton component="a" href={loginServiceUrl(config.links, 'signout', locale, signInAgain)}>
              <ListItemText primary={translate('publish.user.signOut')} />
            </ListItemButton>
          </List>
        ) : (
          <Box sx={{ p: 2 }}>
            <Button variant="contained" href={loginServiceUrl(config.links, 'login', locale, nextWithHash)}>
              {translate('publish.user.signIn')}
            </Button>
          </Box>
        )}
      </Popover>
    </>
  );
}
