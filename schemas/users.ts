/** Platform users (spec, sections 2, 3 and 5): /{locale}/usergroup/users/. */
import { PAGE_SIZE, STATUS } from './constants.ts';
import { defineEntity } from './entity.ts';

export const users = defineEntity({
  resource: 'users',
  endpoint: 'usergroup/users',
  route: 'accounts/users',
  recordRepresentation: 'username',
  fields: {
    id: { type: 'id', readOnly: true },
    username: { type: 'username', required: true, maxLength: 150 },
    last_name: { type: 'string', required: true, maxLength: 150 },
    first_name: { type: 'string', required: true, maxLength: 150 },
    email: { type: 'email', required: true, maxLength: 254 },
    phone: { type: 'phone', maxLength: 20 },
    id_comp: { type: 'idComp', maxLength: 100 },
    registration_reason: { type: 'text', maxLength: 2000 },
    email_notifications: { type: 'boolean', default: true },
    status: { type: 'choice', choices: 'userStatuses', default: STATUS.active },
    is_superuser: { type: 'boolean', default: false },
    password: { type: 'password', writeOnly: true, maxLength: 128 },
    /** The organisation the user belongs to (first active membership of an organisation). */
    organisation: { type: 'reference', reference: 'organisations', readOnly: true },
    date_joined: { type: 'datetime', readOnly: true },
    last_login: { type: 'datetime', readOnly: true },
    /** [{usergroup_id, usergroup_name, usergroup_type, role}], managed through group members. */
    usergroup_roles: { type: 'json', readOnly: true },
  },
  list: {
    columns: ['last_name', 'first_name', 'id', 'email', 'organisation', 'date_joined', 'last_login', 'status', 'is_superuser'],
    search: true,
    filters: {
      status: { field: 'status', lookup: 'in', type: 'integer', choices: 'userStatuses', default: [STATUS.active], alwaysOn: true },
      organisation: { lookup: 'exact', type: 'integer', reference: 'organisations' },
      // Declared by the server mapping: only superusers, who see the flag, filter on it.
      is_superuser: { lookup: 'exact', type: 'boolean' },
    },
    orderable: ['last_name', 'first_name', 'username', 'id', 'email', 'date_joined', 'last_login', 'status'],
    defaultOrdering: ['last_name', 'first_name'],
    pageSize: PAGE_SIZE,
  },
  form: [
    'username', 'last_name', 'first_name', 'email', 'phone', 'id_comp', 'registration_reason', 'email_notifications',
    'status', 'is_superuser', 'password', 'date_joined', 'last_login',
  ],
});
