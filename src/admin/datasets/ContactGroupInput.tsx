/**
 * A contact's group (`usergroup`). A superuser chooses among every group, or none; anyone else
 * among the groups where they are an editor or an administrator, the first of them given to a new
 * contact: the server keeps contacts of no group, or of another group, to superusers
 * (schemas/access.ts, canEditGroupContent) and would refuse the contact.
 */
import { useMemo } from 'react';
import { AutocompleteInput, ReferenceInput } from 'react-admin';
import { contacts } from '../../../schemas/contacts.ts';
import { defaultSort } from '../entities/registry.ts';
import { requiredMark } from '../entities/schemaValidation.ts';
import { usePublishableGroups } from './usePublishableGroups.ts';

export function ContactGroupInput({ source }: { source: string }) {
  const groups = usePublishableGroups();
  const filter = useMemo(() => (groups ? { id__in: groups } : {}), [groups]);
  const reference = contacts.fields[source].reference!;
  return (
    <ReferenceInput source={source} reference={reference} filter={filter} sort={defaultSort(reference)}>
      <AutocompleteInput
        defaultValue={groups?.[0]}
        optionText="display_name"
        label={`resources.contacts.fields.${source}`}
        validate={groups ? requiredMark : undefined}
        filterToQuery={(q) => ({ q })}
      />
    </ReferenceInput>
  );
}
