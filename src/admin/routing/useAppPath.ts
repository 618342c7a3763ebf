import { useCallback } from 'react';
import { useAppLocale } from './useAppLocale.ts';

/** Builds in-app paths under the current locale: `appPath('data/')` → `/fr/data/`. */
export function useAppPath() {
  const locale = useAppLocale();
  return useCallback((path: string) => `/${locale}/${path.replace(/^\/+/, '')}`, [locale]);
}
