/**
 * The trend of the metadata quality (migration 029): each night, after check-quality has scored
 * every dataset, one point for the day per organisation and one for the platform (usergroup null):
 * the datasets by rating and their mean score. Read back, per day, for the platform or a set of
 * organisations (their counts added, the mean weighted by their scored datasets).
 */
import type { QualityTrendPoint } from '../../../schemas/quality.ts';
import type { Db } from '../db/pool.ts';

/** Days the summary looks back. */
export const TREND_DAYS = 90;

/** Writes today's points (again, when the scenario runs twice a day). */
export async function recordTrend(db: Db): Promise<void> {
  await db.query(
    `INSERT INTO quality_trend (day, usergroup_id, excellent, good, sufficient, bad, mean_score)
     SELECT current_date, usergroup_id,
            count(*) FILTER (WHERE quality_rating = 'excellent'), count(*) FILTER (WHERE quality_rating = 'good'),
            count(*) FILTER (WHERE quality_rating = 'sufficient'), count(*) FILTER (WHERE quality_rating = 'bad'),
            avg(quality_score)
       FROM datasets GROUP BY GROUPING SETS ((usergroup_id), ())
     ON CONFLICT (usergroup_id, day) DO UPDATE SET excellent = EXCLUDED.excellent, good = EXCLUDED.good,
       sufficient = EXCLUDED.sufficient, bad = EXCLUDED.bad, mean_score = EXCLUDED.mean_score`,
  );
}

/** The last TREND_DAYS days, oldest first: the platform's (groups null) or the groups' together. */
export async function readTrend(db: Db, groups: number[] | null): Promise<QualityTrendPoint[]> {
  const where = groups === null ? 'usergroup_id IS NULL' : 'usergroup_id = ANY($2::integer[])';
  const { rows } = await db.query<QualityTrendPoint>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS date, sum(excellent)::integer AS excellent, sum(good)::integer AS good,
            sum(sufficient)::integer AS sufficient, sum(bad)::integer AS bad,
            round((sum(mean_score * (excellent + good + sufficient + bad)) / NULLIF(sum(excellent + good + sufficient + bad), 0))::numeric, 1)::float8 AS mean_score
       FROM quality_trend WHERE day > current_date - $1::integer AND ${where}
      GROUP BY day ORDER BY day`,
    groups === null ? [TREND_DAYS] : [TREND_DAYS, groups],
  );
  return rows;
}
