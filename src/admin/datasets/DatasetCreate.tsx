/**
 * Creating a dataset: the generated form, owned from the start by the user's group when they
 * publish for one only, in the tabs of its page that make sense before it exists (its fields'),
 * asking before leaving with unsaved changes, and a success toast naming the new dataset (spec, section 8). It
 * starts unpublished, so that it reaches the public catalogue on purpose; once published, a new
 * dataset gets its search index through the publish scenario (spec, section 4).
 */
import { useCallback, useMemo } from 'react';
import type { RaRecord } from 'react-admin';
import type { FormViewProps } from '../entities/entityViews.ts';
import { SchemaCreate } from '../entities/SchemaCreate.tsx';
import { usePublishableGroups } from './usePublishableGroups.ts';
import { isPublished, useRunPublication } from './useRunPublication.ts';

const createdMessage = (record: RaRecord) => ({ message: 'resources.datasets.messages.createdNamed', args: { name: record.display_name } });

export default function DatasetCreate({ fieldOverrides }: FormViewProps) {
  const groups = usePublishableGroups();
  const only = groups?.length === 1 ? groups[0] : undefined;
  const defaultValues = useMemo(() => ({ publish: false, ...(only === undefined ? {} : { usergroup: only }) }), [only]);
  const runPublication = useRunPublication();
  const onCreated = useCallback(
    (record: RaRecord) => {
      if (isPublished(record.publish)) void runPublication(record.id as number, true, { announce: false });
    },
    [runPublication],
  );
  return (
    <SchemaCreate
      resource="datasets"
      fieldOverrides={fieldOverrides}
      defaultValues={defaultValues}
      createdMessage={createdMessage}
      onCreated={onCreated}
      warnWhenUnsavedChanges
    />
  );
}
