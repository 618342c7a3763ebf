/**
 * The metadata quality score: its indicators, their points and the rating thresholds, in one place
 * (documented in docs/quality.md; keep both in step). After data.europa.eu's Metadata Quality
 * Assessment: five dimensions derived from FAIR, 405 points in all.
 */
import type { QualityDimension, QualityRating } from '../../../schemas/quality.ts';
import type { MessageKey } from '../i18n.ts';

/** What the indicators look at, read from the dataset, its resources and their link checks (facts.ts). */
export interface QualityFacts {
  keywords: number;
  /** Categories (EU data themes) and topics (INSPIRE themes). */
  themes: number;
  /** The feed gives the dataset a box (drawn, computed, or its territory's). */
  spatial: boolean;
  /** The year the data covers. */
  temporal: boolean;
  resources: QualityResource[];
  licence: boolean;
  /** The licence has an address (a known licence, from the platform's list). */
  licenceKnown: boolean;
  accessRights: boolean;
  contactPoint: boolean;
  publisher: boolean;
  /** Conditions of use (usage recommendation). */
  rights: boolean;
  issued: boolean;
  modified: boolean;
  /** DCAT-AP violations of the dataset's record. */
  shaclViolations: number;
}

export interface QualityResource {
  type: string;
  /** The data format's codename, or null when unknown. */
  format: string | null;
  mediaTypes: string[];
  /** The format is structured (machine-readable). */
  machineReadable: boolean;
  size: number | null;
  /** The link to the data (href or download source): null for a file held here. */
  link: { url: string; broken: boolean } | null;
}

export interface Indicator {
  code: string;
  dimension: QualityDimension;
  points: number;
  /** The dataset field to fill to pass it (the dataset page's `#field-<name>`), or null. */
  field: string | null;
  /** What to do, when it fails. */
  hint: MessageKey;
  /** The indicator whose advice comes first: while it fails too, this one's advice is not given ("fix the links" to a dataset without any). */
  after?: string;
  passed: (facts: QualityFacts) => boolean;
}

/** Resource kinds whose data is a file one downloads (held here, or fetched from its source). */
const DOWNLOAD_TYPES = new Set(['file-upload', 'file-download', 'ftp']);

/** The formats whose specification is open (data_formats.codename). */
export const NON_PROPRIETARY_FORMATS = new Set([
  'csv', 'json', 'geojson', 'ods', 'odt', 'xml', 'txt', 'kml', 'kmz', 'gpkg', 'gml', 'png', 'jpeg', 'geotiff', 'html', 'rdf', 'pdf', 'wms', 'wfs',
]);

/** The formats of the EU file-type authority table (data_formats.codename). */
export const EU_FILE_TYPES = new Set([
  'csv', 'json', 'geojson', 'xlsx', 'xls', 'ods', 'zip', 'pdf', 'shp', 'xml', 'txt', 'kml', 'gpkg', 'odt', 'docx', 'png', 'jpeg',
  'wms', 'wfs', 'gml', 'kmz', 'geotiff', 'html', 'rdf',
]);

const some = (facts: QualityFacts, test: (resource: QualityResource) => boolean) => facts.resources.some(test);
const every = (facts: QualityFacts, test: (resource: QualityResource) => boolean) => facts.resources.length > 0 && facts.resources.every(test);
const links = (facts: QualityFacts) => facts.resources.filter((resource) => resource.link !== null);
const downloads = (facts: QualityFacts) => facts.resources.filter((resource) => DOWNLOAD_TYPES.has(resource.type));

