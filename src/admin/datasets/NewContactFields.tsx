import { Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { contacts } from '../../../schemas/contacts.ts';

/** The fields of a contact created from a dataset; the contacts schema says which are required (name, email). */
export const NEW_CONTACT_FIELDS = ['name', 'email', 'phone', 'position'] as const;

export type NewContactField = (typeof NEW_CONTACT_FIELDS)[number];
export type NewContactValues = Record<NewContactField, string>;

export const EMPTY_CONTACT: NewContactValues = { name: '', email: '', phone: '', position: '' };

export interface NewContactFieldsProps {
  values: NewContactValues;
  /** Translated messages under the fields. */
  errors: Partial<Record<NewContactField, string>>;
  onChange: (field: NewContactField, value: string) => void;
}

export function NewContactFields({ values, errors, onChange }: NewContactFieldsProps) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {NEW_CONTACT_FIELDS.map((field) => (
        <TextField
          key={field}
          size="small"
          label={translate(`resources.contacts.fields.${field}`)}
          required={!!contacts.fields[field].required}
          type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
          value={values[field]}
          error={!!errors[field]}
          helperText={errors[field] ?? ' '}
          onChange={(event) => onChange(field, event.target.value)}
        />
      ))}
    </Stack>
  );
}
