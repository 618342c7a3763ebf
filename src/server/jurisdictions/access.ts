/**
 * Who may use the jurisdiction and municipality calls. Organisation forms (Accounts) and dataset
 * forms (Data) read them. Superusers and delegated administrators create them; a delegated
 * administrator changes, deletes or takes as their organisation's territory one only while no
 * organisation outside their own has it, so nobody redraws another organisation's territory nor,
 * taking it too, keeps its own administrators from it.
 */
import { administeredGroupIds, canAccessAccounts, canAccessData, type AccessSubject } from '../../../schemas/access.ts';
import { SqlParams } from '../http/pagination.ts';
import type { Queryable } from './store.ts';

export function canReadJurisdictions(user: AccessSubject | null | undefined): boolean {
  return canAccessAccounts(user) || canAccessData(user);
}

export function canCreateJurisdictions(user: AccessSubject | null | undefined): boolean {
  return canAccessAccounts(user);
}

/**
 * SQL true when `user` may change or delete the jurisdiction of the column `jurisdictionId`, and
 * take it as their organisation's territory: the rule of the writes, and each record's `editable`
 * for its reader. A delegated administrator may while no organisation outside their own has it as
 * its territory. Datasets covering it follow a redraw (it is their coverage); its deletion waits
 * until none does (routes/jurisdictions.ts).
 */
export function jurisdictionEditableSql(user: AccessSubject | null | undefined, params: SqlParams, jurisdictionId: string): string {
  if (!user || !canAccessAccounts(user)) return 'false';
  if (user.is_superuser) return 'true';
  // On the partial index on usergroups.jurisdiction_id (migration 003).
  return `NOT EXISTS (SELECT 1 FROM usergroups g WHERE g.jurisdiction_id = ${jurisdictionId}
    AND NOT (g.id = ANY(${params.add(administeredGroupIds(user))}::int[])))`;
}

export async function canChangeJurisdiction(q: Queryable, user: AccessSubject | null | undefined, id: number | undefined): Promise<boolean> {
  if (id === undefined) return !!user?.is_superuser;
  const params = new SqlParams([id]);
  const { rows } = await q.query<{ editable: boolean }>(`SELECT ${jurisdictionEditableSql(user, params, 'j.id')} AS editable FROM (SELECT $1::int AS id) j`, params.values);
  return rows[0].editable;
}
