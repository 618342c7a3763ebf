/** Parsers of the query parameters of extra filters (`sql.extraFilters`): a bad value is a 400 on the parameter. */
import type { Locale } from '../../../schemas/constants.ts';
import { ValidationError } from '../http/errors.ts';
import { parseBoolean } from '../http/pagination.ts';
import { t } from '../i18n.ts';

export function integerParam(name: string, raw: string, locale: Locale): number {
  if (!/^-?\d{1,9}$/.test(raw.trim())) throw new ValidationError({ [name]: [t(locale, 'invalidInteger')] });
  return Number(raw);
}

/** `true`/`1` or `false`/`0` (any case), as the lists' own boolean filters read them. */
export function booleanParam(name: string, raw: string, locale: Locale): boolean {
  const value = parseBoolean(raw);
  if (value === null) throw new ValidationError({ [name]: [t(locale, 'invalidValue')] });
  return value;
}

/** `a,b,c` → integers; empty items are skipped. */
export function integerListParam(name: string, raw: string, locale: Locale): number[] {
  return raw
    .split(',')
    .filter((item) => item !== '')
    .map((item) => integerParam(name, item, locale));
}

export function choiceParam<T extends string>(name: string, raw: string, choices: readonly T[], locale: Locale): T {
  if (!(choices as readonly string[]).includes(raw)) throw new ValidationError({ [name]: [t(locale, 'invalidValue')] });
  return raw as T;
}
