-- A topic's list was counted by reading its first 1,001 datasets from the table (8 ms at 300,000
-- datasets, whatever the page). Its datasets are now counted per topic and class, as the class counts
-- of migration 030 count every dataset: a topic's count is a sum, exact, whatever its size.
CREATE TABLE dataset_topic_class_counts (
  topic_id integer NOT NULL,
  usergroup_id integer NOT NULL,
  default_permission_level smallint NOT NULL,
  publish boolean NOT NULL,
  datasets bigint NOT NULL,
  PRIMARY KEY (topic_id, usergroup_id, default_permission_level, publish)
);

CREATE FUNCTION dataset_topic_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dataset_topic_class_counts AS c (topic_id, usergroup_id, default_permission_level, publish, datasets)
  SELECT t.topic_id, n.usergroup_id, n.default_permission_level, COALESCE(n.publish, true), count(*)
    FROM new_rows n CROSS JOIN unnest(n.topic_ids) AS t(topic_id) GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (topic_id, usergroup_id, default_permission_level, publish) DO UPDATE SET datasets = c.datasets + EXCLUDED.datasets;
  RETURN NULL;
END $$;

CREATE FUNCTION dataset_topic_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dataset_topic_class_counts AS c (topic_id, usergroup_id, default_permission_level, publish, datasets)
  SELECT t.topic_id, o.usergroup_id, o.default_permission_level, COALESCE(o.publish, true), -count(*)
    FROM old_rows o CROSS JOIN unnest(o.topic_ids) AS t(topic_id) GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (topic_id, usergroup_id, default_permission_level, publish) DO UPDATE SET datasets = c.datasets + EXCLUDED.datasets;
  RETURN NULL;
END $$;

CREATE FUNCTION dataset_topic_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dataset_topic_class_counts AS c (topic_id, usergroup_id, default_permission_level, publish, datasets)
  SELECT topic_id, usergroup_id, default_permission_level, publish, sum(datasets) FROM (
    SELECT t.topic_id, n.usergroup_id, n.default_permission_level, COALESCE(n.publish, true) AS publish, 1 AS datasets
      FROM new_rows n CROSS JOIN unnest(n.topic_ids) AS t(topic_id)
    UNION ALL
    SELECT t.topic_id, o.usergroup_id, o.default_permission_level, COALESCE(o.publish, true), -1
      FROM old_rows o CROSS JOIN unnest(o.topic_ids) AS t(topic_id)
  ) changes GROUP BY 1, 2, 3, 4 HAVING sum(datasets) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (topic_id, usergroup_id, default_permission_level, publish) DO UPDATE SET datasets = c.datasets + EXCLUDED.datasets;
  RETURN NULL;
END $$;

CREATE FUNCTION dataset_topic_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dataset_topic_class_counts;
  RETURN NULL;
END $$;

CREATE TRIGGER datasets_topic_counts_insert AFTER INSERT ON datasets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dataset_topic_counts_inserted();
CREATE TRIGGER datasets_topic_counts_update AFTER UPDATE ON datasets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dataset_topic_counts_updated();
CREATE TRIGGER datasets_topic_counts_delete AFTER DELETE ON datasets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dataset_topic_counts_deleted();
CREATE TRIGGER datasets_topic_counts_truncate AFTER TRUNCATE ON datasets
  FOR EACH STATEMENT EXECUTE FUNCTION dataset_topic_counts_truncated();

-- The counts made again from the datasets, after a bulk load with the triggers off.
CREATE FUNCTION dataset_topic_class_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE datasets IN SHARE MODE;
  DELETE FROM dataset_topic_class_counts;
  INSERT INTO dataset_topic_class_counts (topic_id, usergroup_id, default_permission_level, publish, datasets)
  SELECT t.topic_id, d.usergroup_id, d.default_permission_level, COALESCE(d.publish, true), count(*)
    FROM datasets d CROSS JOIN unnest(d.topic_ids) AS t(topic_id) GROUP BY 1, 2, 3, 4;
END $$;
SELECT dataset_topic_class_counts_rebuild();
