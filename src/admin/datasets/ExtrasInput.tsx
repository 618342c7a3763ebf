/** The dataset's extras: a list of key and value pairs, added and removed one by one. */
import { ArrayInput, SimpleFormIterator, TextInput } from 'react-admin';
import { requiredMark } from '../entities/schemaValidation.ts';

export function ExtrasInput({ source }: { source: string }) {
  return (
    <ArrayInput source={source}>
      <SimpleFormIterator inline disableReordering>
        <TextInput source="key" label="resources.datasets.extras.key" validate={requiredMark} />
        <TextInput source="value" label="resources.datasets.extras.value" />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
