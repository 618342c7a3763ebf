/**
 * File sizes for display (spec, section 5): base 1024, units octets/ko/Mo/Go/To in French and
 * B/kB/MB/GB/TB in English and Italian, with 0, 0, 1, 2 and 2 decimals respectively.
 */

const UNITS: Readonly<Record<'fr' | 'en' | 'it', readonly string[]>> = {
  fr: ['octets', 'ko', 'Mo', 'Go', 'To'],
  en: ['B', 'kB', 'MB', 'GB', 'TB'],
  it: ['B', 'kB', 'MB', 'GB', 'TB'],
};
const DECIMALS = [0, 0, 1, 2, 2] as const;
const BASE = 1024;

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(key, formatter);
  }
  return formatter;
}

function unitsFor(locale: string): readonly string[] {
  const language = locale.toLowerCase().split(/[-_]/)[0];
  return language === 'fr' || language === 'it' ? UNITS[language] : UNITS.en;
}

/**
 * "1,5 Mo" (fr), "1.5 MB" (en), "1,5 MB" (it). The number is formatted with Intl.NumberFormat for
 * the locale (a regional tag such as 'fr-FR' works too; unknown languages get the English units)
 * and separated from the unit by a no-break space. A value that rounds up to 1024 of a unit moves
 * to the next unit ("1,0 Mo", not "1 024 ko"). Returns '' for a missing or non-finite size.
 */
export function formatFileSize(bytes: number | null | undefined, locale: string): string {
  if (bytes == null || !Number.isFinite(bytes)) return '';
  const units = unitsFor(locale);
  const magnitude = Math.abs(bytes);
  let index = 0;
  while (index < units.length - 1 && magnitude >= BASE ** (index + 1)) index += 1;
  // Rounding may reach a whole next unit: 1023.96 kB with 0 decimals shows as 1024.
  while (index < units.length - 1) {
    const factor = 10 ** DECIMALS[index];
    if (Math.round((magnitude / BASE ** index) * factor) / factor < BASE) break;
    index += 1;
  }
  return `${numberFormat(locale, DECIMALS[index]).format(bytes / BASE ** index)}\u00a0${units[index]}`;
}
