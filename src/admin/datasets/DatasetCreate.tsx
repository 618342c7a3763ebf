/** Creating a dataset: the generated form, and a success toast naming the new dataset (spec, section 8). */
import type { RaRecord } from 'react-admin';
import type { FormViewProps } from '../resources/customViews.ts';
import { SchemaCreate } from '../resources/SchemaCreate.tsx';

const createdMessage = (record: RaRecord) => ({ message: 'resources.datasets.messages.createdNamed', args: { name: record.display_name } });

export default function DatasetCreate({ fieldOverrides }: FormViewProps) {
  return <SchemaCreate resource="datasets" fieldOverrides={fieldOverrides} createdMessage={createdMessage} />;
}
