import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USERS } from './fixtures.ts';
import { renderApp } from './renderApp.tsx';
import { server } from './server.ts';
import { task } from './tasksFixtures.ts';

const TASK = task({
  id: 1,
  status: 'FAILURE',
  action: 'publish-dataset',
  action_label: 'Publier le jeu de données',
  object_class: 'dataset',
  object_id: 12,
  object_name: 'Arbres de la ville',
  start_date: '2025-11-21T12:00:00Z',
  end_date: '2025-11-21T12:05:00Z',
});

describe('data page', () => {
  it('lists the latest tasks, newest first, with dates in the chosen locale', async () => {
    const requests: URL[] = [];
    server.use(
      http.get('/:locale/dashboard/task-queue-track/', ({ request }) => {
        requests.push(new URL(request.url));
        return HttpResponse.json({ count: 1, next: null, previous: null, results: [TASK] });
      }),
    );
    renderApp('/publish/fr/data/', USERS.role1);
    const row = (await screen.findByText('Arbres de la ville')).closest('tr')!;
    expect(within(row).getAllByText(/21\/11\/2025/)).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: 'Début' })).toBeInTheDocument();
    // The readable columns: the status's name, the action's label, the object's page.
    expect(within(row).getByText('Échec')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Publier le jeu de données' })).toHaveAttribute('href', '/publish/fr/data/tasks/1/');
    expect(within(row).getByRole('link', { name: 'Arbres de la ville' })).toHaveAttribute('href', '/publish/fr/data/datasets/12/');
    expect(screen.getByRole('link', { name: 'Toutes les tâches' })).toHaveAttribute('href', '/publish/fr/data/tasks/');
    expect(requests[0].searchParams.get('ordering')).toBe('-start_date');
    expect(requests[0].searchParams.get('page_size')).toBe('20');
  });

  it('writes dates the English way under /en/', async () => {
    server.use(
      http.get('/:locale/dashboard/task-queue-track/', () =>
        HttpResponse.json({ count: 1, next: null, previous: null, results: [TASK] }),
      ),
    );
    renderApp('/publish/en/data/', USERS.role1);
    const row = (await screen.findByText('Arbres de la ville')).closest('tr')!;
    expect(within(row).getAllByText(/11\/21\/2025/)).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: 'Start' })).toBeInTheDocument();
  });
});

describe('anchors', () => {
  afterEach(() => {
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });

  it('waits for the element named by the hash, then scrolls to it', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled(this.id);
    };
    renderApp('/publish/fr/data/#latest-tasks', USERS.superuser);
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith('latest-tasks'));
  });
});

describe('section links built from the schemas', () => {
  const lists = () => screen.findByRole('navigation', { name: 'Listes' });

  it('offers jurisdictions on the Accounts page to superusers and delegated administrators', async () => {
    for (const user of [USERS.superuser, USERS.role2]) {
      const { unmount } = renderApp('/publish/fr/accounts/', user);
      const link = within(await lists()).getByRole('link', { name: 'Compétences territoriales' });
      expect(link.getAttribute('href')).toMatch(/\/fr\/jurisdictions\/$/);
      unmount();
    }
  });

  it('counts on the Accounts page what the linked list shows first: the active organisations', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/:locale/organisation/organisations/', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status__in') ?? '';
        asked.push(status);
        return HttpResponse.json({ count: status === '2' ? 5 : 6, next: null, previous: null, results: [] });
      }),
    );
    renderApp('/publish/fr/accounts/', USERS.superuser);
    expect(await screen.findByText('5 organisations actives')).toBeInTheDocument();
    expect(asked).toEqual(['2']);
  });

  it('offers licences on the Data page of an editor, and no accounts entry', async () => {
    renderApp('/publish/fr/data/', USERS.role1);
    const link = within(await lists()).getByRole('link', { name: 'Licences' });
    expect(link.getAttribute('href')).toMatch(/\/fr\/data\/licences\/$/);
    expect(screen.queryByRole('link', { name: 'Compétences territoriales' })).not.toBeInTheDocument();
  });
});

