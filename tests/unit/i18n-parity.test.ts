import raEnglish from 'ra-language-english';
import raFrench from 'ra-language-french';
import { describe, expect, it } from 'vitest';
import apiEn from '../../i18n/api/en.ts';
import apiFr from '../../i18n/api/fr.ts';
import apiIt from '../../i18n/api/it.ts';
import en from '../../i18n/en.ts';
import fr from '../../i18n/fr.ts';
import it_ from '../../i18n/it.ts';
import loginEn from '../../i18n/login/en.ts';
import loginFr from '../../i18n/login/fr.ts';
import loginIt from '../../i18n/login/it.ts';
import raEnglishAmended from '../../i18n/ra-english.ts';
import raItalian from '../../i18n/ra-italian.ts';

/** Every leaf key of a catalogue, as dotted paths. */
function keys(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function leaves(catalogue: object, prefix = ''): [string, unknown][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leaves(value as object, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

/** Keys missing from, and extra in, a catalogue compared with the reference. */
function difference(reference: object, other: object) {
  const expected = new Set(keys(reference));
  const actual = new Set(keys(other));
  return {
    missing: [...expected].filter((key) => !actual.has(key)),
    extra: [...actual].filter((key) => !expected.has(key)),
  };
}

const noDifference = { missing: [], extra: [] };

describe('catalogue parity', () => {
  it('en has exactly the keys of fr', () => expect(difference(fr, en)).toEqual(noDifference));
  it('it has exactly the keys of fr', () => expect(difference(fr, it_)).toEqual(noDifference));
  it('the login catalogues have the same keys', () => {
    expect(difference(loginFr, loginEn)).toEqual(noDifference);
    expect(difference(loginFr, loginIt)).toEqual(noDifference);
  });
  it('the API catalogues have the same keys, placeholders included', () => {
    expect(difference(apiFr, apiEn)).toEqual(noDifference);
    expect(difference(apiFr, apiIt)).toEqual(noDifference);
    const placeholders = (text: unknown) => [...String(text).matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
    const reference = new Map(leaves(apiFr));
    for (const catalogue of [apiEn, apiIt]) {
      for (const [key, value] of leaves(catalogue)) {
        expect(value, key).toMatch(/\S/);
        expect(placeholders(value), key).toEqual(placeholders(reference.get(key)));
      }
    }
    // The words agreeing with a number (`%{rows:ligne|lignes}`) name one the message gives.
    for (const catalogue of [apiFr, apiEn, apiIt]) {
      for (const [key, value] of leaves(catalogue)) {
        for (const [, name] of String(value).matchAll(/%\{(\w+):[^|}]*\|[^}]*\}/g)) expect(placeholders(value), key).toContain(name);
      }
    }
  });
  it('the Italian API messages are translated, not copied from English or French', () => {
    const english = new Map(leaves(apiEn));
    const french = new Map(leaves(apiFr));
    const copied = leaves(apiIt)
      .filter(([key, value]) => value === english.get(key) || value === french.get(key))
      .map(([key]) => key);
    expect(copied).toEqual([]);
  });
  it("react-admin's Italian messages have exactly the keys of its English ones", () =>
    expect(difference(raEnglish, raItalian)).toEqual(noDifference));
  it("the amended react-admin English messages are among its own keys, with their placeholders", () => {
    const reference = new Map(leaves(raEnglish));
    for (const [key, value] of leaves(raEnglishAmended)) {
      expect(reference.has(key), key).toBe(true);
      expect(String(value).match(/%\{\w+\}/g), key).toEqual(String(reference.get(key)).match(/%\{\w+\}/g));
    }
  });
  it("react-admin's French messages have the keys of its English ones", () =>
    expect(difference(raEnglish, raFrench).missing).toEqual([]));

  it('every message is a non-empty string with the same placeholders in every language', () => {
    const placeholders = (text: unknown) => [...String(text).matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
    const reference = new Map(leaves(fr));
    for (const catalogue of [en, it_]) {
      for (const [key, value] of leaves(catalogue)) {
        expect(typeof value, key).toBe('string');
        expect(placeholders(value), key).toEqual(placeholders(reference.get(key)));
      }
    }
    const raReference = new Map(leaves(raEnglish));
    for (const [key, value] of leaves(raItalian)) {
      expect(placeholders(value), key).toEqual(placeholders(raReference.get(key)));
    }
  });

  it('the Italian react-admin messages are translated, not copied from English', () => {
    const english = new Map(leaves(raEnglish));
    // Words that are the same in both languages.
    const same = new Set(['ra.action.select_columns', 'ra.boolean.null', 'ra.boolean.false', 'ra.message.no',
      'ra.page.edit', 'ra.page.list', 'ra.page.show', 'ra.auth.password', 'ra.auth.email', 'ra.navigation.page_range_info']);
    const copied = leaves(raItalian)
      .filter(([key, value]) => !same.has(key) && value === english.get(key))
      .map(([key]) => key);
    expect(copied).toEqual([]);
  });

  it("English quotes with “ ”, Italian with « » held close, and Italian names datasets 'insiemi di dati'", () => {
    const all = (catalogues: object[]) => catalogues.flatMap((catalogue) => leaves(catalogue)).map(([key, value]) => [key, String(value)] as const);
    const english = all([en, apiEn, loginEn]);
    const italian = all([it_, apiIt, loginIt]);
    expect(english.filter(([, value]) => /[«»]/.test(value)).map(([key]) => key)).toEqual([]);
    expect(italian.filter(([, value]) => /« | »/.test(value)).map(([key]) => key)).toEqual([]);
    expect(italian.filter(([, value]) => /\bdatasets?\b/i.test(value)).map(([key]) => key)).toEqual([]);
  });

  it("Italian speaks to the reader as 'tu' throughout, never with the formal 'Lei' imperatives", () => {
    const italian = [it_, apiIt, loginIt].flatMap((catalogue) => leaves(catalogue));
    const formal = /\b(Cerchi|Scelga|Inserisca|Selezioni|Aggiunga|Clicchi|Prema|Controlli|Riprovi|Attenda|Chieda)\b/;
    expect(italian.filter(([, value]) => formal.test(String(value))).map(([key]) => key)).toEqual([]);
  });

  it("Italian names a harvester 'raccoglitore' (its run a 'raccolta'), never the English word", () => {
    const italian = [it_, apiIt].flatMap((catalogue) => leaves(catalogue));
    expect(italian.filter(([, value]) => /harvest/i.test(String(value))).map(([key]) => key)).toEqual([]);
    expect(String(leaves(it_).find(([key]) => key === 'resources.indexers.name')?.[1])).toBe('Raccoglitore |||| Raccoglitori');
  });
});
