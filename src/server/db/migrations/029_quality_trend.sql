-- The trend of the datasets' metadata quality (src/server/quality/trend.ts): one point a day per
-- organisation and one for the whole platform (usergroup_id null), written by the nightly
-- check-quality scenario — how many datasets have each rating, and their mean score.
CREATE TABLE quality_trend (
  day date NOT NULL,
  usergroup_id integer REFERENCES usergroups (id) ON DELETE CASCADE,
  excellent integer NOT NULL,
  good integer NOT NULL,
  sufficient integer NOT NULL,
  bad integer NOT NULL,
  -- Over the scored datasets; null when none is.
  mean_score double precision,
  UNIQUE NULLS NOT DISTINCT (usergroup_id, day)
);
