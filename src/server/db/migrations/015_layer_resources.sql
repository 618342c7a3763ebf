-- A geographic layer belongs to its resource: it goes with it.
DELETE FROM geographic_layers gl WHERE NOT EXISTS (SELECT 1 FROM resources r WHERE r.id = gl.resource_id);
ALTER TABLE geographic_layers
  ADD CONSTRAINT geographic_layers_resource_id_fkey FOREIGN KEY (resource_id) REFERENCES resources (id) ON DELETE CASCADE;
