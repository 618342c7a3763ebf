/**
 * The dataset calls that are not plain entity CRUD (spec, section 7): duplication, children,
 * quality, thumbnail, keyword suggestions and the export's address. Every call goes through the HTTP client.
 */
import type { GetListParams, RaRecord } from 'react-admin';
import { datasets } from '../../../schemas/datasets.ts';
import type { DatasetQuality, QualitySummary } from '../../../schemas/quality.ts';
import { httpClient, type HttpClient } from '../http/client.ts';
import { toListQuery, type Page } from '../providers/dataProvider.ts';
import { orderableFields } from '../providers/resourcePaths.ts';

const datasetPath = (id: number) => `${datasets.endpoint}/${id}`;

/** The ODL export of the list (OpenDataFrance's "catalogue simplifié"), as a CSV file. */
export const EXPORT_PATH = `${datasets.endpoint}/export/odl`;

/** Most keywords a suggestion offers. */
export const TAG_SUGGESTIONS = 10;

export interface Tag {
  id: number;
  name: string;
}

export function createDatasetsApi(http: HttpClient = httpClient) {
  return {
    /** A copy with a new codename, unpublished: the answer is the new dataset. */
    duplicate: async (id: number) => (await http.request<RaRecord>(`${datasetPath(id)}/duplicate/`, { method: 'POST' })).json,

    /** The children the user may see. */
    children: async (id: number, signal?: AbortSignal) => {
      const { json } = await http.request<Page<RaRecord>>(`${datasetPath(id)}/children`, { query: { page_size: 100 }, signal });
      return json;
    },

    /** Its metadata quality: score, rating, dimensions, indicators with hints, DCAT-AP violations. */
    quality: async (id: number, signal?: AbortSignal) => (await http.request<DatasetQuality>(`${datasetPath(id)}/quality`, { signal })).json,

    /** The ratings, most missed indicators and trend of the datasets the user administers (the platform's, or one group's, for a superuser). */
    qualitySummary: async (usergroupId: number | null, signal?: AbortSignal) =>
      (await http.request<QualitySummary>('dataset/quality-summary', { query: usergroupId === null ? {} : { usergroup_id: usergroupId }, signal })).json,

    uploadThumbnail: (id: number, file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return http.request(`${datasetPath(id)}/thumbnail`, { method: 'PUT', body });
    },

    /** Keywords already used on the platform that match the text. */
    suggestTags: async (search: string, signal?: AbortSignal) => {
      const { json } = await http.request<Page<Tag>>('usergroup/taggit/tags', { query: { search, page_size: TAG_SUGGESTIONS }, signal });
      return json.results.map((tag) => tag.name);
    },

    /** The export's address for the list's search, filters and ordering, as the list asks for them. */
    exportUrl: (filter: Record<string, unknown>, sort: GetListParams['sort'] | undefined) =>
      http.url(EXPORT_PATH, toListQuery({ filter, sort }, orderableFields(datasets.resource))),
  };
}

export type DatasetsApi = ReturnType<typeof createDatasetsApi>;

export const datasetsApi = createDatasetsApi();
