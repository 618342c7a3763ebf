/** Catalogo italiano di Publish. Stesse chiavi di fr.ts e en.ts. */
import login from './login/it.ts';
import { resourceLabels } from './resources/index.ts';
import validation from './validation/it.ts';

export default {
  publish: {
    appName: 'Publish',
    nav: {
      label: 'Navigazione principale',
      home: 'Home',
      data: 'Dati',
      accounts: 'Account',
    },
    services: {
      menu: 'Servizi',
      portal: 'Portale dei dati',
      contribution: 'Strumento di contribuzione',
      landRegistry: 'Dati catastali',
      maps: 'Mappe',
      statistics: 'Statistiche',
      mapServerAdmin: 'Amministrazione del server cartografico',
      metadataCatalogue: 'Catalogo dei metadati',
    },
    language: {
      menu: 'Lingua: %{language}',
      fr: 'Français',
      en: 'English',
      it: 'Italiano',
    },
    user: {
      menu: 'Menu utente',
      anonymous: 'Accesso non effettuato',
      profile: 'Il mio profilo',
      signIn: 'Accedi',
      signOut: 'Esci',
      superuser: 'Superutente',
    },
    footer: {
      poweredBy: 'Realizzato con Publish',
    },
    startup: {
      loading: "Caricamento dell'applicazione",
    },
    home: {
      title: 'Benvenuto in Publish',
      intro: 'Pubblica e gestisci i dati aperti della tua organizzazione.',
      greeting: 'Ciao %{name}.',
      signInPrompt: 'Accedi per gestire i tuoi dati e i tuoi account.',
      signIn: 'Accedi',
    },
    data: {
      title: 'Dati',
      latestTasks: 'Ultime attività',
      empty: 'Ancora nessuna attività.',
    },
    accounts: {
      title: 'Account',
      accounts: 'Account utente',
      organisations: 'Organizzazioni e gruppi',
      attachments: 'Adesioni in attesa di convalida',
      comingSoon: 'Questa sezione sarà presto disponibile.',
    },
    accessDenied: {
      title: 'Accesso negato',
      message: 'Il tuo account non ti consente di visualizzare questo contenuto',
      back: 'Indietro',
    },
    notFound: {
      title: 'Pagina non trovata',
      message: 'La pagina richiesta non esiste',
      home: 'Torna alla home',
    },
    feedback: {
      error: {
        title: 'Errore',
        critical: 'Errore critico',
        default: 'Si è verificato un errore',
      },
      success: {
        default: "L'operazione è riuscita",
      },
      confirm: {
        title: 'Conferma',
        message: 'Sei sicuro di voler continuare?',
        cancel: 'Annulla',
        confirm: 'Conferma',
      },
      progress: {
        title: 'Operazione in corso',
        label: 'Avanzamento',
      },
    },
  },
  resources: {
    ...resourceLabels('it'),
    tasks: {
      name: 'Attività |||| Attività',
      fields: {
        id: 'Identificativo',
        status: 'Stato',
        action: 'Azione',
        object_class: 'Tipo di oggetto',
        object_id: "Identificativo dell'oggetto",
        target: 'Destinazione',
        start_date: 'Inizio',
        end_date: 'Fine',
      },
    },
  },
  login,
  validation,
};
