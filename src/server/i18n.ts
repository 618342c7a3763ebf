/** Messages of the API (error details, status and role labels) in each locale. */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../schemas/constants.ts';
import loginEn from '../../i18n/login/en.ts';
import loginFr from '../../i18n/login/fr.ts';
import loginIt from '../../i18n/login/it.ts';

const en = {
  notFound: 'Not found.',
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidToken: 'The authentication token is invalid or has expired.',
  permissionDenied: 'You do not have permission to perform this action.',
  termsRequired: 'You must accept the terms of use before using the platform.',
  csrfFailed: 'CSRF failed: CSRF token missing or incorrect.',
  invalidCredentials: 'Unable to sign in with the provided credentials.',
  required: 'This field is required.',
  invalidValue: 'Invalid value.',
  invalidInteger: 'A valid integer is required.',
  invalidPage: 'Invalid page.',
  invalidOrdering: 'Invalid ordering field: "%{field}".',
  parseError: 'Malformed request body.',
  unsupportedMediaType: 'Unsupported media type in request.',
  payloadTooLarge: 'The request is too large.',
  badRequest: 'The request could not be processed.',
  methodNotAllowed: 'Method not allowed.',
  tooManyRequests: 'Request was throttled. Try again in %{seconds} seconds.',
  serverError: 'A server error occurred.',
  signedOut: 'You have been signed out.',
  datastoreUnavailable: 'The datastore is not configured.',
  mapserverUnavailable: 'The map server is not configured.',
  'status.0': 'Pending verification',
  'status.1': 'Pending validation',
  'status.2': 'Active',
  'role.0': 'Registered user',
  'role.1': 'Editor',
  'role.2': 'Delegated administrator',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotRemoveOwnSuperuser: 'You cannot remove your own superuser status.',
  linkSelf: 'A group cannot be linked to itself.',
  linkCycle: 'This link would make a group its own ancestor.',
  fileMissing: 'No file was submitted.',
  pdfType: 'The file must be a PDF document.',
  pdfTooLarge: 'The file must not exceed 10 MB.',
  unknownInseeCodes: 'Unknown INSEE code(s): %{codes}',
  jurisdictionInUse: 'This jurisdiction is attached to an organisation and cannot be deleted: %{names}',
  accountNotFound: 'No account has this username or e-mail address.',
  accountAmbiguous: 'Several accounts share this e-mail address: give the username.',
};

export type MessageKey = keyof typeof en;

const fr: Record<MessageKey, string> = {
  notFound: 'Pas trouvé.',
  notAuthenticated: "Informations d'authentification non fournies.",
  invalidToken: "Le jeton d'authentification est invalide ou a expiré.",
  permissionDenied: "Vous n'avez pas la permission d'effectuer cette action.",
  termsRequired: "Vous devez accepter les conditions d'utilisation avant d'utiliser la plateforme.",
  csrfFailed: 'CSRF : jeton CSRF absent ou incorrect.',
  invalidCredentials: 'Impossible de se connecter avec les identifiants fournis.',
  required: 'Ce champ est obligatoire.',
  invalidValue: 'Valeur invalide.',
  invalidInteger: 'Un nombre entier valide est requis.',
  invalidPage: 'Page non valide.',
  invalidOrdering: 'Champ de tri invalide : « %{field} ».',
  parseError: 'Corps de requête mal formé.',
  unsupportedMediaType: 'Type de média non pris en charge dans la requête.',
  payloadTooLarge: 'La requête est trop volumineuse.',
  badRequest: "La requête n'a pas pu être traitée.",
  methodNotAllowed: 'Méthode non autorisée.',
  tooManyRequests: 'Trop de requêtes. Réessayez dans %{seconds} secondes.',
  serverError: "Une erreur s'est produite sur le serveur.",
  signedOut: 'Vous êtes déconnecté.',
  datastoreUnavailable: "L'entrepôt de données n'est pas configuré.",
  mapserverUnavailable: "Le serveur cartographique n'est pas configuré.",
  'status.0': 'En attente de vérification',
  'status.1': 'En attente de validation',
  'status.2': 'Actif',
  'role.0': 'Utilisateur enregistré',
  'role.1': 'Éditeur',
  'role.2': 'Administrateur délégué',
  cannotDeleteSelf: 'Vous ne pouvez pas supprimer votre propre compte.',
  cannotRemoveOwnSuperuser: 'Vous ne pouvez pas retirer votre propre statut de super-utilisateur.',
  linkSelf: 'Un groupe ne peut pas être lié à lui-même.',
  linkCycle: 'Ce lien ferait d’un groupe son propre ancêtre.',
  fileMissing: "Aucun fichier n'a été envoyé.",
  pdfType: 'Le fichier doit être un document PDF.',
  pdfTooLarge: 'Le fichier ne doit pas dépasser 10 Mo.',
  unknownInseeCodes: 'Code(s) INSEE inconnu(s) : %{codes}',
  jurisdictionInUse: 'Ce territoire de compétence est rattaché à une organisation et ne peut pas être supprimé : %{names}',
  accountNotFound: "Aucun compte n'a ce nom d'utilisateur ou cette adresse e-mail.",
  accountAmbiguous: "Plusieurs comptes partagent cette adresse e-mail : indiquez le nom d'utilisateur.",
};

