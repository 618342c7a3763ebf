-- Layers of any geometry (src/server/datastore/geometry.ts): the geometry column's type, how the
-- geometries are stored (`postgis`: a geometry(<type>, 4326) column; `plain`: GeoJSON and a box),
-- and the layer read from a file of several. Layers made before (a core `point` column `_point`)
-- have no storage yet: the server moves their tables to the new storage when it starts
-- (datastore/upgrade.ts), since the datastore may be another database.
ALTER TABLE geographic_layers
  ADD COLUMN geometry_type text,
  ADD COLUMN storage text CHECK (storage IN ('postgis', 'plain')),
  ADD COLUMN source_layer text;
UPDATE geographic_layers SET geometry_type = 'Point';

-- A CSV's column of WKT geometries (in the source's `crs`), instead of X/Y columns.
ALTER TABLE resource_sources ADD COLUMN column_geometry text;
