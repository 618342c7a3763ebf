/** Organisations, the usergroups that publish data (spec, sections 2, 3 and 5): /{locale}/organisation/organisations/. */
import { PAGE_SIZE, STATUS } from './constants.ts';
import { defineEntity } from './entity.ts';

export const organisations = defineEntity({
  resource: 'organisations',
  endpoint: 'organisation/organisations',
  route: 'accounts/organisations',
  recordRepresentation: 'display_name',
  fields: {
    id: { type: 'id', readOnly: true },
    display_name: { type: 'string', required: true, maxLength: 255 },
    organisation_type: { type: 'reference', reference: 'organisation-types', required: true },
    status: { type: 'choice', choices: 'usergroupStatuses', default: STATUS.active },
    additional_id: { type: 'idComp', maxLength: 100 },
    acronym: { type: 'string', maxLength: 50 },
    siret: { type: 'siret', maxLength: 14 },
    website: { type: 'url', maxLength: 500 },
    description: { type: 'text', maxLength: 5000 },
    address: { type: 'text', maxLength: 500 },
    phone: { type: 'phone', maxLength: 20 },
    /** The organisation's territory. */
    jurisdiction: { type: 'reference', reference: 'jurisdictions' },
    partnership: { type: 'boolean', default: false },
    spheres: { type: 'references', reference: 'spheres' },
    /** Uploaded with PUT usergroup/user-groups/{id}/thumbnail/ (JPG or PNG, 2 MB at most). */
    logo: { type: 'image', readOnly: true },
    /** Uploaded with PUT organisation/organisations/{id}/convention/; signed through …/agreement/. */
    convention_file: { type: 'file', readOnly: true },
    convention_signed: { type: 'boolean', readOnly: true },
    created_at: { type: 'datetime', readOnly: true },
    member_count: { type: 'integer', readOnly: true },
  },
  list: {
    columns: ['display_name', 'organisation_type', 'created_at', 'member_count', 'convention_signed', 'status'],
    search: true,
    filters: {
      // One organisation type at a time (spec, section 2).
      organisation_type: { field: 'organisation_type', lookup: 'exact', type: 'integer', reference: 'organisation-types', alwaysOn: true },
      status: { field: 'status', lookup: 'in', type: 'integer', choices: 'usergroupStatuses', default: [STATUS.active], alwaysOn: true },
    },
    orderable: ['display_name', 'organisation_type', 'created_at', 'member_count', 'convention_signed', 'status'],
    defaultOrdering: ['display_name'],
    pageSize: PAGE_SIZE,
  },
  form: [
    'display_name', 'organisation_type', 'status', 'acronym', 'additional_id', 'siret', 'website', 'description', 'address',
    'phone', 'jurisdiction', 'partnership', 'spheres', 'logo', 'convention_file', 'convention_signed', 'created_at',
  ],
});

export const organisationTypes = defineEntity({
  resource: 'organisation-types',
  endpoint: 'organisation/organisation-types',
  route: 'accounts/organisation-types',
  recordRepresentation: 'display_name',
  fields: {
    id: { type: 'id', readOnly: true },
    codename: { type: 'string', required: true, maxLength: 100 },
    display_name: { type: 'string', required: true, maxLength: 255 },
  },
  list: { columns: ['display_name', 'codename'], search: false, filters: {}, orderable: ['display_name', 'codename'], defaultOrdering: ['display_name'], pageSize: 100 },
  form: ['display_name', 'codename'],
});
