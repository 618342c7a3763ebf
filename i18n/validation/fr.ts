/** Messages de validation des champs, communs aux formulaires de l'application et aux réponses 400 du serveur. */
export default {
  required: 'Ce champ est obligatoire.',
  idComp: 'Ce champ ne doit contenir que des lettres, des chiffres et les caractères @ . + - _',
  phone: 'Veuillez saisir un numéro valide.',
  url: 'Saisissez une URL valide (http ou https).',
  email: 'Saisissez une adresse e-mail valide.',
  maxLength: 'Ce champ ne doit pas dépasser %{max} caractères.',
  invalid: 'Valeur invalide.',
  imageType: "L'image doit être un fichier JPG ou PNG.",
  imageTooLarge: "L'image ne doit pas dépasser 2 Mo.",
  imageDimensions: "L'image ne doit pas dépasser %{max} × %{max} pixels.",
  imageCorrupt: "L'image est illisible : le fichier est endommagé ou incomplet.",
  notUtf8: 'Le fichier doit être encodé en UTF-8.',
  unique: 'Cette valeur est déjà utilisée.',
  date: 'Saisissez une date valide (AAAA-MM-JJ).',
  parentCycle: 'Un jeu de données ne peut pas être son propre parent ni celui de l’un de ses ancêtres.',
  urlPattern: "Le modèle d'URL doit contenir la variable de substitution {identifier}.",
};
