import { Box } from '@mui/material';
import { useLocation, useTranslate } from 'react-admin';
import { canAccessAccounts, canAccessData } from '../../../schemas/access.ts';
import { splitLocale } from '../routing/normalisePath.ts';
import { ACCOUNTS_PATH, DATA_PATH, HOME_PATH } from '../routing/paths.ts';
import { useAppPath } from '../routing/useAppPath.ts';
import { useStartup } from '../startup/useStartup.ts';
import { NavEntry } from './NavEntry.tsx';

/** Home, Data and Accounts, each enabled according to the user's rights (spec, section 2). */
export function HeaderNav() {
  const translate = useTranslate();
  const { user } = useStartup();
  const { pathname } = useLocation();
  const appPath = useAppPath();
  const { rest } = splitLocale(pathname);
  const entries = [
    { path: HOME_PATH, label: 'publish.nav.home', allowed: true },
    { path: DATA_PATH, label: 'publish.nav.data', allowed: canAccessData(user) },
    { path: ACCOUNTS_PATH, label: 'publish.nav.accounts', allowed: canAccessAccounts(user) },
  ];
  return (
    <Box component="nav" aria-label={translate('publish.nav.label')} sx={{ display: 'flex', gap: 1 }}>
      {entries.map((entry) => (
        <NavEntry
          key={entry.path}
          to={appPath(entry.path)}
          label={translate(entry.label)}
          allowed={entry.allowed}
          current={rest === entry.path}
        />
      ))}
    </Box>
  );
}
