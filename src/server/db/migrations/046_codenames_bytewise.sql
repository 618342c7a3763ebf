-- Codenames are identifiers (slugs): compared byte by byte. A new dataset or resource whose name is
-- taken gets the next free variant (store.ts uniqueCodenames), found by reading the range of
-- codenames that begin with the name on the unique index. Under a language's collation that range
-- cannot be read from the index, and every harvested page scanned the whole table for its names'
-- variants (100 names × 20,000 resources: 50 ms a page, growing with every harvest).
ALTER TABLE datasets ALTER COLUMN codename TYPE text COLLATE "C";
ALTER TABLE resources ALTER COLUMN codename TYPE text COLLATE "C";
