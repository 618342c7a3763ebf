/** What the quality routes answer, for the API description (openapi/route-doc.ts). */
import { QUALITY_DIMENSIONS, QUALITY_RATINGS } from '../../../schemas/quality.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';

const integer = { type: 'integer' };
const text = { type: 'string' };
const dimension = { enum: [...QUALITY_DIMENSIONS] };
const object = (properties: Record<string, unknown>) => ({ type: 'object', required: Object.keys(properties), properties });

/** `DatasetQuality` in schemas/quality.ts. */
export const DATASET_QUALITY_DOC: RouteDoc = {
  summary: "The dataset's metadata quality, assessed now: its score by dimension, each indicator with what to do, the DCAT-AP checks",
  response: object({
    score: integer,
    max_score: integer,
    rating: { enum: [...QUALITY_RATINGS] },
    dimensions: { type: 'array', items: object({ name: dimension, score: integer, max_score: integer }) },
    indicators: {
      type: 'array',
      items: object({ code: text, dimension, points: integer, max_points: integer, passed: { type: 'boolean' }, hint: text, field: { type: ['string', 'null'] } }),
    },
    shacl: { type: 'array', items: object({ path: text, message: text, severity: { enum: ['violation', 'warning', 'info'] } }) },
    checked_at: { type: 'string', format: 'date-time' },
  }),
};

/** `QualitySummary` in schemas/quality.ts. */
export const QUALITY_SUMMARY_DOC: RouteDoc = {
  summary: 'The ratings of a set of datasets, the indicators they miss most, and their daily trend',
  query: { usergroup_id: { type: 'integer', description: "One group's datasets" } },
  response: object({
    total: integer,
    ratings: object(Object.fromEntries([...QUALITY_RATINGS, 'unrated'].map((rating) => [rating, integer]))),
    missing: { type: 'array', items: object({ code: text, dimension, max_points: integer, count: integer, hint: text }) },
    trend: {
      type: 'array',
      items: object({ date: { type: 'string', format: 'date' }, ...Object.fromEntries(QUALITY_RATINGS.map((rating) => [rating, integer])), mean_score: { type: ['number', 'null'] } }),
    },
  }),
};
