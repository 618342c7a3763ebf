/**
 * Bulk changes of datasets (dataset/bulk/…): the preview, the apply (a task), a change's undo
 * state and its undo. Every call goes through the HTTP client.
 */
import type { BulkBody, BulkOperation, BulkPreview } from '../../../../schemas/bulk.ts';
import type { Task } from '../../../../schemas/scenarios.ts';
import { httpClient, type HttpClient } from '../../http/client.ts';

export function createBulkApi(http: HttpClient = httpClient) {
  const post = async <T,>(path: string, body: object) => (await http.request<T>(path, { method: 'POST', body })).json;
  return {
    preview: (body: BulkBody) => post<BulkPreview>('dataset/bulk/preview', body),
    /** Queues the change: the answer is its task (202). */
    apply: (body: BulkBody) => post<Task>('dataset/bulk/apply', body),
    operation: async (taskId: number, signal?: AbortSignal) => (await http.request<BulkOperation>(`dataset/bulk/${taskId}`, { signal })).json,
    /** Queues the undo: the answer is its task (202). */
    undo: (taskId: number) => post<Task>(`dataset/bulk/${taskId}/undo`, {}),
  };
}

export const bulkApi = createBulkApi();
