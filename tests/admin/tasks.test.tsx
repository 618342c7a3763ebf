/**
 * The task screens against a fake task queue answering like the contract (schemas/scenarios.ts):
 * the list and its `?dataset=` filter, its refresh every 15 s, a task's page and its actions.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_INTERVAL_MS } from '../../schemas/constants.ts';
import { datasetHandlers } from './datasetsFixtures.ts';
import { USERS } from './fixtures.ts';
import { expectPath, renderApp } from './renderApp.tsx';
import { server } from './server.ts';
import { task, taskQueue } from './tasksFixtures.ts';

const LONG = { timeout: 10_000 };

const FAILED = task({
  id: 41,
  status: 'FAILURE',
  action_label: 'Publier le jeu de données',
  error: 'Le fichier principal est introuvable.',
  warnings: ['La vignette est trop grande.'],
  timeline: [
    { date: '2025-11-21T12:00:00Z', level: 'info', message: 'Tâche mise en file' },
    { date: '2025-11-21T12:01:00Z', level: 'warning', message: 'Vignette ignorée' },
    { date: '2025-11-21T12:05:00Z', level: 'error', message: "Échec de l'indexation" },
  ],
  can_retry: true,
  can_acknowledge: true,
});

const RUNNING = task({
  id: 42,
  status: 'STARTED',
  action: 'update-dataset-index',
  action_label: "Mettre à jour l'index",
  object_id: 2,
  object_name: 'Arbres',
  trigger: 'schedule',
  created_by: null,
  start_date: '2025-11-21T13:00:00Z',
  end_date: null,
  timeline: [{ date: '2025-11-21T13:00:00Z', level: 'info', message: 'Indexation commencée' }],
  can_cancel: true,
});

/** 25 tasks of dataset 1 and 5 of dataset 2, newest first by their number. */
function manyTasks() {
  return Array.from({ length: 30 }, (_, index) =>
    task({
      id: index + 1,
      object_id: index < 25 ? 1 : 2,
      object_name: index < 25 ? "Qualité de l'eau" : 'Arbres',
      action_label: `Action ${index + 1}`,
      status: 'STARTED',
      end_date: null,
      start_date: `2025-11-${String(index + 1).padStart(2, '0')}T10:00:00Z`,
    }),
  );
}

