-- The create and update scenarios of the two last resource types: a table of the datastore
-- (copied into the resource's own table, placed with its X/Y columns) and a map server layer.
INSERT INTO scenarios (codename, action, object_class, labels) VALUES
  ('create-datastore', 'create', 'resource',
    '{"fr": "Créer la ressource depuis la table du datastore", "en": "Create the resource from the datastore table", "it": "Creare la risorsa dalla tabella del datastore"}'),
  ('update-datastore', 'update', 'resource',
    '{"fr": "Mettre à jour la ressource depuis la table du datastore", "en": "Update the resource from the datastore table", "it": "Aggiornare la risorsa dalla tabella del datastore"}'),
  ('create-geoserver', 'create', 'resource',
    '{"fr": "Créer la ressource miroir de la couche du serveur cartographique", "en": "Create the resource mirroring the map server layer", "it": "Creare la risorsa specchio del livello del server cartografico"}'),
  ('update-geoserver', 'update', 'resource',
    '{"fr": "Mettre à jour la ressource miroir de la couche du serveur cartographique", "en": "Update the resource mirroring the map server layer", "it": "Aggiornare la risorsa specchio del livello del server cartografico"}')
ON CONFLICT (codename) DO NOTHING;
