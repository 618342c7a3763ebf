/**
 * Who may use the jurisdiction and municipality calls: organisation forms (Accounts) and dataset
 * forms (Data) read them; only superusers change jurisdictions.
 */
import { canAccessAccounts, canAccessData, type AccessSubject } from '../../../schemas/access.ts';

export function canReadJurisdictions(user: AccessSubject | null | undefined): boolean {
  return canAccessAccounts(user) || canAccessData(user);
}

export function canWriteJurisdictions(user: AccessSubject | null | undefined): boolean {
  return !!user?.is_superuser;
}
