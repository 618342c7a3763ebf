/**
 * The react-admin data provider for the platform's DRF-style API. Resources map to API paths
 * through RESOURCE_PATHS (generated from the entity schemas), and every call of a resource
 * carries its schema's `fixedFilters`; every call goes through the HTTP client.
 */
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { httpClient, type HttpClient, type Query } from '../http/client.ts';
import { fixedFilters, orderableFields, resourcePath } from './resourcePaths.ts';

export interface Page<T> {
  count: number;
  /** True when the server counted the rows up to `count` only, and more exist. */
  count_capped?: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * `{field: 'a,b', order: 'DESC'}` → `-a,-b`. Fields outside `orderable` (when given) are left
 * out, so the server's default ordering applies rather than a refusal.
 */
export function toOrdering(sort: GetListParams['sort'] | undefined, orderable?: readonly string[]): string | undefined {
  if (!sort?.field) return undefined;
  const prefix = sort.order === 'DESC' ? '-' : '';
  const fields = sort.field
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field && (!orderable || orderable.includes(field)));
  return fields.length > 0 ? fields.map((field) => `${prefix}${field}`).join(',') : undefined;
}

/** The filter a query parameter of toFilterQuery comes from (the server names its errors by parameter). */
export const filterOfQueryParam = (param: string) => param.replace(/__in$/, '');

/** react-admin filters → DRF query: `q` is the search, arrays become `field__in=a,b`. */
export function toFilterQuery(filter: Record<string, unknown> = {}): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'q') {
      query.search = String(value);
    } else if (Array.isArray(value)) {
      if (value.length === 0) continue;
      query[key.endsWith('__in') ? key : `${key}__in`] = value.join(',');
    } else if (typeof value === 'object') {
      query[key] = JSON.stringify(value);
    } else {
      query[key] = value as string | number | boolean;
    }
  }
  return query;
}

/** The query string of a getList call. */
export function toListQuery(params: Partial<GetListParams>, orderable?: readonly string[]): Query {
  const query: Query = { ...toFilterQuery(params.filter) };
  if (params.pagination) {
    query.page = params.pagination.page;
    query.page_size = params.pagination.perPage;
  }
  const ordering = toOrdering(params.sort, orderable);
  if (ordering) query.ordering = ordering;
  return query;
}

const itemPath = (resource: string, id: Identifier) => `${resourcePath(resource)}/${encodeURIComponent(String(id))}`;

/** Only the fields that changed (PATCH payload). */
function changedFields(data: Record<string, unknown>, previous: Record<string, unknown> | undefined) {
  if (!previous) return data;
  return Object.fromEntries(
    Object.entries(data).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(previous[key])),
  );
}

export function createDataProvider(http: HttpClient = httpClient): DataProvider {
  const list = async (resource: string, params: Partial<GetListParams>) => {
    const { json } = await http.request<Page<RaRecord> | RaRecord[]>(resourcePath(resource), {
      query: { ...toListQuery(params, orderableFields(resource)), ...fixedFilters(resource) },
      signal: params.signal,
    });
    // A few endpoints answer a plain array instead of a page.
    const data = (Array.isArray(json) ? json : json.results) as never[];
    if (Array.isArray(json)) return { data, total: json.length };
    // A capped count: react-admin's partial pagination, the count kept for the footer ("more than 1,000").
    if (json.count_capped) {
      return { data, pageInfo: { hasNextPage: json.next !== null, hasPreviousPage: json.previous !== null }, meta: { countCapped: json.count } };
    }
    return { data, total: json.count };
  };

  return {
    supportAbortSignal: true,

    getList: (resource, params) => list(resource, params),

    getOne: async (resource, params) => {
      const { json } = await http.request<RaRecord>(itemPath(resource, params.id), {
        query: fixedFilters(resource),
        signal: params.signal,
      });
      return { data: json as never };
    },

    getMany: async (resource, params) => {
      if (params.ids.length === 0) return { data: [] };
      const { data } = await list(resource, {
        filter: { id__in: params.ids },
        pagination: { page: 1, perPage: params.ids.length },
        signal: params.signal,
      });
      return { data };
    },

    getManyReference: (resource, params) =>
      list(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),

    create: async (resource, params) => {
      // Entities sharing an endpoint (groups, spheres) are created with their fixed values.
      const fixed = fixedFilters(resource);
      const { json } = await http.request<RaRecord>(resourcePath(resource), {
        method: 'POST',
        query: fixed,
        body: { ...fixed, ...params.data },
      });
      return { data: json } as never;
    },

    update: async (resource, params) => {
      const partial = params.meta?.partial === true;
      const { json } = await http.request<RaRecord>(itemPath(resource, params.id), {
        method: partial ? 'PATCH' : 'PUT',
        query: fixedFilters(resource),
        body: partial ? changedFields(params.data, params.previousData) : params.data,
      });
      return { data: json ?? { ...params.previousData, ...params.data } } as never;
    },

    updateMany: async (resource, params) => {
      await Promise.all(
        params.ids.map((id) =>
          http.request(itemPath(resource, id), { method: 'PATCH', query: fixedFilters(resource), body: params.data }),
        ),
      );
      return { data: params.ids };
    },

    delete: async (resource, params) => {
      await http.request(itemPath(resource, params.id), { method: 'DELETE', query: fixedFilters(resource) });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },

    deleteMany: async (resource, params) => {
      await Promise.all(
        params.ids.map((id) => http.request(itemPath(resource, id), { method: 'DELETE', query: fixedFilters(resource) })),
      );
      return { data: params.ids };
    },
  };
}

export const dataProvider = createDataProvider();
