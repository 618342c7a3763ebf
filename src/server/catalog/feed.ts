/**
 * The public DCAT-AP catalogue: which datasets it lists, one page of them read from the database,
 * and that page as RDF quads (dcat:Catalog + hydra:Collection, one dcat:Dataset per entry).
 *
 * Listed: datasets with a catalog_entries row (exposed by the publish scenario) that are published
 * (publish true or null) and that anyone may find (default_permission_level >= search). A dataset
 * restricted to some groups, or unpublished, is left out, even its identifier, whatever its entry.
 */
import type { Quad, Quad_Object, Quad_Subject } from '@rdfjs/types';
import { DataFactory } from 'n3';
import type { PoolClient } from 'pg';
import type { Locale } from '../../../schemas/constants.ts';
import { CATALOGUE_MIN_LEVEL } from '../../../schemas/datasets.ts';
import { prepared, type Db } from '../db/pool.ts';
import { computedBoxColumns } from '../datasets/coverage.ts';
import { platformDatasetUrn, platformUrn } from '../harvest/origin.ts';
import { remoteUrl } from '../harvest/indexer.ts';
import { t } from '../i18n.ts';
import { ACCESS_RIGHTS, DATA_THEME, INSPIRE_THEME_SCHEME, LANGUAGE_IRIS, NS, dataThemeIris, frequencyIri, inspireThemeIris } from './vocabulary.ts';

const { namedNode, literal, quad } = DataFactory;

/** SQL condition on `d` (datasets) and `e` (catalog_entries): the entry is in the public feed (isListedInCatalogue in SQL). */
export const LISTED_CONDITION = `COALESCE(d.publish, true) AND d.default_permission_level >= ${CATALOGUE_MIN_LEVEL}`;

export interface FeedQuery {
  page: number;
  pageSize: number;
  /** Full-text search words, already split (empty: every listed dataset). */
  words: string[];
}

export interface FeedDataset {
  id: number;
  codename: string;
  display_name: string;
  description: string;
  created_at: Date;
  updated_at: Date;
  publication_date: string | null;
  last_update_date: string | null;
  revision_date: string | null;
  owner_name: string;
  owner_slug: string;
  licence_url: string | null;
  frequency: string | null;
  tags: string[];
  categories: string[];
  topics: string[];
  min_lon: number | null;
  min_lat: number | null;
  max_lon: number | null;
  max_lat: number | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  /** A harvested dataset's remote identifier and its indexer's URL pattern (null for a dataset made here). */
  harvest_remote_id: string | null;
  harvest_url_pattern: string | null;
}

export interface FeedPage {
  total: number;
  /** The latest exposure or change of a listed dataset; null when none is listed. */
  modified: Date | null;
  datasets: FeedDataset[];
  /** This platform's URN (harvest/origin.ts): its datasets' other identifiers start with it. */
  platform: string;
  /** The labels of the themes (EU data themes by code, INSPIRE themes by code), for their skos:prefLabel. */
  themeLabels: ThemeLabels;
}

export interface ThemeLabels {
  data: Record<string, Record<string, string>>;
  inspire: Record<string, Record<string, string>>;
}

/** The labels of the EU data themes (categories) and INSPIRE themes (topics), in every language. */
async function readThemeLabels(db: Db | PoolClient): Promise<ThemeLabels> {
  const { rows } = await db.query<{ kind: 'data' | 'inspire'; codename: string; labels: Record<string, string> }>(
    `SELECT 'data' AS kind, codename, labels FROM categories UNION ALL SELECT 'inspire', codename, labels FROM topics`,
  );
  const labels: ThemeLabels = { data: {}, inspire: {} };
  for (const row of rows) labels[row.kind][row.codename] = row.labels;
  return labels;
}

function searchCondition(words: string[], values: unknown[]): string {
  if (words.length === 0) return '';
  values.push(words.map((word) => `${word}:*`).join(' & '));
  return ` AND e.search_vector @@ to_tsquery('french'::regconfig, immutable_unaccent($${values.length}))`;
}