describe('licences', () => {
  const LICENCE = { id: 1, title: 'Licence Ouverte 2.0', alternate_title: 'etalab-2.0', url: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence' };
  const licenceHandlers = () => [
    http.get('/:locale/dataset/licenses/', () => HttpResponse.json({ count: 1, next: null, previous: null, results: [LICENCE] })),
    http.get('/:locale/dataset/licenses/1/', () => HttpResponse.json(LICENCE)),
  ];

  it('are read by an editor without create, delete or save, which are for superusers', async () => {
    server.use(...licenceHandlers());
    const { unmount } = renderApp('/publish/fr/data/licences/', USERS.role1);
    expect(await screen.findByText('Licence Ouverte 2.0', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Créer' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Supprimer/ })).toBeNull();
    unmount();
    const record = renderApp('/publish/fr/data/licences/1/', USERS.role1);
    expect(await screen.findByText('etalab-2.0', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Supprimer' })).toBeNull();
    record.unmount();
    renderApp('/publish/fr/data/licences/new/', USERS.role1);
    await waitFor(() => expect(window.location.pathname).toBe('/publish/fr/access-denied/'));
  });

  it('are changed by a superuser', async () => {
    server.use(...licenceHandlers());
    renderApp('/publish/fr/data/licences/1/', USERS.superuser);
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: /Titre/ }, { timeout: 5000 })).toHaveValue('Licence Ouverte 2.0'));
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
  });
});

describe('home page', () => {
  it('shows a member their group and role, and that their role opens neither Data nor Accounts', async () => {
    renderApp('/publish/fr/home/', USERS.role0);
    expect(await screen.findByRole('heading', { name: 'Vos groupes' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Ville de Lyon, comme membre')).toBeInTheDocument();
    expect(screen.getByText(/Votre rôle ne permet ni de publier des données ni de gérer des comptes/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Gérer les données' })).toBeNull();
  });

  it('tells a newcomer without any group how to join one, and shows their request awaiting validation', async () => {
    const lists: URL[] = [];
    server.use(
      http.get('/:locale/usergroup/group-members/', ({ request }) => {
        const url = new URL(request.url);
        lists.push(url);
        const requested = url.searchParams.get('status__in') === '1';
        return HttpResponse.json({
          count: requested ? 1 : 0,
          next: null,
          previous: null,
          results: requested
            ? [{ id: 9, user: USERS.noRole.id, usergroup: 10, usergroup_type: 'organisation', role: 0, status: 1, date_joined: '2026-11-25T10:00:00Z', usergroup_detail: { id: 10, display_name: 'Ville de Lyon', usergroup_type: 'organisation', status: 2 } }]
            : [],
        });
      }),
    );
    renderApp('/publish/en/home/', USERS.noRole);
    expect(await screen.findByText('Ville de Lyon, as membre: request awaiting validation', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/A delegated administrator of the group will validate your request/)).toBeInTheDocument();
    expect(lists.some((url) => url.searchParams.get('user') === String(USERS.noRole.id) && url.searchParams.get('status__in') === '1')).toBe(true);
  });

  it('tells someone who asked for a new group that a superuser validates its creation', async () => {
    const asked = (requests: object[]) =>
      server.use(http.get('/:locale/usergroup/group-members/', () => HttpResponse.json({ count: requests.length, next: null, previous: null, results: requests })));
    const request = (id: number, name: string, status: number) => ({
      id, user: USERS.noRole.id, usergroup: id, usergroup_type: 'organisation', role: 2, status: 1, date_joined: '2026-11-25T10:00:00Z',
      usergroup_detail: { id, display_name: name, usergroup_type: 'organisation', status },
    });
    asked([request(11, 'Association Vélo', 1)]);
    const { unmount } = renderApp('/publish/fr/home/', USERS.noRole);
    expect(await screen.findByText('Association Vélo, comme administrateur délégué : création du groupe en attente de validation', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Un super-utilisateur validera la création du groupe demandé ; vous y aurez alors le rôle demandé.')).toBeInTheDocument();
    expect(screen.queryByText(/Un administrateur délégué du groupe validera/)).toBeNull();
    unmount();
    // A request to join a group beside it: each is validated by whom it belongs to.
    asked([request(11, 'Association Vélo', 1), request(10, 'Ville de Lyon', 2)]);
    renderApp('/publish/it/home/', USERS.noRole);
    expect(await screen.findByText(/^Ville de Lyon, come .*: richiesta in attesa di convalida$/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/Un amministratore delegato di ogni gruppo convaliderà la tua richiesta di entrarvi, un superutente la creazione di un nuovo gruppo/)).toBeInTheDocument();
  });

  it('tells a newcomer without any group or request to ask a delegated administrator for an invitation', async () => {
    renderApp('/publish/it/home/', USERS.noRole);
    expect(await screen.findByText(/Il tuo account non appartiene ancora ad alcuna organizzazione/, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('tells a superuser they administer the whole platform, under their groups', async () => {
    renderApp('/publish/en/home/', USERS.superuser);
    expect(await screen.findByText('You administer the whole platform, as a superuser.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage accounts' })).toBeInTheDocument();
  });

  it('leads an editor to Data, and a delegated administrator to Data and Accounts', async () => {
    const { unmount } = renderApp('/publish/fr/home/', USERS.role1);
    expect(await screen.findByRole('link', { name: 'Gérer les données' }, { timeout: 5000 })).toHaveAttribute('href', '/publish/fr/data/');
    expect(screen.queryByRole('link', { name: 'Gérer les comptes' })).toBeNull();
    expect(screen.getByText('Ville de Lyon, comme éditeur')).toBeInTheDocument();
    unmount();
    renderApp('/publish/fr/home/', USERS.role2);
    expect(await screen.findByRole('link', { name: 'Gérer les comptes' }, { timeout: 5000 })).toHaveAttribute('href', '/publish/fr/accounts/');
    expect(screen.getByRole('link', { name: 'Gérer les données' })).toBeInTheDocument();
  });
});
