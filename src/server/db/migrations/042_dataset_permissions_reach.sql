-- A user's datasets reached through special permissions only (datasets/counts.ts) are counted from
-- the permissions' own index: each grant carries its dataset's owner, default level and publish
-- flag, kept in step by the triggers below, so the count reads no dataset row (1 ms rather than 10
-- for an editor whose groups hold 1,400 grants).
ALTER TABLE dataset_permissions
  ADD COLUMN dataset_owner_id integer,
  ADD COLUMN dataset_default_level smallint,
  ADD COLUMN dataset_publish boolean;

UPDATE dataset_permissions p
   SET dataset_owner_id = d.usergroup_id, dataset_default_level = d.default_permission_level, dataset_publish = d.publish
  FROM datasets d WHERE d.id = p.dataset_id;

ALTER TABLE dataset_permissions ALTER COLUMN dataset_default_level SET NOT NULL;

-- The same key as the index it replaces, with the dataset's columns to read.
CREATE INDEX dataset_permissions_reach_idx ON dataset_permissions (usergroup_id, level, dataset_id)
  INCLUDE (dataset_owner_id, dataset_default_level, dataset_publish);
DROP INDEX dataset_permissions_group_idx;

-- A grant takes its dataset's columns. FOR SHARE waits for a transaction changing that dataset,
-- so neither misses the other's change.
CREATE FUNCTION dataset_permissions_take_dataset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT d.usergroup_id, d.default_permission_level, d.publish
    INTO NEW.dataset_owner_id, NEW.dataset_default_level, NEW.dataset_publish
    FROM datasets d WHERE d.id = NEW.dataset_id FOR SHARE;
  RETURN NEW;
END $$;
CREATE TRIGGER dataset_permissions_take_dataset BEFORE INSERT OR UPDATE OF dataset_id ON dataset_permissions
  FOR EACH ROW EXECUTE FUNCTION dataset_permissions_take_dataset();

-- A dataset's grants follow its owner, default level and publish flag.
CREATE FUNCTION datasets_give_permissions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dataset_permissions
     SET dataset_owner_id = NEW.usergroup_id, dataset_default_level = NEW.default_permission_level, dataset_publish = NEW.publish
   WHERE dataset_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER datasets_give_permissions AFTER UPDATE OF usergroup_id, default_permission_level, publish ON datasets
  FOR EACH ROW WHEN (OLD.usergroup_id IS DISTINCT FROM NEW.usergroup_id
                  OR OLD.default_permission_level IS DISTINCT FROM NEW.default_permission_level
                  OR OLD.publish IS DISTINCT FROM NEW.publish)
  EXECUTE FUNCTION datasets_give_permissions();
