/**
 * A dataset's tasks on its page: the latest three, its failures to acknowledge, the publication
 * scenario run after a save (spec, section 4), and its logs page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordWrite, type Write } from './accountsFixtures.ts';
import { DATASET, datasetHandlers } from './datasetsFixtures.ts';
import { USERS } from './fixtures.ts';
import { expectPath, renderApp } from './renderApp.tsx';
import { server } from './server.ts';
import { PUBLICATION_SCENARIOS_OF_DATASET, task, taskQueue } from './tasksFixtures.ts';

const LONG = { timeout: 10_000 };

const FAILURE = task({
  id: 61,
  status: 'FAILURE',
  action_label: 'Publier le jeu de données',
  error: "Le serveur d'indexation ne répond pas.",
  start_date: '2025-11-20T08:00:00Z',
  can_retry: true,
  can_acknowledge: true,
});

/** Four tasks of the dataset (the page shows the three newest) and one of another. */
const TASKS = [
  task({ id: 51, action_label: 'Tâche la plus ancienne', start_date: '2025-11-01T08:00:00Z' }),
  task({ id: 52, action_label: 'Indexer', start_date: '2025-11-10T08:00:00Z' }),
  task({ id: 53, action_label: 'Publier', start_date: '2025-11-15T08:00:00Z' }),
  task({ id: 54, status: 'STARTED', action_label: 'Dépublier', start_date: '2025-11-18T08:00:00Z', end_date: null }),
  task({ id: 55, object_id: 2, object_name: 'Arbres', action_label: 'Autre jeu', start_date: '2025-11-19T08:00:00Z' }),
];

/** The dataset's page with the fake queue, a PUT answering the saved values, and what the page sent. */
function datasetPage(tasks = TASKS) {
  const queue = taskQueue(tasks);
  const requests: Request[] = [];
  const writes: Write[] = [];
  server.use(
    ...datasetHandlers(requests),
    ...queue.handlers,
    http.put('/:locale/dataset/datasets/:id/', async ({ request }) => {
      const write = await recordWrite(writes, request);
      return HttpResponse.json({ ...DATASET, ...(write.body as object) });
    }),
  );
  const runs = () =>
    requests.map((request) => new URL(request.url)).filter((url) => url.pathname.includes('/_scenarios/')).map((url) => `${url.pathname}${url.search}`);
  return { queue, writes, runs };
}

/** Opens the dataset's page, turns its publication toggle to `published` and saves. */
async function saveWithPublication(published: boolean) {
  server.use(http.get('/:locale/dataset/datasets/1/', () => HttpResponse.json({ ...DATASET, publish: !published })));
  const user = userEvent.setup();
  renderApp('/publish/fr/data/datasets/1/?tab=access', USERS.role1);
  const toggle = await screen.findByRole('switch', { name: 'Publié' }, LONG);
  await waitFor(() => expect(toggle).toHaveProperty('checked', !published), LONG);
  await user.click(toggle);
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
}

