/**
 * GET /{locale}/dataset/quality-summary/: the metadata quality of a set of datasets — how many
 * have each rating, and the indicators they miss most often, with what to do. A superuser reads
 * the whole platform, or one group's datasets with `?usergroup_id=`; a delegated administrator
 * (role 2) the datasets of the groups they administer, or one of them; anyone else answers 403.
 * `trend` gives the same set's daily points (quality/trend.ts).
 */
import type { FastifyInstance } from 'fastify';
import { administeredGroupIds, canManageGroup, canReadQualitySummary } from '../../../schemas/access.ts';
import { QUALITY_RATINGS, type QualityRating, type QualitySummary } from '../../../schemas/quality.ts';
import { integerParam } from '../crud/index.ts';
import { permissionDenied } from '../http/errors.ts';
import { t } from '../i18n.ts';
import { QUALITY_SUMMARY_DOC } from '../quality/docs.ts';
import { INDICATORS } from '../quality/indicators.ts';
import { readTrend } from '../quality/trend.ts';

/** Indicators listed among the most often missed. */
const TOP_MISSING = 10;

export default async function qualityRoutes(app: FastifyInstance) {
  app.get('/dataset/quality-summary/', { config: { auth: 'required', openapi: QUALITY_SUMMARY_DOC } }, async (request): Promise<QualitySummary> => {
    const user = request.user!;
    const raw = (request.query as Record<string, string | undefined>).usergroup_id;
    const groupId = raw === undefined || raw === '' ? null : integerParam('usergroup_id', raw, request.locale);
    let groups: number[] | null;
    if (groupId !== null) {
      if (!canManageGroup(user, groupId)) throw permissionDenied();
      groups = [groupId];
    } else if (user.is_superuser) {
      groups = null;
    } else {
      if (!canReadQualitySummary(user)) throw permissionDenied();
      groups = administeredGroupIds(user);
    }
    const where = groups === null ? 'true' : 'd.usergroup_id = ANY($1::integer[])';
    const values = groups === null ? [] : [groups];
    const [ratings, missing, trend] = await Promise.all([
      app.db.query<{ rating: string | null; count: number }>(
        `SELECT d.quality_rating AS rating, count(*)::integer AS count FROM datasets d WHERE ${where} GROUP BY d.quality_rating`,
        values,
      ),
      app.db.query<{ code: string; count: number }>(
        `SELECT m.code, count(*)::integer AS count FROM datasets d CROSS JOIN LATERAL unnest(d.quality_missing) AS m (code)
          WHERE ${where} GROUP BY m.code ORDER BY count(*) DESC, m.code LIMIT ${TOP_MISSING}`,
        values,
      ),
      readTrend(app.db, groups),
    ]);
    const summary: QualitySummary = {
      total: 0,
      ratings: { ...Object.fromEntries(QUALITY_RATINGS.map((rating) => [rating, 0])), unrated: 0 } as QualitySummary['ratings'],
      missing: [],
      trend,
    };
    for (const row of ratings.rows) {
      summary.total += row.count;
      summary.ratings[(row.rating as QualityRating | null) ?? 'unrated'] += row.count;
    }
    for (const row of missing.rows) {
      const indicator = INDICATORS.find((entry) => entry.code === row.code);
      if (!indicator) continue;
      summary.missing.push({
        code: row.code, dimension: indicator.dimension, max_points: indicator.points, count: row.count, hint: t(request.locale, indicator.hint),
      });
    }
    return summary;
  });
}
