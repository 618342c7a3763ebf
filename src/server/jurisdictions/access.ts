/**
 * Who may use the jurisdiction and municipality calls. Organisation forms (Accounts) and dataset
 * forms (Data) read them. Superusers and delegated administrators create them; a delegated
 * administrator changes or deletes one only while no organisation outside their own uses it, so
 * nobody redraws another organisation's territory.
 */
import { administeredGroupIds, canAccessAccounts, canAccessData, type AccessSubject } from '../../../schemas/access.ts';
import type { Queryable } from './store.ts';

export function canReadJurisdictions(user: AccessSubject | null | undefined): boolean {
  return canAccessAccounts(user) || canAccessData(user);
}

export function canCreateJurisdictions(user: AccessSubject | null | undefined): boolean {
  return canAccessAccounts(user);
}

export async function canChangeJurisdiction(q: Queryable, user: AccessSubject | null | undefined, id: number | undefined): Promise<boolean> {
  if (!user || !canAccessAccounts(user)) return false;
  if (user.is_superuser || id === undefined) return user.is_superuser;
  const { rows } = await q.query<{ foreign: number }>(
    'SELECT count(*)::int AS foreign FROM usergroups WHERE jurisdiction_id = $1 AND NOT (id = ANY($2::int[]))',
    [id, administeredGroupIds(user)],
  );
  return rows[0].foreign === 0;
}
