/** Labels of user groups, in every language. */
export default {
  fr: {
    name: "Groupe d'utilisateurs |||| Groupes d'utilisateurs",
    // react-admin's title of the create page.
    page: { create: "Nouveau groupe d'utilisateurs" },
    fields: {
      id: 'Identifiant',
      display_name: 'Groupe',
      description: 'Description',
      status: 'Statut',
      thumbnail: 'Vignette',
      created_at: 'Date de création',
      member_count: "Nombre d'utilisateurs",
    },
    messages: { created: "Groupe d'utilisateurs créé", updated: "Groupe d'utilisateurs mis à jour", deleted: "Groupe d'utilisateurs supprimé" },
  },
  en: {
    name: 'User group |||| User groups',
    // react-admin's title of the create page.
    page: { create: 'New user group' },
    fields: {
      id: 'Identifier',
      display_name: 'Group',
      description: 'Description',
      status: 'Status',
      thumbnail: 'Thumbnail',
      created_at: 'Creation date',
      member_count: 'Number of users',
    },
    messages: { created: 'User group created', updated: 'User group updated', deleted: 'User group deleted' },
  },
  it: {
    name: 'Gruppo di utenti |||| Gruppi di utenti',
    // react-admin's title of the create page.
    page: { create: 'Nuovo gruppo di utenti' },
    fields: {
      id: 'Identificativo',
      display_name: 'Gruppo',
      description: 'Descrizione',
      status: 'Stato',
      thumbnail: 'Miniatura',
      created_at: 'Data di creazione',
      member_count: 'Numero di utenti',
    },
    messages: { created: 'Gruppo di utenti creato', updated: 'Gruppo di utenti aggiornato', deleted: 'Gruppo di utenti eliminato' },
  },
};
