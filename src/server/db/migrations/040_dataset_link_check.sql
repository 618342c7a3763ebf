-- A dataset's links checked now (src/server/quality/scenarios.ts): run from the dataset's page by
-- those who may change it, with the rates, guard and back-off of the scheduled check-links.
INSERT INTO scenarios (codename, action, object_class, labels) VALUES
  ('check-dataset-links', 'update', 'dataset',
    '{"fr": "Vérifier les liens du jeu de données", "en": "Check the dataset''s links", "it": "Verificare i collegamenti dell''insieme di dati"}');
