import { DateField, useLocale, type DateFieldProps } from 'react-admin';

/** react-admin's DateField in the app's locale (it otherwise follows the browser's). */
export function LocaleDateField(props: DateFieldProps) {
  const locale = useLocale();
  return <DateField locales={locale} {...props} />;
}
