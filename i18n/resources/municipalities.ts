/** Labels of French communes, in every language. */
export default {
  fr: {
    name: 'Commune |||| Communes',
    fields: { id: 'Identifiant', codename: 'Code INSEE', display_name: 'Nom', departement: 'Département' },
  },
  en: {
    name: 'Municipality |||| Municipalities',
    fields: { id: 'Identifier', codename: 'INSEE code', display_name: 'Name', departement: 'Department' },
  },
  it: {
    name: 'Comune |||| Comuni',
    fields: { id: 'Identificativo', codename: 'Codice INSEE', display_name: 'Nome', departement: 'Dipartimento' },
  },
};
