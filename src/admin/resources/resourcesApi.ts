/**
 * Every call of the resource screens (issue 9's contract): resources, their link to a dataset,
 * their sources, scenarios and runs, the choices the forms offer, geographic layers, their
 * features and styles. The paths live here and nowhere else; every call goes through the HTTP
 * client (files through its upload companion, which reports bytes sent).
 */
import type { Locale } from '../../../schemas/constants.ts';
import type { Scenario, Task } from '../../../schemas/scenarios.ts';
import type { LegacyStyleConfig, MarkShape, Style } from '../../../schemas/styles.ts';
import type { ClassMethod } from './classification.ts';
import { apiPath, httpClient, type HttpClient } from '../http/client.ts';
import { uploadFile, type UploadProgress } from '../http/upload.ts';
import type { Page } from '../providers/dataProvider.ts';
import {
  RESOURCE_DATASET_TYPE,
  RESOURCE_TYPES,
  type FtpChoice,
  type InspectedLayer,
  type Inspection,
  type LinkCheck,
  type Processing,
  type Resource,
  type ResourceDataset,
  type ResourceRel as Relation,
  type ResourceSource as Source,
  type ResourceType,
} from '../../../schemas/resources.ts';

// The resources' shapes are the shared schema's (schemas/resources.ts); the screens import them from here.
export { RESOURCE_TYPES, type FtpChoice, type InspectedLayer, type Inspection, type Processing, type Relation, type Resource, type ResourceDataset, type ResourceType, type Source };

/**
 * The kinds whose data lives elsewhere and may change there, whose update scenario a scheduler
 * runs (spec, section 3: the resource's scheduler and update scenario): a download, a file of the
 * sFTP folder, a datastore table.
 */
export const SCHEDULED_TYPES: readonly ResourceType[] = ['file-download', 'ftp', 'datastore'];

/** What an annex may be (spec, section 4). */
export const ANNEX_TYPES: readonly ResourceType[] = ['file-upload', 'file-download', 'ftp', 'href'];

/** resource_datasets.type */
export const RESOURCE_ROLES = RESOURCE_DATASET_TYPE;
export type ResourceRole = keyof typeof RESOURCE_ROLES;

export type ProcessingState = Processing['state'];

export interface ResourceWrite {
  display_name: string;
  description?: string;
  type: ResourceType;
  hidden?: boolean;
  usergroup_id: number;
}

/** What a source write carries, per kind (fields that do not apply are left out). */
export type SourceWrite = Partial<Pick<Source, 'dataformat_id' | 'href' | 'filename' | 'column_x' | 'column_y' | 'crs' | 'schema_name' | 'table_name' | 'layer_name'>> & {
  resource_id?: number;
  /** geoserver: `workspace:layer`, and whether it is a layer or a layer group. */
  name?: string;
  layer_type?: MapLayerType;
};

/** What a map server resource mirrors. */
export type MapLayerType = 'layer' | 'layergroup';

export interface Crs {
  code: number;
  label: string;
}

export interface DatastoreTable {
  schema_name: string;
  table_name: string;
}

/** Graduated classes of a numeric column: each [min, max) its colour (the last class includes its max). */
export interface GraduatedConfig {
  kind: 'graduated';
  column: string;
  method: ClassMethod;
  palette: string;
  size: number;
  opacity: number;
  classes: Array<{ min: number; max: number; color: string }>;
}

/** The symbol's settings beyond colour, size and opacity (unset: the defaults of schemas/styles.ts). */
export interface SymbolSettings {
  shape?: MarkShape;
  strokeColor?: string;
  strokeWidth?: number;
  dash?: DashName;
  /** Unset: each class's own colour. */
  outlineColor?: string;
  outlineWidth?: number;
}

export type DashName = 'solid' | 'dash' | 'dot';

/** Labels from a column: text size (px), colour, and a halo of a colour and width (px). */
export interface LabelSettings {
  column: string;
  size: number;
  color: string;
  haloColor: string;
  haloWidth: number;
}

