/** Labels of what a resource's page sets beside its source: its scheduled update (scheduler and update scenario) and its hidden flag. */
export default {
  fr: {
    name: 'Réglage de la ressource |||| Réglages de la ressource',
    fields: { scheduler: 'Fréquence de mise à jour', next_run: 'Prochaine mise à jour', hidden: 'Masquée' },
    schedule: {
      title: 'Mise à jour planifiée',
      intro: 'Relance « %{scenario} » à la fréquence choisie : les données sont relues là où elles se trouvent.',
      none: 'Jamais (pas de planification)',
      nextRun: 'Prochaine mise à jour : %{date}',
      noneScheduled: 'Aucune mise à jour planifiée.',
      readOnly: 'Seuls ceux qui peuvent modifier la ressource changent sa planification.',
      messages: { created: 'Planification créée', updated: 'Planification mise à jour', deleted: 'Planification supprimée' },
    },
    hidden: {
      help: "Le portail de données ne montre pas cette ressource au public. Elle reste dans le jeu de données ici et dans l'API (champ hidden).",
    },
  },
  en: {
    name: 'Resource setting |||| Resource settings',
    fields: { scheduler: 'Update frequency', next_run: 'Next update', hidden: 'Hidden' },
    schedule: {
      title: 'Scheduled update',
      intro: 'Runs “%{scenario}” again at the chosen frequency: the data is read again where it lives.',
      none: 'Never (not scheduled)',
      nextRun: 'Next update: %{date}',
      noneScheduled: 'No update scheduled.',
      readOnly: 'Only those who may change the resource change its schedule.',
      messages: { created: 'Schedule created', updated: 'Schedule updated', deleted: 'Schedule deleted' },
    },
    hidden: {
      help: 'The data portal does not show this resource to the public. It stays in the dataset here and in the API (field hidden).',
    },
  },
  it: {
    name: 'Impostazione della risorsa |||| Impostazioni della risorsa',
    fields: { scheduler: 'Frequenza di aggiornamento', next_run: 'Prossimo aggiornamento', hidden: 'Nascosta' },
    schedule: {
      title: 'Aggiornamento pianificato',
      intro: 'Riesegue «%{scenario}» alla frequenza scelta: i dati vengono riletti dove si trovano.',
      none: 'Mai (nessuna pianificazione)',
      nextRun: 'Prossimo aggiornamento: %{date}',
      noneScheduled: 'Nessun aggiornamento pianificato.',
      readOnly: 'Solo chi può modificare la risorsa ne cambia la pianificazione.',
      messages: { created: 'Pianificazione creata', updated: 'Pianificazione aggiornata', deleted: 'Pianificazione eliminata' },
    },
    hidden: {
      help: "Il portale dei dati non mostra questa risorsa al pubblico. Resta nell'insieme di dati qui e nell'API (campo hidden).",
    },
  },
};
