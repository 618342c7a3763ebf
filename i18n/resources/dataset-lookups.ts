/** Labels of the datasets' lookup lists (their entries' labels come from the server), in every language. */
type Names = Record<'fr' | 'en' | 'it', string>;

const NAMES: Record<string, Names> = {
  categories: { fr: 'Catégorie |||| Catégories', en: 'Category |||| Categories', it: 'Categoria |||| Categorie' },
  granularities: { fr: 'Granularité |||| Granularités', en: 'Granularity |||| Granularities', it: 'Granularità |||| Granularità' },
  topics: { fr: 'Thématique |||| Thématiques', en: 'Topic |||| Topics', it: 'Tema |||| Temi' },
  kinds: { fr: 'Type de données |||| Types de données', en: 'Data kind |||| Data kinds', it: 'Tipo di dati |||| Tipi di dati' },
  restrictions: { fr: "Restriction d'accès |||| Restrictions d'accès", en: 'Access restriction |||| Access restrictions', it: "Limitazione d'accesso |||| Limitazioni d'accesso" },
  'update-frequencies': { fr: 'Fréquence de mise à jour |||| Fréquences de mise à jour', en: 'Update frequency |||| Update frequencies', it: 'Frequenza di aggiornamento |||| Frequenze di aggiornamento' },
  'record-types': { fr: "Type d'enregistrement |||| Types d'enregistrement", en: 'Record type |||| Record types', it: 'Tipo di record |||| Tipi di record' },
  'contact-roles': { fr: 'Rôle de contact |||| Rôles de contact', en: 'Contact role |||| Contact roles', it: 'Ruolo del contatto |||| Ruoli del contatto' },
};

const FIELDS = {
  fr: { id: 'Identifiant', codename: 'Code', label: 'Libellé' },
  en: { id: 'Identifier', codename: 'Code', label: 'Label' },
  it: { id: 'Identificativo', codename: 'Codice', label: 'Etichetta' },
};

function labels(names: Names) {
  return {
    fr: { name: names.fr, fields: FIELDS.fr },
    en: { name: names.en, fields: FIELDS.en },
    it: { name: names.it, fields: FIELDS.it },
  };
}

export default Object.fromEntries(Object.entries(NAMES).map(([resource, names]) => [resource, labels(names)]));
