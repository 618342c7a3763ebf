/** Labels of dataset licences, in every language. */
export default {
  fr: {
    name: 'Licence |||| Licences',
    // react-admin's title of the create page.
    page: { create: 'Nouvelle licence' },
    fields: { id: 'Identifiant', title: 'Titre', alternate_title: 'Nom court', url: 'Adresse du texte' },
    messages: { created: 'Licence créée', updated: 'Licence mise à jour', deleted: 'Licence supprimée' },
  },
  en: {
    name: 'Licence |||| Licences',
    // react-admin's title of the create page.
    page: { create: 'New licence' },
    fields: { id: 'Identifier', title: 'Title', alternate_title: 'Short name', url: 'Address of the text' },
    messages: { created: 'Licence created', updated: 'Licence updated', deleted: 'Licence deleted' },
  },
  it: {
    name: 'Licenza |||| Licenze',
    // react-admin's title of the create page.
    page: { create: 'Nuova licenza' },
    fields: { id: 'Identificativo', title: 'Titolo', alternate_title: 'Nome breve', url: 'Indirizzo del testo' },
    messages: { created: 'Licenza creata', updated: 'Licenza aggiornata', deleted: 'Licenza eliminata' },
  },
};
