-- The public catalogue (DCAT-AP feed, src/server/catalog/): the datasets the publish scenario exposed.
-- A dataset is listed when it has an entry here AND is published (COALESCE(publish, true)) AND anyone
-- may find it (default_permission_level >= 1, "search"): unpublishing or restricting hides it at once,
-- exposing needs the scenario (exposeDataset), withdrawing removes the entry (withdrawDataset).
CREATE TABLE catalog_entries (
  dataset_id integer PRIMARY KEY REFERENCES datasets (id) ON DELETE CASCADE,
  exposed_at timestamptz NOT NULL DEFAULT now(),
  -- The search document as exposed: the dataset's title (A), keywords (B) and description (C), with
  -- the French/unaccent configuration of datasets.search_vector; refreshed by every exposure.
  search_vector tsvector NOT NULL DEFAULT ''::tsvector
);
CREATE INDEX catalog_entries_search_idx ON catalog_entries USING gin (search_vector);
-- The feed's "modified": the latest exposure.
CREATE INDEX catalog_entries_exposed_idx ON catalog_entries (exposed_at);
