-- Classification filters (categories, topics, kinds) find their datasets through an index.
--
-- `d.id IN (SELECT dataset_id FROM dataset_topics …)` can only be checked row by row against a
-- hash of the whole classification, or answered by reading every dataset: a list filtered on two
-- or three of them, or on a rare one, read all 300,000 datasets (50–120 ms). Each dataset now
-- also keeps its classification ids as sorted arrays, indexed with GIN: `topic_ids && $1` is found
-- by the index and combined with the other conditions. The link tables stay the data written and
-- read by everything else; the arrays follow them, statement by statement, in the same transaction.
ALTER TABLE datasets
  ADD COLUMN category_ids integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN topic_ids integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN kind_ids integer[] NOT NULL DEFAULT '{}';

UPDATE datasets d
   SET category_ids = COALESCE(c.ids, '{}'), topic_ids = COALESCE(t.ids, '{}'), kind_ids = COALESCE(k.ids, '{}')
  FROM datasets s
  LEFT JOIN (SELECT dataset_id, array_agg(category_id ORDER BY category_id) AS ids FROM dataset_categories GROUP BY dataset_id) c ON c.dataset_id = s.id
  LEFT JOIN (SELECT dataset_id, array_agg(topic_id ORDER BY topic_id) AS ids FROM dataset_topics GROUP BY dataset_id) t ON t.dataset_id = s.id
  LEFT JOIN (SELECT dataset_id, array_agg(kind_id ORDER BY kind_id) AS ids FROM dataset_kinds GROUP BY dataset_id) k ON k.dataset_id = s.id
 WHERE s.id = d.id AND (c.ids IS NOT NULL OR t.ids IS NOT NULL OR k.ids IS NOT NULL);

-- Arguments: the array column, the link table's id column. The changed rows are in `changed_links`
-- (and, for an update, also `old_links`); each dataset they name is set once per statement.
CREATE FUNCTION dataset_classification_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'UPDATE datasets d SET %1$I = ARRAY(SELECT x.%2$I FROM %3$I x WHERE x.dataset_id = d.id ORDER BY 1)
      WHERE d.id IN (SELECT dataset_id FROM changed_links %4$s)',
    TG_ARGV[0], TG_ARGV[1], TG_TABLE_NAME,
    CASE WHEN TG_OP = 'UPDATE' THEN 'UNION SELECT dataset_id FROM old_links' ELSE '' END);
  RETURN NULL;
END $$;

DO $$
DECLARE
  link text[];
BEGIN
  FOREACH link SLICE 1 IN ARRAY ARRAY[['dataset_categories', 'category_ids', 'category_id'],
                                      ['dataset_topics', 'topic_ids', 'topic_id'],
                                      ['dataset_kinds', 'kind_ids', 'kind_id']] LOOP
    EXECUTE format('CREATE TRIGGER %1$I AFTER INSERT ON %2$I REFERENCING NEW TABLE AS changed_links
                    FOR EACH STATEMENT EXECUTE FUNCTION dataset_classification_sync(%3$L, %4$L)', link[1] || '_sync_insert', link[1], link[2], link[3]);
    EXECUTE format('CREATE TRIGGER %1$I AFTER DELETE ON %2$I REFERENCING OLD TABLE AS changed_links
                    FOR EACH STATEMENT EXECUTE FUNCTION dataset_classification_sync(%3$L, %4$L)', link[1] || '_sync_delete', link[1], link[2], link[3]);
    EXECUTE format('CREATE TRIGGER %1$I AFTER UPDATE ON %2$I REFERENCING NEW TABLE AS changed_links OLD TABLE AS old_links
                    FOR EACH STATEMENT EXECUTE FUNCTION dataset_classification_sync(%3$L, %4$L)', link[1] || '_sync_update', link[1], link[2], link[3]);
    EXECUTE format('CREATE INDEX %1$I ON datasets USING gin (%2$I)', 'datasets_' || link[2] || '_idx', link[2]);
  END LOOP;
END $$;

ANALYZE datasets;
