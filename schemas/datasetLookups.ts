/**
 * The lookup lists of datasets (spec, section 3), read-only: /{locale}/dataset/<list>/, each entry
 * a codename and a label in the request's language, sorted by label. Licences have their own
 * schema (schemas/licences.ts).
 */
import { defineEntity, type EntitySchema } from './entity.ts';

/** Every lookup list fits one page. */
export const LOOKUP_PAGE_SIZE = 100;

function lookup(resource: string): EntitySchema {
  return defineEntity({
    resource,
    endpoint: `dataset/${resource}`,
    route: `data/${resource}`,
    recordRepresentation: 'label',
    fields: {
      id: { type: 'id', readOnly: true },
      codename: { type: 'string', readOnly: true },
      label: { type: 'string', readOnly: true },
    },
    list: { columns: ['label', 'codename'], search: true, filters: {}, orderable: ['label', 'codename'], defaultOrdering: ['label'], pageSize: LOOKUP_PAGE_SIZE },
    form: [],
  });
}

export const categories = lookup('categories');
export const granularities = lookup('granularities');
/** INSPIRE themes. */
export const topics = lookup('topics');
export const kinds = lookup('kinds');
/** INSPIRE limitations on public access. */
export const restrictions = lookup('restrictions');
/** The EU frequency vocabulary. */
export const updateFrequencies = lookup('update-frequencies');
export const recordTypes = lookup('record-types');
/** ISO 19115 contact roles. */
export const contactRoles = lookup('contact-roles');

/** Each lookup list and the table holding it. */
export const DATASET_LOOKUPS: ReadonlyArray<{ schema: EntitySchema; table: string }> = [
  { schema: categories, table: 'categories' },
  { schema: granularities, table: 'granularities' },
  { schema: topics, table: 'topics' },
  { schema: kinds, table: 'kinds' },
  { schema: restrictions, table: 'restrictions' },
  { schema: updateFrequencies, table: 'update_frequencies' },
  { schema: recordTypes, table: 'record_types' },
  { schema: contactRoles, table: 'contact_roles' },
];
