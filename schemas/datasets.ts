/** Datasets, the catalogue records (spec, sections 2, 3, 5 and 7): /{locale}/dataset/datasets/. */
import { PAGE_SIZE, PERMISSION_LEVEL } from './constants.ts';
import { defineEntity } from './entity.ts';
import { QUALITY_RATINGS } from './quality.ts';

/** Geographic coverage: the organisation's territory, a jurisdiction, a drawn box, or computed on the data. */
export const GEOGRAPHIC_COVERAGES = ['organisation', 'jurisdiction', 'bbox', 'computed'] as const;

/** `perms` filter of the list: what the user may edit, or see (at least 'search'). */
export const DATASET_PERMS_FILTERS = ['editable', 'viewable'] as const;

/**
 * The public catalogue lists a dataset that is published and that anyone may find, from this
 * default permission level up (src/server/catalog/feed.ts says it in SQL).
 */
export const CATALOGUE_MIN_LEVEL = PERMISSION_LEVEL.search;

/** Whether the public catalogue lists a dataset with these values (absent or null `publish` counts as published). */
export function isListedInCatalogue(dataset: { publish?: boolean | null; default_permission_level?: number | null }): boolean {
  return dataset.publish !== false && (dataset.default_permission_level ?? PERMISSION_LEVEL.private) >= CATALOGUE_MIN_LEVEL;
}

