import { AppBar, Box, Toolbar, Typography } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import { HOME_PATH } from '../routing/paths.ts';
import { useAppPath } from '../routing/useAppPath.ts';
import { HeaderNav } from './HeaderNav.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { ServicesMenu } from './ServicesMenu.tsx';
import { UserPopover } from './UserPopover.tsx';

export function AppHeader() {
  const translate = useTranslate();
  const appPath = useAppPath();
  return (
    <AppBar position="static" component="header">
      <Toolbar sx={{ gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' }, rowGap: 0 }}>
        <Typography
          component={LinkBase}
          to={appPath(HOME_PATH)}
          variant="h6"
          sx={{ color: 'inherit', textDecoration: 'none', mr: 2 }}
        >
          {translate('publish.appName')}
        </Typography>
        <HeaderNav />
        <Box sx={{ flex: 1 }} />
        <ServicesMenu />
        <LanguageSwitcher />
        <UserPopover />
      </Toolbar>
    </AppBar>
  );
}
