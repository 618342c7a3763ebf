/** Licences of datasets, a lookup list sorted by title (spec, section 3): /{locale}/dataset/licenses/. */
import { PAGE_SIZE } from './constants.ts';
import { defineEntity } from './entity.ts';

export const licences = defineEntity({
  resource: 'licences',
  endpoint: 'dataset/licenses',
  route: 'data/licences',
  nav: { section: 'data' },
  recordRepresentation: 'title',
  fields: {
    id: { type: 'id', readOnly: true },
    title: { type: 'string', required: true, maxLength: 255 },
    /** Short name, e.g. "ODbL-1.0". */
    alternate_title: { type: 'string', maxLength: 100 },
    url: { type: 'url', maxLength: 500 },
  },
  list: {
    columns: ['title', 'alternate_title', 'url'],
    search: true,
    filters: {},
    orderable: ['title', 'alternate_title'],
    defaultOrdering: ['title'],
    pageSize: PAGE_SIZE,
  },
  form: ['title', 'alternate_title', 'url'],
});
