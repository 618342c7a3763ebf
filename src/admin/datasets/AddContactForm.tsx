/**
 * Adds a contact to the dataset in a role: a contact of the platform found by searching
 * (`dataset/contacts/?search=`), or a new one created first, in the dataset's group.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useDataProvider, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { RecordPicker } from '../accounts/RecordPicker.tsx';
import { useNotifiedAction } from '../accounts/useNotifiedAction.ts';
import { contactRolesApi } from './contactRolesApi.ts';
import { NewContactFields } from './NewContactFields.tsx';
import { ChoiceSelect } from '../accounts/ChoiceSelect.tsx';
import type { ContactRoleChoice } from './useContactRoleChoices.ts';
import { useNewContact } from './useNewContact.ts';

/** The role offered first: ISO 19115's point of contact. */
const DEFAULT_ROLE = 'pointOfContact';

type Mode = 'existing' | 'new';

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
  const contact = useNewContact();
  const [role, setRole] = useState<number | null>(null);
  // An addition on its way, from the click on: a double click adds (and creates a contact) once.
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (role === null && roles.length > 0) setRole((roles.find((choice) => choice.codename === DEFAULT_ROLE) ?? roles[0]).id);
  }, [role, roles]);

  const createContact = async (): Promise<number> => {
    const { data } = await dataProvider.create('contacts', { data: { ...contact.record(), usergroup: dataset?.usergroup } });
    return data.id as number;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = role;
    if (chosen === null || busy) return;
    setBusy(true);
    try {
      if (mode === 'new') {
        if (!dataset || !(await contact.validate())) return;
      } else if (!picked) return;
      await run(
        async () => {
          const contactId = mode === 'new' ? await createContact() : (picked!.id as number);
          await contactRolesApi.add(datasetId, { contact: contactId, role: chosen });
          setPicked(null);
          contact.reset();
        },
        'resources.dataset-contacts.messages.added',
        // The server's messages about the new contact's fields show under them.
        (error) => mode === 'new' && contact.showServerErrors(error),
      );
    } finally {
      setBusy(false);
    }
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
        <NewContactFields values={contact.values} errors={contact.errors} onChange={contact.change} />
      )}
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {mode === 'existing' && (
          <RecordPicker
            resource="contacts"
            label={translate('resources.dataset-contacts.add.search')}
            value={picked}
            onChange={setPicked}
            optionLabel={(option) => `${String(option.name)} (${String(option.email)})`}
          />
        )}
        <ChoiceSelect choices={roles} value={role} onChange={setRole} label={translate('resources.dataset-contacts.fields.role')} />
        <Button type="submit" variant="contained" disabled={busy || role === null || (mode === 'existing' ? !picked : !dataset)}>
          {translate('resources.dataset-contacts.add.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