describe('task list', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the tasks newest first, 20 a page, with their readable columns', async () => {
    const queue = taskQueue([FAILED, RUNNING]);
    server.use(...datasetHandlers(), ...queue.handlers);
    renderApp('/publish/fr/data/tasks/', USERS.role1);
    const row = (await screen.findByText("Mettre à jour l'index", {}, LONG)).closest('tr')!;
    expect(within(row).getByText('En cours')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Arbres' })).toHaveAttribute('href', '/publish/fr/data/datasets/2/');
    // Queued by the scheduler, not by someone.
    expect(within(row).getByText('Planifié')).toBeInTheDocument();
    const failed = screen.getByText('Publier le jeu de données').closest('tr')!;
    expect(within(failed).getByText('Échec')).toBeInTheDocument();
    expect(within(failed).getByText('editor')).toBeInTheDocument();
    for (const name of ['Statut', 'Action', 'Objet', 'Lancée par', 'Début', 'Fin']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    }
    const first = queue.lists[0].searchParams;
    expect(first.get('page_size')).toBe('20');
    expect(first.get('ordering')).toBe('-start_date');
    expect(first.has('object')).toBe(false);
  });

  it('opens on one dataset with ?dataset=, names it in the filter, and the filter can be removed', async () => {
    const queue = taskQueue(manyTasks());
    server.use(...datasetHandlers(), ...queue.handlers);
    const user = userEvent.setup();
    renderApp('/publish/fr/data/tasks/?dataset=1', USERS.role1);
    await screen.findByText('Action 25', {}, LONG);
    expect(screen.queryByText('Action 26')).toBeNull();
    expect(queue.lists.at(-1)!.searchParams.get('object')).toBe('1');
    const filter = screen.getByRole('combobox', { name: 'Jeu de données' });
    await waitFor(() => expect(filter).toHaveValue("Qualité de l'eau"), LONG);
    await user.click(filter);
    await user.click(within(filter.closest('.MuiAutocomplete-root')!).getByLabelText('Vider le champ'));
    await screen.findByText('Action 30', {}, LONG);
    expect(queue.lists.at(-1)!.searchParams.has('object')).toBe(false);
  });

  it('refreshes every 15 s on the same page with the same filters, keeping the rows shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const queue = taskQueue(manyTasks());
    server.use(...datasetHandlers(), ...queue.handlers);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderApp('/publish/fr/data/tasks/?dataset=1', USERS.role1);
    await screen.findByText('Action 25', {}, LONG);
    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(await screen.findByRole('option', { name: 'En cours' }));
    await waitFor(() => expect(queue.lists.at(-1)!.searchParams.get('status')).toBe('STARTED'), LONG);
    await user.click(screen.getByRole('button', { name: /page 2/i }));
    await screen.findByText('Action 5', {}, LONG);
    const search = window.location.search;
    const before = queue.lists.length;

    // A task of the page finishes meanwhile; the next answer is slow.
    queue.change(3, { status: 'SUCCESS', end_date: '2025-11-03T10:05:00Z' });
    server.use(
      http.get('/:locale/dashboard/task-queue-track/', async () => {
        await delay(200);
        return undefined;
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_INTERVAL_MS));
    await waitFor(() => expect(queue.lists.length).toBeGreaterThan(before), LONG);
    // The rows stay while the new answer comes: no loading state in between.
    expect(screen.getByText('Action 5')).toBeInTheDocument();
    const refresh = queue.lists.at(-1)!.searchParams;
    expect(refresh.get('page')).toBe('2');
    expect(refresh.get('status')).toBe('STARTED');
    expect(refresh.get('object')).toBe('1');
    await waitFor(() => expect(screen.queryByText('Action 3')).toBeNull(), LONG);
    expect(screen.getByText('Action 5')).toBeInTheDocument();
    expect(window.location.search).toBe(search);
  });
});

