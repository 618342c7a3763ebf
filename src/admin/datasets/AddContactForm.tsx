/**
 * Adds a contact to the dataset in a role: a contact of the platform found by searching
 * (`dataset/contacts/?search=`), or a new one created first (in the dataset's group).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useDataProvider, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { contacts } from '../../../schemas/contacts.ts';
import { RecordPicker } from '../accounts/RecordPicker.tsx';
import { useNotifiedAction } from '../accounts/useNotifiedAction.ts';
import { errorBody } from '../http/errors.ts';
import { schemaValidate } from '../resources/schemaValidation.ts';
import { contactRolesApi } from './contactRolesApi.ts';
import { EMPTY_CONTACT, NEW_CONTACT_FIELDS, NewContactFields, type NewContactField, type NewContactValues } from './NewContactFields.tsx';
import { RoleSelect } from './RoleSelect.tsx';
import type { ContactRoleChoice } from './useContactRoleChoices.ts';

/** The role offered first: ISO 19115's point of contact. */
const DEFAULT_ROLE = 'pointOfContact';

const validateContact = schemaValidate(contacts);

type Mode = 'existing' | 'new';
type Errors = Partial<Record<NewContactField, string>>;

export interface AddContactFormProps {
  datasetId: number;
  roles: ContactRoleChoice[];
  /** Reloads what shows the dataset's contacts. */
  reload: () => unknown;
}

export function AddContactForm({ datasetId, roles, reload }: AddContactFormProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const run = useNotifiedAction(reload);
  const { data: dataset } = useGetOne('datasets', { id: datasetId });
  const [mode, setMode] = useState<Mode>('existing');
  const [picked, setPicked] = useState<RaRecord | null>(null);
  const [values, setValues] = useState<NewContactValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<Errors>({});
  const [role, setRole] = useState<number | null>(null);
  useEffect(() => {
    if (role === null && roles.length > 0) setRole((roles.find((choice) => choice.codename === DEFAULT_ROLE) ?? roles[0]).id);
  }, [role, roles]);

  const newContact = async (): Promise<number> => {
    const filled = Object.fromEntries(NEW_CONTACT_FIELDS.filter((field) => values[field].trim()).map((field) => [field, values[field].trim()]));
    const { data } = await dataProvider.create('contacts', { data: { ...filled, usergroup: dataset?.usergroup } });
    return data.id as number;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = role;
    if (chosen === null) return;
    if (mode === 'new') {
      const found = await validateContact({ ...values });
      const messages = Object.fromEntries(
        Object.entries(found)
          .filter(([field]) => (NEW_CONTACT_FIELDS as readonly string[]).includes(field))
          .map(([field, { message, args }]) => [field, translate(message, args)]),
      );
      setErrors(messages);
      if (Object.keys(messages).length > 0) return;
    } else if (!picked) return;
    // A new contact belongs to the dataset's group.
    if (mode === 'new' && !dataset) return;
    await run(
      async () => {
        const contact = mode === 'new' ? await newContact() : (picked!.id as number);
        await contactRolesApi.add(datasetId, { contact, role: chosen });
        setPicked(null);
        setValues(EMPTY_CONTACT);
      },
      'resources.dataset-contacts.messages.added',
      // The server's messages about the new contact's fields show under them.
      (error) => {
        const fieldErrors = mode === 'new' ? errorBody(error).errors ?? {} : {};
        const shown = Object.fromEntries(Object.entries(fieldErrors).filter(([field]) => (NEW_CONTACT_FIELDS as readonly string[]).includes(field)));
        setErrors(shown);
        return Object.keys(shown).length > 0;
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {translate('resources.dataset-contacts.add.title')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={mode}
        onChange={(_event, value: Mode | null) => value && setMode(value)}
        sx={{ mb: 2 }}
      >
        <ToggleButton value="existing">{translate('resources.dataset-contacts.add.existing')}</ToggleButton>
        <ToggleButton value="new">{translate('resources.dataset-contacts.add.new')}</ToggleButton>
      </ToggleButtonGroup>
      {mode === 'new' && (
        <NewContactFields
          values={values}
          errors={errors}
          onChange={(field, value) => {
            setValues((previous) => ({ ...previous, [field]: value }));
            setErrors((previous) => ({ ...previous, [field]: undefined }));
          }}
        />
      )}
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {mode === 'existing' && (
          <RecordPicker
            resource="contacts"
            label={translate('resources.dataset-contacts.add.search')}
            value={picked}
            onChange={setPicked}
            optionLabel={(contact) => `${String(contact.name)} (${String(contact.email)})`}
          />
        )}
        <RoleSelect roles={roles} value={role} onChange={setRole} label={translate('resources.dataset-contacts.fields.role')} />
        <Button type="submit" variant="contained" disabled={role === null || (mode === 'existing' ? !picked : !dataset)}>
          {translate('resources.dataset-contacts.add.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