/** The zooms a style is drawn between (either end open). */
export interface ZoomRange {
  min?: number;
  max?: number;
}

/**
 * What the style editor edits: one colour for all, one per value of a column (and `other`, the
 * colour of the values no class lists; unset: they are not drawn), or graduated classes, with the
 * symbol's settings, labels from a column and the zooms it is drawn between (a GeoStyler style is
 * made of it).
 */
export type StyleConfig = (LegacyStyleConfig | GraduatedConfig) & { symbol?: SymbolSettings; label?: LabelSettings; other?: string; zoom?: ZoomRange };
export type StyleFormat = 'sld' | 'qml';

export interface LayerStyle {
  id: number;
  layer_id: number;
  display_name: string;
  /** A GeoStyler style. */
  config: Style;
  sld: string;
  applied_at: string | null;
}

/** A style replaced by a file, with what the SLD 1.0.0 schema says of the file when it does not validate. */
export interface ImportedStyle extends LayerStyle {
  warnings: string[];
}

export interface GeographicLayer {
  id: number;
  resource_id: number;
  display_name: string;
  codename: string;
  column_x: string | null;
  column_y: string | null;
  crs: number | null;
  bbox: [number, number, number, number] | null;
  feature_count: number;
  /** Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon or Geometry (several). */
  geometry_type?: string | null;
  storage?: 'postgis' | 'plain';
  /** The file's layer it was loaded from (null for a CSV). */
  source_layer?: string | null;
  schema_name: string;
  table_name: string;
  styles: LayerStyle[];
}

export interface Feature {
  type: 'Feature';
  id?: number | string;
  geometry: { type: 'Point'; coordinates: [number, number] } | null;
  properties: Record<string, unknown>;
}

export interface FeatureCollection {
  type: 'FeatureCollection';
  features: Feature[];
  numberMatched?: number;
  numberReturned?: number;
}

/** The dataset a run acts for (`kwargs.target`), so the dataset's tasks list it. */
export const datasetTarget = (datasetId: number) => ({ kwargs: { target: { model: 'dataset', app_label: 'dataset', pk: datasetId } } });

/** Where the datastore databases are listed: the tabular datastore, or the geographic one. */
export type DatastoreKind = 'datapusher' | 'geospatial';

/** Features read for the style editor's columns and values (the map draws the tiles). */
export const FEATURE_LIMIT = 200;

/** The checks of a link its history shows. */
export const LINK_CHECKS_SHOWN = 20;

const id = (value: number | string) => encodeURIComponent(String(value));

/** The datastore's database when none is known (the embedded datastore's name). */
export const DEFAULT_DATABASE = 'datastore';

/** Where a kind's sources live: files and links under resource/, a datastore table under its database, a map server layer under the mirror. */
function sourceBase(type: ResourceType, database = DEFAULT_DATABASE): string {
  if (type === 'datastore') return `datapusher/datastores/${id(database)}`;
  if (type === 'geoserver') return 'geoserv/mirror';
  return `resource/${type}`;
}

