/**
 * What the quality indicators look at, read from the database: the dataset's record as the public
 * feed describes it, its other fields, its resources with their formats and latest link checks,
 * and the DCAT-AP violations of the record. Read for many datasets at once (the nightly
 * assessment's batches), with a digest of what they are made of to tell which changed.
 */
import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import { prepared, type Db } from '../db/pool.ts';
import { datasetRecordQuads, readFeedContext, readFeedDatasets, type FeedDataset, type FeedLinks } from '../catalog/feed.ts';
import { validateDcatAp, type ShaclResult } from '../catalog/shacl.ts';
import { INDICATORS, RATING_THRESHOLDS, type QualityFacts, type QualityResource } from './indicators.ts';

type Queryable = Db | PoolClient;

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

type FeedContext = Awaited<ReturnType<typeof readFeedContext>>;

interface FieldsRow {
  dataset_id: number;
  licence: boolean;
  year: boolean;
  restriction: boolean;
  rights: boolean;
  contact: boolean;
}

interface ResourceRow {
  dataset_id: number;
  type: string;
  format: string | null;
  mimetypes: string[] | null;
  structured: boolean | null;
  size: string | null;
  href: string | null;
  broken: boolean | null;
}

/** Everything the facts of one dataset are made of, read from the database. */
export interface FactInputs {
  record: FeedDataset;
  context: FeedContext;
  fields: FieldsRow;
  resources: ResourceRow[];
}

/**
 * The inputs of these datasets' facts, by id (unknown ids are left out): a few queries for the
 * whole set. The context (the platform's URN, the themes' labels) is read once when not given.
 */
export async function readFactInputs(db: Queryable, ids: number[], context?: FeedContext): Promise<Map<number, FactInputs>> {
  // One after the other: `db` may be a transaction's client, which runs one query at a time.
  const records = await readFeedDatasets(db, ids);
  const shared = context ?? (await readFeedContext(db));
  // Prepared, as the records' statement: each score a save owes reads them for one dataset.
  const fields = await db.query<FieldsRow>(
    prepared(
      `SELECT d.id AS dataset_id, d.licence_id IS NOT NULL AS licence, d.year IS NOT NULL AS year, d.restriction_id IS NOT NULL AS restriction,
            btrim(d.usage_recommendation) <> '' AS rights,
            EXISTS (SELECT 1 FROM dataset_contacts dc WHERE dc.dataset_id = d.id) AS contact
       FROM datasets d WHERE d.id = ANY($1::integer[])`,
      [ids],
    ),
  );
  const resources = await db.query<ResourceRow>(
    prepared(
      `SELECT rd.dataset_id, r.type, f.codename AS format, f.mimetypes, f.is_structured AS structured, r.size::text AS size,
            CASE WHEN s.kind = ANY($2::text[]) THEN NULLIF(s.href, '') END AS href,
            r.link_broken AS broken
       FROM resource_datasets rd
       JOIN resources r ON r.id = rd.resource_id
       LEFT JOIN data_formats f ON f.id = r.dataformat_id
       LEFT JOIN resource_sources s ON s.resource_id = r.id
      WHERE rd.dataset_id = ANY($1::integer[])
      ORDER BY rd.dataset_id, rd.type, rd.id`,
      [ids, LINKED_SOURCE_KINDS],
    ),
  );
  const fieldsOf = new Map(fields.rows.map((row) => [row.dataset_id, row]));
  const inputs = new Map<number, FactInputs>();
  for (const record of records) {
    const row = fieldsOf.get(record.id);
    if (row) inputs.set(record.id, { record, context: shared, fields: row, resources: [] });
  }
  for (const resource of resources.rows) inputs.get(resource.dataset_id)?.resources.push(resource);
  return inputs;
}

/**
 * What the score is computed from, as a digest: the inputs, and the indicators and thresholds
 * themselves (their code included), so that a new version of them scores every dataset again.
 */
const RULES_DIGEST = createHash('sha256')
  .update(JSON.stringify({ indicators: INDICATORS.map((indicator) => ({ ...indicator, passed: indicator.passed.toString() })), ratings: RATING_THRESHOLDS }))
  .digest('hex');

/**
 * The record's texts and times as the score sees them: whether they are there. The indicators
 * count keywords and look at the presence of texts, and the DCAT-AP shapes at the kinds of values
 * (their classes, datatypes and numbers), never at a text's words, so rewording a description
 * changes no score.
 */
function scoredRecord(record: FeedDataset) {
  const present = (text: string | null) => text !== null && text.trim() !== '';
  return {
    ...record,
    display_name: present(record.display_name),
    description: present(record.description),
    updated_at: true,
    tags: record.tags.length,
    contact_name: present(record.contact_name),
  };
}

export function inputsDigest({ record, context, fields, resources }: FactInputs): string {
  return createHash('sha256').update(RULES_DIGEST).update(JSON.stringify({ record: scoredRecord(record), context, fields, resources })).digest('hex');
}

/** The facts of a dataset from its inputs, its record validated against the DCAT-AP shapes. */
export async function factsOf({ record, context, fields: row, resources }: FactInputs): Promise<DatasetFacts> {
  const shacl = await validateDcatAp(datasetRecordQuads(record, VALIDATION_LINKS, 'fr', context));
  const facts: QualityFacts = {
    keywords: record.tags.length,
    themes: record.categories.length + record.topics.length,
    spatial: record.min_lon !== null && record.min_lat !== null && record.max_lon !== null && record.max_lat !== null,
    temporal: row.year,
    resources: resources.map(
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

/** The facts of a dataset, or null when it does not exist. */
export async function readDatasetFacts(db: Queryable, datasetId: number): Promise<DatasetFacts | null> {
  const inputs = (await readFactInputs(db, [datasetId])).get(datasetId);
  return inputs ? factsOf(inputs) : null;
}
