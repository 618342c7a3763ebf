/** Jurisdictions, territories made of French communes (spec, sections 2, 3 and 5): /{locale}/organisation/jurisdictions/. */
import { JURISDICTION_PAGE_SIZE } from './constants.ts';
import { defineEntity } from './entity.ts';

export const jurisdictions = defineEntity({
  resource: 'jurisdictions',
  endpoint: 'organisation/jurisdictions',
  route: 'jurisdictions',
  nav: { section: 'accounts' },
  recordRepresentation: 'display_name',
  fields: {
    id: { type: 'id', readOnly: true },
    display_name: { type: 'string', required: true, maxLength: 255 },
    /** Identification code, unique. */
    codename: { type: 'string', required: true, maxLength: 100 },
    /** INSEE codes of the communes. */
    municipalities: { type: 'codes', required: true, default: [] },
    /** [min_lon, min_lat, max_lon, max_lat], computed from the communes. */
    latlon_bounding_box: { type: 'bbox', readOnly: true },
    municipality_count: { type: 'integer', readOnly: true },
    /** The reader may change it, delete it and take it as their organisation's territory (a delegated administrator: while no other organisation has it as its territory). */
    editable: { type: 'boolean', readOnly: true },
  },
  list: {
    columns: ['display_name', 'codename', 'municipality_count'],
    search: true,
    filters: {},
    orderable: ['display_name', 'codename'],
    defaultOrdering: ['display_name'],
    pageSize: JURISDICTION_PAGE_SIZE,
  },
  form: ['display_name', 'codename', 'municipalities', 'latlon_bounding_box'],
});

/** Current French communes, read-only: /{locale}/organisation/municipalities/?search=. */
export const municipalities = defineEntity({
  resource: 'municipalities',
  endpoint: 'organisation/municipalities',
  route: 'municipalities',
  recordRepresentation: 'display_name',
  fields: {
    id: { type: 'id', readOnly: true },
    /** INSEE code. */
    codename: { type: 'string', readOnly: true },
    display_name: { type: 'string', readOnly: true },
    departement: { type: 'string', readOnly: true },
  },
  list: { columns: ['codename', 'display_name', 'departement'], search: true, filters: {}, orderable: ['codename', 'display_name'], defaultOrdering: ['display_name'], pageSize: 20 },
  form: [],
});
