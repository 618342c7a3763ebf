/** Page creating a jurisdiction. */
import { Create } from 'react-admin';
import type { JurisdictionApi } from './api.ts';
import { JurisdictionForm } from './JurisdictionForm.tsx';
import { useSaveFeedback } from './useSaveFeedback.ts';
import { toJurisdictionPayload } from './validation.ts';

export default function JurisdictionCreate({ api }: { api?: JurisdictionApi }) {
  const feedback = useSaveFeedback('created');
  return (
    <Create
      resource="jurisdictions"
      mutationMode="pessimistic"
      mutationOptions={feedback}
      transform={toJurisdictionPayload}
      record={{ municipalities: [] }}
    >
      <JurisdictionForm api={api} />
    </Create>
  );
}
