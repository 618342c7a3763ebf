/**
 * URL rules (spec, section 2): every route sits under /{locale}/; a missing or unsupported
 * locale becomes the default one; an empty path goes to home/; paths end with a slash.
 * Paths here are relative to the router basename (/publish).
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../schemas/constants.ts';
import { HOME_PATH } from './paths.ts';

/** A first segment that looks like a language code (`de`, `pt-BR`) rather than a page. */
const LANGUAGE_CODE = /^[a-z]{2}(?:[-_][a-zA-Z]{2,4})?$/;

export interface SplitPath {
  /** The locale segment, when it is a supported one. */
  locale: Locale | null;
  /** What follows /{locale}/, without leading slash. */
  rest: string;
}

export function splitLocale(pathname: string): SplitPath {
  const segments = pathname.replace(/^\/+/, '').split('/');
  const first = segments[0] ?? '';
  if (isLocale(first)) return { locale: first, rest: segments.slice(1).join('/') };
  if (LANGUAGE_CODE.test(first)) return { locale: null, rest: segments.slice(1).join('/') };
  return { locale: null, rest: segments.join('/') };
}

/** The canonical form of a path, or null when it already is canonical. */
export function normalisePath(pathname: string): string | null {
  const { locale, rest } = splitLocale(pathname);
  let target = rest.replace(/\/{2,}/g, '/');
  if (target === '') target = HOME_PATH;
  if (!target.endsWith('/')) target = `${target}/`;
  const canonical = `/${locale ?? DEFAULT_LOCALE}/${target}`;
  return canonical === pathname ? null : canonical;
}

/** The same page under another locale. */
export function switchLocale(pathname: string, locale: Locale): string {
  const { rest } = splitLocale(pathname);
  return `/${locale}/${rest}`;
}
