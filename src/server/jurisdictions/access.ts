/**
 * Who may use the jurisdiction and municipality calls. Organisation forms (Accounts) and dataset
 * forms (Data) read them. Superusers and delegated administrators create them; a delegated
 * administrator changes or deletes one only while no group outside their own uses it, as its
 * territory or as the coverage of one of its datasets, so nobody redraws (or, deleting it, empties)
 * another organisation's territory or another group's datasets' coverage.
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
 * SQL true when `user` may change or delete the jurisdiction of the column `jurisdictionId`: the
 * rule of the writes, and each record's `editable` for its reader.
 */
export function jurisdictionEditableSql(user: AccessSubject | null | undefined, params: SqlParams, jurisdictionId: string): string {
  if (!user || !canAccessAccounts(user)) return 'false';
  if (user.is_superuser) return 'true';
  const groups = params.add(administeredGroupIds(user));
  // Both on their partial indexes on jurisdiction_id (migrations 003 and 056).
  return `(NOT EXISTS (SELECT 1 FROM usergroups g WHERE g.jurisdiction_id = ${jurisdictionId} AND NOT (g.id = ANY(${groups}::int[])))
    AND NOT EXISTS (SELECT 1 FROM datasets d WHERE d.jurisdiction_id = ${jurisdictionId} AND NOT (d.usergroup_id = ANY(${groups}::int[]))))`;
}

export async function canChangeJurisdiction(q: Queryable, user: AccessSubject | null | undefined, id: number | undefined): Promise<boolean> {
  if (id === undefined) return !!user?.is_superuser;
  const params = new SqlParams([id]);
  const { rows } = await q.query<{ editable: boolean }>(`SELECT ${jurisdictionEditableSql(user, params, 'j.id')} AS editable FROM (SELECT $1::int AS id) j`, params.values);
  return rows[0].editable;
}
