-- The datasets covering a jurisdiction, found by their index rather than by reading every dataset:
-- a delegated administrator may change a jurisdiction only while no other group's dataset covers
-- it (src/server/jurisdictions/access.ts, asked for every row of the jurisdictions list), and a
-- jurisdiction's deletion sets their jurisdiction_id to null.
CREATE INDEX datasets_jurisdiction_idx ON datasets (jurisdiction_id) WHERE jurisdiction_id IS NOT NULL;
