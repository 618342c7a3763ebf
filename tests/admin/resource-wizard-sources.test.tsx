/**
 * The resource wizard's forms for a datastore table (database, then a table found by search, then
 * X/Y and CRS, optional) and for a map server layer (workspace, then a layer or a layer group): the
 * calls in their order, to the endpoints of each type, up to the task followed to its end.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Task } from '../../schemas/scenarios.ts';
import { recordWrite } from './accountsFixtures.ts';
import { datasetHandlers } from './datasetsFixtures.ts';
import { USERS } from './fixtures.ts';
import { renderApp } from './renderApp.tsx';
import type { Source } from '../../src/admin/resources/resourcesApi.ts';
import { link, resource, resourceServer, scenario, source, SOURCE_KINDS, type ResourceServerOptions } from './resourcesFixtures.ts';
import { server } from './server.ts';
import { task } from './tasksFixtures.ts';

const LONG = { timeout: 10_000 };
const SOURCE_ID = 102;

/** The resource server, plus the endpoints of one more kind: its source, scenarios and runs under `base`. */
function wizard(kind: 'datastore' | 'geoserver', base: string, scenarios: ReturnType<typeof scenario>[], options: ResourceServerOptions & { existing?: Source } = {}) {
  const resources = resourceServer(options);
  let current = options.existing ?? source({ id: SOURCE_ID, resource_id: 100, dataformat_id: null });
  server.use(...datasetHandlers(), ...resources.handlers);
  // Later handlers come first.
  server.use(
    http.get('/:locale/resource/kinds/', () => HttpResponse.json([...SOURCE_KINDS, kind])),
    http.get(`/:locale/${base}:id/_scenarios/`, () => HttpResponse.json(scenarios)),
    http.post(`/:locale/${base}:id/_scenarios/:scenario/run/`, async ({ request, params }) => {
      await recordWrite(resources.writes, request);
      const chosen = scenarios.find((one) => String(one.id) === params.scenario)!;
      const started: Task = task({ id: 600, status: 'PENDING', action: chosen.codename, action_label: chosen.display_name, object_class: 'resource', object_id: 100, end_date: null });
      resources.tasks.set(started.id, { task: started, reads: 0 });
      return HttpResponse.json(started, { status: 202 });
    }),
    http.get(`/:locale/${base}:id/`, () => HttpResponse.json(current)),
    http.patch(`/:locale/${base}:id/`, async ({ request }) => {
      const write = await recordWrite(resources.writes, request);
      current = { ...current, ...(write.body as object) };
      return HttpResponse.json(current);
    }),
  );
  return {
    resources,
    /** Answers a source creation with the source the server would make of `body`. */
    created: (made: (body: Record<string, unknown>) => Partial<ReturnType<typeof source>>) =>
      async ({ request }: { request: Request }) => {
        const write = await recordWrite(resources.writes, request);
        current = { ...current, ...made(write.body as Record<string, unknown>) };
        return HttpResponse.json(current, { status: 201 });
      },
  };
}

async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }, LONG));
}

async function start(user: UserEvent, type: string, name: string) {
  renderApp('/publish/fr/data/datasets/1/resources/new/?role=main', USERS.role1);
  const types = await screen.findByRole('radiogroup', { name: 'Type de ressource' }, LONG);
  await user.click(await within(types).findByRole('radio', { name: type }, LONG));
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  await user.type(await screen.findByRole('textbox', { name: 'Nom' }), name);
}

