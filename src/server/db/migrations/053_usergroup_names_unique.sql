-- Two organisations (or user groups, or spheres) of the same name cannot be told apart in the
-- lists and pickers that name them. Names are compared as people read them: without case or
-- accents, and without the spaces around them. Groups already sharing a name keep the oldest as it
-- is; the others get their id after their name, which their administrators can then change.
UPDATE usergroups g SET display_name = g.display_name || ' (' || g.id || ')'
  WHERE EXISTS (
    SELECT 1 FROM usergroups o
    WHERE o.usergroup_type = g.usergroup_type AND o.id < g.id
      AND lower(immutable_unaccent(btrim(o.display_name))) = lower(immutable_unaccent(btrim(g.display_name)))
  );
CREATE UNIQUE INDEX usergroups_type_name_key ON usergroups (usergroup_type, lower(immutable_unaccent(btrim(display_name))));
