/**
 * Dataset messages both the server and the app say: the server in the publish scenario's task log,
 * the app on the dataset form before saving. Here rather than in either catalogue, so that the
 * app's first download does not carry the server's messages.
 */
export const datasetExposedPrivate = {
  fr: "Jeu de données « %{name} » prêt pour le catalogue public, qui ne le liste qu'à partir du niveau d'accès par défaut « Recherche » : il est « Privé ».",
  en: "Dataset “%{name}” ready for the public catalogue, which lists it only from the default access level “Search”: it is “Private”.",
  it: "Insieme di dati «%{name}» pronto per il catalogo pubblico, che lo elenca solo dal livello di accesso predefinito «Ricerca»: è «Privato».",
};
