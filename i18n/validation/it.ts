/** Messaggi di validazione dei campi, comuni ai moduli dell'applicazione e alle risposte 400 del server. */
export default {
  required: 'Questo campo è obbligatorio.',
  idComp: 'Questo campo deve contenere solo lettere, cifre e i caratteri @ . + - _',
  phone: 'Questo campo deve contenere solo cifre.',
  url: 'Inserisci un URL valido (http o https).',
  email: 'Inserisci un indirizzo email valido.',
  maxLength: 'Questo campo non deve superare %{max} caratteri.',
  invalid: 'Valore non valido.',
  imageType: "L'immagine deve essere un file JPG o PNG.",
  imageTooLarge: "L'immagine non deve superare 2 MB.",
  imageDimensions: "L'immagine non deve superare %{max} × %{max} pixel.",
  imageCorrupt: "L'immagine è illeggibile: il file è danneggiato o incompleto.",
  notUtf8: 'Il file deve essere codificato in UTF-8.',
  unique: 'Questo valore è già utilizzato.',
  date: 'Inserisci una data valida (AAAA-MM-GG).',
  parentCycle: 'Un insieme di dati non può essere il proprio genitore né quello di uno dei suoi antenati.',
  urlPattern: "Il modello di URL deve contenere la variabile di sostituzione {identifier}.",
};
