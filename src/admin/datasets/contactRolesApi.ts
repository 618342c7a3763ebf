/**
 * The contacts of a dataset with their role (`dataset/datasets/{id}/contact-roles/`). A change
 * that would leave the dataset without the point of contact it had is refused unless `force` is
 * set. Contacts themselves are created through the data provider (`contacts` resource).
 */
import { httpClient, type HttpClient } from '../http/client.ts';
import type { Page } from '../providers/dataProvider.ts';

export interface Contact {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  position: string | null;
}

/** A contact of the dataset in one role. */
export interface ContactRole {
  id: number;
  dataset: number;
  contact: number;
  role: number;
  contact_detail: Contact;
}

/** Every contact of a dataset fits one page. */
const CONTACTS_PAGE_SIZE = 100;

const rolesPath = (datasetId: number) => `dataset/datasets/${datasetId}/contact-roles`;
const forced = (force: boolean) => (force ? { force: 'true' } : undefined);

export function createContactRolesApi(http: HttpClient = httpClient) {
  return {
    async list(datasetId: number, signal?: AbortSignal): Promise<ContactRole[]> {
      const { json } = await http.request<Page<ContactRole>>(rolesPath(datasetId), { query: { page_size: CONTACTS_PAGE_SIZE }, signal });
      return json.results;
    },
    add: (datasetId: number, link: { contact: number; role: number }) =>
      http.request<ContactRole>(rolesPath(datasetId), { method: 'POST', body: link }),
    update: (datasetId: number, linkId: number, link: { contact: number; role: number }, force = false) =>
      http.request<ContactRole>(`${rolesPath(datasetId)}/${linkId}`, { method: 'PUT', body: link, query: forced(force) }),
    remove: (datasetId: number, linkId: number, force = false) =>
      http.request(`${rolesPath(datasetId)}/${linkId}`, { method: 'DELETE', query: forced(force) }),
  };
}

export const contactRolesApi = createContactRolesApi();

/** The query of a dataset's contacts, shared by the contacts panel and the quality panel that follows it. */
export const datasetContactRolesQuery = (datasetId: number) => ({
  queryKey: ['dataset-contact-roles', datasetId],
  queryFn: ({ signal }: { signal: AbortSignal }) => contactRolesApi.list(datasetId, signal),
});
