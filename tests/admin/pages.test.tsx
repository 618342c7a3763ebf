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
