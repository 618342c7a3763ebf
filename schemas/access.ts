/**
 * Who may open which part of the product (spec, section 6). Pure functions, used by the admin
 * app to gate its header and routes and by the server to guard its calls.
 */
import { ROLE, type Role, type UsergroupType } from './constants.ts';

export interface UsergroupRole {
  usergroup_id: number;
  usergroup_name: string;
  usergroup_type: UsergroupType;
  role: Role;
}

export interface AccessSubject {
  is_superuser: boolean;
  usergroup_roles: UsergroupRole[];
}

/** Data paths: a superuser, or anyone holding a usergroup role of 1 (editor) or more. */
export function canAccessData(user: AccessSubject | null | undefined): boolean {
  if (!user) return false;
  return user.is_superuser || user.usergroup_roles.some((r) => r.role >= ROLE.editor);
}

/** Accounts paths: a superuser, or a delegated administrator (role 2) of some group. */
export function canAccessAccounts(user: AccessSubject | null | undefined): boolean {
  if (!user) return false;
  return user.is_superuser || user.usergroup_roles.some((r) => r.role === ROLE.admin);
}

/** The groups a user administers (role 2); a superuser administers every group. */
export function administeredGroupIds(user: AccessSubject): number[] {
  return user.usergroup_roles.filter((r) => r.role === ROLE.admin).map((r) => r.usergroup_id);
}

export interface ServiceConfig {
  key: string;
  url: string;
  /** Shown to everyone when true. */
  available: boolean;
  /** Shown to superusers even when not available to all. */
  superusers: boolean;
}

/** A service entry is visible if available, or if the user is a superuser and it allows superusers. */
export function isServiceVisible(service: ServiceConfig, user: AccessSubject | null | undefined): boolean {
  return service.available || (!!user?.is_superuser && service.superusers);
}