describe("a dataset's tasks", { timeout: 30_000 }, () => {
  it('shows its three latest tasks, each opening its page, with the ways to all of them and to its logs', async () => {
    const { queue } = datasetPage();
    renderApp('/publish/fr/data/datasets/1/?tab=history', USERS.role1);
    const panel = await screen.findByRole('region', { name: 'Dernières tâches' }, LONG);
    await within(panel).findByText('Dépublier', {}, LONG);
    const rows = within(panel).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('link')[0].textContent)).toEqual(['Dépublier', 'Publier', 'Indexer']);
    expect(within(rows[0]).getByText('En cours')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Dépublier' })).toHaveAttribute('href', '/publish/fr/data/tasks/54/');
    const latest = queue.lists.find((url) => url.searchParams.get('page_size') === '3')!;
    expect(latest.searchParams.get('object')).toBe('1');
    expect(latest.searchParams.get('ordering')).toBe('-start_date');
    expect(within(panel).getByRole('link', { name: 'Toutes les tâches du jeu de données' })).toHaveAttribute('href', '/publish/fr/data/tasks/?dataset=1');
    expect(within(panel).getByRole('link', { name: 'Journaux du jeu de données' })).toHaveAttribute('href', '/publish/fr/logs/dataset/1/');
  });

  it('runs the unpublish scenario when the dataset is saved unpublished, and says it was launched', async () => {
    const { writes, runs } = datasetPage();
    await saveWithPublication(false);
    expect(await screen.findByText('Dépublication lancée', {}, LONG)).toBeInTheDocument();
    expect(writes[0]).toMatchObject({ method: 'PUT', path: '/fr/dataset/datasets/1/', body: { publish: false } });
    const unpublish = PUBLICATION_SCENARIOS_OF_DATASET.find((scenario) => scenario.codename === 'unpublish-dataset')!;
    expect(runs()).toEqual(['/fr/dataset/datasets/1/_scenarios/', `/fr/dataset/datasets/1/_scenarios/${unpublish.id}/run/?asynchrone=true`]);
  });

  it('runs the publish scenario when the dataset is saved published', async () => {
    const { writes, runs } = datasetPage();
    await saveWithPublication(true);
    expect(await screen.findByText('Publication lancée', {}, LONG)).toBeInTheDocument();
    // The page stays open on the saved dataset, nothing left to save.
    await expectPath('/publish/fr/data/datasets/1/');
    expect(screen.getByRole('switch', { name: 'Publié' })).toHaveProperty('checked', true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled(), LONG);
    expect(writes[0]).toMatchObject({ method: 'PUT', body: { publish: true } });
    const publish = PUBLICATION_SCENARIOS_OF_DATASET.find((scenario) => scenario.codename === 'publish-dataset')!;
    expect(runs().at(-1)).toBe(`/fr/dataset/datasets/1/_scenarios/${publish.id}/run/?asynchrone=true`);
  });

  it('warns when the publication scenario is missing, the save staying done', async () => {
    const { writes, runs } = datasetPage();
    server.use(
      http.get('/:locale/dataset/datasets/:id/_scenarios/', () =>
        HttpResponse.json(PUBLICATION_SCENARIOS_OF_DATASET.filter((scenario) => scenario.codename !== 'unpublish-dataset')),
      ),
    );
    await saveWithPublication(false);
    expect(await screen.findByText('Scénario de publication manquant', {}, LONG)).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    expect(runs().some((run) => run.includes('/run/'))).toBe(false);
  });

  it("shows its unacknowledged failure with the error until it is acknowledged", async () => {
    const { queue } = datasetPage([...TASKS, FAILURE]);
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/', USERS.role1);
    const error = await screen.findByText("Le serveur d'indexation ne répond pas.", {}, LONG);
    const alert = error.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('Échec : Publier le jeu de données');
    const failures = queue.lists.find((url) => url.searchParams.get('status') === 'FAILURE')!;
    expect(failures.searchParams.get('object')).toBe('1');
    expect(failures.searchParams.get('acknowledged')).toBe('false');
    await user.click(within(alert).getByRole('button', { name: "J'ai pris connaissance" }));
    expect(await screen.findByText('Échec pris en compte', {}, LONG)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Le serveur d'indexation ne répond pas.")).toBeNull(), LONG);
    expect(queue.posts).toEqual(['acknowledge 61']);
  });

  it('lists the tasks of the dataset and its history on its logs page', async () => {
    const ofItsResource = task({
      id: 56, action: 'create-file-upload', action_label: 'Charger le fichier', object_class: 'resource', object_id: 7, object_name: 'Relevés',
      target: { model: 'dataset', app_label: 'dataset', pk: 1 }, target_name: "Qualité de l'eau", start_date: '2025-10-01T08:00:00Z',
    });
    const { queue } = datasetPage([...TASKS, ofItsResource]);
    renderApp('/publish/fr/logs/dataset/1/', USERS.role1);
    expect(await screen.findByRole('heading', { name: "Journaux : Qualité de l'eau" }, LONG)).toBeInTheDocument();
    // The way back to the dataset's page.
    expect(screen.getByRole('link', { name: "Retour à « Qualité de l'eau »" })).toHaveAttribute('href', '/publish/fr/data/datasets/1/');
    const tasks = screen.getByRole('region', { name: 'Tâches' });
    await within(tasks).findByText('Tâche la plus ancienne', {}, LONG);
    expect(within(tasks).queryByText('Autre jeu')).toBeNull();
    // Its resources' tasks, filed under it, are among them, as in its latest tasks.
    expect(within(tasks).getByText('Charger le fichier')).toBeInTheDocument();
    const list = queue.lists.find((url) => url.searchParams.get('page_size') !== '3')!;
    expect(list.searchParams.get('object')).toBe('1');
    expect(list.searchParams.has('object_class')).toBe(false);
    expect(await screen.findByRole('region', { name: 'Historique' }, LONG)).toBeInTheDocument();
  });

  it('shows the not-found page for the logs of a dataset that does not exist', async () => {
    datasetPage();
    server.use(http.get('/:locale/dataset/datasets/:id/', () => HttpResponse.json({ detail: 'Pas trouvé.' }, { status: 404 })));
    renderApp('/publish/fr/logs/dataset/999999/', USERS.role1);
    expect(await screen.findByRole('heading', { name: 'Page introuvable' }, LONG)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tâches' })).toBeNull();
  });
});
