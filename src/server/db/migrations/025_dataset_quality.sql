-- Metadata quality (src/server/quality/): each dataset's latest score and rating, computed on save,
-- when its quality is read and by the nightly check-quality scenario, for the datasets list's
-- column, filter and order.
ALTER TABLE datasets
  ADD COLUMN quality_score integer,
  ADD COLUMN quality_rating text CHECK (quality_rating IN ('excellent', 'good', 'sufficient', 'bad')),
  ADD COLUMN quality_checked_at timestamptz,
  -- The codes of the indicators it misses, for the summaries' most frequent ones.
  ADD COLUMN quality_missing text[] NOT NULL DEFAULT '{}';

-- The order's index carries the visibility condition's columns, as the other orderings' do (migration 007).
CREATE INDEX datasets_quality_score_idx ON datasets (quality_score NULLS FIRST, id) INCLUDE (usergroup_id, default_permission_level, publish);
CREATE INDEX datasets_quality_rating_idx ON datasets (quality_rating, id);

INSERT INTO scenarios (codename, action, object_class, labels) VALUES
  ('check-quality', 'update', 'platform',
    '{"fr": "Évaluer la qualité des métadonnées", "en": "Assess the metadata quality", "it": "Valutare la qualità dei metadati"}');

-- Every night, for the whole platform (object 0).
INSERT INTO scenario_execution_frequencies (scenario_id, object_class, object_id, scheduler_id, next_run_at)
  SELECT s.id, 'platform', 0, c.id, date_trunc('day', now()) + interval '1 day 2 hours'
    FROM scenarios s, schedulers c WHERE s.codename = 'check-quality' AND c.codename = 'daily';
