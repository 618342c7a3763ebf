/**
 * Labels of a dataset's contacts with their role, in every language. The contacts' own fields
 * are named by `resources.contacts.fields`.
 */
export default {
  fr: {
    name: 'Contacts du jeu de données',
    empty: "Aucun contact n'est associé à ce jeu de données.",
    fields: {
      contact: 'Contact',
      role: 'Rôle',
    },
    add: {
      title: 'Ajouter un contact',
      existing: 'Contact existant',
      new: 'Nouveau contact',
      search: 'Rechercher un contact',
      submit: 'Ajouter le contact',
    },
    roleOf: 'Rôle de %{name}',
    removeOf: 'Retirer %{name}',
    remove: 'Retirer',
    lastPointOfContact: {
      title: 'Dernier point de contact',
      message: "Le jeu de données n'aura plus de point de contact. Voulez-vous continuer ?",
    },
    messages: {
      added: 'Contact ajouté au jeu de données',
      updated: 'Rôle du contact mis à jour',
      removed: 'Contact retiré du jeu de données',
    },
  },
  en: {
    name: 'Dataset contacts',
    empty: 'No contact is linked to this dataset.',
    fields: {
      contact: 'Contact',
      role: 'Role',
    },
    add: {
      title: 'Add a contact',
      existing: 'Existing contact',
      new: 'New contact',
      search: 'Search for a contact',
      submit: 'Add the contact',
    },
    roleOf: 'Role of %{name}',
    removeOf: 'Remove %{name}',
    remove: 'Remove',
    lastPointOfContact: {
      title: 'Last point of contact',
      message: 'The dataset will have no point of contact left. Do you want to continue?',
    },
    messages: {
      added: 'Contact added to the dataset',
      updated: "Contact's role updated",
      removed: 'Contact removed from the dataset',
    },
  },
  it: {
    name: "Contatti dell'insieme di dati",
    empty: "Nessun contatto è associato a questo insieme di dati.",
    fields: {
      contact: 'Contatto',
      role: 'Ruolo',
    },
    add: {
      title: 'Aggiungi un contatto',
      existing: 'Contatto esistente',
      new: 'Nuovo contatto',
      search: 'Cerca un contatto',
      submit: 'Aggiungi il contatto',
    },
    roleOf: 'Ruolo di %{name}',
    removeOf: 'Rimuovi %{name}',
    remove: 'Rimuovi',
    lastPointOfContact: {
      title: 'Ultimo punto di contatto',
      message: "L'insieme di dati non avrà più alcun punto di contatto. Vuoi continuare?",
    },
    messages: {
      added: "Contatto aggiunto all'insieme di dati",
      updated: 'Ruolo del contatto aggiornato',
      removed: "Contatto rimosso dall'insieme di dati",
    },
  },
};
