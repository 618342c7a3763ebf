/**
 * The indexer calls (spec, section 7 "Indexers"): the kinds, a group's indexers, one indexer's
 * CRUD, its trial (saved or not), running it now, and its last runs from the task queue.
 */
import { INDEXER_LOGS_PAGE_SIZE, HARVEST_SCENARIO, indexers, type HarvestTrial } from '../../../schemas/indexers.ts';
import type { Scenario, Scheduler, Task } from '../../../schemas/scenarios.ts';
import { httpClient, type HttpClient } from '../http/client.ts';
import type { Page } from '../providers/dataProvider.ts';

export interface IndexerType {
  id: number;
  codename: string;
  display_name: string;
}

export interface Indexer {
  id: number;
  implementation_type: number;
  name: string;
  description: string;
  url: string;
  command: string;
  organisation_filter: string;
  url_pattern: string;
  scheduler: number;
  usergroup: number;
  updated_at: string;
}

export type IndexerForm = Omit<Indexer, 'id' | 'updated_at'>;

const base = indexers.endpoint;
const one = (id: number) => `${base}/${id}`;

export function createIndexersApi(http: HttpClient = httpClient) {
  return {
    types: async (signal?: AbortSignal) => (await http.request<Page<IndexerType>>('indexer/remote-api-index-types', { signal })).json.results,
    schedulers: async (signal?: AbortSignal) => (await http.request<Scheduler[]>('usergroup/schedulers', { signal })).json,
    ofGroup: async (usergroupId: number, signal?: AbortSignal) =>
      (await http.request<Page<Indexer>>(base, { query: { usergroup_id: usergroupId, page_size: 100 }, signal })).json.results,
    get: async (id: number, signal?: AbortSignal) => (await http.request<Indexer>(one(id), { signal })).json,
    create: async (form: IndexerForm) => (await http.request<Indexer>(base, { method: 'POST', body: form })).json,
    update: async (id: number, form: IndexerForm) => (await http.request<Indexer>(one(id), { method: 'PUT', body: form })).json,
    remove: async (id: number) => {
      await http.request(one(id), { method: 'DELETE' });
    },
    /** What a run would do: of the saved indexer, or of the form before it is saved. */
    trial: async (id: number | null, form: IndexerForm) =>
      id === null
        ? (await http.request<HarvestTrial>(`${base}/trial`, { method: 'POST', body: form })).json
        : (await http.request<HarvestTrial>(`${one(id)}/trial`)).json,
    /** Runs the harvest now, in the background: the answer is its task (202). */
    runNow: async (id: number) => {
      const scenarios = (await http.request<Scenario[]>(`${one(id)}/_scenarios`)).json;
      const harvest = scenarios.find((scenario) => scenario.codename === HARVEST_SCENARIO);
      if (!harvest) throw new Error('no harvest scenario');
      return (await http.request<Task>(`${one(id)}/_scenarios/${harvest.id}/run`, { method: 'POST', query: { asynchrone: 'true' }, body: {} })).json;
    },
    /** The last runs (spec, section 9: indexer logs page size). */
    runs: async (id: number, signal?: AbortSignal) =>
      (await http.request<Page<Task>>('dashboard/task-queue-track', {
        query: { object_class: 'remoteapiindex', object_id: id, page_size: INDEXER_LOGS_PAGE_SIZE },
        signal,
      })).json.results,
  };
}

export const indexersApi = createIndexersApi();
