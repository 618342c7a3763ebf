/** One value of a changed field, shown by the kind of change (see activityFields.ts). */
import { useLocale, useTranslate } from 'react-admin';
import type { ChangeKind } from './activityFields.ts';
import { LongText } from './LongText.tsx';
import { ReferenceName } from './ReferenceName.tsx';

export interface ChangedValueProps {
  field: string;
  kind: ChangeKind;
  value: unknown;
}

/** A contact of the dataset and its role: "Name (role)". */
function ContactRoleValue({ value }: { value: unknown }) {
  const { contact, role } = (value ?? {}) as { contact?: number; role?: number };
  return (
    <>
      <ReferenceName reference="contacts" id={contact} /> (<ReferenceName reference="contact-roles" id={role} />)
    </>
  );
}

function formatDate(value: unknown, locale: string): string {
  const text = String(value);
  // A day (YYYY-MM-DD) is shown as that day wherever the browser is.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00`) : new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  return text.length === 10 ? date.toLocaleDateString(locale) : date.toLocaleString(locale);
}

export function ChangedValue({ field, kind, value }: ChangedValueProps) {
  const translate = useTranslate();
  const locale = useLocale();
  if (kind.type === 'contactRole') return <ContactRoleValue value={value} />;
  if (kind.type === 'groupLevels') return <>{JSON.stringify(value)}</>;
  if (kind.type === 'reference') return <ReferenceName reference={kind.reference} id={value} />;
  if (kind.type === 'list') {
    if (kind.keyValues && value && typeof value === 'object') {
      const { key, value: text } = value as { key?: unknown; value?: unknown };
      return <>{`${String(key ?? '')} : ${String(text ?? '')}`}</>;
    }
    return kind.reference ? <ReferenceName reference={kind.reference} id={value} /> : <>{String(value)}</>;
  }
  switch (kind.format) {
    case 'boolean':
      return <>{translate(value ? 'ra.boolean.true' : 'ra.boolean.false')}</>;
    case 'date':
      return <>{formatDate(value, locale)}</>;
    case 'number':
      return <>{typeof value === 'number' ? value.toLocaleString(locale) : String(value)}</>;
    case 'choice':
      return <>{translate(`resources.datasets.choices.${field}.${String(value)}`, { _: String(value) })}</>;
    case 'bbox':
      return <>{Array.isArray(value) ? value.join(', ') : String(value)}</>;
    case 'longText':
      return <LongText text={String(value)} />;
    default:
      return typeof value === 'object' ? <>{JSON.stringify(value)}</> : <LongText text={String(value)} />;
  }
}
