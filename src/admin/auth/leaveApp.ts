/** Browser navigations to the login service's own pages (sign-in, terms of use). */
import { APP_BASE, currentLocale } from '../config/appBase.ts';
import { browser } from '../config/browser.ts';
import { loadRuntimeConfig, loginServiceUrl } from '../config/runtimeConfig.ts';
import { setAsideFormValues } from '../routing/keptFormValues.ts';
import { splitLocale } from '../routing/normalisePath.ts';

/** The page's path inside the app, without its locale, as forms set their values aside by. */
function formPath(): string {
  const pathname = browser.currentPath();
  return splitLocale(pathname.startsWith(`${APP_BASE}/`) ? pathname.slice(APP_BASE.length) : pathname).rest;
}

/**
 * Sends the browser to the sign-in page, coming back to the current page afterwards; what a form
 * there holds unsaved comes back with it.
 */
export async function goToSignIn(): Promise<void> {
  setAsideFormValues(formPath(), { acrossReload: true });
  const { links } = await loadRuntimeConfig();
  browser.assign(loginServiceUrl(links, 'login', currentLocale(), browser.currentAddress()));
}

/** Sends the browser to the terms of use, coming back to the current page afterwards. */
export async function goToTerms(): Promise<void> {
  setAsideFormValues(formPath(), { acrossReload: true });
  const { links } = await loadRuntimeConfig();
  browser.assign(loginServiceUrl(links, 'terms', currentLocale(), browser.currentAddress()));
}
