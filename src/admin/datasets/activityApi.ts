/**
 * A dataset's history (`dataset/datasets/{id}/activity/?page`): who changed it, when, how, and
 * each changed field's old and new value. The server pages it at PAGE_SIZE, newest first.
 */
import { httpClient, type HttpClient } from '../http/client.ts';
import type { Page } from '../providers/dataProvider.ts';

/** One field's values before and after a change (`old` is null for a creation). */
export interface FieldChange {
  old: unknown;
  new: unknown;
}

export interface ActivityUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
}

export interface ActivityEntry {
  id: number;
  /** 'create', 'update', 'duplicate', 'contacts'… */
  action: string;
  changes: Record<string, FieldChange>;
  created_at: string;
  /** Null once the account is gone. */
  user: ActivityUser | null;
}

export function createActivityApi(http: HttpClient = httpClient) {
  return {
    async page(datasetId: number, page: number, signal?: AbortSignal): Promise<Page<ActivityEntry>> {
      const { json } = await http.request<Page<ActivityEntry>>(`dataset/datasets/${datasetId}/activity`, { query: { page }, signal });
      return json;
    },
  };
}

export const activityApi = createActivityApi();
