/** Labels of usergroups of any type (organisations, user groups, spheres), in every language. */
export default {
  fr: {
    name: 'Groupe |||| Groupes',
    fields: {
      id: 'Identifiant',
      display_name: 'Nom',
      description: 'Description',
      status: 'Statut',
      thumbnail: 'Vignette',
      created_at: 'Date de création',
      member_count: "Nombre d'utilisateurs",
      usergroup_type: 'Type de groupe',
    },
    choices: {
      usergroup_type: { organisation: 'Organisation', 'user-group': "Groupe d'utilisateurs", 'group-of-organisation': 'Sphère' },
    },
    messages: { created: 'Groupe créé', updated: 'Groupe mis à jour', deleted: 'Groupe supprimé' },
  },
  en: {
    name: 'Group |||| Groups',
    fields: {
      id: 'Identifier',
      display_name: 'Name',
      description: 'Description',
      status: 'Status',
      thumbnail: 'Thumbnail',
      created_at: 'Creation date',
      member_count: 'Number of users',
      usergroup_type: 'Group type',
    },
    choices: {
      usergroup_type: { organisation: 'Organisation', 'user-group': 'User group', 'group-of-organisation': 'Sphere' },
    },
    messages: { created: 'Group created', updated: 'Group updated', deleted: 'Group deleted' },
  },
  it: {
    name: 'Gruppo |||| Gruppi',
    fields: {
      id: 'Identificativo',
      display_name: 'Nome',
      description: 'Descrizione',
      status: 'Stato',
      thumbnail: 'Miniatura',
      created_at: 'Data di creazione',
      member_count: 'Numero di utenti',
      usergroup_type: 'Tipo di gruppo',
    },
    choices: {
      usergroup_type: { organisation: 'Organizzazione', 'user-group': 'Gruppo di utenti', 'group-of-organisation': 'Sfera' },
    },
    messages: { created: 'Gruppo creato', updated: 'Gruppo aggiornato', deleted: 'Gruppo eliminato' },
  },
};
