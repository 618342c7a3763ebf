import { NumberField, useLocale, type NumberFieldProps } from 'react-admin';

/** react-admin's NumberField in the app's locale (it otherwise follows the browser's). */
export function LocaleNumberField(props: NumberFieldProps) {
  const locale = useLocale();
  return <NumberField locales={locale} {...props} />;
}