export const INDICATORS: readonly Indicator[] = [
  // Findability: 100
  { code: 'keywords', dimension: 'findability', points: 30, field: 'tags', hint: 'quality.keywords', passed: (f) => f.keywords > 0 },
  { code: 'themes', dimension: 'findability', points: 30, field: 'categories', hint: 'quality.themes', passed: (f) => f.themes > 0 },
  { code: 'spatial', dimension: 'findability', points: 20, field: 'geographic_coverage', hint: 'quality.spatial', passed: (f) => f.spatial },
  { code: 'temporal', dimension: 'findability', points: 20, field: 'year', hint: 'quality.temporal', passed: (f) => f.temporal },
  // Accessibility: 100. A link not checked yet counts as answering until its first check.
  { code: 'access_url', dimension: 'accessibility', points: 20, field: 'resources', hint: 'quality.accessUrl', passed: (f) => f.resources.length > 0 },
  {
    code: 'access_url_answers', dimension: 'accessibility', points: 30, field: 'resources', hint: 'quality.accessUrlAnswers', after: 'access_url',
    passed: (f) => f.resources.length > 0 && links(f).every((resource) => !resource.link!.broken),
  },
  { code: 'download_url', dimension: 'accessibility', points: 20, field: 'resources', hint: 'quality.downloadUrl', passed: (f) => downloads(f).length > 0 },
  {
    code: 'download_url_answers', dimension: 'accessibility', points: 30, field: 'resources', hint: 'quality.downloadUrlAnswers', after: 'download_url',
    passed: (f) => downloads(f).length > 0 && downloads(f).every((resource) => !resource.link?.broken),
  },
  // Interoperability: 110
  { code: 'format', dimension: 'interoperability', points: 20, field: 'resources', hint: 'quality.format', passed: (f) => every(f, (r) => r.format !== null) },
  { code: 'media_type', dimension: 'interoperability', points: 10, field: 'resources', hint: 'quality.mediaType', passed: (f) => every(f, (r) => r.mediaTypes.length > 0) },
  {
    code: 'format_vocabulary', dimension: 'interoperability', points: 10, field: 'resources', hint: 'quality.formatVocabulary',
    passed: (f) => every(f, (r) => r.format !== null && EU_FILE_TYPES.has(r.format)),
  },
  {
    code: 'non_proprietary', dimension: 'interoperability', points: 20, field: 'resources', hint: 'quality.nonProprietary',
    passed: (f) => some(f, (r) => r.format !== null && NON_PROPRIETARY_FORMATS.has(r.format)),
  },
  { code: 'machine_readable', dimension: 'interoperability', points: 20, field: 'resources', hint: 'quality.machineReadable', passed: (f) => some(f, (r) => r.machineReadable) },
  { code: 'dcat_ap', dimension: 'interoperability', points: 30, field: null, hint: 'quality.dcatAp', passed: (f) => f.shaclViolations === 0 },
  // Reusability: 75
  { code: 'licence', dimension: 'reusability', points: 20, field: 'licence', hint: 'quality.licence', passed: (f) => f.licence },
  { code: 'licence_known', dimension: 'reusability', points: 10, field: 'licence', hint: 'quality.licenceKnown', passed: (f) => f.licenceKnown },
  { code: 'access_rights', dimension: 'reusability', points: 15, field: 'restriction', hint: 'quality.accessRights', passed: (f) => f.accessRights },
  { code: 'contact_point', dimension: 'reusability', points: 20, field: 'contacts', hint: 'quality.contactPoint', passed: (f) => f.contactPoint },
  { code: 'publisher', dimension: 'reusability', points: 10, field: 'usergroup', hint: 'quality.publisher', passed: (f) => f.publisher },
  // Contextuality: 20
  { code: 'rights', dimension: 'contextuality', points: 5, field: 'usage_recommendation', hint: 'quality.rights', passed: (f) => f.rights },
  {
    code: 'size', dimension: 'contextuality', points: 5, field: 'resources', hint: 'quality.size',
    passed: (f) => downloads(f).length > 0 && downloads(f).every((r) => r.size !== null),
  },
  { code: 'issued', dimension: 'contextuality', points: 5, field: 'publication_date', hint: 'quality.issued', passed: (f) => f.issued },
  { code: 'modified', dimension: 'contextuality', points: 5, field: 'last_update_date', hint: 'quality.modified', passed: (f) => f.modified },
];

export const MAX_SCORE = INDICATORS.reduce((sum, indicator) => sum + indicator.points, 0);

/** The lowest score of each rating, best first; below the last one, 'bad'. */
export const RATING_THRESHOLDS: readonly { rating: QualityRating; min: number }[] = [
  { rating: 'excellent', min: 351 },
  { rating: 'good', min: 221 },
  { rating: 'sufficient', min: 121 },
];

export function ratingOf(score: number): QualityRating {
  return RATING_THRESHOLDS.find((threshold) => score >= threshold.min)?.rating ?? 'bad';
}

export interface Evaluation {
  score: number;
  max_score: number;
  rating: QualityRating;
  indicators: { indicator: Indicator; passed: boolean }[];
}

/** The codes of the failed indicators whose advice is given (those whose `after` passes). */
export function advisedCodes(evaluation: Evaluation): Set<string> {
  const failed = new Set(evaluation.indicators.filter(({ passed }) => !passed).map(({ indicator }) => indicator.code));
  return new Set(
    evaluation.indicators.filter(({ indicator, passed }) => !passed && !(indicator.after && failed.has(indicator.after))).map(({ indicator }) => indicator.code),
  );
}

export function evaluate(facts: QualityFacts): Evaluation {
  const indicators = INDICATORS.map((indicator) => ({ indicator, passed: indicator.passed(facts) }));
  const score = indicators.reduce((sum, { indicator, passed }) => sum + (passed ? indicator.points : 0), 0);
  return { score, max_score: MAX_SCORE, rating: ratingOf(score), indicators };
}
