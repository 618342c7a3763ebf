/** Labels of organisation types, in every language. */
export default {
  fr: {
    name: "Type d'organisation |||| Types d'organisation",
    fields: { id: 'Identifiant', codename: 'Code', display_name: 'Libellé' },
    messages: { created: "Type d'organisation créé", updated: "Type d'organisation mis à jour", deleted: "Type d'organisation supprimé" },
  },
  en: {
    name: 'Organisation type |||| Organisation types',
    fields: { id: 'Identifier', codename: 'Code', display_name: 'Label' },
    messages: { created: 'Organisation type created', updated: 'Organisation type updated', deleted: 'Organisation type deleted' },
  },
  it: {
    name: 'Tipo di organizzazione |||| Tipi di organizzazione',
    fields: { id: 'Identificativo', codename: 'Codice', display_name: 'Etichetta' },
    messages: {
      created: 'Tipo di organizzazione creato',
      updated: 'Tipo di organizzazione aggiornato',
      deleted: 'Tipo di organizzazione eliminato',
    },
  },
};
