/** Pages du service de connexion (connexion, profil, conditions d'utilisation). Interpolation : %{nom}. */
export default {
  common: {
    appName: 'Publish',
    language: 'Langue',
    backToApp: "Retour à l'application",
    signout: 'Se déconnecter',
    required: 'Ce champ est obligatoire.',
    csrf: 'Votre formulaire a expiré. Veuillez réessayer.',
  },
  signin: {
    title: 'Connexion',
    intro: 'Connectez-vous avec votre compte de la plateforme.',
    username: "Nom d'utilisateur",
    password: 'Mot de passe',
    submit: 'Se connecter',
    invalidCredentials: 'Impossible de se connecter avec les identifiants fournis.',
    tooManyAttempts: 'Trop de tentatives. Veuillez patienter une minute puis réessayer.',
  },
  profile: {
    title: 'Mon profil',
    identityTitle: 'Identité',
    username: "Nom d'utilisateur",
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'Adresse e-mail',
    save: 'Enregistrer',
    saved: 'Votre profil a été enregistré.',
    invalidEmail: 'Saisissez une adresse e-mail valide.',
    passwordTitle: 'Changer de mot de passe',
    currentPassword: 'Mot de passe actuel',
    newPassword: 'Nouveau mot de passe',
    confirmPassword: 'Confirmez le nouveau mot de passe',
    changePassword: 'Changer le mot de passe',
    passwordChanged: 'Votre mot de passe a été modifié.',
    wrongPassword: 'Le mot de passe actuel est incorrect.',
    passwordMismatch: 'Les deux mots de passe ne correspondent pas.',
  },
  terms: {
    title: "Conditions d'utilisation",
    version: 'Version %{version}',
    paragraph1:
      "Cet espace d'administration est réservé aux personnels des organisations et groupes d'utilisateurs de la plateforme régionale de données ouvertes.",
    paragraph2:
      "Vous vous engagez à ne publier que des données que vous êtes autorisé à diffuser, sous la licence que vous choisissez, et à garder vos identifiants confidentiels.",
    paragraph3:
      "Vos nom, adresse e-mail et actions sont enregistrés pour le fonctionnement de la plateforme. Vous pouvez demander aux administrateurs de la plateforme d'y accéder ou de les corriger.",
    accept: "J'accepte les conditions d'utilisation",
    accepted: 'Vous avez accepté ces conditions le %{date}.',
    continue: 'Continuer',
  },
};
