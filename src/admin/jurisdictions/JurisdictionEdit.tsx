/** Page editing a jurisdiction; deletion is offered there too. */
import { Edit } from 'react-admin';
import type { JurisdictionApi } from './api.ts';
import { JurisdictionForm } from './JurisdictionForm.tsx';
import { useSaveFeedback } from './useSaveFeedback.ts';
import { toJurisdictionPayload } from './validation.ts';

export default function JurisdictionEdit({ api }: { api?: JurisdictionApi }) {
  const feedback = useSaveFeedback('updated');
  return (
    <Edit resource="jurisdictions" mutationMode="pessimistic" mutationOptions={feedback} transform={toJurisdictionPayload}>
      <JurisdictionForm deletable api={api} />
    </Edit>
  );
}
