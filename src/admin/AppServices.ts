/** What outlives a route change: created once per app, shared by every <Admin> render. */
import type { QueryClient } from '@tanstack/react-query';
import type { AuthProvider, DataProvider, I18nProvider, Store } from 'react-admin';
import type { Locale } from '../../schemas/constants.ts';
import { createAppStore } from './providers/appStore.ts';
import { authProvider } from './providers/authProvider.ts';
import { dataProvider } from './providers/dataProvider.ts';
import { createI18nProvider } from './providers/i18nProvider.ts';
import { createQueryClient } from './providers/queryClient.ts';

export interface AppServices {
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  i18nProvider: I18nProvider;
  queryClient: QueryClient;
  store: Store;
}

export function createAppServices(initialLocale: Locale): AppServices {
  return {
    authProvider,
    dataProvider,
    i18nProvider: createI18nProvider(),
    queryClient: createQueryClient(),
    // The URL carries the locale; only preferences (list columns, folded panels) are kept in localStorage.
    store: createAppStore(initialLocale),
  };
}
