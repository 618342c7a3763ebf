/**
 * CKAN (action API 3): `package_search`, paged by `start`/`rows`; `command` is the search `q`, the
 * organisation filter an `fq` on the organisation's name.
 */
import { HARVEST_EVERYTHING } from '../../../../schemas/indexers.ts';
import { entry, geoJsonBox, isoDate, keywords, plainText, remoteLink, siteRoot, withParams } from '../mapping.ts';
import type { PageEntry, Reader } from '../types.ts';
import { isObject, jsonOf, list, notCatalogue, str, type Json } from './json.ts';

export const CKAN_ROWS = 100;

function extrasOf(record: Json): Record<string, string> {
  const extras: Record<string, string> = {};
  for (const item of list(record.extras)) if (isObject(item) && typeof item.key === 'string') extras[item.key] = str(item.value);
  return extras;
}

function mapPackage(record: Json): PageEntry {
  const extras = extrasOf(record);
  const organisation = isObject(record.organization) ? record.organization : {};
  const contactName = str(record.maintainer) || str(record.author) || str(organisation.title);
  const contactEmail = str(record.maintainer_email) || str(record.author_email);
  return entry(record.name || record.id, {
    // ckanext-dcat and ckanext-harvest keep a harvested record's origin in these extras.
    origins: [str(record.url), ...['uri', 'guid', 'identifier', 'alternate_identifier', 'harvest_url', 'source_url', 'dct_identifier'].map((key) => extras[key] ?? '')].filter(Boolean),
    title: record.title || record.name,
    description: plainText(record.notes),
    tags: keywords(list(record.tags).map((tag) => (isObject(tag) ? tag.display_name ?? tag.name : tag))),
    licence: [str(record.license_id), str(record.license_title), str(record.license_url)].filter(Boolean),
    creationDate: isoDate(record.metadata_created),
    publicationDate: isoDate(extras.issued) ?? isoDate(record.metadata_created),
    lastUpdateDate: isoDate(record.metadata_modified),
    frequency: extras.frequency || extras['frequency-of-update'] || extras.accrual_periodicity || null,
    bbox: geoJsonBox(extras.spatial),
    contact: contactName || contactEmail ? { name: contactName, email: contactEmail } : null,
    links: list(record.resources)
      .filter(isObject)
      .flatMap((resource) => remoteLink(resource.id, resource.name, resource.url, [resource.format, resource.mimetype])),
  });
}

export const ckanReader: Reader = {
  firstPage(source) {
    const root = siteRoot(source.url, /\/api\/(3\/)?action\/package_search\/?$/);
    return withParams(`${root}/api/3/action/package_search`, {
      q: source.command && source.command !== HARVEST_EVERYTHING ? source.command : null,
      fq: source.organisationFilter ? `organization:${JSON.stringify(source.organisationFilter)}` : null,
      sort: 'name asc',
      rows: CKAN_ROWS,
      start: 0,
    });
  },
  async parse(page, source) {
    const body = jsonOf(page, source);
    if (!isObject(body) || !isObject(body.result) || !Array.isArray(body.result.results)) {
      throw notCatalogue(page, source, 'no result.results list (package_search)');
    }
    const result = body.result;
    const results = list(result.results).filter(isObject);
    const start = Number(new URL(page.url).searchParams.get('start') ?? 0) || 0;
    const count = Number(result.count);
    const nextStart = start + results.length;
    const next = results.length > 0 && Number.isFinite(count) && nextStart < count ? withParams(page.url, { start: nextStart }) : null;
    return { entries: results.map(mapPackage), next };
  },
};
