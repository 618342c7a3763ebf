/**
 * Accepting and refusing requests (spec, sections 2 and 4): a registration (user) or a group
 * becomes active (status 2) or is deleted; an attachment (membership) becomes active through
 * `user-groups/{gid}/members/{uid}/` or is removed there.
 */
import { useCallback } from 'react';
import { useDataProvider, type RaRecord } from 'react-admin';
import { STATUS } from '../../../../schemas/constants.ts';
import { accountsApi } from '../accountsApi.ts';

export type RequestKind = 'users' | 'usergroups' | 'group-members';

export function useRequestDecisions(kind: RequestKind) {
  const dataProvider = useDataProvider();
  const accept = useCallback(
    async (record: RaRecord) => {
      if (kind === 'group-members') {
        await accountsApi.updateMember(record.usergroup as number, record.user as number, { status: STATUS.active });
      } else {
        await dataProvider.update(kind, { id: record.id, data: { status: STATUS.active }, previousData: record, meta: { partial: true } });
      }
    },
    [dataProvider, kind],
  );
  const refuse = useCallback(
    async (record: RaRecord) => {
      if (kind === 'group-members') await accountsApi.removeMember(record.usergroup as number, record.user as number);
      else await dataProvider.delete(kind, { id: record.id, previousData: record });
    },
    [dataProvider, kind],
  );
  return { accept, refuse };
}
