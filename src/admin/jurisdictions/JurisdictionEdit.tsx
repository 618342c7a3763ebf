/** Page editing a jurisdiction; deletion is offered there too. */
import { Edit } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useNotifyError } from '../feedback/useNotifyError.tsx';
import { errorStatus } from '../http/errors.ts';
import { useEntityPaths } from '../resources/useEntityPaths.ts';
import type { JurisdictionApi } from './api.ts';
import { JurisdictionForm } from './JurisdictionForm.tsx';
import { useSaveFeedback } from './useSaveFeedback.ts';
import { toJurisdictionPayload } from './validation.ts';

export default function JurisdictionEdit({ api }: { api?: JurisdictionApi }) {
  const feedback = useSaveFeedback('updated');
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const paths = useEntityPaths('jurisdictions');
  return (
    <Edit
      resource="jurisdictions"
      mutationMode="pessimistic"
      mutationOptions={feedback}
      transform={toJurisdictionPayload}
      actions={false}
      queryOptions={{
        onError: (error: unknown) => {
          notifyError(error, { resource: 'jurisdictions' });
          // 401 and 403 are handled by the auth provider (sign-in, access-denied page).
          const status = errorStatus(error);
          if (status !== 401 && status !== 403) navigate(paths.list);
        },
      }}
    >
      <JurisdictionForm deletable api={api} />
    </Edit>
  );
}
