-- An editor's changes to a harvested resource win, as they do on the harvested dataset's fields.
--
-- Each harvested resource keeps what the last run wrote (title, link, format): a later run changes
-- a value only while the resource still holds what the harvest wrote, so a renamed resource keeps
-- its name and still follows its remote link. A harvested resource an editor deletes stays known,
-- without a resource, so the next run does not bring it back; the row goes when the remote drops
-- the distribution.
ALTER TABLE harvested_resources ADD COLUMN harvested jsonb;
ALTER TABLE harvested_resources ALTER COLUMN resource_id DROP NOT NULL;
ALTER TABLE harvested_resources DROP CONSTRAINT harvested_resources_resource_id_fkey;
ALTER TABLE harvested_resources ADD CONSTRAINT harvested_resources_resource_id_fkey
  FOREIGN KEY (resource_id) REFERENCES resources (id) ON DELETE SET NULL;
