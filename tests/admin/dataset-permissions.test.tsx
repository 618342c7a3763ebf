import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import { createMemoryRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../schemas/constants.ts';
import { createAppServices } from '../../src/admin/AppServices.ts';
import DatasetPermissionsPage from '../../src/admin/datasets/permissions/DatasetPermissionsPage.tsx';
import { AppNotification } from '../../src/admin/feedback/AppNotification.tsx';
import { ORGANISATION_TYPES, page, recordWrite, type Write } from './accountsFixtures.ts';
import { USERS } from './fixtures.ts';
import { server, signInAs } from './server.ts';

const LONG = { timeout: 10_000 };

const DATASET = { id: 5, display_name: 'Arbres remarquables', default_permission_level: 1, editable: true };

const EVERYONE = { via: 'default', level: 1, through: null };
const SPHERE = { id: 30, display_name: 'Métropole de Lyon' };

const ROWS = [
  {
    id: 10, dataset_id: 5, usergroup_id: 10, display_name: 'Ville de Lyon', usergroup_type: 'organisation', organisation_type: 1, organisation_type_label: 'Commune', level: 3,
    effective_level: 3, effective_reasons: [{ via: 'owner', level: 3, through: null }, { via: 'sphere', level: 2, through: SPHERE }, EVERYONE],
  },
  {
    id: 20, dataset_id: 5, usergroup_id: 20, display_name: 'Réseau vélo', usergroup_type: 'user-group', organisation_type: null, organisation_type_label: '', level: 2,
    effective_level: 2, effective_reasons: [{ via: 'special', level: 2, through: null }, EVERYONE],
  },
  {
    id: 30, dataset_id: 5, usergroup_id: 30, display_name: 'Métropole de Lyon', usergroup_type: 'group-of-organisation', organisation_type: null, organisation_type_label: '', level: 0,
    effective_level: 1, effective_reasons: [EVERYONE],
  },
  {
    id: 40, dataset_id: 5, usergroup_id: 40, display_name: 'Commune de Bron', usergroup_type: 'organisation', organisation_type: 1, organisation_type_label: 'Commune', level: 0,
    effective_level: 2, effective_reasons: [{ via: 'sphere', level: 2, through: SPHERE }, EVERYONE],
  },
];

const ACCESS = {
  dataset_id: 5,
  default_permission_level: 1,
  groups: [
    {
      usergroup: { id: 10, display_name: 'Ville de Lyon', usergroup_type: 'organisation' },
      level: 3,
      reasons: [
        { via: 'owner', level: 3, through: null },
        { via: 'sphere', level: 2, through: { id: 30, display_name: 'Métropole de Lyon' } },
      ],
    },
    {
      usergroup: { id: 20, display_name: 'Réseau vélo', usergroup_type: 'user-group' },
      level: 2,
      reasons: [{ via: 'special', level: 2, through: null }],
    },
  ],
};

/**
 * The permissions calls, recording every list request; the list has `count` groups in all.
 * Handlers given before them in `server.use()` take precedence.
 */
function permissionHandlers(requests: URL[] = [], count = ROWS.length) {
  return [
    http.get('/:locale/dataset/datasets/5/', () => HttpResponse.json(DATASET)),
    http.get('/:locale/dataset/usergroup-permissions/', ({ request }) => {
      requests.push(new URL(request.url));
      return HttpResponse.json(page(ROWS, count));
    }),
    http.get('/:locale/dataset/datasets/5/access/', () => HttpResponse.json(ACCESS)),
    http.get('/:locale/organisation/organisation-types/', () => HttpResponse.json(page(ORGANISATION_TYPES))),
  ];
}

/** The page as the app routes it: `/publish/{locale}/data/datasets/5/permissions/`. */
function renderPage(locale: Locale = 'fr', user = USERS.role1) {
  signInAs(user);
  const path = `/publish/${locale}/data/datasets/5/permissions/`;
  window.history.replaceState(null, '', path);
  const services = createAppServices(locale);
  void services.i18nProvider.changeLocale(locale);
  const router = createMemoryRouter(
    [
      {
        path: `/${locale}/*`,
        element: (
          <AdminContext {...services} basename={`/${locale}`}>
            <Routes>
              <Route path="data/datasets/:id/permissions" element={<DatasetPermissionsPage />} />
              <Route path="access-denied" element={<p>403 page</p>} />
            </Routes>
            <AppNotification />
          </AdminContext>
        ),
      },
    ],
    { initialEntries: [path], basename: '/publish' },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const lists = (requests: URL[]) => requests.filter((url) => url.pathname.endsWith('/dataset/usergroup-permissions/'));

describe('dataset permissions page', { timeout: 30_000 }, () => {
  it("shows the dataset's groups with their type, organisation type and level in words", async () => {
    const requests: URL[] = [];
    server.use(...permissionHandlers(requests));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Permissions du jeu de données « Arbres remarquables »' }, LONG)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour au jeu de données' })).toHaveAttribute('href', '/publish/fr/data/datasets/5/');
    const row = (await screen.findByText('Ville de Lyon', { selector: 'td span' }, LONG)).closest('tr')!;
    expect(within(row).getByText('Organisation')).toBeInTheDocument();
    expect(within(row).getByText('Commune')).toBeInTheDocument();
    expect(within(row).getByText('Téléchargement')).toBeInTheDocument();
    expect(within(screen.getByText('Réseau vélo', { selector: 'td span' }).closest('tr')!).getByText('Consultation')).toBeInTheDocument();
    expect(within(screen.getByText('Métropole de Lyon', { selector: 'td span' }).closest('tr')!).getByText('Privé')).toBeInTheDocument();
    for (const header of ['Groupe', 'Type de groupe', "Type d'organisation", "Niveau d'accès"]) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const [first] = lists(requests);
    expect(Object.fromEntries(first.searchParams)).toEqual({ dataset_id: '5', page: '1', page_size: '20', ordering: 'display_name' });
  });

  it('shows beside the special permission what each group can actually do and why, and filters on it', async () => {
    const requests: URL[] = [];
    server.use(...permissionHandlers(requests));
    const user = userEvent.setup();
    renderPage();
    const row = (name: string) => screen.getByText(name, { selector: 'td span' }).closest('tr')!;
    await screen.findByText('Commune de Bron', { selector: 'td span' }, LONG);
    expect(screen.getByRole('columnheader', { name: 'Accès effectif' })).toBeInTheDocument();
    // Private by its own permission, the commune searches and consults the dataset through its sphere.
    expect(within(row('Commune de Bron')).getByText('Privé')).toBeInTheDocument();
    expect(within(row('Commune de Bron')).getByText(
      'Consultation — par la sphère Métropole de Lyon (Consultation) ; niveau par défaut pour tout le monde (Recherche)',
    )).toBeInTheDocument();
    expect(within(row('Métropole de Lyon')).getByText('Recherche — niveau par défaut pour tout le monde (Recherche)')).toBeInTheDocument();
    expect(within(row('Ville de Lyon')).getByText(/^Téléchargement — propriétaire : ses éditeurs peuvent le modifier \(Téléchargement\) ; par la sphère/)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Accès effectif' }));
    await user.click(await screen.findByRole('option', { name: 'Consultation' }));
    await user.click(screen.getByRole('option', { name: 'Téléchargement' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(lists(requests).at(-1)!.searchParams.get('effective_level__in')).toBe('2,3'), LONG);
    expect(lists(requests).at(-1)!.searchParams.has('level__in')).toBe(false);
  });

  it('asks the server for page 1 again when the level or organisation-type filter changes, and searches', async () => {
    const requests: URL[] = [];
    server.use(...permissionHandlers(requests, 45));
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Ville de Lyon', { selector: 'td span' }, LONG);
    const last = () => lists(requests).at(-1)!.searchParams;

    await user.click(screen.getByRole('button', { name: 'Aller à la prochaine page' }));
    await waitFor(() => expect(last().get('page')).toBe('2'));
    await user.click(screen.getByRole('combobox', { name: "Niveau d'accès" }));
    await user.click(await screen.findByRole('option', { name: 'Privé' }));
    await user.click(screen.getByRole('option', { name: 'Consultation' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(last().get('level__in')).toBe('0,2'), LONG);
    expect(last().get('page')).toBe('1');
    expect(last().get('dataset_id')).toBe('5');

    await user.click(screen.getByRole('button', { name: 'Aller à la prochaine page' }));
    await waitFor(() => expect(last().get('page')).toBe('2'));
    await user.click(screen.getByRole('combobox', { name: "Type d'organisation" }));
    await user.click(await screen.findByRole('option', { name: 'Commune' }));
    await waitFor(() => expect(last().get('organisation_type_id')).toBe('1'), LONG);
    expect(last().get('page')).toBe('1');
    expect(last().get('level__in')).toBe('0,2');

    await user.click(screen.getByRole('combobox', { name: 'Type de groupe' }));
    await user.click(await screen.findByRole('option', { name: 'Organisations' }));
    await waitFor(() => expect(last().get('usergroup_type')).toBe('organisation'), LONG);

    await user.type(screen.getByPlaceholderText('Rechercher'), 'lyon');
    await waitFor(() => expect(last().get('search')).toBe('lyon'), LONG);
    expect(last().get('page')).toBe('1');
  });

  it('grants download to the selected groups after a preview, applies it as a task with its undo, and reads the groups again once it has run', async () => {
    const requests: URL[] = [];
    const writes: Write[] = [];
    // The queue is busy: the task is read twice still running before it ends. What the page asks
    // is logged in order, so the test does not depend on how fast this machine runs it.
    let taskReads = 0;
    const asked: string[] = [];
    server.use(
      http.get('/:locale/dashboard/task-queue-track/77/', () => {
        taskReads += 1;
        const status = taskReads <= 2 ? 'STARTED' : 'SUCCESS';
        asked.push(`task ${status}`);
        return HttpResponse.json({ id: 77, status });
      }),
      http.get('/:locale/dataset/usergroup-permissions/', () => {
        asked.push('groups');
        return undefined;
      }),
      ...permissionHandlers(requests),
      http.get('/:locale/accounts/usergroups/', () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] })),
      http.post('/:locale/dataset/bulk/preview/', async ({ request }) => {
        await recordWrite(writes, request);
        return HttpResponse.json({
          count: 1,
          changes: [{ id: 5, display_name: 'Jeu', before: { permissions: [{ usergroup_id: 10, level: 0 }] }, after: { permissions: [{ usergroup_id: 10, level: 3 }] } }],
          skipped: [],
          skipped_count: 0,
        });
      }),
      http.post('/:locale/dataset/bulk/apply/', async ({ request }) => {
        await recordWrite(writes, request);
        return HttpResponse.json({ id: 77, status: 'PENDING' }, { status: 202 });
      }),
      http.get('/:locale/dataset/bulk/77/', () =>
        HttpResponse.json({ task_id: 77, action: 'set_group_level', params: {}, count: 1, changed: 1, undo_until: '2099-01-01T00:00:00Z', can_undo: true, undo_task: null }),
      ),
    );
    const user = userEvent.setup();
    renderPage('en');
    const lyon = (await screen.findByText('Ville de Lyon', { selector: 'td span' }, LONG)).closest('tr')!;
    await user.click(within(lyon).getByRole('checkbox'));
    await user.click(within(screen.getByText('Métropole de Lyon', { selector: 'td span' }).closest('tr')!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Grant download' }));
    const dialog = await screen.findByRole('dialog', {}, LONG);
    expect(await within(dialog).findByText('1 dataset will change', {}, LONG)).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    expect(writes[0].path).toBe('/en/dataset/bulk/preview/');
    expect(writes[0].body).toEqual({ action: 'set_group_level', params: { level: 3, usergroup_ids: [10, 30] }, ids: [5] });
    // The sample names the groups as the table does, though the editor may not list them.
    expect(within(dialog).getByText('Ville de Lyon: Private → Ville de Lyon: Download')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Bulk change started (task 77).', {}, LONG)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Undo the change' }, LONG)).toBeInTheDocument();
    expect(writes.map((write) => write.path)).toEqual(['/en/dataset/bulk/preview/', '/en/dataset/bulk/apply/']);
    expect(writes[1].body).toEqual(writes[0].body);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The groups are read again once the task has ended, not while it runs.
    await waitFor(() => expect(asked.slice(asked.indexOf('task STARTED'))).toContain('groups'), LONG);
    const afterApply = asked.slice(asked.indexOf('task STARTED'));
    // (The refresh reloads the task too: it may be read once more before the groups.)
    expect(afterApply.slice(0, 3)).toEqual(['task STARTED', 'task STARTED', 'task SUCCESS']);
    expect(afterApply.indexOf('groups')).toBeGreaterThan(2);
  });

  it('says who can see the dataset and why, a sphere among the reasons', async () => {
    server.use(...permissionHandlers());
    renderPage('en');
    const panel = await screen.findByRole('region', { name: 'Who can see this dataset, and why' }, LONG);
    expect(await within(panel).findByText('Everyone: Search', {}, LONG)).toBeInTheDocument();
    const download = within(panel).getByRole('region', { name: 'Download' });
    expect(within(download).getByText('Ville de Lyon (Organisation)')).toBeInTheDocument();
    expect(
      within(download).getByText('owner: its editors may change it (Download) ; through the sphere Métropole de Lyon (Consultation)'),
    ).toBeInTheDocument();
    const consultation = within(panel).getByRole('region', { name: 'Consultation' });
    expect(within(consultation).getByText('Réseau vélo (User group)')).toBeInTheDocument();
    expect(within(consultation).getByText('special permission (Consultation)')).toBeInTheDocument();
  });

  it("answers whether a user can see it, and shows the server's message about an unknown account", async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/:locale/dataset/datasets/5/access/', ({ request }) => {
        const account = new URL(request.url).searchParams.get('user');
        if (account === null) return HttpResponse.json(ACCESS);
        asked.push(account);
        if (account !== 'paul') return HttpResponse.json({ user: ['Aucun compte ne porte ce nom.'] }, { status: 400 });
        return HttpResponse.json({
          user: { id: 8, username: 'paul', first_name: 'Paul', last_name: 'Durand' },
          level: 2,
          visible: true,
          editable: false,
          reasons: [
            { via: 'default', level: 1, usergroup: null, through: null },
            { via: 'sphere', level: 2, usergroup: { id: 10, display_name: 'Ville de Lyon' }, through: { id: 30, display_name: 'Métropole de Lyon' } },
          ],
        });
      }),
      ...permissionHandlers(),
    );
    const user = userEvent.setup();
    renderPage();
    const check = await screen.findByRole('region', { name: 'Cet utilisateur peut-il le voir ?' }, LONG);
    const account = within(check).getByLabelText("Nom d'utilisateur ou adresse e-mail");
    await user.type(account, 'paul');
    await user.click(within(check).getByRole('button', { name: 'Vérifier' }));
    const answer = await within(check).findByRole('status', {}, LONG);
    expect(within(answer).getByText('Paul Durand (paul)')).toBeInTheDocument();
    expect(within(answer).getByText('Niveau : Consultation')).toBeInTheDocument();
    expect(within(answer).getByText('Voit le jeu de données')).toBeInTheDocument();
    expect(within(answer).getByText('Ne peut pas le modifier')).toBeInTheDocument();
    expect(within(answer).getByText('niveau par défaut pour tout le monde (Recherche)')).toBeInTheDocument();
    expect(within(answer).getByText('par la sphère Métropole de Lyon, qui regroupe Ville de Lyon (Consultation)')).toBeInTheDocument();

    await user.clear(account);
    await user.type(account, 'nobody@example.org');
    await user.click(within(check).getByRole('button', { name: 'Vérifier' }));
    await waitFor(() => expect(account).toHaveAccessibleDescription('Aucun compte ne porte ce nom.'), LONG);
    expect(within(check).queryByRole('status')).toBeNull();
    expect(asked).toEqual(['paul', 'nobody@example.org']);
  });

  it('sends users the server refuses the permissions to the 403 page', async () => {
    server.use(
      http.get('/:locale/dataset/usergroup-permissions/', () =>
        HttpResponse.json({ detail: "Vous n'avez pas la permission d'effectuer cette action." }, { status: 403 }),
      ),
      ...permissionHandlers(),
    );
    const router = renderPage();
    expect(await screen.findByText('403 page', {}, LONG)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/publish/fr/access-denied/');
  });

  it('sends users who may see the dataset but not change it to the 403 page', async () => {
    server.use(http.get('/:locale/dataset/datasets/5/', () => HttpResponse.json({ ...DATASET, editable: false })), ...permissionHandlers());
    const router = renderPage();
    expect(await screen.findByText('403 page', {}, LONG)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/publish/fr/access-denied/');
  });
});
