/** Labels of dataset contacts, in every language. */
export default {
  fr: {
    name: 'Contact |||| Contacts',
    // react-admin's title of the create page.
    page: { create: 'Nouveau contact' },
    fields: {
      id: 'Identifiant',
      name: 'Nom',
      email: 'Adresse e-mail',
      phone: 'Téléphone',
      position: 'Fonction',
      usergroup: 'Groupe',
      usergroup_id: 'Groupe',
      role: 'Rôle',
    },
    messages: { created: 'Contact créé', updated: 'Contact mis à jour', deleted: 'Contact supprimé', updateFailed: 'Erreur lors de la mise à jour du contact' },
  },
  en: {
    name: 'Contact |||| Contacts',
    // react-admin's title of the create page.
    page: { create: 'New contact' },
    fields: {
      id: 'Identifier',
      name: 'Name',
      email: 'Email address',
      phone: 'Phone',
      position: 'Position',
      usergroup: 'Group',
      usergroup_id: 'Group',
      role: 'Role',
    },
    messages: { created: 'Contact created', updated: 'Contact updated', deleted: 'Contact deleted', updateFailed: 'Error during update of contact' },
  },
  it: {
    name: 'Contatto |||| Contatti',
    // react-admin's title of the create page.
    page: { create: 'Nuovo contatto' },
    fields: {
      id: 'Identificativo',
      name: 'Nome',
      email: 'Indirizzo e-mail',
      phone: 'Telefono',
      position: 'Funzione',
      usergroup: 'Gruppo',
      usergroup_id: 'Gruppo',
      role: 'Ruolo',
    },
    messages: { created: 'Contatto creato', updated: 'Contatto aggiornato', deleted: 'Contatto eliminato', updateFailed: "Errore durante l'aggiornamento del contatto" },
  },
};
