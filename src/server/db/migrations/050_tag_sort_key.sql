-- A keyword's sort key, kept with it. Every row of a dataset list gives its keywords sorted without
-- case or accents, and immutable_unaccent() is a SQL function PostgreSQL does not inline (its body
-- calls the STABLE unaccent()): calling it for each keyword of a page's 25 rows took about 0.3 ms of
-- the page's 2.5 ms of fields, on every list. The key is now written once, with the keyword.
ALTER TABLE tags ADD COLUMN sort_key text GENERATED ALWAYS AS (immutable_unaccent(lower(name))) STORED;
