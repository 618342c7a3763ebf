/**
 * Text helpers shared by the admin app and the server (spec, section 5, helper rules 1 and 2).
 * Pure functions, no dependencies.
 */

/** Combining marks left by canonical decomposition (accents, cedillas, diaereses…). */
const COMBINING_MARKS = /\p{M}/gu;

/** Letters that have no canonical decomposition but an obvious ASCII spelling. */
const TRANSLITERATIONS: Readonly<Record<string, string>> = {
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
};
const TRANSLITERATED = new RegExp(`[${Object.keys(TRANSLITERATIONS).join('')}]`, 'g');

/** Lowercases, then removes accents: "Élève À Ça" → "eleve a ca". */
export function stripAccents(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC');
}

/**
 * Helper rule 1: strip accents, turn every run of characters other than ASCII letters and digits
 * into one hyphen, trim hyphens at both ends, lowercase.
 * "Qualité de l'air — 2024 !" → "qualite-de-l-air-2024". Ligatures are spelt out (œ → oe).
 */
export function slugify(text: string): string {
  return stripAccents(text)
    .replace(TRANSLITERATED, (letter) => TRANSLITERATIONS[letter])
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Helper rule 2: strip accents and all whitespace (Unicode spaces included), lowercase.
 * "Île de  France" → "iledefrance".
 */
export function compact(text: string): string {
  return stripAccents(text).replace(/\s+/gu, '');
}
