/**
 * What the quality indicators look at, read from the database: the dataset's record as the public
 * feed describes it, its other fields, its resources with their formats and latest link checks,
 * and the DCAT-AP violations of the record.
 */
import type { Db } from '../db/pool.ts';
import { datasetRecordQuads, readFeedContext, readFeedDatasets, type FeedLinks } from '../catalog/feed.ts';
import { validateDcatAp, type ShaclResult } from '../catalog/shacl.ts';
import type { QualityFacts, QualityResource } from './indicators.ts';

/**
 * The addresses a record is validated with. The shapes look at the kinds of values, never at the
 * addresses themselves, so any absolute base gives the same results.
 */
const VALIDATION_BASE = 'http://localhost/';
const VALIDATION_LINKS: FeedLinks = { catalog: `${VALIDATION_BASE}catalog/`, portal: VALIDATION_BASE, page: () => `${VALIDATION_BASE}catalog/` };

/** Resource kinds whose data sits behind an address someone gave (checked by the link checker). */
export const LINKED_SOURCE_KINDS = ['href', 'file-download'] as const;

export interface DatasetFacts {
  facts: QualityFacts;
  shacl: ShaclResult[];
}

/** The facts of a dataset, or null when it does not exist; its reads run side by side on the pool. */
export async function readDatasetFacts(db: Db, datasetId: number): Promise<DatasetFacts | null> {
  const [record] = await readFeedDatasets(db, [datasetId]);
  if (!record) return null;
  const [context, fields, resources] = await Promise.all([
    readFeedContext(db),
    db.query<{ licence: boolean; year: boolean; restriction: boolean; rights: boolean; contact: boolean }>(
      `SELECT d.licence_id IS NOT NULL AS licence, d.year IS NOT NULL AS year, d.restriction_id IS NOT NULL AS restriction,
              btrim(d.usage_recommendation) <> '' AS rights,
              EXISTS (SELECT 1 FROM dataset_contacts dc WHERE dc.dataset_id = d.id) AS contact
         FROM datasets d WHERE d.id = $1`,
      [datasetId],
    ),
    db.query<{ type: string; format: string | null; mimetypes: string[] | null; structured: boolean | null; size: string | null; href: string | null; broken: boolean | null }>(
      `SELECT r.type, f.codename AS format, f.mimetypes, f.is_structured AS structured, r.size::text AS size,
              CASE WHEN s.kind = ANY($2::text[]) THEN NULLIF(s.href, '') END AS href,
              r.link_broken AS broken
         FROM resource_datasets rd
         JOIN resources r ON r.id = rd.resource_id
         LEFT JOIN data_formats f ON f.id = r.dataformat_id
         LEFT JOIN resource_sources s ON s.resource_id = r.id
        WHERE rd.dataset_id = $1
        ORDER BY rd.type, rd.id`,
      [datasetId, LINKED_SOURCE_KINDS],
    ),
  ]);
  const shacl = await validateDcatAp(datasetRecordQuads(record, VALIDATION_LINKS, 'fr', context));
  const row = fields.rows[0];
  const facts: QualityFacts = {
    keywords: record.tags.length,
    themes: record.categories.length + record.topics.length,
    spatial: record.min_lon !== null && record.min_lat !== null && record.max_lon !== null && record.max_lat !== null,
    temporal: row.year,
    resources: resources.rows.map(
      (resource): QualityResource => ({
        type: resource.type,
        format: resource.format,
        mediaTypes: resource.mimetypes ?? [],
        machineReadable: resource.structured === true,
        size: resource.size === null ? null : Number(resource.size),
        link: resource.href === null ? null : { url: resource.href, broken: resource.broken === true },
      }),
    ),
    licence: row.licence,
    licenceKnown: record.licence_url !== null,
    accessRights: row.restriction,
    contactPoint: row.contact,
    publisher: record.owner_name !== '',
    rights: row.rights,
    issued: record.publication_date !== null,
    modified: record.last_update_date !== null || record.revision_date !== null,
    shaclViolations: shacl.filter((result) => result.severity === 'violation').length,
  };
  return { facts, shacl };
}
