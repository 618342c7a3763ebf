/**
 * udata (data.gouv.fr API 1): `GET /api/1/datasets/`, paged by the `next_page` it names; `command`
 * is the search `q`, the organisation filter its `organization` id.
 */
import { HARVEST_EVERYTHING } from '../../../../schemas/indexers.ts';
import { entry, geoJsonBox, isoDate, keywords, plainText, remoteLink, siteRoot, withParams } from '../mapping.ts';
import type { PageEntry, Reader } from '../types.ts';
import { isObject, jsonOf, list, notCatalogue, str, type Json } from './json.ts';

function mapDataset(record: Json): PageEntry {
  const contact = list(record.contact_points).find(isObject);
  const organisation = isObject(record.organization) ? record.organization : {};
  const spatial = isObject(record.spatial) ? record.spatial : {};
  // udata keeps a harvested dataset's origin under `harvest` (remote_url, uri, dct_identifier…).
  const harvest = isObject(record.harvest) ? record.harvest : {};
  return entry(record.id, {
    origins: Object.values(harvest).filter((value): value is string => typeof value === 'string' && value !== ''),
    title: record.title,
    description: plainText(record.description),
    tags: keywords(list(record.tags)),
    licence: [str(record.license)].filter(Boolean),
    creationDate: isoDate(record.created_at),
    publicationDate: isoDate(record.created_at),
    lastUpdateDate: isoDate(record.last_update) ?? isoDate(record.last_modified),
    frequency: str(record.frequency) || null,
    bbox: geoJsonBox(spatial.geom),
    contact: contact ? { name: str(contact.name), email: str(contact.email) } : str(organisation.name) ? { name: str(organisation.name), email: '' } : null,
    // udata's resource type `main` marks the dataset's main files (others: documentation, api…).
    links: list(record.resources)
      .filter(isObject)
      .flatMap((resource) => remoteLink(resource.id, resource.title, resource.url, [resource.format, resource.mime], resource.type === 'main')),
  });
}

export const udataReader: Reader = {
  firstPage(source) {
    const root = siteRoot(source.url, /\/api\/1\/datasets\/?$/);
    return withParams(`${root}/api/1/datasets/`, {
      q: source.command && source.command !== HARVEST_EVERYTHING ? source.command : null,
      organization: source.organisationFilter || null,
      page: 1,
      page_size: 100,
    });
  },
  async parse(page, source) {
    const body = jsonOf(page, source);
    if (!isObject(body) || !Array.isArray(body.data)) throw notCatalogue(page, source, 'no data list (api/1/datasets)');
    const next = typeof body.next_page === 'string' && body.next_page ? new URL(body.next_page, page.url).toString() : null;
    return { entries: list(body.data).filter(isObject).map(mapDataset), next };
  },
};