describe('task page', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the error, the warnings, the facts and the timeline of a failed task', async () => {
    const queue = taskQueue([FAILED]);
    server.use(...datasetHandlers(), ...queue.handlers);
    renderApp('/publish/fr/data/tasks/41/', USERS.role1);
    expect(await screen.findByRole('heading', { name: 'Tâche n° 41' }, LONG)).toBeInTheDocument();
    // The error comes first, filled in the error colour.
    const error = screen.getByText('Le fichier principal est introuvable.').closest('[role="alert"]');
    expect(error).toHaveClass('MuiAlert-colorError', 'MuiAlert-filled');
    expect(error).toHaveTextContent('Erreur');
    expect(screen.getByText('La vignette est trop grande.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Qualité de l'eau" })).toHaveAttribute('href', '/publish/fr/data/datasets/1/');
    expect(screen.getByText('5 min 0 s')).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Déroulement' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('Tâche mise en file'),
      expect.stringContaining('Vignette ignorée'),
      expect.stringContaining("Échec de l'indexation"),
    ]);
    expect(within(steps[1]).getByLabelText('Avertissement')).toBeInTheDocument();
    expect(within(steps[0]).getByText(/21\/11\/2025/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Journaux de l'objet" })).toHaveAttribute('href', '/publish/fr/logs/dataset/1/');
    // A failed task is not cancelled.
    expect(screen.queryByRole('button', { name: 'Annuler la tâche' })).toBeNull();
  });

  it("names the task's target, and shows its type and number when the server does not name it", async () => {
    const upload = { object_class: 'resourcefileupload', object_id: 7, object_name: null, target: { model: 'dataset', app_label: 'catalog', pk: 12 } };
    const queue = taskQueue([task({ id: 51, ...upload, target_name: 'Arbres remarquables' }), task({ id: 52, ...upload })]);
    server.use(...datasetHandlers(), ...queue.handlers);
    const named = renderApp('/publish/fr/data/tasks/51/', USERS.role1);
    expect(await screen.findByRole('link', { name: 'Arbres remarquables' }, LONG)).toHaveAttribute('href', '/publish/fr/data/datasets/12/');
    expect(screen.queryByText('Jeu de données #12')).toBeNull();
    named.unmount();
    renderApp('/publish/fr/data/tasks/52/', USERS.role1);
    expect(await screen.findByRole('link', { name: 'Jeu de données #12' }, LONG)).toBeInTheDocument();
    // A file being sent has no logs page of its own.
    expect(screen.queryByRole('link', { name: "Journaux de l'objet" })).toBeNull();
  });

  it("names the platform's own tasks by the platform, without a number", async () => {
    const linkCheck = task({ id: 53, action: 'check-links', action_label: 'Vérifier les liens des ressources', object_class: 'platform', object_id: 0, object_name: null, trigger: 'schedule', created_by: null });
    const queue = taskQueue([linkCheck]);
    server.use(...datasetHandlers(), ...queue.handlers);
    renderApp('/publish/fr/data/tasks/53/', USERS.role1);
    expect(await screen.findByText('Plateforme', {}, LONG)).toBeInTheDocument();
    expect(screen.queryByText(/#0/)).toBeNull();
    expect(screen.queryByText(/platform/)).toBeNull();
    // The platform has no logs page: no link to one that would say it does not exist.
    expect(screen.getByRole('link', { name: 'Retour aux tâches' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: "Journaux de l'objet" })).toBeNull();
  });

  it('reads a running task again every 15 s until it is finished', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const queue = taskQueue([RUNNING]);
    server.use(...datasetHandlers(), ...queue.handlers);
    renderApp('/publish/fr/data/tasks/42/', USERS.role1);
    expect(await screen.findByRole('heading', { name: 'Tâche n° 42' }, LONG)).toBeInTheDocument();
    expect(screen.getByText('Indexation commencée')).toBeInTheDocument();
    queue.change(42, {
      status: 'SUCCESS',
      end_date: '2025-11-21T13:02:00Z',
      can_cancel: false,
      timeline: [...RUNNING.timeline, { date: '2025-11-21T13:02:00Z', level: 'info', message: 'Index à jour' }],
    });
    await act(() => vi.advanceTimersByTimeAsync(RELOAD_INTERVAL_MS));
    expect(await screen.findByText('Index à jour', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('Réussie')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Annuler la tâche' })).toBeNull();
    const reads = queue.reads.length;
    await act(() => vi.advanceTimersByTimeAsync(2 * RELOAD_INTERVAL_MS));
    expect(queue.reads).toHaveLength(reads);
  });

  it('retries a failed task and opens the new one', async () => {
    const queue = taskQueue([FAILED]);
    server.use(...datasetHandlers(), ...queue.handlers);
    const user = userEvent.setup();
    renderApp('/publish/fr/data/tasks/41/', USERS.role1);
    await user.click(await screen.findByRole('button', { name: 'Relancer' }, LONG));
    expect(await screen.findByText('Tâche relancée', {}, LONG)).toBeInTheDocument();
    await expectPath('/publish/fr/data/tasks/500/');
    expect(await screen.findByRole('heading', { name: 'Tâche n° 500' }, LONG)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Relance de la tâche n° 41' })).toHaveAttribute('href', '/publish/fr/data/tasks/41/');
    expect(queue.posts).toEqual(['retry 41']);
  });

  it('cancels a running task only once confirmed', async () => {
    const queue = taskQueue([RUNNING]);
    server.use(...datasetHandlers(), ...queue.handlers);
    const user = userEvent.setup();
    renderApp('/publish/fr/data/tasks/42/', USERS.role1);
    await user.click(await screen.findByRole('button', { name: 'Annuler la tâche' }, LONG));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('La tâche sera arrêtée. Êtes-vous sûr de vouloir continuer ?');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(queue.posts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Annuler la tâche' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Tâche annulée', {}, LONG)).toBeInTheDocument();
    expect(queue.posts).toEqual(['cancel 42']);
    await waitFor(() => expect(screen.getByText('Annulée')).toBeInTheDocument(), LONG);
    expect(screen.queryByRole('button', { name: 'Annuler la tâche' })).toBeNull();
  });
});
