-- Dataset lists at scale (300,000 datasets over 500 organisations; `npm run bench`).
--
-- 1. Counts are reused while the data they read is unchanged (src/server/datasets/counts.ts). Every
--    statement writing a table that dataset counts read (the datasets, their special permissions
--    and classifications, the groups and the spheres' links) first bumps `dataset_data_version`,
--    in its own transaction: a snapshot seeing a version sees exactly the data of that version, so
--    a count made at a version holds for every later read of that version. A BEFORE STATEMENT
--    trigger takes the version row before any data row, so concurrent writers queue on it in one
--    order (no deadlock between them) until the first commits.
CREATE TABLE dataset_data_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version bigint NOT NULL
);
INSERT INTO dataset_data_version (version) VALUES (1);

CREATE FUNCTION dataset_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dataset_data_version SET version = version + 1;
  RETURN NULL;
END $$;

DO $$
DECLARE
  tracked text;
BEGIN
  FOREACH tracked IN ARRAY ARRAY['datasets', 'dataset_permissions', 'dataset_categories', 'dataset_topics', 'dataset_kinds',
                                 'usergroups', 'usergroup_links'] LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION dataset_data_changed()', tracked || '_data_version', tracked);
  END LOOP;
END $$;

-- 2. Orderings read their index only, visibility included: each ordering index carries the columns
--    of the visibility condition (src/server/datasets/visibility.ts) and of the publish filter, so
--    pages (deep ones too) filter index entries without visiting the table. Descending orderings
--    keep the `id` tie-breaker ascending: where a value repeats much (publish) a descending index
--    gives that order directly; elsewhere the few equal values are sorted incrementally.
DROP INDEX datasets_revision_idx;
DROP INDEX datasets_name_idx;
DROP INDEX datasets_created_idx;
DROP INDEX datasets_updated_idx;
DROP INDEX datasets_published_idx;
CREATE INDEX datasets_revision_idx ON datasets (revision_date NULLS FIRST, id) INCLUDE (usergroup_id, default_permission_level, publish);
CREATE INDEX datasets_name_idx ON datasets (display_name NULLS FIRST, id) INCLUDE (usergroup_id, default_permission_level, publish);
CREATE INDEX datasets_created_idx ON datasets (created_at NULLS FIRST, id) INCLUDE (usergroup_id, default_permission_level, publish);
CREATE INDEX datasets_updated_idx ON datasets (updated_at NULLS FIRST, id) INCLUDE (usergroup_id, default_permission_level, publish);
CREATE INDEX datasets_published_idx ON datasets ((COALESCE(publish, true)) NULLS FIRST, id) INCLUDE (usergroup_id, default_permission_level);
CREATE INDEX datasets_published_desc_idx ON datasets ((COALESCE(publish, true)) DESC NULLS LAST, id) INCLUDE (usergroup_id, default_permission_level);

-- 3. Ordering by organisation (the owning group's name) reads an index too: each dataset keeps its
--    group's name, set when the dataset is written and when the group is renamed. Sorting on the
--    joined name would read every visible dataset for each page.
ALTER TABLE datasets ADD COLUMN usergroup_name text;
UPDATE datasets d SET usergroup_name = g.display_name FROM usergroups g WHERE g.id = d.usergroup_id;

CREATE FUNCTION datasets_set_usergroup_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.usergroup_name := (SELECT display_name FROM usergroups WHERE id = NEW.usergroup_id);
  RETURN NEW;
END $$;
CREATE TRIGGER datasets_set_usergroup_name BEFORE INSERT OR UPDATE OF usergroup_id, usergroup_name ON datasets
  FOR EACH ROW EXECUTE FUNCTION datasets_set_usergroup_name();

CREATE FUNCTION usergroups_rename_datasets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE datasets SET usergroup_name = NEW.display_name WHERE usergroup_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER usergroups_rename_datasets AFTER UPDATE OF display_name ON usergroups
  FOR EACH ROW WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name) EXECUTE FUNCTION usergroups_rename_datasets();

CREATE INDEX datasets_usergroup_name_idx ON datasets (usergroup_name NULLS FIRST, id) INCLUDE (usergroup_id, default_permission_level, publish);
