/** The fields of a jurisdiction, shared by the create and edit pages. */
import { Box } from '@mui/material';
import { SaveButton, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { DeleteRecordButton } from '../resources/DeleteRecordButton.tsx';
import { useEntityPaths } from '../resources/useEntityPaths.ts';
import type { JurisdictionApi } from './api.ts';
import { MunicipalitiesInput } from './MunicipalitiesInput.tsx';
import { requiredValue } from './validation.ts';

function FormToolbar({ deletable }: { deletable: boolean }) {
  const paths = useEntityPaths('jurisdictions');
  return (
    <Toolbar>
      {/* A new record can be submitted untouched, to show what is missing. */}
      <SaveButton alwaysEnable={!deletable} />
      <Box sx={{ flex: 1 }} />
      {deletable && <DeleteRecordButton resource="jurisdictions" redirectTo={paths.list} />}
    </Toolbar>
  );
}

export interface JurisdictionFormProps {
  /** Offer deletion (edit page). */
  deletable?: boolean;
  api?: JurisdictionApi;
}

export function JurisdictionForm({ deletable = false, api }: JurisdictionFormProps) {
  return (
    <SimpleForm toolbar={<FormToolbar deletable={deletable} />} sx={{ maxWidth: 960 }}>
      <TextInput
        source="display_name"
        validate={requiredValue}
        helperText="resources.jurisdictions.help.display_name"
        fullWidth
      />
      <TextInput source="codename" validate={requiredValue} helperText="resources.jurisdictions.help.codename" fullWidth />
      <MunicipalitiesInput api={api} />
    </SimpleForm>
  );
}
