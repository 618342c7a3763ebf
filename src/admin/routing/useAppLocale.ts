import { useLocation } from 'react-admin';
import { DEFAULT_LOCALE, type Locale } from '../../../schemas/constants.ts';
import { splitLocale } from './normalisePath.ts';

/** The locale of the current route (the first path segment). */
export function useAppLocale(): Locale {
  const { pathname } = useLocation();
  return splitLocale(pathname).locale ?? DEFAULT_LOCALE;
}
