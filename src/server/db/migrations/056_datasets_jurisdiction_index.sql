-- The datasets covering a jurisdiction, found by their index rather than by reading every dataset:
-- a jurisdiction is not deleted while datasets cover it (src/server/routes/jurisdictions.ts counts
-- them first), and the foreign key's ON DELETE SET NULL looks them up too.
CREATE INDEX datasets_jurisdiction_idx ON datasets (jurisdiction_id) WHERE jurisdiction_id IS NOT NULL;