const it: Record<MessageKey, string> = {
  notFound: 'Non trovato.',
  notAuthenticated: 'Le credenziali di autenticazione non sono state fornite.',
  invalidToken: 'Il token di autenticazione non è valido o è scaduto.',
  permissionDenied: 'Non hai il permesso di eseguire questa azione.',
  termsRequired: "Devi accettare le condizioni d'uso prima di usare la piattaforma.",
  csrfFailed: 'CSRF: token CSRF mancante o errato.',
  invalidCredentials: 'Impossibile accedere con le credenziali fornite.',
  required: 'Questo campo è obbligatorio.',
  invalidValue: 'Valore non valido.',
  invalidInteger: 'È richiesto un numero intero valido.',
  invalidPage: 'Pagina non valida.',
  invalidOrdering: 'Campo di ordinamento non valido: "%{field}".',
  parseError: 'Corpo della richiesta non valido.',
  unsupportedMediaType: 'Tipo di media non supportato nella richiesta.',
  payloadTooLarge: 'La richiesta è troppo grande.',
  badRequest: 'Non è stato possibile elaborare la richiesta.',
  methodNotAllowed: 'Metodo non consentito.',
  tooManyRequests: 'Troppe richieste. Riprova tra %{seconds} secondi.',
  serverError: 'Si è verificato un errore del server.',
  signedOut: 'Sei stato disconnesso.',
  datastoreUnavailable: 'Il datastore non è configurato.',
  mapserverUnavailable: 'Il server cartografico non è configurato.',
  'status.0': 'In attesa di verifica',
  'status.1': 'In attesa di convalida',
  'status.2': 'Attivo',
  'role.0': 'Utente registrato',
  'role.1': 'Editore',
  'role.2': 'Amministratore delegato',
  cannotDeleteSelf: 'Non puoi eliminare il tuo account.',
  cannotRemoveOwnSuperuser: 'Non puoi rimuovere il tuo stato di superutente.',
  linkSelf: 'Un gruppo non può essere collegato a se stesso.',
  linkCycle: 'Questo collegamento renderebbe un gruppo antenato di se stesso.',
  fileMissing: 'Nessun file è stato inviato.',
  pdfType: 'Il file deve essere un documento PDF.',
  pdfTooLarge: 'Il file non deve superare 10 MB.',
  unknownInseeCodes: 'Codici INSEE sconosciuti: %{codes}',
  jurisdictionInUse: "Questo territorio di competenza è collegato a un'organizzazione e non può essere eliminato: %{names}",
  accountNotFound: 'Nessun account ha questo nome utente o indirizzo e-mail.',
  accountAmbiguous: "Più account condividono questo indirizzo e-mail: indica il nome utente.",
};

const catalogues: Record<Locale, Record<MessageKey, string>> = { en, fr, it };
const loginCatalogues = { en: loginEn, fr: loginFr, it: loginIt } satisfies Record<Locale, typeof loginEn>;
export type LoginStrings = typeof loginEn;

export function interpolate(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/%\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : match));
}

export function t(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  return interpolate(catalogues[locale][key], params);
}

export function loginStrings(locale: Locale): LoginStrings {
  return loginCatalogues[locale];
}

/** The locale named by the first path segment (/fr/..., /en/..., /it/...), else the default. */
export function localeFromPath(url: string): Locale {
  const first = url.split('?')[0].split('/')[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}
