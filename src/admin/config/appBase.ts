/** Where the app is served, and how a path inside the app reads its locale. */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../schemas/constants.ts';

/** The router's basename: every app URL starts with it. */
export const APP_BASE = '/publish';

/** The locale of a full browser path such as `/publish/en/data/`, or the default one. */
export function localeOfBrowserPath(pathname: string): Locale {
  const rest = pathname.startsWith(`${APP_BASE}/`) ? pathname.slice(APP_BASE.length) : pathname;
  const segment = rest.split('/')[1];
  return isLocale(segment) ? segment : DEFAULT_LOCALE;
}

/** The locale of the page being shown (the URL is the single source of truth). */
export function currentLocale(): Locale {
  return localeOfBrowserPath(window.location.pathname);
}
