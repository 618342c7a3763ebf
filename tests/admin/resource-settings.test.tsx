/**
 * What a resource's page sets beside its source (spec, section 3): the scheduler of its update
 * scenario, chosen, changed and removed with the scheduler's toasts (section 8) and the next run
 * shown, on its page and as the wizard's last step; and its hidden flag, with what it hides.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { datasetHandlers } from './datasetsFixtures.ts';
import { USERS } from './fixtures.ts';
import { renderApp } from './renderApp.tsx';
import { link, resource, resourceServer, scenario, source, SOURCE_SCENARIOS, type ResourceServerOptions } from './resourcesFixtures.ts';
import { server } from './server.ts';

const LONG = { timeout: 10_000 };

const SCENARIOS = {
  ...SOURCE_SCENARIOS,
  ftp: [scenario(61, 'create-ftp', 'create', 'Créer la ressource (sFTP)'), scenario(62, 'update-ftp', 'update', 'Mettre à jour la ressource (sFTP)')],
  'file-download': [
    scenario(51, 'create-file-download', 'create', 'Créer la ressource (téléchargement)'),
    scenario(52, 'update-file-download', 'update', 'Mettre à jour la ressource (téléchargement)'),
  ],
};

const DOWNLOAD = resource({ id: 8, display_name: 'Horaires', type: 'file-download', source_id: 80, rel: [] });
const DOWNLOAD_SOURCE = source({ id: 80, resource_id: 8, href: 'https://tcl.example.org/horaires.csv' });

function wizard(options: ResourceServerOptions = {}) {
  const resources = resourceServer({ scenarios: SCENARIOS, ...options });
  server.use(...datasetHandlers(), ...resources.handlers);
  return resources;
}

async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe("a resource's scheduled update", { timeout: 40_000 }, () => {
  it('is set, changed and removed on a downloaded resource’s page, with the toasts and the next run', async () => {
    const resources = wizard({ links: [link(DOWNLOAD, 1)], sources: [DOWNLOAD_SOURCE] });
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/resources/8/', USERS.role1);
    const section = await screen.findByRole('region', { name: 'Mise à jour planifiée' }, LONG);
    expect(section).toHaveTextContent('Relance « Mettre à jour la ressource (téléchargement) »');
    expect(within(section).getByRole('status')).toHaveTextContent('Aucune mise à jour planifiée.');

    await choose(user, 'Fréquence de mise à jour', 'Tous les jours');
    expect(await screen.findByText('Planification créée', {}, LONG)).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(/Prochaine mise à jour : .*2026/));
    expect(resources.writes.at(-1)).toMatchObject({
      method: 'POST',
      path: '/fr/resource/scenario-execution-frequency/',
      body: { object_class: 'resource', object_id: 8, scenario: 52, scheduler: 2 },
    });

    await choose(user, 'Fréquence de mise à jour', 'Toutes les semaines');
    expect(await screen.findByText('Planification mise à jour', {}, LONG)).toBeInTheDocument();
    expect(resources.writes.at(-1)).toMatchObject({ method: 'PATCH', path: '/fr/resource/scenario-execution-frequency/900/', body: { scheduler: 3 } });

    await choose(user, 'Fréquence de mise à jour', 'Jamais (pas de planification)');
    expect(await screen.findByText('Planification supprimée', {}, LONG)).toBeInTheDocument();
    expect(resources.writes.at(-1)).toMatchObject({ method: 'DELETE', path: '/fr/resource/scenario-execution-frequency/900/' });
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent('Aucune mise à jour planifiée.'));
  });

  it('is offered as the last step of a new sFTP resource, once its creation succeeded', async () => {
    wizard({ sources: [] });
    server.use(http.get('/:locale/resource/ftp-choices/', () => HttpResponse.json([{ value: 'lignes.csv', label: 'lignes.csv (2 ko)', size: 2048 }])));
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/resources/new/?role=main', USERS.role1);
    const types = await screen.findByRole('radiogroup', { name: 'Type de ressource' }, LONG);
    await user.click(await within(types).findByRole('radio', { name: 'Fichier du dépôt sFTP' }, LONG));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.type(await screen.findByRole('textbox', { name: 'Nom' }), 'Lignes');
    await choose(user, 'Fichier du dépôt sFTP', 'lignes.csv (2 ko)');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('button', { name: 'Lancer' }, LONG));
    // Not before its data is loaded: then its update may be scheduled.
    expect(screen.queryByRole('region', { name: 'Mise à jour planifiée' })).toBeNull();
    const section = await screen.findByRole('region', { name: 'Mise à jour planifiée' }, { timeout: 20_000 });
    expect(section).toHaveTextContent('Mettre à jour la ressource (sFTP)');
  });

  it('is not offered for a link, whose data does not live in a place read again', async () => {
    const LINK = resource({ id: 9, display_name: 'Plan', type: 'href', source_id: 90, rel: [] });
    wizard({ links: [link(LINK, 1)], sources: [source({ id: 90, resource_id: 9, href: 'https://tcl.example.org/plan' })] });
    renderApp('/publish/fr/data/datasets/1/resources/9/', USERS.role1);
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: 'Nom' }, LONG)).toHaveValue('Plan'), LONG);
    expect(screen.queryByRole('region', { name: 'Mise à jour planifiée' })).toBeNull();
  });
});

describe("a resource's hidden flag", { timeout: 40_000 }, () => {
  it('is shown with what it hides, and saved with the resource', async () => {
    const resources = wizard({ links: [link({ ...DOWNLOAD, hidden: true }, 1)], sources: [DOWNLOAD_SOURCE] });
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/resources/8/', USERS.role1);
    const hidden = await screen.findByRole('switch', { name: 'Masquée' }, LONG);
    await waitFor(() => expect(hidden).toBeChecked());
    expect(hidden).toHaveAccessibleDescription(/Le portail de données ne montre pas cette ressource au public/);
    await user.click(hidden);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(resources.writes[0]).toMatchObject({ method: 'PUT', path: '/fr/resource/resources/8/', body: { hidden: false } }), LONG);
  });
});
