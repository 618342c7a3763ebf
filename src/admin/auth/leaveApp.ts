/** Browser navigations to the login service's own pages (sign-in, terms of use). */
import { currentLocale } from '../config/appBase.ts';
import { browser } from '../config/browser.ts';
import { loadRuntimeConfig, loginServiceUrl } from '../config/runtimeConfig.ts';

/** Sends the browser to the sign-in page, coming back to the current page afterwards. */
export async function goToSignIn(): Promise<void> {
  const { links } = await loadRuntimeConfig();
  browser.assign(loginServiceUrl(links, 'login', currentLocale(), browser.currentPathAndHash()));
}

/** Sends the browser to the terms of use, coming back to the current page afterwards. */
export async function goToTerms(): Promise<void> {
  const { links } = await loadRuntimeConfig();
  browser.assign(loginServiceUrl(links, 'terms', currentLocale(), browser.currentPathAndHash()));
}
