-- The publish ordering's indexes are on COALESCE(publish, true), and PostgreSQL reads an index alone
-- only when it holds every column the query names, the expression's own included: without `publish`
-- itself, each page walked the index and read every entry's row from the table (an editor's page
-- 3,000 of that ordering: 250,000 rows, 170 ms at 300,000 datasets, against 30 ms for the others).
DROP INDEX datasets_published_idx;
DROP INDEX datasets_published_desc_idx;
CREATE INDEX datasets_published_idx ON datasets ((COALESCE(publish, true)) NULLS FIRST, id) INCLUDE (usergroup_id, default_permission_level, publish);
CREATE INDEX datasets_published_desc_idx ON datasets ((COALESCE(publish, true)) DESC NULLS LAST, id) INCLUDE (usergroup_id, default_permission_level, publish);
