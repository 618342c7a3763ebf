/**
 * Membership request lists (spec, section 2), initially filtered on status 1:
 * `accounts/requests/users/`, `…/groups/` and `…/attachments/`, each with accept and refuse.
 */
import { useRefresh, type RaRecord } from 'react-admin';
import { Navigate, Route, Routes } from 'react-router-dom';
import { STATUS } from '../../../../schemas/constants.ts';
import { SchemaList } from '../../entities/SchemaList.tsx';
import { NOT_FOUND_PATH } from '../../routing/paths.ts';
import { useAppPath } from '../../routing/useAppPath.ts';
import { useAccountsRights } from '../useAccountsRights.ts';
import { DecisionButtons } from './DecisionButtons.tsx';
import type { RequestKind } from './decisions.ts';

const PENDING = { status: [STATUS.pendingValidation] };

const userName = (record: RaRecord) => `${record.first_name ?? ''} ${record.last_name ?? ''}`.trim() || String(record.username ?? record.id);
const groupName = (record: RaRecord) => String(record.display_name ?? record.id);
const memberName = (record: RaRecord) =>
  record.user_detail ? `${record.user_detail.first_name} ${record.user_detail.last_name}`.trim() : String(record.user);

function RequestList({ kind, title, nameOf }: { kind: RequestKind; title: string; nameOf: (record: RaRecord) => string }) {
  const refresh = useRefresh();
  const rights = useAccountsRights();
  // Registrations and new groups are a superuser's to decide (a delegated administrator sees them
  // only); memberships, each by those who manage its group (DecisionButtons).
  const decides = kind === 'users' ? rights.manageUsers : kind === 'usergroups' ? rights.manageGroups : true;
  return (
    <SchemaList
      resource={kind}
      storeKey={`${kind}.requests`}
      title={title}
      filterDefaultValues={PENDING}
      canCreate={false}
      canDelete={false}
      rowClick={kind === 'users' ? 'edit' : false}
    >
      {decides && <DecisionButtons label="publish.accounts.actions" kind={kind} nameOf={nameOf} onDone={refresh} />}
    </SchemaList>
  );
}

export default function RequestRoutes() {
  const appPath = useAppPath();
  return (
    <Routes>
      <Route path="users" element={<RequestList kind="users" title="publish.accounts.requests.users" nameOf={userName} />} />
      <Route path="groups" element={<RequestList kind="usergroups" title="publish.accounts.requests.groups" nameOf={groupName} />} />
      <Route
        path="attachments"
        element={<RequestList kind="group-members" title="publish.accounts.requests.attachments" nameOf={memberName} />}
      />
      <Route path="*" element={<Navigate to={appPath(NOT_FOUND_PATH)} replace />} />
    </Routes>
  );
}