async function runAndFollow(user: UserEvent, scenarioName: string) {
  const scenarios = await screen.findByRole('radiogroup', { name: 'Scénario à lancer' }, LONG);
  expect(within(scenarios).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([scenarioName]);
  await user.click(screen.getByRole('button', { name: 'Lancer' }));
  expect(await screen.findByText('La création de la ressource a été lancée.', {}, LONG)).toBeInTheDocument();
  const followed = await screen.findByRole('region', { name: 'Suivi de la tâche' }, LONG);
  expect(await within(followed).findByText('Réussie', {}, LONG)).toBeInTheDocument();
}

describe('the resource wizard for datastore tables and map server layers', { timeout: 40_000 }, () => {
  it('makes a resource of a datastore table: database, table found by search, X/Y and CRS, then its create scenario', async () => {
    const tableReads: URL[] = [];
    const { resources, created } = wizard('datastore', 'datapusher/datastores/:database/', [
      scenario(81, 'create-datastore', 'create', 'Créer la ressource (table)'),
      scenario(82, 'update-datastore', 'update', 'Mettre à jour la ressource (table)'),
    ]);
    server.use(
      http.get('/:locale/datapusher/datastores/databases/', () => HttpResponse.json([{ name: 'datastore' }])),
      http.get('/:locale/datapusher/datastores/:database/tables/', ({ request }) => {
        const url = new URL(request.url);
        tableReads.push(url);
        // An editor has no free table; searching finds the tables of their groups' resources.
        return HttpResponse.json(url.searchParams.get('search') ? [{ schema_name: 'datastore', table_name: 'resource_12' }] : []);
      }),
      http.post(
        '/:locale/datapusher/datastores/:database/',
        created((body) => ({
          schema_name: body.schema_name as string,
          table_name: body.table_name as string,
          columns: ['id', 'nom', 'x', 'y'],
          preview: [['1', 'Gare', '7.26', '43.7'], ['2', 'Port', '7.28', '43.69']],
        })),
      ),
    );
    const user = userEvent.setup();
    await start(user, 'Table du datastore', 'Arrêts (table)');
    await choose(user, 'Base de données', 'datastore');
    expect(screen.getByText(/Recherchez « resource_ » pour les tables des ressources de vos groupes/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Rechercher une table' }), 'resource_');
    await waitFor(() => expect(tableReads.at(-1)?.searchParams.get('search')).toBe('resource_'));
    await choose(user, 'Table', 'datastore.resource_12');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));

    // The table's columns and first rows; X, Y and the CRS are optional but go together.
    const placement = await screen.findByRole('region', { name: 'Position des données' }, LONG);
    expect(within(placement).getByText('Facultatif : X, Y et le système de coordonnées font de la table une couche géographique.')).toBeInTheDocument();
    const preview = within(placement).getByRole('table', { name: 'Aperçu des premières lignes' });
    expect(within(preview).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['id', 'nom', 'x', 'y']);
    expect(within(preview).getByText('Port')).toBeInTheDocument();
    await choose(user, 'Colonne X (longitude)', 'x');
    await user.click(within(placement).getByRole('button', { name: 'Suivant' }));
    expect(within(placement).getAllByText('Ce champ est obligatoire.')).toHaveLength(2);
    await choose(user, 'Colonne Y (latitude)', 'y');
    await choose(user, 'Système de coordonnées', 'WGS 84 (EPSG:4326)');
    await user.click(within(placement).getByRole('button', { name: 'Suivant' }));

    await runAndFollow(user, 'Créer la ressource (table)');
    expect(resources.calls()).toEqual([
      'POST resource/resources/',
      'POST resource/resource-dataset/',
      'POST datapusher/datastores/datastore/',
      `PATCH datapusher/datastores/datastore/${SOURCE_ID}/`,
      `POST datapusher/datastores/datastore/${SOURCE_ID}/_scenarios/81/run/?asynchrone=true`,
    ]);
    const [made, , attached, placed] = resources.writes;
    expect(made.body).toEqual({ display_name: 'Arrêts (table)', description: '', type: 'datastore', hidden: false, usergroup_id: 10 });
    expect(attached.body).toEqual({ schema_name: 'datastore', table_name: 'resource_12', resource_id: 100 });
    expect(placed.body).toEqual({ column_x: 'x', column_y: 'y', crs: 4326 });
  });

  it('makes a resource of a table without placing it: X, Y and CRS left empty', async () => {
    const { resources, created } = wizard('datastore', 'datapusher/datastores/:database/', [scenario(81, 'create-datastore', 'create', 'Créer la ressource (table)')]);
    server.use(
      http.get('/:locale/datapusher/datastores/databases/', () => HttpResponse.json([{ name: 'datastore' }])),
      http.get('/:locale/datapusher/datastores/:database/tables/', () => HttpResponse.json([{ schema_name: 'datastore', table_name: 'releves' }])),
      http.post('/:locale/datapusher/datastores/:database/', created((body) => ({ table_name: body.table_name as string, schema_name: 'datastore', columns: ['station', 'valeur'], preview: [['Nice', '12']] }))),
    );
    const user = userEvent.setup();
    await start(user, 'Table du datastore', 'Relevés');
    await choose(user, 'Base de données', 'datastore');
    await choose(user, 'Table', 'datastore.releves');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    const placement = await screen.findByRole('region', { name: 'Position des données' }, LONG);
    await user.click(within(placement).getByRole('button', { name: 'Suivant' }));
    await runAndFollow(user, 'Créer la ressource (table)');
    expect(resources.writes[3].body).toEqual({ column_x: null, column_y: null, crs: null });
  });

  it('mirrors a layer group of the map server: workspace, layer type, group, then its create scenario', async () => {
    const listed: string[] = [];
    const { resources, created } = wizard('geoserver', 'geoserv/mirror/', [
      scenario(91, 'create-geoserver', 'create', 'Créer la ressource miroir'),
      scenario(92, 'update-geoserver', 'update', 'Mettre à jour la ressource miroir'),
    ]);
    server.use(
      http.get('/:locale/geoserv/rest/workspaces.json', () => HttpResponse.json({ workspaces: { workspace: [{ name: 'publish' }, { name: 'topp' }] } })),
      http.get('/:locale/geoserv/rest/workspaces/:ws/layers.json', ({ params }) => {
        listed.push(`layers of ${params.ws as string}`);
        return HttpResponse.json({ layers: { layer: [{ name: 'states' }] } });
      }),
      http.get('/:locale/geoserv/rest/workspaces/:ws/layergroups.json', ({ params }) => {
        listed.push(`groups of ${params.ws as string}`);
        return HttpResponse.json({ layerGroups: { layerGroup: [{ name: 'reseau' }] } });
      }),
      http.post('/:locale/geoserv/mirror/:layerType/', created((body) => ({ layer_name: body.name as string, layer_type: 'layergroup' }))),
    );
    const user = userEvent.setup();
    await start(user, 'Couche du serveur cartographique', 'Réseau');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Ce champ est obligatoire.', {}, LONG)).toBeInTheDocument();
    await choose(user, 'Espace de travail', 'publish');
    await user.click(screen.getByRole('combobox', { name: 'Couche' }));
    expect(await screen.findByRole('option', { name: 'states' }, LONG)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await choose(user, 'Type de couche', 'Groupe de couches');
    await choose(user, 'Couche', 'reseau');
    expect(listed).toEqual(['layers of publish', 'groups of publish']);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));

    await runAndFollow(user, 'Créer la ressource miroir');
    expect(resources.calls()).toEqual([
      'POST resource/resources/',
      'POST resource/resource-dataset/',
      'POST geoserv/mirror/layergroup/',
      `POST geoserv/mirror/${SOURCE_ID}/_scenarios/91/run/?asynchrone=true`,
    ]);
    expect(resources.writes[2].body).toEqual({ name: 'publish:reseau', resource_id: 100 });
  });

  it('changes a datastore resource: its table and placement shown, saved to its database, run through its update scenario', async () => {
    const existing = resource({
      id: 9, display_name: 'Arrêts (table)', type: 'datastore', dataformat_id: null, dataformat: null, source_id: 90,
      rel: [{ '@app': 'resource', '@class': 'datastore', '@uri': '/fr/datapusher/datastores/publication/90/' }],
    });
    const { resources } = wizard('datastore', 'datapusher/datastores/:database/', [scenario(81, 'create-datastore', 'create', 'Créer la ressource (table)'), scenario(82, 'update-datastore', 'update', 'Mettre à jour la ressource (table)')], {
      links: [link(existing, 1)],
      existing: source({ id: 90, resource_id: 9, dataformat_id: null, schema_name: 'datastore', table_name: 'resource_12', column_x: 'x', column_y: 'y', crs: 4326, columns: ['id', 'x', 'y'], preview: [['1', '7.26', '43.7']] }),
    });
    server.use(
      http.get('/:locale/datapusher/datastores/databases/', () => HttpResponse.json([{ name: 'publication' }])),
      http.get('/:locale/datapusher/datastores/:database/tables/', () => HttpResponse.json([{ schema_name: 'datastore', table_name: 'resource_12' }])),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/resources/9/', USERS.role1);
    const name = await screen.findByRole('textbox', { name: 'Nom' }, LONG);
    await waitFor(() => expect(name).toHaveValue('Arrêts (table)'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Table' })).toHaveTextContent('datastore.resource_12'));
    expect(screen.getByRole('combobox', { name: 'Base de données' })).toHaveTextContent('publication');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    const placement = await screen.findByRole('region', { name: 'Position des données' }, LONG);
    expect(within(placement).getByRole('combobox', { name: 'Colonne X (longitude)' })).toHaveTextContent('x');
    await user.click(within(placement).getByRole('button', { name: 'Suivant' }));
    const scenarios = await screen.findByRole('radiogroup', { name: 'Scénario à lancer' }, LONG);
    expect(within(scenarios).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Mettre à jour la ressource (table)']);
    await user.click(screen.getByRole('button', { name: 'Lancer' }));
    expect(await screen.findByText('La mise à jour de la ressource a été lancée.', {}, LONG)).toBeInTheDocument();
    expect(resources.calls()).toEqual([
      'PUT resource/resources/9/',
      'PATCH datapusher/datastores/publication/90/',
      'PATCH datapusher/datastores/publication/90/',
      'POST datapusher/datastores/publication/90/_scenarios/82/run/?asynchrone=true',
    ]);
    expect(resources.writes[1].body).toEqual({ schema_name: 'datastore', table_name: 'resource_12' });
    expect(resources.writes[2].body).toEqual({ column_x: 'x', column_y: 'y', crs: 4326 });
  });

  it('changes a map server resource to another layer: its workspace and layer shown, saved to the mirror, run through its update scenario', async () => {
    const existing = resource({
      id: 11, display_name: 'États', type: 'geoserver', dataformat_id: null, dataformat: 'WMS', source_id: 110,
      rel: [{ '@app': 'resource', '@class': 'geoserver', '@uri': '/fr/geoserv/mirror/110/' }],
    });
    const { resources } = wizard('geoserver', 'geoserv/mirror/', [scenario(91, 'create-geoserver', 'create', 'Créer la ressource miroir'), scenario(92, 'update-geoserver', 'update', 'Mettre à jour la ressource miroir')], {
      links: [link(existing, 1)],
      existing: source({ id: 110, resource_id: 11, dataformat_id: null, layer_name: 'topp:states', layer_type: 'layer' }),
    });
    server.use(
      http.get('/:locale/geoserv/rest/workspaces.json', () => HttpResponse.json({ workspaces: { workspace: [{ name: 'topp' }] } })),
      http.get('/:locale/geoserv/rest/workspaces/:ws/layers.json', () => HttpResponse.json({ layers: { layer: [{ name: 'states' }, { name: 'roads' }] } })),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/resources/11/', USERS.role1);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Couche' })).toHaveTextContent('states'), LONG);
    expect(screen.getByRole('combobox', { name: 'Espace de travail' })).toHaveTextContent('topp');
    expect(screen.getByRole('combobox', { name: 'Type de couche' })).toHaveTextContent('Couche');
    await choose(user, 'Couche', 'roads');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    const scenarios = await screen.findByRole('radiogroup', { name: 'Scénario à lancer' }, LONG);
    expect(within(scenarios).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Mettre à jour la ressource miroir']);
    await user.click(screen.getByRole('button', { name: 'Lancer' }));
    expect(await screen.findByText('La mise à jour de la ressource a été lancée.', {}, LONG)).toBeInTheDocument();
    expect(resources.calls()).toEqual(['PUT resource/resources/11/', 'PATCH geoserv/mirror/110/', 'POST geoserv/mirror/110/_scenarios/92/run/?asynchrone=true']);
    expect(resources.writes[1].body).toEqual({ name: 'topp:roads', layer_type: 'layer' });
  });
});
