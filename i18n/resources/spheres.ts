/** Labels of spheres (groups of organisations), in every language. */
export default {
  fr: {
    name: 'Sphère |||| Sphères',
    // react-admin's title of the create page.
    page: { create: 'Nouvelle sphère' },
    fields: {
      id: 'Identifiant',
      display_name: 'Nom',
      description: 'Description',
      status: 'Statut',
      thumbnail: 'Vignette',
      created_at: 'Date de création',
      member_count: "Nombre d'utilisateurs",
      organisation_count: "Nombre d'organisations",
    },
    messages: { created: 'Sphère créée', updated: 'Sphère mise à jour', deleted: 'Sphère supprimée' },
  },
  en: {
    name: 'Sphere |||| Spheres',
    // react-admin's title of the create page.
    page: { create: 'New sphere' },
    fields: {
      id: 'Identifier',
      display_name: 'Name',
      description: 'Description',
      status: 'Status',
      thumbnail: 'Thumbnail',
      created_at: 'Creation date',
      member_count: 'Number of users',
      organisation_count: 'Number of organisations',
    },
    messages: { created: 'Sphere created', updated: 'Sphere updated', deleted: 'Sphere deleted' },
  },
  it: {
    name: 'Sfera |||| Sfere',
    // react-admin's title of the create page.
    page: { create: 'Nuova sfera' },
    fields: {
      id: 'Identificativo',
      display_name: 'Nome',
      description: 'Descrizione',
      status: 'Stato',
      thumbnail: 'Miniatura',
      created_at: 'Data di creazione',
      member_count: 'Numero di utenti',
      organisation_count: 'Numero di organizzazioni',
    },
    messages: { created: 'Sfera creata', updated: 'Sfera aggiornata', deleted: 'Sfera eliminata' },
  },
};
