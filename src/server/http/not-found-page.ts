/**
 * The HTML answer to a browser asking for a path that is neither the app (/publish/) nor the API
 * (/{locale}/…): a page in the login pages' layout, in the language the browser asks for (or the
 * one its switcher picked with `?lang=`), where API clients keep the JSON body.
 */
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '../../../schemas/constants.ts';
import { loginStrings } from '../i18n.ts';
import { html, page } from './html.ts';

/** Outside the app and the API, a request whose Accept names HTML (a browser's page load) reads a page. */
export function wantsHtmlPage(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0];
  if (path === '/publish' || path.startsWith('/publish/') || LOCALES.some((locale) => path.startsWith(`/${locale}/`))) return false;
  return /(^|[\s,])text\/html\s*(;|,|$)/i.test(request.headers.accept ?? '');
}

/** `?lang=` first, then the first of Accept-Language's languages (by weight) the platform speaks. */
function pageLocale(request: FastifyRequest): Locale {
  const lang = new URLSearchParams(request.url.split('?', 2)[1] ?? '').get('lang');
  if (lang !== null && isLocale(lang)) return lang;
  const ranked = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const weight = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: tag.split('-')[0].toLowerCase(), weight: weight === undefined ? 1 : Number(weight) };
    })
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight);
  return ranked.map(({ language }) => language).find(isLocale) ?? DEFAULT_LOCALE;
}

export function renderNotFoundPage(request: FastifyRequest): { locale: Locale; body: string } {
  const locale = pageLocale(request);
  const s = loginStrings(locale);
  const body = page({
    locale,
    title: s.notFound.title,
    appName: s.common.appName,
    languageLabel: s.common.language,
    // A query alone: this same path, whatever it is (never a link elsewhere, as `//host` would be).
    localeHref: (other) => `?lang=${other}`,
    body: html`<p>${s.notFound.intro}</p>
<p><a class="button" href="/publish/${locale}/">${s.notFound.back}</a></p>`,
  });
  return { locale, body };
}
