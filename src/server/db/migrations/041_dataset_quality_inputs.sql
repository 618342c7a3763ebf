-- The nightly assessment (src/server/quality/nightly.ts) skips the datasets whose quality inputs
-- (record, resources, link verdicts, and the indicators themselves) are those it last assessed: a
-- digest of them per dataset. Kept apart from datasets, whose every write makes the lists count
-- again (migration 007).
CREATE TABLE dataset_quality_inputs (
  dataset_id integer PRIMARY KEY REFERENCES datasets (id) ON DELETE CASCADE,
  digest text NOT NULL,
  assessed_at timestamptz NOT NULL DEFAULT now()
);
