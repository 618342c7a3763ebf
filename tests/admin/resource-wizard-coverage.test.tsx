/**
 * After a load that made the dataset geographic (issue 57, item 12), the wizard proposes the
 * extent of its data as the coverage of a dataset that has none — taken on a click, never set
 * without one — and proposes nothing to a dataset that has a coverage.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DATASET, datasetHandlers } from './datasetsFixtures.ts';
import { USERS } from './fixtures.ts';
import { renderApp } from './renderApp.tsx';
import { link, resource, resourceServer, source } from './resourcesFixtures.ts';
import { server } from './server.ts';

const LONG = { timeout: 10_000 };

const LEFT = resource({ id: 8, display_name: 'Bornes', type: 'file-upload', dataformat_id: null, source_id: 80, loaded: false, rel: [] });
const SENT = source({ id: 80, resource_id: 8, dataformat_id: 1, filename: 'bornes.csv', size: 64, columns: ['nom', 'lon', 'lat'], preview: [['Gare', '7.2610', '43.7040']] });

/** Resumes the wizard of a CSV and runs its creation, which makes it a layer of this box. */
async function load(initial: string | null) {
  let coverage = initial;
  const resources = resourceServer({ links: [link(LEFT, 1)], sources: [SENT] });
  const patches: unknown[] = [];
  server.use(
    http.get('/:locale/dataset/datasets/1/', () => HttpResponse.json({ ...DATASET, geographic_coverage: coverage })),
    http.patch('/:locale/dataset/datasets/1/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push(body);
      coverage = body.geographic_coverage as string;
      return HttpResponse.json({ ...DATASET, geographic_coverage: coverage });
    }),
    ...datasetHandlers(),
    ...resources.handlers,
  );
  const user = userEvent.setup();
  renderApp('/publish/fr/data/datasets/1/resources/8/', USERS.role1);
  await waitFor(async () => expect(await screen.findByRole('textbox', { name: 'Nom' }, LONG)).toHaveValue('Bornes'), LONG);
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  const placement = await screen.findByRole('region', { name: 'Position des données' }, LONG);
  await user.click(within(placement).getByRole('button', { name: 'Suivant' }));
  await screen.findByRole('radiogroup', { name: 'Scénario à lancer' }, LONG);
  await user.click(screen.getByRole('button', { name: 'Lancer' }));
  // Loaded: the resource is geographic, with its box.
  resources.links[0] = link({ ...LEFT, loaded: true, geographic: true, bbox: [7.261, 43.696, 7.285, 43.7198] }, 1);
  expect(await within(await screen.findByRole('region', { name: 'Suivi de la tâche' }, LONG)).findByText('Réussie', {}, LONG)).toBeInTheDocument();
  return { user, patches };
}

describe("a geographic load's coverage", { timeout: 40_000 }, () => {
  it("proposes the data's extent to a dataset without coverage, and takes it on a click", async () => {
    const { user, patches } = await load(null);
    const proposal = await screen.findByText(/^Ce jeu de données n’a pas de couverture géographique\./, {}, LONG);
    expect(proposal).toHaveTextContent('longitudes 7,261 à 7,285, latitudes 43,696 à 43,7198');
    expect(patches).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Utiliser l’emprise des données' }));
    expect(await screen.findByText('La couverture géographique du jeu de données est désormais calculée sur ses données.', {}, LONG)).toBeInTheDocument();
    expect(patches).toEqual([{ geographic_coverage: 'computed' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Utiliser l’emprise des données' })).toBeNull());
  });

  it('proposes nothing to a dataset that has a coverage', async () => {
    const { patches } = await load('organisation');
    // The task's end has refreshed the resources: a proposal would be there by now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByText(/n’a pas de couverture géographique/)).toBeNull();
    expect(patches).toEqual([]);
  });
});
