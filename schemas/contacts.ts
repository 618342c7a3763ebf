/** Dataset contacts (spec, sections 3 and 7): /{locale}/dataset/contacts/. */
import { PAGE_SIZE } from './constants.ts';
import { defineEntity } from './entity.ts';

export const contacts = defineEntity({
  resource: 'contacts',
  endpoint: 'dataset/contacts',
  route: 'accounts/contacts',
  recordRepresentation: 'name',
  fields: {
    id: { type: 'id', readOnly: true },
    name: { type: 'string', required: true, maxLength: 255 },
    email: { type: 'email', required: true, maxLength: 254 },
    phone: { type: 'phone', maxLength: 20 },
    position: { type: 'string', maxLength: 255 },
    usergroup: { type: 'reference', reference: 'usergroups' },
    role: { type: 'string', maxLength: 255 },
  },
  list: {
    columns: ['name', 'email', 'phone', 'position', 'usergroup'],
    search: true,
    filters: {
      usergroup_id: { lookup: 'exact', type: 'integer', reference: 'usergroups', alwaysOn: true },
    },
    orderable: ['name', 'email', 'position'],
    defaultOrdering: ['name'],
    pageSize: PAGE_SIZE,
  },
  form: ['name', 'email', 'phone', 'position', 'usergroup', 'role'],
});