export const datasets = defineEntity({
  resource: 'datasets',
  endpoint: 'dataset/datasets',
  route: 'data/datasets',
  // First of the Data page's lists.
  nav: { section: 'data', order: -1 },
  recordRepresentation: 'display_name',
  fields: {
    id: { type: 'id', readOnly: true },
    /** Slug (lowercase letters, digits, hyphens), unique; made from display_name when not given. */
    codename: { type: 'string', maxLength: 100, tab: 'description' },
    display_name: { type: 'string', required: true, maxLength: 255, tab: 'description' },
    description: { type: 'text', maxLength: 20000, tab: 'description' },
    /** The owner: an organisation or a user group. */
    usergroup: { type: 'reference', reference: 'usergroups', required: true, tab: 'description' },
    /** The owner's name, for the lists of those who may not read the group itself. */
    usergroup_name: { type: 'string', readOnly: true },
    /** Keywords; suggested by usergroup/taggit/tags/?search=. */
    tags: { type: 'tags', maxLength: 100, tab: 'description' },
    categories: { type: 'references', reference: 'categories', tab: 'description' },
    topics: { type: 'references', reference: 'topics', tab: 'description' },
    kinds: { type: 'references', reference: 'kinds', tab: 'description' },
    licence: { type: 'reference', reference: 'licences', tab: 'access' },
    restriction: { type: 'reference', reference: 'restrictions', tab: 'access' },
    usage_recommendation: { type: 'text', maxLength: 5000, tab: 'access' },
    granularity: { type: 'reference', reference: 'granularities', tab: 'geography' },
    geographic_coverage: { type: 'choice', choices: GEOGRAPHIC_COVERAGES, tab: 'geography' },
    /** The territory when geographic_coverage is 'jurisdiction'. */
    jurisdiction: { type: 'reference', reference: 'jurisdictions', tab: 'geography' },
    /** [min lon, min lat, max lon, max lat] when geographic_coverage is 'bbox'. */
    bbox: { type: 'bbox', tab: 'geography' },
    creation_date: { type: 'date', tab: 'dates' },
    revision_date: { type: 'date', tab: 'dates' },
    publication_date: { type: 'date', tab: 'dates' },
    last_update_date: { type: 'date', tab: 'dates' },
    update_frequency: { type: 'reference', reference: 'update-frequencies', tab: 'dates' },
    year: { type: 'integer', tab: 'dates' },
    constitution_mode: { type: 'string', maxLength: 255, tab: 'description' },
    record_type: { type: 'reference', reference: 'record-types', tab: 'description' },
    /** No cycles: a dataset cannot be an ancestor of its parent. */
    parent: { type: 'reference', reference: 'datasets', tab: 'related' },
    /**
     * Absent or null counts as published (the API's default); the create form starts unpublished,
     * so that a new dataset goes to the public catalogue on purpose (DatasetCreate.tsx).
     */
    publish: { type: 'boolean', default: true, tab: 'access' },
    /** What every user may do: 0 private, 1 search, 2 consultation, 3 download. */
    default_permission_level: { type: 'choice', choices: Object.values(PERMISSION_LEVEL), default: PERMISSION_LEVEL.private, tab: 'access' },
    extras: { type: 'keyValues', tab: 'description' },
    dataviz_href: { type: 'url', maxLength: 500, tab: 'description' },
    /** Uploaded with PUT dataset/datasets/{id}/thumbnail/ (JPG or PNG, 2 MB at most). */
    thumbnail: { type: 'image', readOnly: true, tab: 'description' },
    /** The uploaded thumbnail's file name, as it was sent. */
    thumbnail_name: { type: 'string', readOnly: true },
    /** The resources of the dataset: its main one, its annexes and their number (none until resources are attached). */
    main_resource: { type: 'json', readOnly: true },
    resource_annexes: { type: 'json', readOnly: true },
    annex_count: { type: 'integer', readOnly: true },
    children_count: { type: 'integer', readOnly: true },
    /** The form's required fields the dataset leaves empty. */
    unfilled_fields: { type: 'json', readOnly: true },
    /** The metadata quality's latest score (out of 405) and rating: GET dataset/datasets/{id}/quality/ tells it in full. */
    quality_score: { type: 'integer', readOnly: true },
    quality_rating: { type: 'choice', choices: QUALITY_RATINGS, readOnly: true },
    /** True when the current user may change the dataset. */
    editable: { type: 'boolean', readOnly: true },
    detail_url: { type: 'url', readOnly: true },
    created_at: { type: 'datetime', readOnly: true, tab: 'history' },
    updated_at: { type: 'datetime', readOnly: true, tab: 'history' },
  },
  list: {
    columns: ['display_name', 'usergroup', 'created_at', 'revision_date', 'main_resource', 'annex_count', 'publish', 'default_permission_level', 'quality_rating'],
    search: true,
    filters: {
      usergroup_id: { field: 'usergroup', lookup: 'exact', type: 'integer', reference: 'usergroups', alwaysOn: true },
      record_type: { field: 'record_type', lookup: 'exact', type: 'integer', reference: 'record-types' },
      publish: { field: 'publish', lookup: 'exact', type: 'boolean' },
      categories: { lookup: 'in', type: 'integer', reference: 'categories' },
      topics: { lookup: 'in', type: 'integer', reference: 'topics' },
      kinds: { lookup: 'in', type: 'integer', reference: 'kinds' },
      licence: { field: 'licence', lookup: 'exact', type: 'integer', reference: 'licences' },
      default_permission_level: { field: 'default_permission_level', lookup: 'in', type: 'integer', choices: Object.values(PERMISSION_LEVEL) },
      perms: { lookup: 'exact', type: 'string', choices: DATASET_PERMS_FILTERS },
      quality_rating: { field: 'quality_rating', lookup: 'in', type: 'string', choices: QUALITY_RATINGS },
      /** True: the datasets one of whose resources' links is broken at its latest check. */
      broken_links: { lookup: 'exact', type: 'boolean' },
    },
    orderable: [
      'revision_date', 'display_name', 'codename', 'usergroup', 'created_at', 'publish', 'updated_at', 'creation_date', 'publication_date',
      'last_update_date', 'quality_score',
    ],
    defaultOrdering: ['-updated_at'],
    pageSize: PAGE_SIZE,
  },
  form: [
    'unfilled_fields', 'display_name', 'codename', 'description', 'usergroup', 'tags', 'categories', 'topics', 'kinds', 'record_type', 'parent',
    'publish', 'default_permission_level', 'licence', 'restriction', 'usage_recommendation', 'granularity',
    'geographic_coverage', 'jurisdiction', 'bbox', 'creation_date', 'revision_date', 'publication_date', 'last_update_date',
    'update_frequency', 'year', 'constitution_mode', 'dataviz_href', 'extras', 'thumbnail', 'created_at', 'updated_at',
  ],
  // The dataset page's tabs (the fields name theirs; the screens add resources, contacts, children, history).
  formTabs: ['description', 'geography', 'dates', 'access', 'resources', 'contacts', 'related', 'history'],
  // Spec, section 5: the form asks for more than a record needs to exist.
  formRequired: [
    'description', 'tags', 'topics', 'kinds', 'publication_date', 'last_update_date', 'update_frequency', 'record_type',
  ],
});
