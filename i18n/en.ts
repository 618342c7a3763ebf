/** English catalogue of Publish. Same keys as fr.ts and it.ts. */
import login from './login/en.ts';
import { resourceLabels } from './resources/index.ts';
import validation from './validation/en.ts';

export default {
  publish: {
    appName: 'Publish',
    nav: {
      label: 'Main navigation',
      home: 'Home',
      data: 'Data',
      accounts: 'Accounts',
    },
    services: {
      menu: 'Services',
      portal: 'Data portal',
      contribution: 'Contribution tool',
      landRegistry: 'Land registry data',
      maps: 'Maps',
      statistics: 'Statistics',
      mapServerAdmin: 'Map server administration',
      metadataCatalogue: 'Metadata catalogue',
    },
    language: {
      menu: 'Language: %{language}',
      fr: 'Français',
      en: 'English',
      it: 'Italiano',
    },
    user: {
      menu: 'User menu',
      anonymous: 'Not signed in',
      profile: 'My profile',
      signIn: 'Sign in',
      signOut: 'Sign out',
      superuser: 'Superuser',
    },
    footer: {
      poweredBy: 'Powered by Publish',
    },
    startup: {
      loading: 'Loading the application',
    },
    home: {
      title: 'Welcome to Publish',
      intro: "Publish and manage your organisation's open data.",
      greeting: 'Hello %{name}.',
      signInPrompt: 'Sign in to manage your data and accounts.',
      signIn: 'Sign in',
    },
    data: {
      title: 'Data',
      latestTasks: 'Latest tasks',
      empty: 'No tasks yet.',
    },
    accounts: {
      title: 'Accounts',
      accounts: 'User accounts',
      organisations: 'Organisations and groups',
      attachments: 'Attachments pending validation',
      comingSoon: 'This section is coming soon.',
    },
    accessDenied: {
      title: 'Access denied',
      message: 'Your account does not allow you to view this content',
      back: 'Back',
    },
    notFound: {
      title: 'Page not found',
      message: 'The requested page does not exist',
      home: 'Back to the home page',
    },
    feedback: {
      error: {
        title: 'Error',
        critical: 'Critical error',
        default: 'An error occurred',
      },
      success: {
        default: 'The operation was a success',
      },
      confirm: {
        title: 'Confirmation',
        message: 'Are you sure you want to continue?',
        cancel: 'Cancel',
        confirm: 'Confirm',
      },
      progress: {
        title: 'Operation in progress',
        label: 'Progress',
      },
    },
  },
  resources: {
    ...resourceLabels('en'),
    tasks: {
      name: 'Task |||| Tasks',
      fields: {
        id: 'Identifier',
        status: 'Status',
        action: 'Action',
        object_class: 'Object type',
        object_id: 'Object identifier',
        target: 'Target',
        start_date: 'Start',
        end_date: 'End',
      },
    },
  },
  login,
  validation,
};