export const PATHS = {
  resources: 'resource/resources',
  resource: (resourceId: number) => `resource/resources/${id(resourceId)}`,
  resourceDatasets: 'resource/resource-dataset',
  resourceDataset: (linkId: number) => `resource/resource-dataset/${id(linkId)}`,
  resourceDatasetScenarios: (linkId: number) => `resource/resource-dataset/${id(linkId)}/_scenarios`,
  resourceDatasetRun: (linkId: number, scenarioId: number) => `resource/resource-dataset/${id(linkId)}/_scenarios/${id(scenarioId)}/run`,
  /** The source endpoint of a kind (datastore and geoserver sources are created elsewhere, see below). */
  sources: (type: ResourceType) => `resource/${type}`,
  source: (type: ResourceType, sourceId: number, database?: string) => `${sourceBase(type, database)}/${id(sourceId)}`,
  sourceFile: (sourceId: number) => `resource/file-upload/${id(sourceId)}/file`,
  sourceScenarios: (type: ResourceType, sourceId: number, database?: string) => `${sourceBase(type, database)}/${id(sourceId)}/_scenarios`,
  sourceRun: (type: ResourceType, sourceId: number, scenarioId: number, database?: string) =>
    `${sourceBase(type, database)}/${id(sourceId)}/_scenarios/${id(scenarioId)}/run`,
  crs: 'resource/crs',
  inspect: (resourceId: number) => `resource/${id(resourceId)}/inspect`,
  kinds: 'resource/kinds',
  ftpChoices: 'resource/ftp-choices',
  datastoreDatabases: (kind: DatastoreKind) => `${kind}/datastores/databases`,
  datastoreTables: (kind: DatastoreKind, database: string) => `${kind}/datastores/${id(database)}/tables`,
  /** A datastore resource's source: a table of one database. */
  datastoreSource: (kind: DatastoreKind, database: string) => `${kind}/datastores/${id(database)}`,
  mapServerWorkspaces: 'geoserv/rest/workspaces.json',
  mapServerLayers: (workspace: string) => `geoserv/rest/workspaces/${id(workspace)}/layers.json`,
  mapServerLayerGroups: (workspace: string) => `geoserv/rest/workspaces/${id(workspace)}/layergroups.json`,
  mapServerMirror: (layerType: string) => `geoserv/mirror/${id(layerType)}`,
  task: (taskId: number) => `dashboard/task-queue-track/${id(taskId)}`,
  schedulers: 'usergroup/schedulers',
  /** Scheduled scenario runs: listed by object, created here, changed and removed by id. */
  scheduledRuns: 'resource/scenario-execution-frequency',
  scheduledRun: (frequencyId: number) => `resource/scenario-execution-frequency/${id(frequencyId)}`,
  linkChecks: (resourceId: number) => `resource/resources/${id(resourceId)}/link-checks`,
  layer: (layerId: number) => `geospatial/geographiclayer/${id(layerId)}`,
  layerFeatures: (layerId: number) => `geospatial/geographiclayer/${id(layerId)}/features`,
  /** The layer's vector tiles, a template for the map (no trailing slash). */
  layerTiles: (locale: Locale, layerId: number) => `${apiPath(locale, `geospatial/geographiclayer/${id(layerId)}`)}tiles/{z}/{x}/{y}.pbf`,
  layerStyles: (layerId: number) => `geospatial/geographiclayer/${id(layerId)}/style`,
  style: (styleId: number) => `geospatial/style/${id(styleId)}`,
  styleConfig: (styleId: number) => `geospatial/style/${id(styleId)}/config`,
  styleFile: (styleId: number, format: StyleFormat) => `geospatial/style/${id(styleId)}/${format}`,
  /** The address a link downloads the style's file from. */
  styleDownload: (locale: Locale, styleId: number, format: StyleFormat) => `${apiPath(locale, `geospatial/style/${id(styleId)}/${format}`)}`,
  styleScenarios: (styleId: number) => `geospatial/style/${id(styleId)}/_scenarios`,
  styleRun: (styleId: number, scenarioId: number) => `geospatial/style/${id(styleId)}/_scenarios/${id(scenarioId)}/run`,
} as const;

/** The geographic layer a resource's `rel` names, if any. */
export function layerIdOf(resource: Pick<Resource, 'rel'>): number | null {
  const relation = resource.rel?.find((candidate) => candidate['@app'] === 'geospatial' && candidate['@class'] === 'geographiclayer');
  const match = relation?.['@uri'].match(/\/(\d+)\/?$/);
  return match ? Number(match[1]) : null;
}

