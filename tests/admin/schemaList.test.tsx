import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { accountsHandlers, page } from './accountsFixtures.ts';
import { USERS } from './fixtures.ts';
import { renderApp } from './renderApp.tsx';
import { server } from './server.ts';

const listCalls = (requests: Request[], path: string) =>
  requests.map((request) => new URL(request.url)).filter((url) => url.pathname === path);

describe('schema list', { timeout: 30_000 }, () => {
  afterEach(() => localStorage.clear());

  it("shows the schema's columns and sends the default status filter", async () => {
    const requests: Request[] = [];
    server.use(...accountsHandlers(requests));
    renderApp('/publish/fr/accounts/users/', USERS.superuser);
    const row = (await screen.findByText('jeanne.dupont@example.org', {}, { timeout: 10_000 })).closest('tr')!;
    for (const header of ['Nom', 'Prénom', 'Identifiant', 'Adresse e-mail', 'Organisation', "Date d'inscription", 'Dernière connexion', 'Statut', 'Administrateur', 'Supprimer']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(row).getByText('Dupont')).toBeInTheDocument();
    expect(within(row).getByText('15/01/2025')).toBeInTheDocument();
    expect(await within(row).findByText('Ville de Lyon')).toBeInTheDocument();
    expect(within(row).getByText('Actif')).toBeInTheDocument();
    const [first] = listCalls(requests, '/fr/usergroup/users/');
    expect(first.searchParams.get('status__in')).toBe('2');
    expect(first.searchParams.get('page_size')).toBe('20');
    expect(first.searchParams.get('ordering')).toBe('last_name,first_name');
    // The organisations of the page are fetched in one call.
    await waitFor(() => expect(listCalls(requests, '/fr/organisation/organisations/')[0]?.searchParams.get('id__in')).toBe('10'));
  });

  it('says in Italian that no record matches the filters, in a sentence that agrees', async () => {
    server.use(http.get('/:locale/usergroup/users/', () => HttpResponse.json(page([]))), ...accountsHandlers());
    renderApp('/publish/it/accounts/requests/users/', USERS.superuser);
    expect(await screen.findByText('Utenti: nessun risultato con i filtri attuali.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('says in Italian that a list without filters is empty, in a sentence that agrees', async () => {
    server.use(http.get('/:locale/organisation/jurisdictions/', () => HttpResponse.json(page([]))), ...accountsHandlers());
    renderApp('/publish/it/jurisdictions/', USERS.superuser);
    expect(await screen.findByText('Competenze territoriali: nessun risultato', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('says in English that a list is empty without a capital in mid-sentence', async () => {
    server.use(http.get('/:locale/usergroup/users/', () => HttpResponse.json(page([]))), ...accountsHandlers());
    const { unmount } = renderApp('/publish/en/accounts/requests/users/', USERS.superuser);
    expect(await screen.findByText('Users: no results with the current filters.', {}, { timeout: 10_000 })).toBeInTheDocument();
    unmount();
    server.use(http.get('/:locale/organisation/jurisdictions/', () => HttpResponse.json(page([]))));
    renderApp('/publish/en/jurisdictions/', USERS.superuser);
    expect(await screen.findByText('Jurisdictions: no results', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('orders by a column the server accepts, descending on the second click', async () => {
    const requests: Request[] = [];
    server.use(...accountsHandlers(requests));
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/users/', USERS.superuser);
    await screen.findByText('jeanne.dupont@example.org', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: /adresse e-mail/i }));
    await waitFor(() => expect(listCalls(requests, '/fr/usergroup/users/').at(-1)!.searchParams.get('ordering')).toBe('email'));
    await user.click(screen.getByRole('button', { name: /adresse e-mail/i }));
    await waitFor(() => expect(listCalls(requests, '/fr/usergroup/users/').at(-1)!.searchParams.get('ordering')).toBe('-email'));
    // Organisation is not orderable: its header is no button.
    expect(screen.queryByRole('button', { name: /organisation/i })).toBeNull();
  });

  it('remembers the columns people hide, in the browser', async () => {
    server.use(...accountsHandlers());
    const user = userEvent.setup();
    const { unmount } = renderApp('/publish/fr/accounts/users/', USERS.superuser);
    await screen.findByText('jeanne.dupont@example.org', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Colonnes' }));
    await user.click(await screen.findByLabelText('Adresse e-mail'));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Adresse e-mail' })).toBeNull());
    expect(Object.keys(localStorage).some((key) => key.includes('preferences.users.list.columns'))).toBe(true);
    unmount();

    renderApp('/publish/fr/accounts/users/', USERS.superuser);
    await screen.findByText('Dupont', {}, { timeout: 10_000 });
    expect(screen.getByRole('columnheader', { name: 'Prénom' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Adresse e-mail' })).toBeNull();
  });
});
