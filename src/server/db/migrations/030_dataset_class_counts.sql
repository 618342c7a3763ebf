-- Dataset counts that do not read the datasets a user sees (src/server/datasets/class-counts.ts).
--
-- 1. Datasets are counted per class: owner group × default permission level × published (null
--    counts as published). What a user reaches by their groups' roles and the default level is a
--    sum of classes (src/server/datasets/visibility.ts datasetReachParts); the datasets reached
--    through special permissions only are few and counted on their index. Statement triggers keep
--    the counts in the writing transaction: a statement adds its rows' changes per class, in key
--    order, so writers only meet on the classes they change (an edit that keeps owner, level and
--    publish changes none).
CREATE TABLE dataset_class_counts (
  usergroup_id integer NOT NULL,
  default_permission_level smallint NOT NULL,
  publish boolean NOT NULL,
  datasets bigint NOT NULL,
  PRIMARY KEY (usergroup_id, default_permission_level, publish)
);

-- Each event has its own trigger: an insert has no old rows, a delete no new ones.
CREATE FUNCTION dataset_class_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dataset_class_counts AS c (usergroup_id, default_permission_level, publish, datasets)
  SELECT usergroup_id, default_permission_level, COALESCE(publish, true), count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (usergroup_id, default_permission_level, publish) DO UPDATE SET datasets = c.datasets + EXCLUDED.datasets;
  RETURN NULL;
END $$;

CREATE FUNCTION dataset_class_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dataset_class_counts AS c (usergroup_id, default_permission_level, publish, datasets)
  SELECT usergroup_id, default_permission_level, COALESCE(publish, true), -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (usergroup_id, default_permission_level, publish) DO UPDATE SET datasets = c.datasets + EXCLUDED.datasets;
  RETURN NULL;
END $$;

CREATE FUNCTION dataset_class_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dataset_class_counts AS c (usergroup_id, default_permission_level, publish, datasets)
  SELECT usergroup_id, default_permission_level, publish, sum(datasets) FROM (
    SELECT usergroup_id, default_permission_level, COALESCE(publish, true) AS publish, 1 AS datasets FROM new_rows
    UNION ALL
    SELECT usergroup_id, default_permission_level, COALESCE(publish, true), -1 FROM old_rows
  ) changes GROUP BY 1, 2, 3 HAVING sum(datasets) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (usergroup_id, default_permission_level, publish) DO UPDATE SET datasets = c.datasets + EXCLUDED.datasets;
  RETURN NULL;
END $$;

CREATE FUNCTION dataset_class_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dataset_class_counts;
  RETURN NULL;
END $$;

CREATE TRIGGER datasets_class_counts_insert AFTER INSERT ON datasets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dataset_class_counts_inserted();
CREATE TRIGGER datasets_class_counts_update AFTER UPDATE ON datasets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dataset_class_counts_updated();
CREATE TRIGGER datasets_class_counts_delete AFTER DELETE ON datasets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dataset_class_counts_deleted();
CREATE TRIGGER datasets_class_counts_truncate AFTER TRUNCATE ON datasets
  FOR EACH STATEMENT EXECUTE FUNCTION dataset_class_counts_truncated();

-- The counts made again from the datasets: after a bulk load with the triggers off
-- (`SELECT dataset_class_counts_rebuild()`). Writers of datasets wait for it.
CREATE FUNCTION dataset_class_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE datasets IN SHARE MODE;
  DELETE FROM dataset_class_counts;
  INSERT INTO dataset_class_counts (usergroup_id, default_permission_level, publish, datasets)
  SELECT usergroup_id, default_permission_level, COALESCE(publish, true), count(*) FROM datasets GROUP BY 1, 2, 3;
END $$;
SELECT dataset_class_counts_rebuild();

-- 2. Nothing reads `dataset_data_version` any more (its counts and pages kept per version are
--    gone): writers of datasets, permissions and groups no longer queue on its one row.
DO $$
DECLARE
  tracked text;
BEGIN
  FOREACH tracked IN ARRAY ARRAY['datasets', 'dataset_permissions', 'dataset_categories', 'dataset_topics', 'dataset_kinds',
                                 'usergroups', 'usergroup_links'] LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', tracked || '_data_version', tracked);
  END LOOP;
END $$;
DROP FUNCTION dataset_data_changed();
DROP TABLE dataset_data_version;
