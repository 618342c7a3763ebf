/** Catalogue français de Publish (langue par défaut). Mêmes clés que en.ts et it.ts. */
import login from './login/fr.ts';
import { resourceLabels } from './resources/index.ts';
import validation from './validation/fr.ts';

export default {
  publish: {
    appName: 'Publish',
    nav: {
      label: 'Navigation principale',
      home: 'Accueil',
      data: 'Données',
      accounts: 'Comptes',
    },
    services: {
      menu: 'Services',
      portal: 'Portail de données',
      contribution: 'Outil de contribution',
      landRegistry: 'Données foncières',
      maps: 'Cartes',
      statistics: 'Statistiques',
      mapServerAdmin: 'Administration du serveur cartographique',
      metadataCatalogue: 'Catalogue de métadonnées',
    },
    language: {
      menu: 'Langue : %{language}',
      fr: 'Français',
      en: 'English',
      it: 'Italiano',
    },
    user: {
      menu: 'Menu utilisateur',
      anonymous: 'Non connecté',
      profile: 'Mon profil',
      signIn: 'Se connecter',
      signOut: 'Se déconnecter',
      superuser: 'Super-utilisateur',
    },
    footer: {
      poweredBy: 'Propulsé par Publish',
    },
    startup: {
      loading: "Chargement de l'application",
    },
    home: {
      title: 'Bienvenue sur Publish',
      intro: 'Publiez et gérez les données ouvertes de votre organisation.',
      greeting: 'Bonjour %{name}.',
      signInPrompt: 'Connectez-vous pour gérer vos données et vos comptes.',
      signIn: 'Se connecter',
    },
    data: {
      title: 'Données',
      latestTasks: 'Dernières tâches',
      empty: 'Aucune tâche pour le moment.',
    },
    accounts: {
      title: 'Comptes',
      accounts: 'Comptes utilisateurs',
      organisations: 'Organisations et groupes',
      attachments: 'Rattachements en attente de validation',
      comingSoon: 'Cette section sera bientôt disponible.',
    },
    accessDenied: {
      title: 'Accès refusé',
      message: 'Votre compte ne vous permet pas de consulter ce contenu',
      back: 'Retour',
    },
    notFound: {
      title: 'Page introuvable',
      message: "La page demandée n'existe pas",
      home: "Retour à l'accueil",
    },
    feedback: {
      error: {
        title: 'Erreur',
        critical: 'Erreur critique',
        default: 'Une erreur est survenue',
      },
      success: {
        default: "L'opération a réussi",
      },
      confirm: {
        title: 'Confirmation',
        message: 'Êtes-vous sûr de vouloir continuer ?',
        cancel: 'Annuler',
        confirm: 'Confirmer',
      },
      progress: {
        title: 'Opération en cours',
        label: 'Progression',
      },
    },
  },
  resources: {
    ...resourceLabels('fr'),
    tasks: {
      name: 'Tâche |||| Tâches',
      fields: {
        id: 'Identifiant',
        status: 'Statut',
        action: 'Action',
        object_class: "Type d'objet",
        object_id: "Identifiant de l'objet",
        target: 'Cible',
        start_date: 'Début',
        end_date: 'Fin',
      },
    },
  },
  login,
  validation,
};
