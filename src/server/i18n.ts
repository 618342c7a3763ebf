/** Looks up the API's messages (i18n/api) and the login pages' strings (i18n/login) by locale. */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../schemas/constants.ts';
import apiEn from '../../i18n/api/en.ts';
import apiFr from '../../i18n/api/fr.ts';
import apiIt from '../../i18n/api/it.ts';
import loginEn from '../../i18n/login/en.ts';
import loginFr from '../../i18n/login/fr.ts';
import loginIt from '../../i18n/login/it.ts';

export type MessageKey = keyof typeof apiEn;

const catalogues = { en: apiEn, fr: apiFr, it: apiIt } satisfies Record<Locale, Record<MessageKey, string>>;
const loginCatalogues = { en: loginEn, fr: loginFr, it: loginIt } satisfies Record<Locale, typeof loginEn>;
export type LoginStrings = typeof loginEn;

export function interpolate(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/%\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : match));
}

export function t(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  return interpolate(catalogues[locale][key], params);
}

export function loginStrings(locale: Locale): LoginStrings {
  return loginCatalogues[locale];
}

/** The locale named by the first path segment (/fr/..., /en/..., /it/...), else the default. */
export function localeFromPath(url: string): Locale {
  const first = url.split('?')[0].split('/')[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}
