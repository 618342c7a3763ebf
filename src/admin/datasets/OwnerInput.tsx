/**
 * The owner of a dataset (`usergroup`): the groups the user may publish for. A superuser chooses
 * among every organisation and user group; anyone else among the groups where they are an editor
 * or an administrator (schemas/access.ts). Spheres own no dataset.
 */
import { useMemo, type ReactNode } from 'react';
import { AutocompleteInput, ChoicesContextProvider, ReferenceInput, useChoicesContext, type ChoicesContextValue, type RaRecord } from 'react-admin';
import { datasets } from '../../../schemas/datasets.ts';
import { isFormRequired } from '../entities/inputElement.tsx';
import { defaultSort } from '../entities/registry.ts';
import { requiredMark } from '../entities/schemaValidation.ts';
import { usePublishableGroups } from './usePublishableGroups.ts';

const SPHERE = 'group-of-organisation';
const ownsDatasets = (group: RaRecord) => group.usergroup_type !== SPHERE;

/** The choices of the reference, without spheres (searching and paging unchanged). */
function WithoutSpheres({ children }: { children: ReactNode }) {
  const context = useChoicesContext();
  const value = useMemo(
    () =>
      ({
        ...context,
        allChoices: context.allChoices?.filter(ownsDatasets),
        availableChoices: context.availableChoices?.filter(ownsDatasets),
      }) as ChoicesContextValue,
    [context],
  );
  return <ChoicesContextProvider value={value}>{children}</ChoicesContextProvider>;
}

export function OwnerInput({ source }: { source: string }) {
  const groups = usePublishableGroups();
  const filter = useMemo(() => (groups ? { id__in: groups } : {}), [groups]);
  const reference = datasets.fields[source].reference!;
  return (
    <ReferenceInput source={source} reference={reference} filter={filter} sort={defaultSort(reference)}>
      <WithoutSpheres>
        <AutocompleteInput
          optionText="display_name"
          label={`resources.datasets.fields.${source}`}
          validate={isFormRequired(datasets, source) ? requiredMark : undefined}
          filterToQuery={(q) => ({ q })}
        />
      </WithoutSpheres>
    </ReferenceInput>
  );
}
