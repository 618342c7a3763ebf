/**
 * A dataset's quality: its facts evaluated (indicators.ts), stored on the dataset for the lists
 * (quality_score, quality_rating, quality_checked_at), and told in a reader's language.
 */
import type { PoolClient } from 'pg';
import type { Locale } from '../../../schemas/constants.ts';
import { QUALITY_DIMENSIONS, type DatasetQuality, type QualityShaclResult } from '../../../schemas/quality.ts';
import type { ShaclResult } from '../catalog/shacl.ts';
import { NS } from '../catalog/vocabulary.ts';
import type { Db } from '../db/pool.ts';
import { t } from '../i18n.ts';
import { readDatasetFacts } from './facts.ts';
import { advisedCodes, evaluate, type Evaluation } from './indicators.ts';

export interface Assessment {
  evaluation: Evaluation;
  shacl: ShaclResult[];
  checkedAt: Date;
}

/** What a dataset keeps of its quality, for the lists and the summaries. */
export interface StoredQuality {
  quality_score: number | null;
  quality_rating: string | null;
  quality_missing: string[];
}

export function storedQualityOf(evaluation: Evaluation): StoredQuality {
  // What the summaries count as to be done: the advice given, not its consequences.
  const missing = [...advisedCodes(evaluation)];
  return { quality_score: evaluation.score, quality_rating: evaluation.rating, quality_missing: missing };
}

export const sameStoredQuality = (a: StoredQuality, b: StoredQuality) =>
  a.quality_score === b.quality_score && a.quality_rating === b.quality_rating && a.quality_missing.join() === b.quality_missing.join();

/** Evaluates the dataset and stores its score and rating; null when it does not exist. */
export async function assessDataset(db: Db | PoolClient, datasetId: number): Promise<Assessment | null> {
  const read = await readDatasetFacts(db, datasetId);
  if (!read) return null;
  const evaluation = evaluate(read.facts);
  // Written only when it changed: an unchanged score costs no new row version.
  const computed = storedQualityOf(evaluation);
  const { rows } = await db.query<StoredQuality>('SELECT quality_score, quality_rating, quality_missing FROM datasets WHERE id = $1', [datasetId]);
  if (rows[0] && !sameStoredQuality(rows[0], computed)) {
    await db.query('UPDATE datasets SET quality_score = $2, quality_rating = $3, quality_missing = $4, quality_checked_at = now() WHERE id = $1', [
      datasetId,
      computed.quality_score,
      computed.quality_rating,
      computed.quality_missing,
    ]);
  }
  return { evaluation, shacl: read.shacl, checkedAt: new Date() };
}

/** An IRI as a prefixed name when one of the feed's prefixes fits (dcat:theme), else whole. */
export function prefixedName(iri: string): string {
  for (const [prefix, namespace] of Object.entries(NS)) {
    if (iri.startsWith(namespace) && iri.length > namespace.length) return `${prefix}:${iri.slice(namespace.length)}`;
  }
  return iri;
}

const SHACL_MESSAGES = {
  ClassConstraintComponent: 'quality.shacl.class',
  MinCountConstraintComponent: 'quality.shacl.minCount',
  MaxCountConstraintComponent: 'quality.shacl.maxCount',
  NodeKindConstraintComponent: 'quality.shacl.nodeKind',
  DatatypeConstraintComponent: 'quality.shacl.datatype',
} as const;

/** A SHACL result in plain words: which property, what is wrong with it. */
export function shaclInWords(result: ShaclResult, locale: Locale): QualityShaclResult {
  const path = result.path === '' ? '' : prefixedName(result.path);
  const params = {
    property: path || prefixedName(result.focus),
    value: result.value === null ? '' : prefixedName(result.value),
    expected: result.expected === null ? '' : prefixedName(result.expected),
    message: result.message,
  };
  const key = Object.hasOwn(SHACL_MESSAGES, result.constraint)
    ? SHACL_MESSAGES[result.constraint as keyof typeof SHACL_MESSAGES]
    : 'quality.shacl.other';
  return { path, message: t(locale, key, params), severity: result.severity };
}

/** The answer of GET dataset/datasets/{id}/quality/. */
export function qualityReport({ evaluation, shacl, checkedAt }: Assessment, locale: Locale): DatasetQuality {
  const advised = advisedCodes(evaluation);
  return {
    score: evaluation.score,
    max_score: evaluation.max_score,
    rating: evaluation.rating,
    dimensions: QUALITY_DIMENSIONS.map((name) => {
      const own = evaluation.indicators.filter(({ indicator }) => indicator.dimension === name);
      return {
        name,
        score: own.reduce((sum, { indicator, passed }) => sum + (passed ? indicator.points : 0), 0),
        max_score: own.reduce((sum, { indicator }) => sum + indicator.points, 0),
      };
    }),
    indicators: evaluation.indicators.map(({ indicator, passed }) => ({
      code: indicator.code,
      dimension: indicator.dimension,
      points: passed ? indicator.points : 0,
      max_points: indicator.points,
      passed,
      hint: advised.has(indicator.code) ? t(locale, indicator.hint) : '',
      field: indicator.field,
    })),
    shacl: shacl.map((result) => shaclInWords(result, locale)),
    checked_at: checkedAt.toISOString(),
  };
}
