/**
 * A dataset's resources on its page (issue 9): the main resource and the annexes with their type,
 * format, size, last update and processing state; a failure acknowledged; the way to the
 * geographic layer; adding, changing and deleting for those who may change the dataset only; its
 * links checked now, with the task followed to its end, the broken badge and the history.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DATASET, datasetHandlers } from './datasetsFixtures.ts';
import { USERS } from './fixtures.ts';
import { renderApp } from './renderApp.tsx';
import { LAYER, layerServer, link, resource, resourceServer, STYLE } from './resourcesFixtures.ts';
import { server } from './server.ts';
import { task } from './tasksFixtures.ts';

const LONG = { timeout: 10_000 };

const MAIN = resource({
  id: 7,
  display_name: 'Arrêts de bus',
  size: 3_355_443,
  bbox: [4.8, 45.7, 4.9, 45.8],
  geographic: true,
  rel: [
    { '@app': 'resource', '@class': 'file-upload', '@uri': '/fr/resource/file-upload/70/' },
    { '@app': 'geospatial', '@class': 'geographiclayer', '@uri': '/fr/geospatial/geographiclayer/3/' },
  ],
  _processing: [
    {
      task_id: 55,
      action: 'create-file-upload',
      action_label: 'Créer la ressource (fichier)',
      state: 'FAILURE',
      message: "Le fichier n'est pas en UTF-8 (ligne 3).",
      date: '2026-11-24T10:00:00Z',
      acknowledged: false,
    },
  ],
});
const LINK_ANNEX = resource({
  id: 8,
  display_name: 'Horaires (site du réseau)',
  type: 'href',
  dataformat: 'HTML',
  size: null,
  source_id: 80,
  rel: [],
  _processing: [
    { task_id: 56, action: 'create-href', action_label: 'Créer le lien', state: 'PENDING', message: null, date: '2026-11-24T10:02:00Z', acknowledged: false },
  ],
});
const PDF_ANNEX = resource({ id: 9, display_name: 'Notice', dataformat: 'PDF', size: 512, source_id: 90, rel: [] });

function datasetPage(editable = true) {
  const links = [link(MAIN, 1), link(LINK_ANNEX, 2), link(PDF_ANNEX, 2)].map((one) => ({ ...one, resource: { ...one.resource, editable } }));
  const resources = resourceServer({ links });
  server.use(...datasetHandlers(), ...resources.handlers, ...layerServer().handlers);
  server.use(http.get('/:locale/dataset/datasets/1/', () => HttpResponse.json({ ...DATASET, editable })));
  return resources;
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe("a dataset's resources", { timeout: 30_000 }, () => {
  it('shows the main resource and the annexes with their type, format, size, update and processing state', async () => {
    const resources = datasetPage();
    renderApp('/publish/fr/data/datasets/1/?tab=resources', USERS.role1);
    const panel = await screen.findByRole('region', { name: 'Ressources' }, LONG);
    const main = await within(panel).findByRole('table', { name: 'Ressource principale' }, LONG);
    const [mainRow] = within(main).getAllByRole('row').slice(1);
    expect(within(mainRow).getByRole('rowheader').textContent).toBe('Arrêts de bus');
    expect(cells(mainRow).slice(0, 3)).toEqual(['Fichier téléversé', 'CSV', '3,2\u00a0Mo']);
    expect(cells(mainRow)[3]).toMatch(/2026/);
    expect(within(mainRow).getByText(/Échec de « Créer la ressource \(fichier\) »/)).toHaveTextContent("Le fichier n'est pas en UTF-8 (ligne 3).");
    expect(within(mainRow).getByRole('link', { name: 'Couche géographique' })).toHaveAttribute('href', '/publish/fr/data/layers/3/');

    const annexes = within(panel).getByRole('table', { name: 'Annexes' });
    const rows = within(annexes).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Horaires (site du réseau)', 'Notice']);
    expect(cells(rows[0]).slice(0, 3)).toEqual(['Lien', 'HTML', '—']);
    expect(within(rows[0]).getByRole('status')).toHaveTextContent('Opération en cours : Créer le lien');
    expect(cells(rows[1]).slice(0, 3)).toEqual(['Fichier téléversé', 'PDF', '512\u00a0octets']);
    expect(within(rows[1]).queryByRole('link', { name: 'Couche géographique' })).toBeNull();
    expect(resources.reads.find((url) => url.pathname === '/fr/resource/resource-dataset/')?.searchParams.get('dataset_id')).toBe('1');

    // A dataset with a main resource offers only annexes.
    expect(within(panel).queryByRole('link', { name: 'Ajouter la ressource principale' })).toBeNull();
    expect(within(panel).getByRole('link', { name: 'Ajouter une annexe' })).toHaveAttribute('href', '/publish/fr/data/datasets/1/resources/new/?role=annex');
    expect(within(mainRow).getByRole('link', { name: 'Modifier Arrêts de bus' })).toHaveAttribute('href', '/publish/fr/data/datasets/1/resources/7/');
  });

  it("leads from the dataset's layer to its page, and from there back to the dataset's resources", async () => {
    datasetPage();
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/?tab=resources', USERS.role1);
    const main = await screen.findByRole('table', { name: 'Ressource principale' }, LONG);
    await user.click(within(main).getByRole('link', { name: 'Couche géographique' }));
    expect(await screen.findByRole('heading', { name: LAYER.display_name, level: 1 }, LONG)).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Retour au jeu de données' });
    expect(back).toHaveAttribute('href', '/publish/fr/data/datasets/1/?tab=resources');
    await user.click(back);
    expect(await screen.findByRole('table', { name: 'Ressource principale' }, LONG)).toBeInTheDocument();
  });

  it("shows the legend of each style of the dataset's layers, as the layer page draws it", async () => {
    datasetPage();
    const byMode = {
      ...STYLE, id: 9, display_name: 'Par mode',
      config: {
        name: 'Par mode',
        rules: [
          { name: 'bus', filter: ['==', 'mode', 'bus'], symbolizers: [{ kind: 'Mark', color: '#e41a1c', radius: 6 }] },
          { name: 'Other values', filter: ['!', ['==', 'mode', 'bus']], symbolizers: [{ kind: 'Mark', color: '#9e9e9e', radius: 6 }] },
        ],
      },
    } as typeof STYLE;
    server.use(http.get('/:locale/geospatial/geographiclayer/3/', () => HttpResponse.json({ ...LAYER, styles: [STYLE, byMode] })));
    renderApp('/publish/fr/data/datasets/1/?tab=resources', USERS.role1);
    const panel = await screen.findByRole('region', { name: 'Ressources' }, LONG);
    expect(await within(panel).findByRole('heading', { name: 'Légendes des couches' }, LONG)).toBeInTheDocument();
    const items = (name: string) => within(within(panel).getByRole('list', { name })).getAllByRole('listitem').map((item) => item.textContent);
    expect(items('Légende de « Arrêts de bus — Arrêts en bleu »')).toEqual(['Tous les objets (#1f78b4)']);
    expect(items('Légende de « Arrêts de bus — Par mode »')).toEqual(['bus (#e41a1c)', 'Autres valeurs (#9e9e9e)']);
  });

  it("acknowledges the main resource's failure, which then no longer shows", async () => {
    const resources = datasetPage();
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/?tab=resources', USERS.role1);
    const main = await screen.findByRole('table', { name: 'Ressource principale' }, LONG);
    await user.click(within(main).getByRole('button', { name: "J'ai pris connaissance" }));
    await waitFor(() => expect(within(main).queryByText(/Échec de/)).toBeNull(), LONG);
    expect(resources.calls()).toEqual(['POST dashboard/task-queue-track/55/acknowledge/']);
  });

  it('deletes an annex after confirmation', async () => {
    const resources = datasetPage();
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/?tab=resources', USERS.role1);
    const annexes = await screen.findByRole('table', { name: 'Annexes' }, LONG);
    await user.click(within(annexes).getByRole('button', { name: 'Supprimer Notice' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Suppression de « Notice ».');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await screen.findByText('La ressource a été supprimée.', {}, LONG);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Annexes' })).queryByText('Notice')).toBeNull(), LONG);
    expect(resources.calls()).toEqual(['DELETE resource/resources/9/']);
  });

  it('says a resource left before its first load holds no data yet, with the way back to its wizard', async () => {
    const unloaded = resource({ id: 11, display_name: 'Comptages vélo', dataformat: null, size: null, loaded: false, source_id: 110, rel: [] });
    const resources = resourceServer({ links: [link(unloaded, 1), link(PDF_ANNEX, 2)] });
    server.use(...datasetHandlers(), ...resources.handlers, ...layerServer().handlers);
    renderApp('/publish/fr/data/datasets/1/?tab=resources', USERS.role1);
    const main = await screen.findByRole('table', { name: 'Ressource principale' }, LONG);
    const row = await within(main).findByRole('row', { name: /Comptages vélo/ }, LONG);
    expect(within(row).getByText('Données pas encore chargées')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Reprendre' })).toHaveAttribute('href', '/publish/fr/data/datasets/1/resources/11/');
    // A resource with data says nothing of the kind.
    const annexes = screen.getByRole('table', { name: 'Annexes' });
    expect(within(annexes).queryByText('Données pas encore chargées')).toBeNull();
  });

  it('offers the main resource to add when there is none', async () => {
    const resources = resourceServer({ links: [] });
    server.use(...datasetHandlers(), ...resources.handlers, ...layerServer().handlers);
    renderApp('/publish/fr/data/datasets/1/?tab=resources', USERS.role1);
    const panel = await screen.findByRole('region', { name: 'Ressources' }, LONG);
    expect(await within(panel).findByText('Aucune ressource principale.', {}, LONG)).toBeInTheDocument();
    expect(within(panel).getByText('Aucune annexe.')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Ajouter la ressource principale' })).toHaveAttribute('href', '/publish/fr/data/datasets/1/resources/new/?role=main');
  });

  it('shows a reader (an editor of another group) the resources without any way to change them', async () => {
    datasetPage(false);
    renderApp('/publish/fr/data/datasets/1/?tab=resources', USERS.role1);
    const panel = await screen.findByRole('region', { name: 'Ressources' }, LONG);
    const main = await within(panel).findByRole('table', { name: 'Ressource principale' }, LONG);
    expect(within(main).getByText('Arrêts de bus')).toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: 'Arrêts de bus' })).toBeNull();
    expect(within(panel).queryByRole('link', { name: /Ajouter/ })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /Supprimer|J'ai pris connaissance/ })).toBeNull();
    expect(within(main).getByRole('link', { name: 'Couche géographique' })).toBeInTheDocument();
  });

  it('speaks English: sizes in MB and the English labels', async () => {
    datasetPage();
    renderApp('/publish/en/data/datasets/1/?tab=resources', USERS.role1);
    const main = await screen.findByRole('table', { name: 'Main resource' }, LONG);
    const [row] = within(main).getAllByRole('row').slice(1);
    expect(cells(row).slice(0, 3)).toEqual(['Uploaded file', 'CSV', '3.2\u00a0MB']);
    expect(within(row).getByText(/“Créer la ressource \(fichier\)” failed:/)).toBeInTheDocument();
  });

  it('withdraws an annex from the dataset through its publication scenario', async () => {
    const resources = datasetPage();
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/?tab=resources', USERS.role1);
    const annexes = await screen.findByRole('table', { name: 'Annexes' }, LONG);
    const toggle = within(annexes).getByRole('switch', { name: 'Publier Notice dans le jeu de données' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Dépublication lancée', {}, LONG)).toBeInTheDocument();
    expect(resources.calls()).toEqual(['POST resource/resource-dataset/90/_scenarios/11/run/?asynchrone=true']);
    expect(resources.writes[0].body).toEqual({ kwargs: { target: { model: 'dataset', app_label: 'dataset', pk: 1 } } });
  });

  it("says the publication scenario is missing when the resource's link has none", async () => {
    const resources = datasetPage();
    server.use(http.get('/:locale/resource/resource-dataset/:id/_scenarios/', () => HttpResponse.json([])));
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/?tab=resources', USERS.role1);
    const annexes = await screen.findByRole('table', { name: 'Annexes' }, LONG);
    await user.click(within(annexes).getByRole('switch', { name: 'Publier Notice dans le jeu de données' }));
    expect(await screen.findByText('Scénario de publication manquant', {}, LONG)).toBeInTheDocument();
    expect(resources.calls()).toEqual([]);
  });

  it("checks the dataset's links now: follows the task, then shows the broken link, its last check and its history", async () => {
    const resources = datasetPage();
    const runs: string[] = [];
    const CHECK = { url: 'http://127.0.0.1:9/horaires', broken: true, status: 404, media_type: 'text/html', size: null, duration_ms: 4, error: 'http-status', checked_at: '2026-11-24T10:01:00Z' };
    server.use(
      http.get('/:locale/dataset/datasets/:id/_scenarios/', () =>
        HttpResponse.json([{ id: 1, codename: 'publish-dataset', action: 'update', display_name: 'Publier' }, { id: 20, codename: 'check-dataset-links', action: 'update', display_name: 'Vérifier les liens du jeu de données' }]),
      ),
      http.post('/:locale/dataset/datasets/:id/_scenarios/:scenario/run/', ({ request, params }) => {
        runs.push(`${params.id as string}/${params.scenario as string}${new URL(request.url).search}`);
        const started = task({ id: 700, status: 'PENDING', action: 'check-dataset-links', action_label: 'Vérifier les liens du jeu de données', object_id: 1, end_date: null, timeline: [] });
        resources.tasks.set(700, { task: started, reads: 0 });
        // Once the task has run, the annex's link is found broken.
        const annex = resources.links.find((one) => one.resource_id === LINK_ANNEX.id)!;
        annex.resource = { ...annex.resource, link_broken: true, link_checked_at: CHECK.checked_at, link_check: CHECK };
        return HttpResponse.json(started, { status: 202 });
      }),
      http.get('/:locale/resource/resources/:id/link-checks/', ({ params }) =>
        HttpResponse.json({ count: 2, next: null, previous: null, results: params.id === '8' ? [CHECK, { ...CHECK, broken: false, status: 200, error: null, checked_at: '2026-11-23T10:00:00Z' }] : [] }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/?tab=resources', USERS.role1);
    const panel = await screen.findByRole('region', { name: 'Ressources' }, LONG);
    await within(panel).findByRole('table', { name: 'Annexes' }, LONG);
    expect(within(panel).queryByText('Lien cassé')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Vérifier les liens maintenant' }));

    const followed = await within(panel).findByRole('region', { name: 'Suivi de la tâche' }, LONG);
    expect(within(followed).getByText('Vérifier les liens du jeu de données')).toBeInTheDocument();
    expect(await within(followed).findByText('Réussie', {}, LONG)).toBeInTheDocument();
    expect(runs).toEqual(['1/20?asynchrone=true']);

    const annexes = within(panel).getByRole('table', { name: 'Annexes' });
    const [row] = within(annexes).getAllByRole('row').slice(1);
    expect(await within(row).findByText('Lien cassé', {}, LONG)).toBeInTheDocument();
    expect(within(row).getByText(/^Réponse HTTP 404 — Vérifié le 24\/11\/2026/)).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Historique des vérifications de Horaires (site du réseau)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vérifications du lien' });
    const history = await within(dialog).findByRole('table', { name: 'Vérifications du lien' }, LONG);
    expect(within(history).getAllByRole('row').map((one) => within(one).getAllByRole('cell').slice(1).map((cell) => cell.textContent))).toEqual([
      ['Lien cassé', 'Réponse HTTP 404'],
      ['Répond', 'Réponse HTTP 200'],
    ]);
  });

  it('offers no link check to a reader', async () => {
    datasetPage(false);
    renderApp('/publish/fr/data/datasets/1/?tab=resources', USERS.role1);
    const panel = await screen.findByRole('region', { name: 'Ressources' }, LONG);
    await within(panel).findByRole('table', { name: 'Annexes' }, LONG);
    expect(within(panel).queryByRole('button', { name: 'Vérifier les liens maintenant' })).toBeNull();
  });
});
