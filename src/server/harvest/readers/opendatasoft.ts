/**
 * Opendatasoft (Explore API v2.1): `GET /api/explore/v2.1/catalog/datasets`, paged by `offset`
 * up to `total_count`; `command` is an ODSQL `where`, the organisation filter a refine on the publisher.
 */
import { HARVEST_EVERYTHING } from '../../../../schemas/indexers.ts';
import { entry, geoJsonBox, isoDate, keywords, plainText, siteRoot, withParams } from '../mapping.ts';
import type { PageEntry, Reader } from '../types.ts';
import { isObject, jsonOf, list, notCatalogue, str, type Json } from './json.ts';

export const ODS_LIMIT = 100;

function mapDataset(record: Json): PageEntry {
  const metas = isObject(record.metas) ? record.metas : {};
  const meta = isObject(metas.default) ? metas.default : {};
  const dcat = isObject(metas.dcat) ? metas.dcat : {};
  const contactName = str(dcat.contact_name) || str(meta.publisher);
  const contactEmail = str(dcat.contact_email);
  return entry(record.dataset_id, {
    title: meta.title,
    description: plainText(meta.description),
    tags: keywords(list(meta.keyword)),
    licence: [str(meta.license), str(meta.license_url)].filter(Boolean),
    creationDate: isoDate(dcat.created),
    publicationDate: isoDate(dcat.issued),
    lastUpdateDate: isoDate(meta.modified),
    frequency: str(dcat.accrualperiodicity) || null,
    bbox: geoJsonBox(meta.bbox),
    contact: contactName || contactEmail ? { name: contactName, email: contactEmail } : null,
    links: [],
    origins: [],
  });
}

export const opendatasoftReader: Reader = {
  firstPage(source) {
    const root = siteRoot(source.url, /\/api\/explore\/v2\.1\/catalog\/datasets\/?$/);
    return withParams(`${root}/api/explore/v2.1/catalog/datasets`, {
      where: source.command && source.command !== HARVEST_EVERYTHING ? source.command : null,
      refine: source.organisationFilter ? `publisher:${source.organisationFilter}` : null,
      order_by: 'dataset_id',
      limit: ODS_LIMIT,
      offset: 0,
    });
  },
  async parse(page, source) {
    const body = jsonOf(page, source);
    if (!isObject(body) || !Array.isArray(body.results) || typeof body.total_count !== 'number') {
      throw notCatalogue(page, source, 'no total_count and results (Explore v2.1 catalog/datasets)');
    }
    const results = list(body.results).filter(isObject);
    const offset = Number(new URL(page.url).searchParams.get('offset') ?? 0) || 0;
    const nextOffset = offset + results.length;
    const next = results.length > 0 && nextOffset < body.total_count ? withParams(page.url, { offset: nextOffset }) : null;
    return { entries: results.map(mapDataset), next };
  },
};
