import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { contacts } from '../../../schemas/contacts.ts';
import { errorBody } from '../http/errors.ts';
import { schemaValidate } from '../entities/schemaValidation.ts';
import { EMPTY_CONTACT, NEW_CONTACT_FIELDS, type NewContactField, type NewContactValues } from './NewContactFields.tsx';

const validateContact = schemaValidate(contacts);

type Errors = Partial<Record<NewContactField, string>>;

const ofContactFields = <T>(entries: Array<[string, T]>) =>
  entries.filter(([field]) => (NEW_CONTACT_FIELDS as readonly string[]).includes(field));

/**
 * The values of a contact typed in the contacts panel, checked with the contacts schema (the
 * server's own rules) before sending, and the server's messages about them.
 */
export function useNewContact() {
  const translate = useTranslate();
  const [values, setValues] = useState<NewContactValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<Errors>({});
  return {
    values,
    errors,
    change: (field: NewContactField, value: string) => {
      setValues((previous) => ({ ...previous, [field]: value }));
      setErrors((previous) => ({ ...previous, [field]: undefined }));
    },
    /** Shows the messages of the fields in error; true when there are none. */
    validate: async (): Promise<boolean> => {
      const found = ofContactFields(Object.entries(await validateContact({ ...values })));
      setErrors(Object.fromEntries(found.map(([field, { message, args }]) => [field, translate(message, args)])));
      return found.length === 0;
    },
    /** Shows the server's messages about the contact's fields; true when there were some. */
    showServerErrors: (error: unknown): boolean => {
      const found = ofContactFields(Object.entries(errorBody(error).errors ?? {}));
      setErrors(Object.fromEntries(found));
      return found.length > 0;
    },
    /** The filled fields, as sent to the server. */
    record: () =>
      Object.fromEntries(NEW_CONTACT_FIELDS.filter((field) => values[field].trim()).map((field) => [field, values[field].trim()])),
    reset: () => {
      setValues(EMPTY_CONTACT);
      setErrors({});
    },
  };
}
