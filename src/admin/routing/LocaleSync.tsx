import { useEffect } from 'react';
import { useLocaleState } from 'react-admin';
import type { Locale } from '../../../schemas/constants.ts';

/** Keeps react-admin's locale and the page's `lang` attribute in step with the URL's locale. */
export function LocaleSync({ locale }: { locale: Locale }) {
  const [current, setLocale] = useLocaleState();
  useEffect(() => {
    if (current !== locale) setLocale(locale);
  }, [current, locale, setLocale]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}
