/**
 * A dataset's metadata quality (GET dataset/datasets/{id}/quality/): a score in the five dimensions
 * of data.europa.eu's Metadata Quality Assessment, a rating from it, and the DCAT-AP violations of
 * its record. The indicators and their points are the server's (src/server/quality/indicators.ts).
 */

/** Best first. */
export const QUALITY_RATINGS = ['excellent', 'good', 'sufficient', 'bad'] as const;
export type QualityRating = (typeof QUALITY_RATINGS)[number];

export const QUALITY_DIMENSIONS = ['findability', 'accessibility', 'interoperability', 'reusability', 'contextuality'] as const;
export type QualityDimension = (typeof QUALITY_DIMENSIONS)[number];

export interface QualityIndicatorResult {
  code: string;
  dimension: QualityDimension;
  points: number;
  max_points: number;
  passed: boolean;
  /** What to do to pass it, in the request's language: empty when passed, and while the advice of the indicator it follows comes first. */
  hint: string;
  /** The dataset field to fill (`#field-<name>` on the dataset page), or null. */
  field: string | null;
}

export interface QualityShaclResult {
  /** The property, as a prefixed name (dcat:theme), or '' for the node itself. */
  path: string;
  /** What is wrong, in the request's language. */
  message: string;
  severity: 'violation' | 'warning' | 'info';
}

export interface DatasetQuality {
  score: number;
  max_score: number;
  rating: QualityRating;
  dimensions: { name: QualityDimension; score: number; max_score: number }[];
  indicators: QualityIndicatorResult[];
  shacl: QualityShaclResult[];
  checked_at: string;
}

/** GET dataset/quality-summary/: ratings and the most missed indicators of a set of datasets. */
export interface QualitySummary {
  total: number;
  /** Datasets by rating; `unrated` were never scored. */
  ratings: Record<QualityRating | 'unrated', number>;
  missing: { code: string; dimension: QualityDimension; max_points: number; count: number; hint: string }[];
  /** One point a day, the last 90 days, oldest first (recorded by the nightly check-quality). */
  trend: QualityTrendPoint[];
}

/** A day of the quality trend: the datasets by rating, and their mean score (null when none was scored). */
export interface QualityTrendPoint {
  date: string;
  excellent: number;
  good: number;
  sufficient: number;
  bad: number;
  mean_score: number | null;
}