/** The database of a datastore resource's source, read from its `rel` (`/fr/datapusher/datastores/{database}/{id}/`). */
export function databaseOf(resource: Pick<Resource, 'rel'>): string | undefined {
  const relation = resource.rel?.find((candidate) => candidate['@app'] === 'resource' && candidate['@class'] === 'datastore');
  const match = relation?.['@uri'].match(/\/datastores\/([^/]+)\/\d+\/?$/);
  return match ? decodeURIComponent(match[1]) : undefined;
}

export function createResourcesApi(http: HttpClient = httpClient) {
  const get = async <T>(path: string, query?: Record<string, string | number | boolean | undefined>, signal?: AbortSignal) =>
    (await http.request<T>(path, { query, signal })).json;
  const send = async <T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, query?: Record<string, string>) =>
    (await http.request<T>(path, { method, body, query })).json;
  return {
    /** A dataset's resources: main first, then annexes by creation. */
    ofDataset: async (datasetId: number, signal?: AbortSignal) =>
      (await get<Page<ResourceDataset>>(PATHS.resourceDatasets, { dataset_id: datasetId, page_size: 100 }, signal)).results,
    resource: (resourceId: number, signal?: AbortSignal) => get<Resource>(PATHS.resource(resourceId), undefined, signal),
    createResource: (body: ResourceWrite) => send<Resource>('POST', PATHS.resources, body),
    updateResource: (resourceId: number, body: ResourceWrite) => send<Resource>('PUT', PATHS.resource(resourceId), body),
    deleteResource: (resourceId: number) => send<null>('DELETE', PATHS.resource(resourceId)),
    link: (body: { resource_id: number; dataset_id: number; publish: boolean; type: 1 | 2 }) =>
      send<ResourceDataset>('POST', PATHS.resourceDatasets, body),

    linkScenarios: (linkId: number) => get<Scenario[]>(PATHS.resourceDatasetScenarios(linkId)),
    /** Publishes or withdraws the resource in the dataset (`publish-resourcedataset`, `unpublish-resourcedataset`). */
    runLinkScenario: (linkId: number, scenarioId: number, datasetId: number) =>
      send<Task>('POST', PATHS.resourceDatasetRun(linkId, scenarioId), datasetTarget(datasetId), { asynchrone: 'true' }),

    source: (type: ResourceType, sourceId: number, signal?: AbortSignal, database?: string) => get<Source>(PATHS.source(type, sourceId, database), undefined, signal),
    createSource: (type: ResourceType, body: SourceWrite) => send<Source>('POST', PATHS.sources(type), body),
    updateSource: (type: ResourceType, sourceId: number, body: SourceWrite, database?: string) => send<Source>('PATCH', PATHS.source(type, sourceId, database), body),
    /** Sends the file of a file-upload source; the answer is the source with its columns and preview. */
    uploadSourceFile: (sourceId: number, file: File, onProgress: (progress: UploadProgress) => void) =>
      uploadFile<Source>(PATHS.sourceFile(sourceId), file, { onProgress }, http),
    createDatastoreSource: (kind: DatastoreKind, database: string, body: SourceWrite) =>
      send<Source>('POST', PATHS.datastoreSource(kind, database), body),
    createMirror: (layerType: MapLayerType, body: { name: string; resource_id: number }) => send<Source>('POST', PATHS.mapServerMirror(layerType), body),

    sourceScenarios: (type: ResourceType, sourceId: number, database?: string) => get<Scenario[]>(PATHS.sourceScenarios(type, sourceId, database)),
    runSourceScenario: (type: ResourceType, sourceId: number, scenarioId: number, datasetId: number, database?: string) =>
      send<Task>('POST', PATHS.sourceRun(type, sourceId, scenarioId, database), datasetTarget(datasetId), { asynchrone: 'true' }),
    task: (taskId: number, signal?: AbortSignal) => get<Task>(PATHS.task(taskId), undefined, signal),
    /** The latest checks of the resource's link, newest first. */
    linkChecks: async (resourceId: number, signal?: AbortSignal) =>
      (await get<Page<LinkCheck>>(PATHS.linkChecks(resourceId), { page_size: LINK_CHECKS_SHOWN }, signal)).results,

    crs: (signal?: AbortSignal) => get<Crs[]>(PATHS.crs, undefined, signal),
    /** The layers of the resource's geographic file (its pending upload, else its current file), read with this layer and CRS. */
    inspect: (resourceId: number, choice: { layer_name?: string; crs?: number }, signal?: AbortSignal) =>
      get<Inspection>(PATHS.inspect(resourceId), { layer_name: choice.layer_name || undefined, crs: choice.crs }, signal),
    /** The types a resource can be made of on this platform now. */
    kinds: (signal?: AbortSignal) => get<ResourceType[]>(PATHS.kinds, undefined, signal),
    ftpChoices: (usergroupId: number, signal?: AbortSignal) => get<FtpChoice[]>(PATHS.ftpChoices, { usergroup_id: usergroupId }, signal),
    /** The names of the datastore databases (the server answers `[{name}]`). */
    datastoreDatabases: async (kind: DatastoreKind, signal?: AbortSignal) =>
      (await get<Array<{ name: string }>>(PATHS.datastoreDatabases(kind), undefined, signal)).map((database) => database.name),
    /** The first 10 tables: free ones when `search` is empty, else those matching it. */
    datastoreTables: (kind: DatastoreKind, database: string, search: string, signal?: AbortSignal) =>
      get<DatastoreTable[]>(PATHS.datastoreTables(kind, database), search ? { search } : { free: true }, signal),

    layer: (layerId: number, signal?: AbortSignal) => get<GeographicLayer>(PATHS.layer(layerId), undefined, signal),
    features: (layerId: number, bbox: readonly number[], signal?: AbortSignal) =>
      get<FeatureCollection>(PATHS.layerFeatures(layerId), { bbox: bbox.map((value) => value.toFixed(6)).join(','), limit: FEATURE_LIMIT, offset: 0 }, signal),
    createStyle: (layerId: number, displayName: string) => send<LayerStyle>('POST', PATHS.layerStyles(layerId), { display_name: displayName }),
    setStyleConfig: (styleId: number, config: Style) => send<LayerStyle>('PUT', PATHS.styleConfig(styleId), { config }),
    /** Replaces the style's config with an SLD or QGIS file's (multipart part `file`). */
    importStyle: (styleId: number, format: StyleFormat, file: File) => uploadFile<ImportedStyle>(PATHS.styleFile(styleId, format), file, {}, http),
    styleScenarios: (styleId: number) => get<Scenario[]>(PATHS.styleScenarios(styleId)),
    runStyleScenario: (styleId: number, scenarioId: number) => send<Task>('POST', PATHS.styleRun(styleId, scenarioId), {}, { asynchrone: 'true' }),
  };
}

export type ResourcesApi = ReturnType<typeof createResourcesApi>;

export const resourcesApi = createResourcesApi();

/** Query keys of the resource reads, to refresh them after a change. */
export const RESOURCE_KEYS = {
  all: ['dataset-resources'] as const,
  ofDataset: (datasetId: number) => ['dataset-resources', 'dataset', datasetId] as const,
  resource: (resourceId: number) => ['dataset-resources', 'resource', resourceId] as const,
  layer: (layerId: number) => ['dataset-resources', 'layer', layerId] as const,
  inspection: (resourceId: number, layerName: string, crs: number | '') => ['dataset-resources', 'inspect', resourceId, layerName, crs] as const,
};

/**
 * The query of a dataset's resources, for every screen that reads them: one key, one function, so
 * a refetch any of them causes reads them the same way.
 */
export const datasetResourcesQuery = (datasetId: number) => ({
  queryKey: RESOURCE_KEYS.ofDataset(datasetId),
  queryFn: ({ signal }: { signal: AbortSignal }) => resourcesApi.ofDataset(datasetId, signal),
});
