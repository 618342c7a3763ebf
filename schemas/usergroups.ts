/**
 * User groups and spheres (groups of organisations) share one endpoint,
 * /{locale}/usergroup/user-groups/, told apart by `usergroup_type` (spec, sections 2 and 3).
 */
import { PAGE_SIZE, STATUS } from './constants.ts';
import { defineEntity, type Fields } from './entity.ts';

const usergroupFields = {
  id: { type: 'id', readOnly: true },
  display_name: { type: 'string', required: true, maxLength: 255 },
  description: { type: 'text', maxLength: 5000 },
  status: { type: 'choice', choices: 'usergroupStatuses', default: STATUS.active },
  /** Uploaded with PUT usergroup/user-groups/{id}/thumbnail/ (JPG or PNG, 2 MB at most). */
  thumbnail: { type: 'image', readOnly: true },
  created_at: { type: 'datetime', readOnly: true },
  member_count: { type: 'integer', readOnly: true },
} satisfies Fields;

export const groups = defineEntity({
  resource: 'groups',
  endpoint: 'usergroup/user-groups',
  route: 'accounts/groups',
  recordRepresentation: 'display_name',
  fixedFilters: { usergroup_type: 'user-group' },
  fields: usergroupFields,
  list: {
    columns: ['display_name', 'created_at', 'member_count'],
    search: true,
    filters: {
      status: { field: 'status', lookup: 'in', type: 'integer', choices: 'usergroupStatuses', default: [STATUS.active] },
    },
    orderable: ['display_name', 'created_at', 'member_count'],
    defaultOrdering: ['display_name'],
    pageSize: PAGE_SIZE,
  },
  form: ['display_name', 'description', 'status', 'thumbnail', 'created_at'],
});

export const spheres = defineEntity({
  resource: 'spheres',
  endpoint: 'usergroup/user-groups',
  route: 'accounts/spheres',
  recordRepresentation: 'display_name',
  fixedFilters: { usergroup_type: 'group-of-organisation' },
  fields: {
    ...usergroupFields,
    /** The organisations of the sphere (its children, through …/children/). */
    organisation_count: { type: 'integer', readOnly: true },
  },
  list: {
    columns: ['display_name', 'created_at', 'organisation_count'],
    search: true,
    filters: {
      status: { field: 'status', lookup: 'in', type: 'integer', choices: 'usergroupStatuses', default: [STATUS.active] },
    },
    orderable: ['display_name', 'created_at', 'organisation_count'],
    defaultOrdering: ['display_name'],
    pageSize: PAGE_SIZE,
  },
  form: ['display_name', 'description', 'status', 'thumbnail', 'created_at'],
});

/** Membership of a user in a usergroup: /{locale}/usergroup/group-members/ (attachments pending validation). */
export const groupMembers = defineEntity({
  resource: 'group-members',
  endpoint: 'usergroup/group-members',
  route: 'accounts/requests/attachments',
  recordRepresentation: 'id',
  fields: {
    id: { type: 'id', readOnly: true },
    user: { type: 'reference', reference: 'users', required: true },
    usergroup: { type: 'reference', reference: 'usergroups', required: true },
    usergroup_type: { type: 'string', readOnly: true },
    role: { type: 'choice', choices: 'roles', default: 0 },
    status: { type: 'choice', choices: 'usergroupStatuses', default: STATUS.pendingValidation },
    date_joined: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: ['user', 'usergroup', 'role', 'status', 'date_joined'],
    search: true,
    filters: {
      status: { field: 'status', lookup: 'in', type: 'integer', choices: 'usergroupStatuses', default: [STATUS.pendingValidation], alwaysOn: true },
      usergroup_type: { field: 'usergroup_type', lookup: 'exact', type: 'string' },
    },
    orderable: ['date_joined', 'status', 'role'],
    defaultOrdering: ['-date_joined'],
    pageSize: PAGE_SIZE,
  },
  form: ['user', 'usergroup', 'role', 'status'],
});

/** Every usergroup whatever its type, for references (a contact's or a member's group). */
export const usergroups = defineEntity({
  resource: 'usergroups',
  endpoint: 'usergroup/user-groups',
  route: 'accounts/usergroups',
  recordRepresentation: 'display_name',
  fields: { ...usergroupFields, usergroup_type: { type: 'string', readOnly: true } },
  list: {
    columns: ['display_name', 'usergroup_type', 'created_at', 'member_count'],
    search: true,
    filters: {
      usergroup_type: { field: 'usergroup_type', lookup: 'exact', type: 'string' },
      status: { field: 'status', lookup: 'in', type: 'integer', choices: 'usergroupStatuses' },
    },
    orderable: ['display_name', 'created_at', 'member_count'],
    defaultOrdering: ['display_name'],
    pageSize: PAGE_SIZE,
  },
  form: ['display_name', 'description', 'status'],
});
