import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compact, slugify, stripAccents } from '../../schemas/slug';

describe('slugify (helper rule 1)', () => {
  it.each([
    ["Qualité de l'air", 'qualite-de-l-air'],
    ['  Île-de-France  ', 'ile-de-france'],
    ['Données -- 2024 !!', 'donnees-2024'],
    ['---Hello___World---', 'hello-world'],
    ['ÇA VA, Noël ?', 'ca-va-noel'],
    ['Città di Torino', 'citta-di-torino'],
    ['Œuvres et cœur', 'oeuvres-et-coeur'],
    ['Straße', 'strasse'],
    ["  Office de l'eau — Durance ! ", 'office-de-l-eau-durance'],
    ['Ｆｕｌｌｗｉｄｔｈ 42', '42'], // NFD has no compatibility mappings: fullwidth letters are dropped
    ['', ''],
    ['!!!', ''],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('also handles decomposed (NFD) input', () => {
    expect(slugify('E\u0301te\u0301 2024')).toBe('ete-2024');
  });

  it('always yields lowercase ASCII words joined by single hyphens', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        expect(slugify(text)).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
      }),
    );
  });

  it('is idempotent and keeps slugs unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        const slug = slugify(text);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });

  it('keeps every ASCII letter and digit, lowercased, in order', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        expect(slugify(text).replace(/-/g, '')).toBe(text.toLowerCase().replace(/[^a-z0-9]/g, ''));
      }),
    );
  });
});

describe('compact (helper rule 2)', () => {
  it.each([
    ['Île de France', 'iledefrance'],
    [' Saint-Étienne\t\n', 'saint-etienne'],
    ['Bourg\u00a0en\u202fBresse', 'bourgenbresse'], // no-break and narrow no-break spaces
    ["L'Haÿ-les-Roses", "l'hay-les-roses"],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(compact(input)).toBe(expected);
  });

  it('leaves no whitespace, no accent and no capital letter, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        const result = compact(text);
        expect(result).not.toMatch(/\s/u);
        expect(result.normalize('NFD')).not.toMatch(/\p{M}/u);
        expect(result).toBe(result.toLowerCase());
        expect(compact(result)).toBe(result);
      }),
    );
  });
});

describe('stripAccents', () => {
  it('removes accents and lowercases', () => {
    expect(stripAccents('ÉLÈVE à İstanbul')).toBe('eleve a istanbul');
  });
});
