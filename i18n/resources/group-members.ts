/** Labels of group memberships (attachments of users to usergroups), in every language. */
export default {
  fr: {
    name: 'Rattachement |||| Rattachements',
    fields: {
      id: 'Identifiant',
      user: 'Utilisateur',
      usergroup: 'Groupe',
      usergroup_type: 'Type de groupe',
      role: 'Rôle',
      status: 'Statut',
      date_joined: 'Date de demande',
    },
    messages: { created: 'Rattachement créé', updated: 'Rattachement mis à jour', deleted: 'Rattachement supprimé' },
  },
  en: {
    name: 'Attachment |||| Attachments',
    fields: {
      id: 'Identifier',
      user: 'User',
      usergroup: 'Group',
      usergroup_type: 'Group type',
      role: 'Role',
      status: 'Status',
      date_joined: 'Request date',
    },
    messages: { created: 'Attachment created', updated: 'Attachment updated', deleted: 'Attachment deleted' },
  },
  it: {
    name: 'Affiliazione |||| Affiliazioni',
    fields: {
      id: 'Identificativo',
      user: 'Utente',
      usergroup: 'Gruppo',
      usergroup_type: 'Tipo di gruppo',
      role: 'Ruolo',
      status: 'Stato',
      date_joined: 'Data della richiesta',
    },
    messages: { created: 'Affiliazione creata', updated: 'Affiliazione aggiornata', deleted: 'Affiliazione eliminata' },
  },
};
