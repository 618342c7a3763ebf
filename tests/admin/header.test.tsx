import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../src/admin/auth/session.ts';
import { USERS } from './fixtures.ts';
import { expectPath, renderApp, waitForHeader } from './renderApp.tsx';
import { server } from './server.ts';

type EntryState = 'enabled' | 'disabled';

/** A header entry is a link when it can be followed, a disabled button otherwise. */
function entryState(name: string): EntryState {
  const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
  if (within(nav).queryByRole('link', { name })) return 'enabled';
  expect(within(nav).getByRole('button', { name })).toBeDisabled();
  return 'disabled';
}

const cases: { who: string; user: CurrentUser; data: EntryState; accounts: EntryState }[] = [
  { who: 'a superuser', user: USERS.superuser, data: 'enabled', accounts: 'enabled' },
  { who: 'a delegated administrator (role 2)', user: USERS.role2, data: 'enabled', accounts: 'enabled' },
  { who: 'an editor (role 1)', user: USERS.role1, data: 'enabled', accounts: 'disabled' },
  { who: 'a member (role 0)', user: USERS.role0, data: 'disabled', accounts: 'disabled' },
  { who: 'a user without any role', user: USERS.noRole, data: 'disabled', accounts: 'disabled' },
];

describe('header entries', () => {
  for (const { who, user, data, accounts } of cases) {
    it(`gives ${who} Data ${data} and Accounts ${accounts}; Home, the current page, is disabled`, async () => {
      renderApp('/publish/fr/home/', user);
      await waitForHeader();
      expect(entryState('Accueil')).toBe('disabled');
      expect(screen.getByRole('button', { name: 'Accueil' })).toHaveAttribute('aria-current', 'page');
      expect(entryState('Données')).toBe(data);
      expect(entryState('Comptes')).toBe(accounts);
    });
  }

  it('disables the entry of the page shown and enables Home', async () => {
    renderApp('/publish/fr/accounts/', USERS.role2);
    expect(await screen.findByRole('heading', { level: 1, name: 'Comptes' })).toBeInTheDocument();
    expect(entryState('Comptes')).toBe('disabled');
    expect(entryState('Données')).toBe('enabled');
    expect(entryState('Accueil')).toBe('enabled');
  });

  it('shows the three sections of the accounts overview', async () => {
    renderApp('/publish/fr/accounts/', USERS.superuser);
    expect(await screen.findByRole('heading', { level: 2, name: 'Comptes utilisateurs' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Organisations et groupes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Rattachements en attente de validation' })).toBeInTheDocument();
  });

  it('follows the Data entry to the latest tasks, with an empty state', async () => {
    renderApp('/publish/fr/home/', USERS.role1);
    await waitForHeader();
    await userEvent.click(screen.getByRole('link', { name: 'Données' }));
    await expectPath('/publish/fr/data/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Dernières tâches' })).toBeInTheDocument();
    expect(await screen.findByText('Aucune tâche pour le moment.')).toBeInTheDocument();
  });
});

describe('services menu', () => {
  async function openServices() {
    await waitForHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Services' }));
    return screen.findByRole('menu');
  }

  it('shows an anonymous visitor the services available to all', async () => {
    renderApp('/publish/fr/home/');
    const menu = await openServices();
    expect(within(menu).getByRole('menuitem', { name: 'Portail de données' })).toHaveAttribute('href', 'https://data.example.org/');
    expect(within(menu).getByRole('menuitem', { name: 'Outil de contribution' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Cartes' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Statistiques' })).not.toBeInTheDocument();
  });

  it('shows a non-superuser only the services available to all', async () => {
    renderApp('/publish/fr/home/', USERS.role2);
    const menu = await openServices();
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Portail de données',
      'Outil de contribution',
    ]);
  });

  it('adds the superuser-only services for a superuser, never the hidden one', async () => {
    renderApp('/publish/fr/home/', USERS.superuser);
    const menu = await openServices();
    expect(within(menu).getByRole('menuitem', { name: 'Cartes' })).toHaveAttribute('href', 'https://maps.example.org/');
    expect(within(menu).queryByRole('menuitem', { name: 'Statistiques' })).not.toBeInTheDocument();
  });
});

describe('language switcher and user popover', () => {
  it('shows the same page in English, with the lang attribute following', async () => {
    renderApp('/publish/fr/accounts/#top', USERS.superuser);
    await screen.findByRole('heading', { level: 1, name: 'Comptes' });
    await userEvent.click(screen.getByRole('button', { name: 'Langue : Français' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    await expectPath('/publish/en/accounts/');
    expect(window.location.hash).toBe('#top');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByText('Powered by Publish')).toBeInTheDocument();
  });

  it('offers a signed-in user the profile, and the sign-out leading to the sign-in page that says so, then back to the current page', async () => {
    renderApp('/publish/fr/data/#x', USERS.superuser);
    await screen.findByRole('heading', { level: 1, name: 'Données' });
    await userEvent.click(screen.getByRole('button', { name: 'Menu utilisateur' }));
    expect(await screen.findByText('Admin Martin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mon profil' })).toHaveAttribute(
      'href',
      '/fr/login/profile/?next=%2Fpublish%2Ffr%2Fdata%2F%23x',
    );
    expect(screen.getByRole('link', { name: 'Se déconnecter' })).toHaveAttribute(
      'href',
      `/fr/login/session/signout/?next=${encodeURIComponent('/fr/login/signin/?next=%2Fpublish%2Ffr%2Fdata%2F&signed_out=1')}`,
    );
    expect(screen.getByRole('link', { name: 'Référence de l’API' })).toHaveAttribute('href', '/fr/api/docs/');
  });

  it('offers an anonymous visitor to sign in, and the home page says so too', async () => {
    renderApp('/publish/en/home/');
    expect(await screen.findByText('Sign in to manage your data and accounts.')).toBeInTheDocument();
    expect(screen.getByRole('main').querySelector('a')).toHaveAttribute('href', '/en/login/signin/?next=%2Fpublish%2Fen%2Fhome%2F');
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByText('Not signed in')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign in' }).at(-1)).toHaveAttribute(
      'href',
      '/en/login/signin/?next=%2Fpublish%2Fen%2Fhome%2F',
    );
  });
});

describe('start-up', () => {
  // The server refuses both to those who may not reach the data: asking would only log a 403.
  it('asks whether the datastores of the data pusher and the geospatial service are there (spec, section 7) for an editor, not for a member', async () => {
    const probed: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'HEAD') probed.push(new URL(request.url).pathname);
    });
    try {
      renderApp('/publish/fr/home/', USERS.role0);
      await waitForHeader();
      expect(probed).toEqual([]);
      cleanup();
      renderApp('/publish/fr/home/', USERS.role1);
      await waitForHeader();
      expect(probed.sort()).toEqual(['/fr/datapusher/datastores/databases/', '/fr/geospatial/datastores/databases/']);
    } finally {
      server.events.removeAllListeners('request:start');
    }
  });
});
