-- Organisation types are named in the reader's language, as the datasets' lookup lists are
-- (migration 006): labels per language, French required, French when a language has none.
ALTER TABLE organisation_types ADD COLUMN labels jsonb;
UPDATE organisation_types SET labels = jsonb_build_object('fr', display_name);
UPDATE organisation_types t SET labels = t.labels || v.labels
  FROM (VALUES
    ('region', '{"en": "Region", "it": "Regione"}'::jsonb),
    ('departement', '{"en": "Department", "it": "Dipartimento"}'),
    ('epci', '{"en": "Inter-municipal authority", "it": "Ente intercomunale"}'),
    ('commune', '{"en": "Municipality", "it": "Comune"}'),
    ('etablissement-public', '{"en": "Public body", "it": "Ente pubblico"}'),
    ('association', '{"en": "Association", "it": "Associazione"}'),
    ('entreprise', '{"en": "Company", "it": "Impresa"}')
  ) AS v(codename, labels)
  WHERE t.codename = v.codename;
ALTER TABLE organisation_types ALTER COLUMN labels SET NOT NULL,
  ADD CONSTRAINT organisation_types_labels_check CHECK (jsonb_typeof(labels) = 'object' AND labels ? 'fr'),
  DROP COLUMN display_name;
