-- Names sort as people read them, accented letters among the others ("Délibérations" before
-- "Double clic"): the database's own collation (C.UTF-8 for the embedded server) sorts them by
-- their bytes, after every unaccented letter. ICU's root collation is the French order (CLDR's
-- French adds nothing to it) and the English and Italian ones alike, so one serves every language's
-- list. Both the embedded PostgreSQL and the distributions' packages are built with ICU.
CREATE COLLATION IF NOT EXISTS names (provider = icu, locale = 'und');

-- The list orders by name compare in it (src/server/db/collation.ts); their indexes follow, so
-- a page is still read along its index. datasets.display_name cannot change its own collation: its
-- search_vector is generated from it.
CREATE INDEX datasets_name_idx_names ON datasets (display_name COLLATE names NULLS FIRST, id)
  INCLUDE (usergroup_id, default_permission_level, publish, topic_ids);
DROP INDEX datasets_name_idx;
ALTER INDEX datasets_name_idx_names RENAME TO datasets_name_idx;

CREATE INDEX datasets_usergroup_name_idx_names ON datasets (usergroup_name COLLATE names NULLS FIRST, id)
  INCLUDE (usergroup_id, default_permission_level, publish, topic_ids);
DROP INDEX datasets_usergroup_name_idx;
ALTER INDEX datasets_usergroup_name_idx_names RENAME TO datasets_usergroup_name_idx;
