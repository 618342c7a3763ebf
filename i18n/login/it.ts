/** Pagine del servizio di accesso (accesso, profilo, condizioni d'uso). Interpolazione: %{nome}. */
export default {
  common: {
    appName: 'Publish',
    language: 'Lingua',
    backToApp: "Torna all'applicazione",
    signout: 'Esci',
    required: 'Questo campo è obbligatorio.',
    csrf: 'Il modulo è scaduto. Riprova.',
  },
  signin: {
    title: 'Accesso',
    intro: 'Accedi con il tuo account della piattaforma.',
    username: 'Nome utente',
    password: 'Password',
    submit: 'Accedi',
    invalidCredentials: 'Impossibile accedere con le credenziali fornite.',
    tooManyAttempts: 'Troppi tentativi. Attendi un minuto e riprova.',
  },
  profile: {
    title: 'Il mio profilo',
    identityTitle: 'Identità',
    username: 'Nome utente',
    firstName: 'Nome',
    lastName: 'Cognome',
    email: 'Indirizzo e-mail',
    save: 'Salva',
    saved: 'Il tuo profilo è stato salvato.',
    invalidEmail: 'Inserisci un indirizzo e-mail valido.',
    passwordTitle: 'Cambia password',
    currentPassword: 'Password attuale',
    newPassword: 'Nuova password',
    confirmPassword: 'Conferma la nuova password',
    changePassword: 'Cambia password',
    passwordChanged: 'La tua password è stata modificata.',
    wrongPassword: 'La password attuale non è corretta.',
    passwordMismatch: 'Le due password non corrispondono.',
  },
  terms: {
    title: "Condizioni d'uso",
    version: 'Versione %{version}',
    paragraph1:
      "Questo back-office è riservato al personale delle organizzazioni e dei gruppi di utenti della piattaforma regionale di dati aperti.",
    paragraph2:
      'Ti impegni a pubblicare solo dati che hai il diritto di diffondere, con la licenza che scegli, e a mantenere riservate le tue credenziali.',
    paragraph3:
      'Il tuo nome, il tuo indirizzo e-mail e le tue azioni sono registrati per il funzionamento della piattaforma. Puoi chiedere agli amministratori di accedervi o di correggerli.',
    accept: "Accetto le condizioni d'uso",
    accepted: 'Hai accettato queste condizioni il %{date}.',
    continue: 'Continua',
  },
};
