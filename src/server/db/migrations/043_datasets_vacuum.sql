-- The lists walk their order's covering indexes without reading the table (index-only scans) only
-- over pages the visibility map marks all-visible; every edit clears its page's mark until a vacuum
-- sets it again. PostgreSQL's default waits for a fifth of the table to change (60,000 edits at
-- 300,000 datasets, hours of editing), and the walks read ever more rows from the table meanwhile:
-- vacuum after 1 % instead, a few seconds' work each time.
ALTER TABLE datasets SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_insert_scale_factor = 0.01);
