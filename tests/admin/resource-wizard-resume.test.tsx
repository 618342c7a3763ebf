/**
 * A resource wizard resumed after it was left before the first load (issue 57, item 7): it shows
 * what was chosen — the type, the source's format, the file sent — saves the format again rather
 * than clearing it, goes on to the placement and the creation scenario, and a step that cannot go
 * on says what is missing.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { datasetHandlers } from './datasetsFixtures.ts';
import { USERS } from './fixtures.ts';
import { renderApp } from './renderApp.tsx';
import { link, resource, resourceServer, source, type ResourceServerOptions } from './resourcesFixtures.ts';
import { server } from './server.ts';

const LONG = { timeout: 10_000 };

/** A CSV sent, its format on its source only, the wizard left at the placement: nothing loaded. */
const LEFT = resource({ id: 8, display_name: 'Bornes', type: 'file-upload', dataformat_id: null, dataformat: null, size: null, source_id: 80, loaded: false, rel: [] });
const SENT = source({
  id: 80,
  resource_id: 8,
  dataformat_id: 1,
  filename: 'bornes.csv',
  size: 64,
  columns: ['nom', 'lon', 'lat'],
  preview: [['Gare', '7.2610', '43.7040']],
});

function resumed(options: ResourceServerOptions) {
  const resources = resourceServer(options);
  server.use(...datasetHandlers(), ...resources.handlers);
  renderApp('/publish/fr/data/datasets/1/resources/8/', USERS.role1);
  return resources;
}

describe('a resumed resource wizard', { timeout: 40_000 }, () => {
  it('shows the format and the file chosen, keeps the format, and goes on to the placement and the creation scenario', async () => {
    const resources = resumed({ links: [link(LEFT, 1)], sources: [SENT] });
    const user = userEvent.setup();
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: 'Nom' }, LONG)).toHaveValue('Bornes'), LONG);
    expect(screen.getByRole('combobox', { name: /^Format/ })).toHaveTextContent('CSV');
    expect(screen.getByText(/^Fichier actuel : bornes\.csv/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    const placement = await screen.findByRole('region', { name: 'Position des données' }, LONG);
    await user.click(within(placement).getByRole('button', { name: 'Suivant' }));
    const scenarios = await screen.findByRole('radiogroup', { name: 'Scénario à lancer' }, LONG);
    expect(within(scenarios).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Créer la ressource (fichier)']);
    await user.click(screen.getByRole('button', { name: 'Lancer' }));
    expect(await screen.findByText('La création de la ressource a été lancée.', {}, LONG)).toBeInTheDocument();
    expect(resources.calls()).toEqual([
      'PUT resource/resources/8/',
      'PATCH resource/file-upload/80/',
      'PATCH resource/file-upload/80/',
      'POST resource/file-upload/80/_scenarios/31/run/?asynchrone=true',
    ]);
    expect(resources.writes[1].body).toEqual({ dataformat_id: 1 });
    expect(resources.writes[2].body).toEqual({ column_x: 'lon', column_y: 'lat', crs: 4326 });
  });

  it('says the format is missing when the source has none, and sends nothing', async () => {
    const resources = resumed({ links: [link(LEFT, 1)], sources: [{ ...SENT, dataformat_id: null }] });
    const user = userEvent.setup();
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: 'Nom' }, LONG)).toHaveValue('Bornes'), LONG);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Format/ })).toHaveAccessibleDescription('Ce champ est obligatoire.'));
    expect(resources.calls()).toEqual([]);
  });

  it('resumes at the choice of the type a resource left before its source was made', async () => {
    const untyped = resource({ ...LEFT, type: null, source_id: null });
    const resources = resumed({ links: [link(untyped, 2)] });
    const user = userEvent.setup();
    const types = await screen.findByRole('radiogroup', { name: 'Type de ressource' }, LONG);
    await user.click(await within(types).findByRole('radio', { name: 'Lien' }, LONG));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('textbox', { name: 'Nom' })).toHaveValue('Bornes');
    await user.type(screen.getByRole('textbox', { name: 'Adresse (URL)' }), 'https://bornes.example.org/bornes.csv');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('La création de la ressource a été lancée.', {}, LONG)).toBeInTheDocument();
    expect(resources.calls().slice(0, 2)).toEqual(['PUT resource/resources/8/', 'POST resource/href/']);
  });
});
