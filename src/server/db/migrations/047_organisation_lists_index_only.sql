-- An organisation's list (usergroup_id = …, in any of the usual orders) read the organisation's
-- datasets from the table to sort them: one table page per dataset, since an organisation's datasets
-- lie all over the table (400 datasets: 7 ms at 300,000 datasets). Its index now carries the
-- columns those orders and the reach rules read, so the list is sorted from the index alone (0.3 ms).
-- Orders by other columns (codename, dates of the record, quality) still read the table.
CREATE INDEX datasets_usergroup_cover_idx ON datasets (usergroup_id, id)
  INCLUDE (default_permission_level, publish, display_name, usergroup_name, updated_at, created_at, revision_date);
DROP INDEX datasets_usergroup_idx;
ALTER INDEX datasets_usergroup_cover_idx RENAME TO datasets_usergroup_idx;
