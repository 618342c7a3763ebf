/**
 * User groups and spheres (groups of organisations) share one endpoint,
 * /{locale}/usergroup/user-groups/, told apart by `usergroup_type` (spec, sections 2 and 3).
 */
import { PAGE_SIZE, STATUS, USERGROUP_TYPES, type UsergroupType } from './constants.ts';
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

/**
 * A kind of usergroup with screens of its own: the same fields, form and filters, its own type,
 * route and count column (users of a group, organisations of a sphere).
 */
function usergroupKind(resource: string, usergroupType: UsergroupType, countField: 'member_count' | 'organisation_count') {
  const fields: Fields =
    countField === 'organisation_count'
      ? // The organisations of a sphere (its children, through …/children/).
        { ...usergroupFields, organisation_count: { type: 'integer', readOnly: true } }
      : usergroupFields;
  return defineEntity({
    resource,
    endpoint: 'usergroup/user-groups',
    route: `accounts/${resource}`,
    recordRepresentation: 'display_name',
    fixedFilters: { usergroup_type: usergroupType },
    fields,
    list: {
      columns: ['display_name', 'created_at', countField],
      search: true,
      filters: {
        status: { field: 'status', lookup: 'in', type: 'integer', choices: 'usergroupStatuses', default: [STATUS.active] },
      },
      orderable: ['display_name', 'created_at', countField],
      defaultOrdering: ['display_name'],
      pageSize: PAGE_SIZE,
    },
    form: ['display_name', 'description', 'status', 'thumbnail', 'created_at'],
  });
}

export const groups = usergroupKind('groups', 'user-group', 'member_count');
export const spheres = usergroupKind('spheres', 'group-of-organisation', 'organisation_count');

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
  // Its type by the name the language gives it (resources.usergroups.choices.usergroup_type), not its code.
  fields: { ...usergroupFields, usergroup_type: { type: 'choice', choices: USERGROUP_TYPES, readOnly: true } },
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
