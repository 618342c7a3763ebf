/**
 * Resources, the data of a dataset (spec, sections 3, 4 and 7 "Resources"): /{locale}/resource/….
 * One declaration for the server's validation and the app's screens, plus the shapes of the
 * calls around it (links to datasets, sources, processing state) and the shared lists
 * (resource types, source kinds, coordinate reference systems).
 */
import { PAGE_SIZE } from './constants.ts';
import { defineEntity } from './entity.ts';
import type { TaskStatus } from './scenarios.ts';

/** Every resource type; `datastore` and `geoserver` are offered only when the platform has them. */
export const RESOURCE_TYPES = ['file-upload', 'file-download', 'ftp', 'href', 'datastore', 'geoserver'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** The source kinds served by `resource/{slug}/` with their create/update scenarios (`create-<slug>`, `update-<slug>`). */
export const SOURCE_SLUGS = ['file-upload', 'file-download', 'href', 'ftp'] as const;
export type SourceSlug = (typeof SOURCE_SLUGS)[number];

/** The kinds whose source holds a stored file (size, columns, preview). */
export const FILE_SOURCE_KINDS: readonly ResourceType[] = ['file-upload', 'file-download', 'ftp'];

/** A resource's place in a dataset: its one main resource, or an annex. */
export const RESOURCE_DATASET_TYPE = { main: 1, annex: 2 } as const;
export type ResourceDatasetType = (typeof RESOURCE_DATASET_TYPE)[keyof typeof RESOURCE_DATASET_TYPE];

/** Rows of a file shown before it is loaded. */
export const PREVIEW_ROWS = 5;

/** The coordinate reference systems a resource's X/Y columns may be given in (EPSG codes used in France). */
export const CRS_LIST: readonly { code: number; label: string }[] = [
  { code: 4326, label: 'WGS 84 (EPSG:4326)' },
  { code: 2154, label: 'RGF93 / Lambert-93 (EPSG:2154)' },
  { code: 3857, label: 'WGS 84 / Pseudo-Mercator (EPSG:3857)' },
  ...[42, 43, 44, 45, 46, 47, 48, 49, 50].map((zone) => ({
    code: 3900 + zone,
    label: `RGF93 / CC${zone} (EPSG:${3900 + zone})`,
  })),
  { code: 27572, label: 'NTF (Paris) / Lambert zone II (EPSG:27572)' },
  { code: 32630, label: 'WGS 84 / UTM zone 30N (EPSG:32630)' },
  { code: 32631, label: 'WGS 84 / UTM zone 31N (EPSG:32631)' },
  { code: 32632, label: 'WGS 84 / UTM zone 32N (EPSG:32632)' },
];
export const CRS_CODES: readonly number[] = CRS_LIST.map((crs) => crs.code);

export const resources = defineEntity({
  resource: 'resources',
  endpoint: 'resource/resources',
  route: 'data/resources',
  recordRepresentation: 'display_name',
  fields: {
    id: { type: 'id', readOnly: true },
    display_name: { type: 'string', required: true, maxLength: 255 },
    /** Slug (lowercase letters, digits, hyphens), unique; made from display_name when not given. */
    codename: { type: 'string', maxLength: 100 },
    description: { type: 'text', maxLength: 20000 },
    /** Set by the source when not given: a resource is created, then its source (`resource/{type}/`). */
    type: { type: 'choice', choices: RESOURCE_TYPES },
    hidden: { type: 'boolean', default: false },
    /** The owner: its editors change the resource. */
    usergroup_id: { type: 'reference', reference: 'usergroups', required: true },
    dataformat_id: { type: 'reference', reference: 'data-formats', readOnly: true },
    /** The format's name. */
    dataformat: { type: 'string', readOnly: true },
    /** Bytes of the stored file. */
    size: { type: 'integer', readOnly: true },
    bbox: { type: 'bbox', readOnly: true },
    geographic: { type: 'boolean', readOnly: true },
    last_update: { type: 'datetime', readOnly: true },
    /** False until a scenario succeeds on it (or a harvest writes it): its wizard was left, or its creation failed, before its first load. True for one never created through a scenario whose source holds its data (a file, a link, a table, a layer). */
    loaded: { type: 'boolean', readOnly: true },
    source_id: { type: 'integer', readOnly: true },
    /** True when the current user may change the resource. */
    editable: { type: 'boolean', readOnly: true },
    /** Its link's latest check (null until checked): broken or not, when. History: resource/resources/{id}/link-checks/. */
    link_broken: { type: 'boolean', readOnly: true },
    link_checked_at: { type: 'datetime', readOnly: true },
    /** That check in full: {url, status, media_type, size, duration_ms, error, checked_at}. */
    link_check: { type: 'json', readOnly: true },
    /** The latest task of each scenario run on it (Processing). */
    _processing: { type: 'json', readOnly: true },
    /** Its source and the objects made from it (ResourceRel). */
    rel: { type: 'json', readOnly: true },
  },
  list: {
    columns: ['display_name', 'type', 'dataformat', 'size', 'last_update'],
    search: true,
    filters: {
      usergroup_id: { field: 'usergroup_id', lookup: 'exact', type: 'integer', reference: 'usergroups', alwaysOn: true },
      type: { field: 'type', lookup: 'exact', type: 'string', choices: RESOURCE_TYPES },
    },
    orderable: ['display_name', 'codename', 'type', 'last_update', 'size'],
    defaultOrdering: ['display_name'],
    pageSize: PAGE_SIZE,
  },
  form: ['display_name', 'codename', 'description', 'type', 'hidden', 'usergroup_id'],
  // The app's wizard chooses the type first; programs may leave it to the source.
  formRequired: ['type'],
});

/** One scenario's latest task on a resource (`_processing`), newest first. */
export interface Processing {
  task_id: number;
  /** The scenario's codename. */
  action: string;
  /** The scenario's name in the request's language. */
  action_label: string;
  state: Extract<TaskStatus, 'PENDING' | 'FAILURE' | 'SUCCESS'>;
  /** A failure's reason in the reader's language. */
  message: string | null;
  date: string;
  acknowledged: boolean;
}

/** What a resource is made of or made into: `{"@app": "resource", "@class": "file-upload", "@uri": "/fr/resource/file-upload/7/"}`. */
export interface ResourceRel {
  '@app': string;
  '@class': string;
  '@uri': string;
}

/** GET resource/resources/{id}/. */
export interface Resource {
  id: number;
  display_name: string;
  codename: string;
  description: string;
  /** Null until its source is created. */
  type: ResourceType | null;
  hidden: boolean;
  usergroup_id: number;
  dataformat_id: number | null;
  dataformat: string | null;
  size: number | null;
  bbox: [number, number, number, number] | null;
  geographic: boolean;
  last_update: string;
  loaded: boolean;
  source_id: number | null;
  editable: boolean;
  _processing: Processing[];
  rel: ResourceRel[];
  /** Its link's latest check: null until checked (or for a file held here). */
  link_broken: boolean | null;
  link_checked_at: string | null;
  link_check: LinkCheck | null;
}

/** One check of a resource's link (GET resource/resources/{id}/link-checks/ lists them, newest first). */
export interface LinkCheck {
  url: string;
  broken: boolean;
  /** The remote's HTTP status; null when it did not answer. */
  status: number | null;
  media_type: string | null;
  size: number | null;
  duration_ms: number;
  /** Why it failed: unreachable, timeout, http-status, private-address, too-many-redirects… */
  error: string | null;
  checked_at: string;
}

/** GET resource/resource-dataset/?dataset_id=N: a resource in a dataset. */
export interface ResourceDataset {
  id: number;
  resource_id: number;
  dataset_id: number;
  type: ResourceDatasetType;
  publish: boolean;
  created_at: string;
  resource: Resource;
}

/** GET resource/{slug}/{id}/: a resource's source; fields that do not apply are null / []. */
export interface ResourceSource {
  id: number;
  resource_id: number;
  dataformat_id: number | null;
  href: string | null;
  filename: string | null;
  size: number | null;
  column_x: string | null;
  column_y: string | null;
  crs: number | null;
  columns: string[];
  preview: string[][];
  schema_name: string | null;
  table_name: string | null;
  layer_name: string | null;
  /** geoserver: whether `layer_name` is a layer or a layer group. */
  layer_type?: 'layer' | 'layergroup' | null;
}

/** GET resource/ftp-choices/?usergroup_id=N. */
export interface FtpChoice {
  value: string;
  label: string;
  size: number;
}

/** What the inspection call answers of a layer. */
export interface InspectedLayer {
  name: string;
  feature_count: number | null;
  /** Features by geometry type (`Polygon`, `MultiPolygon`…). */
  geometry_types: Record<string, number>;
  empty_geometries: number;
  invalid_geometries: number;
  /** EPSG code of the file's CRS; null when the file has none (or one without a code: see crs_name). */
  crs: number | null;
  crs_name: string | null;
  columns: string[];
}

/** `resource/{id}/inspect/`: the layers of a resource's geographic file, before it is loaded. */
export interface Inspection {
  format: string;
  layers: InspectedLayer[];
  /** The layer a load would read: the one named, or the only one; null when one must be chosen. */
  layer: string | null;
  needs_layer: boolean;
  /** True when the chosen layer's file says nothing of its CRS and none was given. */
  needs_crs: boolean;
  /** The chosen layer's first features in WGS 84, when its CRS is known. */
  preview: { type: 'FeatureCollection'; features: Array<{ properties: Record<string, unknown> | null }> } | null;
}
