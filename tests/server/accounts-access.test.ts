/** The pure Accounts rules of schemas/access.ts, shared with the admin app. */
import { describe, expect, it } from 'vitest';
import {
  canEditGroupContent,
  canManageGroup,
  canManageGroups,
  canManageUsers,
  canReadGroupContent,
  canReadUsers,
  canReviewMemberships,
  lockedGroupChanges,
  lockedGroupFields,
  roleIn,
  type AccessSubject,
} from '../../schemas/access.ts';

const superuser: AccessSubject = { is_superuser: true, usergroup_roles: [] };
const referent: AccessSubject = {
  is_superuser: false,
  usergroup_roles: [
    { usergroup_id: 1, usergroup_name: 'Région', usergroup_type: 'organisation', role: 2 },
    { usergroup_id: 7, usergroup_name: 'Mobilité', usergroup_type: 'user-group', role: 0 },
  ],
};
const editor: AccessSubject = { is_superuser: false, usergroup_roles: [{ usergroup_id: 3, usergroup_name: 'Métropole', usergroup_type: 'organisation', role: 1 }] };
const nobody: AccessSubject = { is_superuser: false, usergroup_roles: [] };

describe('accounts rules', () => {
  it('lets a superuser do everything', () => {
    for (const rule of [canManageUsers, canManageGroups, canReadUsers, canReviewMemberships]) expect(rule(superuser)).toBe(true);
    expect(canManageGroup(superuser, 42)).toBe(true);
    expect(canEditGroupContent(superuser, null)).toBe(true);
  });

  it('limits a delegated administrator to their own groups', () => {
    expect(roleIn(referent, 1)).toBe(2);
    expect(canManageGroup(referent, 1)).toBe(true);
    expect(canManageGroup(referent, 7)).toBe(false);
    expect(canManageGroup(referent, 3)).toBe(false);
    expect(canReadGroupContent(referent, 7)).toBe(true);
    expect(canReadUsers(referent)).toBe(true);
    expect(canReviewMemberships(referent)).toBe(true);
    expect(canManageUsers(referent)).toBe(false);
    expect(canManageGroups(referent)).toBe(false);
  });

  it('gives editors their group contents and nothing of the accounts', () => {
    expect(canEditGroupContent(editor, 3)).toBe(true);
    expect(canEditGroupContent(referent, 7)).toBe(false);
    expect(canManageGroup(editor, 3)).toBe(false);
    expect(canReadUsers(editor)).toBe(false);
    expect(canReadUsers(nobody)).toBe(false);
    expect(canReadGroupContent(nobody, 3)).toBe(false);
    expect(canManageGroup(null, 1)).toBe(false);
  });

  it("keeps a group's status, spheres and partnership the superuser's, comparing spheres as a set", () => {
    const stored = { display_name: 'Région', status: 0, spheres: [4, 9], partnership: false };
    expect(lockedGroupFields(superuser)).toEqual([]);
    expect(lockedGroupFields(referent)).toEqual(['status', 'spheres', 'partnership']);
    expect(lockedGroupChanges(referent, { partnership: true }, stored)).toEqual(['partnership']);
    expect(lockedGroupChanges(referent, { partnership: false }, stored)).toEqual([]);
    expect(lockedGroupChanges(superuser, { status: 1, spheres: [] }, stored)).toEqual([]);
    expect(lockedGroupChanges(referent, { display_name: 'Région Sud', status: 0, spheres: [9, 4] }, stored)).toEqual([]);
    expect(lockedGroupChanges(referent, { status: 1 }, stored)).toEqual(['status']);
    expect(lockedGroupChanges(referent, { status: 0, spheres: [4] }, stored)).toEqual(['spheres']);
  });
});
