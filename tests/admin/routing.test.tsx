import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { datasetHandlers } from './datasetsFixtures.ts';
import { USERS } from './fixtures.ts';
import { expectPath, renderApp } from './renderApp.tsx';
import { server } from './server.ts';

describe('routing', () => {
  it('replaces an unsupported locale with fr and adds the trailing slash', async () => {
    renderApp('/publish/de/home');
    await expectPath('/publish/fr/home/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue sur Publish' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
  });

  it('sends the bare app address to the French home page', async () => {
    renderApp('/publish/');
    await expectPath('/publish/fr/home/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenue sur Publish' })).toBeInTheDocument();
  });

  it('sends an empty locale path to home/', async () => {
    renderApp('/publish/en/');
    await expectPath('/publish/en/home/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Publish' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('adds the missing locale in front of a page path', async () => {
    renderApp('/publish/data/', USERS.superuser);
    await expectPath('/publish/fr/data/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Données' })).toBeInTheDocument();
  });

  it('keeps the query string and hash when redirecting', async () => {
    renderApp('/publish/fr/home?x=1#top');
    await expectPath('/publish/fr/home/');
    expect(window.location.search).toBe('?x=1');
    expect(window.location.hash).toBe('#top');
  });

  it('shows the not-found page for an unknown path', async () => {
    renderApp('/publish/fr/nowhere/');
    expect(await screen.findByText("La page demandée n'existe pas")).toBeInTheDocument();
  });

  it('shows the Italian catalogue under /it/', async () => {
    renderApp('/publish/it/nowhere/');
    expect(await screen.findByText('La pagina richiesta non esiste')).toBeInTheDocument();
    expect(screen.getByText('Realizzato con Publish')).toBeInTheDocument();
  });
});

describe('focus after a navigation', { timeout: 60_000 }, () => {
  const LONG = { timeout: 20_000 };

  it("goes to the new page's heading, not to the top of the document", async () => {
    server.use(...datasetHandlers());
    const user = userEvent.setup();
    renderApp('/publish/fr/home/', USERS.role1);
    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' }, LONG);
    await user.click(within(nav).getByRole('link', { name: 'Données' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Données' }, LONG);
    await waitFor(() => expect(heading).toHaveFocus(), LONG);
  });

  it('goes to the first field of a create form', async () => {
    server.use(...datasetHandlers());
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/', USERS.role1);
    await user.click(await screen.findByRole('link', { name: 'Créer' }, LONG));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Nom/ })).toHaveFocus(), { timeout: 40_000 });
  });
});
