/**
 * Labels of a dataset's history, in every language. Changed fields are named by
 * `resources.datasets.fields`; `fields` here names the changes that are not dataset fields.
 */
export default {
  fr: {
    name: 'Historique',
    empty: 'Aucune modification enregistrée pour ce jeu de données.',
    unknownUser: 'Utilisateur supprimé',
    actions: {
      create: 'a créé le jeu de données',
      update: 'a modifié le jeu de données',
      duplicate: 'a créé ce jeu de données par duplication',
      contacts: 'a modifié les contacts',
      permissions: 'a modifié les droits',
      thumbnail: 'a changé la vignette',
    },
    fields: {
      contact_roles: 'Contact',
      duplicated_from: 'Dupliqué depuis',
      permissions: 'Droits',
    },
    diff: {
      before: 'Avant',
      after: 'Après',
      added: 'Ajouté',
      removed: 'Retiré',
      empty: 'vide',
      showMore: 'Afficher tout',
      showLess: 'Réduire',
    },
  },
  en: {
    name: 'History',
    empty: 'No change recorded for this dataset.',
    unknownUser: 'Deleted user',
    actions: {
      create: 'created the dataset',
      update: 'updated the dataset',
      duplicate: 'created this dataset as a copy',
      contacts: 'changed the contacts',
      permissions: 'changed the permissions',
      thumbnail: 'changed the thumbnail',
    },
    fields: {
      contact_roles: 'Contact',
      duplicated_from: 'Copied from',
      permissions: 'Permissions',
    },
    diff: {
      before: 'Before',
      after: 'After',
      added: 'Added',
      removed: 'Removed',
      empty: 'empty',
      showMore: 'Show all',
      showLess: 'Show less',
    },
  },
  it: {
    name: 'Cronologia',
    empty: 'Nessuna modifica registrata per questo insieme di dati.',
    unknownUser: 'Utente eliminato',
    actions: {
      create: "ha creato l'insieme di dati",
      update: "ha modificato l'insieme di dati",
      duplicate: 'ha creato questo insieme di dati duplicandolo',
      contacts: 'ha modificato i contatti',
      permissions: 'ha modificato i permessi',
      thumbnail: "ha cambiato l'immagine di anteprima",
    },
    fields: {
      contact_roles: 'Contatto',
      duplicated_from: 'Duplicato da',
      permissions: 'Permessi',
    },
    diff: {
      before: 'Prima',
      after: 'Dopo',
      added: 'Aggiunto',
      removed: 'Rimosso',
      empty: 'vuoto',
      showMore: 'Mostra tutto',
      showLess: 'Riduci',
    },
  },
};
