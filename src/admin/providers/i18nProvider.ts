/**
 * The react-admin i18n provider: our catalogues (i18n/) merged over react-admin's own messages.
 * French is bundled; English and Italian load on demand, merged over French so that a missing
 * key falls back to French.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import raFrench from 'ra-language-french';
import { mergeTranslations, type I18nProvider, type TranslationMessages } from 'react-admin';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../schemas/constants.ts';
import fr from '../../../i18n/fr.ts';

export const frenchMessages = mergeTranslations(raFrench, fr) as TranslationMessages;

const loaders: Record<Exclude<Locale, 'fr'>, () => Promise<TranslationMessages>> = {
  en: async () => {
    const [ra, amended, ours] = await Promise.all([import('ra-language-english'), import('../../../i18n/ra-english.ts'), import('../../../i18n/en.ts')]);
    return mergeTranslations(frenchMessages, ra.default, amended.default, ours.default) as TranslationMessages;
  },
  it: async () => {
    const [ra, ours] = await Promise.all([import('../../../i18n/ra-italian.ts'), import('../../../i18n/it.ts')]);
    return mergeTranslations(frenchMessages, ra.default, ours.default) as TranslationMessages;
  },
};

/** The language names shown by the switcher, each in its own language. */
export const LANGUAGE_NAMES: Record<Locale, string> = { fr: 'Français', en: 'English', it: 'Italiano' };

export function getMessages(locale: string): TranslationMessages | Promise<TranslationMessages> {
  if (locale === 'en' || locale === 'it') return loaders[locale]();
  return frenchMessages;
}

export function createI18nProvider(): I18nProvider {
  return polyglotI18nProvider(
    getMessages,
    DEFAULT_LOCALE,
    LOCALES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
    // In tests a missing key is reported (and fails the test), elsewhere it shows the key.
    { allowMissing: import.meta.env.MODE !== 'test' },
  );
}

export const i18nProvider = createI18nProvider();
