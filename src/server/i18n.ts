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

const pluralRules = new Map<Locale, Intl.PluralRules>();

/** Whether `count` takes the singular in `locale` ("1 ligne", and "0 ligne" in French; "0 rows" in English). */
function singular(locale: Locale, count: number): boolean {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count) === 'one';
}

/**
 * Fills `%{name}` with its value, and `%{name:singular|plural}` with the words that agree with it:
 * "%{rows} %{rows:ligne chargée|lignes chargées}".
 */
export function interpolate(template: string, params: Record<string, string | number> = {}, locale: Locale = DEFAULT_LOCALE): string {
  return template.replace(/%\{(\w+)(?::([^|}]*)\|([^}]*))?\}/g, (match, name: string, one?: string, other?: string) => {
    if (!Object.hasOwn(params, name)) return match;
    if (one === undefined) return String(params[name]);
    return singular(locale, Number(params[name])) ? one : other!;
  });
}

export function t(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  return interpolate(catalogues[locale][key], params, locale);
}

export function loginStrings(locale: Locale): LoginStrings {
  return loginCatalogues[locale];
}

/** The locale named by the first path segment (/fr/..., /en/..., /it/...), else the default. */
export function localeFromPath(url: string): Locale {
  const first = url.split('?')[0].split('/')[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

/**
 * SQL of a stored label in one language, French when it has none: lookup lists, organisation
 * types and other platform data keep theirs as `labels` {"fr": …, "en": …, "it": …}.
 */
export function labelSql(alias: string, locale: Locale): string {
  return `COALESCE(${alias}.labels->>'${locale}', ${alias}.labels->>'fr')`;
}