/**
 * One page of the feed, in the order of the dataset ids (new entries come last, so a harvester
 * paging through does not see the pages shift under it). Two queries: the count and the page's ids
 * (on the catalog_entries key), then the details of those ids only.
 */
export async function readFeedPage(db: Db, { page, pageSize, words }: FeedQuery): Promise<FeedPage> {
  const values: unknown[] = [];
  const where = `${LISTED_CONDITION}${searchCondition(words, values)}`;
  const from = 'catalog_entries e JOIN datasets d ON d.id = e.dataset_id';
  const [summary, ids] = await Promise.all([
    db.query<{ total: number; modified: Date | null }>(
      `SELECT count(*)::integer AS total, max(GREATEST(e.exposed_at, d.updated_at)) AS modified FROM ${from} WHERE ${where}`,
      values,
    ),
    db.query<{ id: number }>(
      `SELECT e.dataset_id AS id FROM ${from} WHERE ${where} ORDER BY e.dataset_id LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, pageSize, (page - 1) * pageSize],
    ),
  ]);
  const { total, modified } = summary.rows[0];
  const [platform, themeLabels] = await Promise.all([platformUrn(db), readThemeLabels(db)]);
  if (ids.rows.length === 0) return { total, modified, datasets: [], platform, themeLabels };
  const datasets = await readFeedDatasets(db, ids.rows.map((row) => row.id));
  return { total, modified, datasets, platform, themeLabels };
}

/** What the feed says of datasets: one statement, prepared (planning its joins and subqueries cost more than reading a few datasets, and each score a save owes reads one). */
const FEED_DATASETS = `SELECT d.id, d.codename, d.display_name, d.description, d.created_at, d.updated_at,
      d.publication_date::text AS publication_date, d.last_update_date::text AS last_update_date,
      d.revision_date::text AS revision_date,
      g.display_name AS owner_name, g.slug AS owner_slug, NULLIF(l.url, '') AS licence_url, f.codename AS frequency,
      ARRAY(SELECT tg.name FROM dataset_tags dt JOIN tags tg ON tg.id = dt.tag_id WHERE dt.dataset_id = d.id ORDER BY tg.name) AS tags,
      ARRAY(SELECT c.codename FROM dataset_categories dc JOIN categories c ON c.id = dc.category_id WHERE dc.dataset_id = d.id) AS categories,
      ARRAY(SELECT tp.codename FROM dataset_topics dtp JOIN topics tp ON tp.id = dtp.topic_id WHERE dtp.dataset_id = d.id) AS topics,
      box.min_lon, box.min_lat, box.max_lon, box.max_lat,
      poc.name AS contact_name, poc.email AS contact_email, poc.phone AS contact_phone,
      hr.remote_id AS harvest_remote_id, ri.url_pattern AS harvest_url_pattern
     FROM datasets d
     LEFT JOIN harvested_records hr ON hr.dataset_id = d.id
     LEFT JOIN remote_api_indexes ri ON ri.id = hr.indexer_id
     JOIN usergroups g ON g.id = d.usergroup_id
     LEFT JOIN licences l ON l.id = d.licence_id
     LEFT JOIN update_frequencies f ON f.id = d.update_frequency_id
     LEFT JOIN jurisdictions dj ON dj.id = d.jurisdiction_id
     LEFT JOIN jurisdictions gj ON gj.id = g.jurisdiction_id
     LEFT JOIN LATERAL ${computedBoxColumns('d')} cb ON d.geographic_coverage = 'computed'
     -- The box computed on the data or drawn, else the one of the jurisdiction or organisation covered.
     CROSS JOIN LATERAL (
       SELECT * FROM (VALUES
         (0, CASE WHEN d.geographic_coverage = 'computed' THEN cb.min_lon END, cb.min_lat, cb.max_lon, cb.max_lat),
         (1, d.min_lon, d.min_lat, d.max_lon, d.max_lat),
         (2, CASE WHEN d.geographic_coverage = 'jurisdiction' THEN dj.min_lon END, dj.min_lat, dj.max_lon, dj.max_lat),
         (3, CASE WHEN d.geographic_coverage = 'organisation' THEN gj.min_lon END, gj.min_lat, gj.max_lon, gj.max_lat)
       ) AS b (rank, min_lon, min_lat, max_lon, max_lat)
       WHERE b.min_lon IS NOT NULL AND b.min_lat IS NOT NULL AND b.max_lon IS NOT NULL AND b.max_lat IS NOT NULL
       UNION ALL SELECT 4, NULL::double precision, NULL::double precision, NULL::double precision, NULL::double precision
       ORDER BY 1 LIMIT 1
     ) box
     LEFT JOIN LATERAL (
       SELECT c.name, c.email, c.phone FROM dataset_contacts dc
         JOIN contacts c ON c.id = dc.contact_id
         JOIN contact_roles r ON r.id = dc.role_id AND r.codename = 'pointOfContact'
        WHERE dc.dataset_id = d.id ORDER BY dc.id LIMIT 1
     ) poc ON true
    WHERE d.id = ANY($1::integer[])
    ORDER BY d.id`;

/** What the feed says of these datasets, listed or not (in id order; unknown ids are left out). */
export async function readFeedDatasets(db: Db | PoolClient, ids: number[]): Promise<FeedDataset[]> {
  const { rows } = await db.query<FeedDataset>(prepared(FEED_DATASETS, [ids]));
  return rows;
}

/** What the record of one dataset needs besides its row: the platform's URN and the themes' labels. */
export async function readFeedContext(db: Db | PoolClient): Promise<Pick<FeedPage, 'platform' | 'themeLabels'>> {
  const [platform, themeLabels] = await Promise.all([platformUrn(db), readThemeLabels(db)]);
  return { platform, themeLabels };
}

/** Where the feed's IRIs point. */
export interface FeedLinks {
  /** The catalogue: this endpoint, without query. */
  catalog: string;
  /** The portal's home, absolute, ending with '/'. */
  portal: string;
  /** The address of one page of this feed (same format, search and page size). */
  page: (page: number) => string;
}

export interface FeedView {
  page: number;
  pageSize: number;
  locale: Locale;
}

const iri = (prefix: keyof typeof NS, name: string) => namedNode(`${NS[prefix]}${name}`);
const typed = (value: string, type: string) => literal(value, namedNode(`${NS.xsd}${type}`));
/** A date column (YYYY-MM-DD) as xsd:date, a timestamp as xsd:dateTime. */
const dateLiteral = (value: string | Date) => (typeof value === 'string' ? typed(value, 'date') : typed(value.toISOString(), 'dateTime'));

/** The dataset's address on the portal (its landing page), also its IRI in the feed. */
export function datasetIri(links: FeedLinks, dataset: Pick<FeedDataset, 'codename'>): string {
  return `${links.portal}dataset/${encodeURIComponent(dataset.codename)}`;
}

function organisationIri(links: FeedLinks, slug: string): string {
  return `${links.portal}organisation/${encodeURIComponent(slug)}`;
}

/** A WKT polygon of a box, counter-clockwise from its south-west corner. */
function wktPolygon(minLon: number, minLat: number, maxLon: number, maxLat: number): string {
  const ring = [[minLon, minLat], [maxLon, minLat], [maxLon, maxLat], [minLon, maxLat], [minLon, minLat]];
  return `POLYGON((${ring.map(([lon, lat]) => `${lon} ${lat}`).join(', ')}))`;
}

function geoJsonPolygon(minLon: number, minLat: number, maxLon: number, maxLat: number): string {
  const ring = [[minLon, minLat], [maxLon, minLat], [maxLon, maxLat], [minLon, maxLat], [minLon, minLat]];
  return JSON.stringify({ type: 'Polygon', coordinates: [ring] });
}

type Add = (s: Quad_Subject, p: string, o: Quad_Object) => void;

/** `subject predicate <value>`, the value typed with the class DCAT-AP expects of it. */
function typedResource(subject: Quad_Subject, predicate: string, value: string, type: Quad_Object, add: Add) {
  const node = namedNode(value);
  add(subject, predicate, node);
  add(node, `${NS.rdf}type`, type);
}

/** `subject predicate <concept>`, a skos:Concept of its scheme (the EU data themes, INSPIRE's themes), with its label. */
function concept(subject: Quad_Subject, predicate: string, value: string, scheme: string, label: Quad_Object, add: Add) {
  typedResource(subject, predicate, value, iri('skos', 'Concept'), add);
  add(namedNode(value), `${NS.skos}prefLabel`, label);
  add(namedNode(value), `${NS.skos}inScheme`, namedNode(scheme));
}

/** A theme's label in the feed's language (French, else its code, when it has none). */
function themeLabel(labels: Record<string, Record<string, string>>, code: string, locale: Locale): Quad_Object {
  const entry = Object.hasOwn(labels, code) ? labels[code] : {};
  if (entry[locale]) return literal(entry[locale], locale);
  return entry.fr ? literal(entry.fr, 'fr') : literal(code);
}

/** The quads of one dataset. Its distributions come with the resources: see datasetDistributions. */
function datasetQuads(dataset: FeedDataset, links: FeedLinks, locale: Locale, feed: Pick<FeedPage, 'platform' | 'themeLabels'>, add: Add) {
  const subject = namedNode(datasetIri(links, dataset));
  const text = (value: string) => literal(value, locale);
  add(subject, `${NS.rdf}type`, iri('dcat', 'Dataset'));
  // The id never changes, unlike the codename: harvesters key their copies on dct:identifier.
  add(subject, `${NS.dct}identifier`, literal(String(dataset.id)));
  add(subject, `${NS.dct}title`, text(dataset.display_name));
  // Mandatory in DCAT-AP: the title stands in for an empty description.
  add(subject, `${NS.dct}description`, text(dataset.description.trim() === '' ? dataset.display_name : dataset.description));
  for (const tag of dataset.tags) add(subject, `${NS.dcat}keyword`, text(tag));
  const code = (theme: string) => theme.slice(theme.lastIndexOf('/') + 1);
  for (const theme of dataThemeIris(dataset.categories, dataset.topics)) {
    concept(subject, `${NS.dcat}theme`, theme, DATA_THEME, themeLabel(feed.themeLabels.data, code(theme), locale), add);
  }
  for (const theme of inspireThemeIris(dataset.topics)) {
    concept(subject, `${NS.dcat}theme`, theme, INSPIRE_THEME_SCHEME, themeLabel(feed.themeLabels.inspire, code(theme), locale), add);
  }
  const publisher = namedNode(organisationIri(links, dataset.owner_slug));
  add(subject, `${NS.dct}publisher`, publisher);
  add(publisher, `${NS.rdf}type`, iri('foaf', 'Organization'));
  add(publisher, `${NS.rdf}type`, iri('foaf', 'Agent'));
  add(publisher, `${NS.foaf}name`, literal(dataset.owner_name));
  if (dataset.contact_name !== null) {
    // Named rather than blank, so every serialisation (RDF/XML included) nests it the same way.
    const contact = namedNode(`${subject.value}#contact-point`);
    add(subject, `${NS.dcat}contactPoint`, contact);
    add(contact, `${NS.rdf}type`, iri('vcard', 'Kind'));
    add(contact, `${NS.vcard}fn`, literal(dataset.contact_name));
    if (dataset.contact_email) add(contact, `${NS.vcard}hasEmail`, namedNode(`mailto:${dataset.contact_email}`));
    const phone = dataset.contact_phone?.replace(/[^\d+]/g, '');
    if (phone) add(contact, `${NS.vcard}hasTelephone`, namedNode(`tel:${phone}`));
  }
  add(subject, `${NS.dct}issued`, dateLiteral(dataset.publication_date ?? dataset.created_at));
  add(subject, `${NS.dct}modified`, dateLiteral(dataset.last_update_date ?? dataset.revision_date ?? dataset.updated_at));
  const frequency = frequencyIri(dataset.frequency);
  if (frequency) typedResource(subject, `${NS.dct}accrualPeriodicity`, frequency, iri('dct', 'Frequency'), add);
  if (dataset.min_lon !== null && dataset.min_lat !== null && dataset.max_lon !== null && dataset.max_lat !== null) {
    const location = namedNode(`${subject.value}#spatial`);
    add(subject, `${NS.dct}spatial`, location);
    add(location, `${NS.rdf}type`, iri('dct', 'Location'));
    const box = [dataset.min_lon, dataset.min_lat, dataset.max_lon, dataset.max_lat] as const;
    add(location, `${NS.dcat}bbox`, literal(wktPolygon(...box), iri('gsp', 'wktLiteral')));
    // DCAT-AP 3 wants a locn:Geometry node: the shape itself, in both encodings.
    const geometry = namedNode(`${subject.value}#geometry`);
    add(location, `${NS.locn}geometry`, geometry);
    add(geometry, `${NS.rdf}type`, iri('locn', 'Geometry'));
    add(geometry, `${NS.gsp}asWKT`, literal(wktPolygon(...box), iri('gsp', 'wktLiteral')));
    add(geometry, `${NS.gsp}asGeoJSON`, literal(geoJsonPolygon(...box), iri('gsp', 'geoJSONLiteral')));
  }
  if (dataset.licence_url) typedResource(subject, `${NS.dct}license`, dataset.licence_url, iri('dct', 'LicenseDocument'), add);
  typedResource(subject, `${NS.dct}accessRights`, ACCESS_RIGHTS.PUBLIC, iri('dct', 'RightsStatement'), add);
  typedResource(subject, `${NS.dcat}landingPage`, datasetIri(links, dataset), iri('foaf', 'Document'), add);
  for (const distribution of datasetDistributions(dataset)) add(subject, `${NS.dcat}distribution`, distribution);
  provenanceQuads(subject, dataset, feed.platform, add);
}

/**
 * Where the dataset comes from (DCAT-AP): its other identifiers (adms:identifier), this platform's
 * URN-based one, so a harvester of a harvester of this feed can still tell it comes from here, and
 * for a harvested dataset the remote's identifier; and dct:source, the remote record it is
 * derived from. Identifiers are named nodes, so every serialisation nests them the same way.
 */
function provenanceQuads(subject: Quad_Subject, dataset: FeedDataset, platform: string, add: (s: Quad_Subject, p: string, o: Quad_Object) => void) {
  const identifier = (name: string, notation: string) => {
    const node = namedNode(`${subject.value}#${name}`);
    add(subject, `${NS.adms}identifier`, node);
    add(node, `${NS.rdf}type`, iri('adms', 'Identifier'));
    add(node, `${NS.skos}notation`, literal(notation));
  };
  identifier('platform-identifier', platformDatasetUrn(platform, dataset.id));
  if (dataset.harvest_remote_id === null) return;
  identifier('remote-identifier', dataset.harvest_remote_id);
  const source = dataset.harvest_url_pattern ? remoteUrl(dataset.harvest_url_pattern, dataset.harvest_remote_id) : null;
  if (source && /^https?:\/\//i.test(source)) add(subject, `${NS.dct}source`, namedNode(source));
}

/**
 * The seam for the resources: the dcat:Distribution IRIs of a dataset's published resources (and
 * their quads, added next to the dataset's). None until datasets have resources.
 */
function datasetDistributions(dataset: FeedDataset): Quad_Object[] {
  void dataset;
  return [];
}

/** One dataset's record alone, as the feed serves it (its publisher, contact, themes, coverage…). */
export function datasetRecordQuads(dataset: FeedDataset, links: FeedLinks, locale: Locale, context: Pick<FeedPage, 'platform' | 'themeLabels'>): Quad[] {
  const quads: Quad[] = [];
  const seen = new Set<string>();
  datasetQuads(dataset, links, locale, context, collector(quads, seen));
  return groupBySubject(quads);
}

/** An `add` that keeps each quad once: a publisher or theme shared by datasets of the page is described once. */
function collector(quads: Quad[], seen: Set<string>): Add {
  return (s, p, o) => {
    const key = `${s.termType}|${s.value}|${p}|${o.termType}|${o.value}|${o.termType === 'Literal' ? `${o.language}|${o.datatype.value}` : ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    quads.push(quad(s, namedNode(p), o));
  };
}

/** The whole page as quads: the catalogue, its paging view, then each dataset with its publisher. */
export function feedQuads(feed: FeedPage, links: FeedLinks, { page, pageSize, locale }: FeedView): Quad[] {
  const quads: Quad[] = [];
  const add = collector(quads, new Set());
  const catalog = namedNode(links.catalog);
  const text = (value: string) => literal(value, locale);
  add(catalog, `${NS.rdf}type`, iri('dcat', 'Catalog'));
  add(catalog, `${NS.rdf}type`, iri('hydra', 'Collection'));
  add(catalog, `${NS.dct}title`, text(t(locale, 'catalogTitle')));
  add(catalog, `${NS.dct}description`, text(t(locale, 'catalogDescription')));
  // This platform's own name: a harvester of this platform meeting it knows where it is.
  add(catalog, `${NS.dct}identifier`, literal(feed.platform));
  const platform = namedNode(links.portal);
  add(catalog, `${NS.dct}publisher`, platform);
  typedResource(catalog, `${NS.foaf}homepage`, links.portal, iri('foaf', 'Document'), add);
  typedResource(catalog, `${NS.dct}language`, LANGUAGE_IRIS[locale], iri('dct', 'LinguisticSystem'), add);
  if (feed.modified) add(catalog, `${NS.dct}modified`, dateLiteral(feed.modified));
  typedResource(catalog, `${NS.dcat}themeTaxonomy`, DATA_THEME, iri('skos', 'ConceptScheme'), add);
  add(namedNode(DATA_THEME), `${NS.dct}title`, text(t(locale, 'catalogThemeTaxonomy')));
  add(catalog, `${NS.hydra}totalItems`, typed(String(feed.total), 'integer'));
  const last = Math.max(1, Math.ceil(feed.total / pageSize));
  const view = namedNode(links.page(page));
  add(catalog, `${NS.hydra}view`, view);
  add(view, `${NS.rdf}type`, iri('hydra', 'PartialCollectionView'));
  add(view, `${NS.hydra}first`, namedNode(links.page(1)));
  add(view, `${NS.hydra}last`, namedNode(links.page(last)));
  if (page > 1) add(view, `${NS.hydra}previous`, namedNode(links.page(Math.min(page - 1, last))));
  if (page < last) add(view, `${NS.hydra}next`, namedNode(links.page(page + 1)));
  add(platform, `${NS.rdf}type`, iri('foaf', 'Agent'));
  add(platform, `${NS.foaf}name`, literal(t(locale, 'catalogPublisher')));
  for (const dataset of feed.datasets) add(catalog, `${NS.dcat}dataset`, namedNode(datasetIri(links, dataset)));
  for (const dataset of feed.datasets) datasetQuads(dataset, links, locale, feed, add);
  return groupBySubject(quads);
}

/** The quads with each subject's together, subjects in order of first appearance (Turtle writes one block each). */
function groupBySubject(quads: Quad[]): Quad[] {
  const groups = new Map<string, Quad[]>();
  for (const q of quads) {
    const key = `${q.subject.termType}|${q.subject.value}`;
    const group = groups.get(key);
    if (group) group.push(q);
    else groups.set(key, [q]);
  }
  return [...groups.values()].flat();
}
