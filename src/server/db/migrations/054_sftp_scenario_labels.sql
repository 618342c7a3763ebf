-- The resource wizard names the organisations' folder the sFTP folder ("dépôt sFTP", as the spec
-- does); the tasks of an ftp resource now name it alike.
UPDATE scenarios SET labels = '{"fr": "Créer la ressource depuis le dépôt sFTP", "en": "Create the resource from the sFTP folder", "it": "Creare la risorsa dalla cartella sFTP"}'
  WHERE codename = 'create-ftp';
UPDATE scenarios SET labels = '{"fr": "Mettre à jour la ressource depuis le dépôt sFTP", "en": "Update the resource from the sFTP folder", "it": "Aggiornare la risorsa dalla cartella sFTP"}'
  WHERE codename = 'update-ftp';
