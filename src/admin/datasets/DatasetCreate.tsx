/**
 * Creating a dataset: the generated form, owned from the start by the user's group when they
 * publish for one only, and a success toast naming the new dataset (spec, section 8).
 */
import { useMemo } from 'react';
import type { RaRecord } from 'react-admin';
import type { FormViewProps } from '../resources/customViews.ts';
import { SchemaCreate } from '../resources/SchemaCreate.tsx';
import { usePublishableGroups } from './usePublishableGroups.ts';

const createdMessage = (record: RaRecord) => ({ message: 'resources.datasets.messages.createdNamed', args: { name: record.display_name } });

export default function DatasetCreate({ fieldOverrides }: FormViewProps) {
  const groups = usePublishableGroups();
  const only = groups?.length === 1 ? groups[0] : undefined;
  const defaultValues = useMemo(() => (only === undefined ? {} : { usergroup: only }), [only]);
  return <SchemaCreate resource="datasets" fieldOverrides={fieldOverrides} defaultValues={defaultValues} createdMessage={createdMessage} />;
}
