/** The dataset's territory, asked for only when its geographic coverage is a jurisdiction. */
import { useWatch } from 'react-hook-form';
import { datasets } from '../../../schemas/datasets.ts';
import { referencePicker } from '../entities/inputElement.tsx';

export function JurisdictionInput({ source }: { source: string }) {
  const coverage = useWatch({ name: 'geographic_coverage' });
  if (coverage !== 'jurisdiction') return null;
  return referencePicker(datasets.fields[source].reference!, { source });
}
