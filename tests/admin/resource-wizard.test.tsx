/**
 * The resource wizard (issue 9, spec section 4 "Resource creation"): the types offered, the
 * required fields, the calls in their order, the file sent with its progress, X and Y placed among
 * the file's columns with the first rows shown, the scenario chosen (an annex runs the first
 * itself), the task followed to its end, and the spec's messages when no scenario fits or the task
 * fails. Changing a resource follows the same steps with the update scenarios.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { page } from './accountsFixtures.ts';
import { DATASET, datasetHandlers } from './datasetsFixtures.ts';
import { USERS } from './fixtures.ts';
import { expectPath, renderApp } from './renderApp.tsx';
import { link, resource, resourceServer, scenario, source, SOURCE_KINDS, type ResourceServerOptions } from './resourcesFixtures.ts';
import { server } from './server.ts';

const LONG = { timeout: 10_000 };

/** Its X and Y named so that the wizard proposes none (see resource-wizard-placement.test.tsx for what it proposes). */
const CSV = 'nom;est;nord;mode\nBellecour;4.832;45.757;bus\nPart-Dieu;4.859;45.760;tram\nCharpennes;4.863;45.770;bus\n';

function wizard(options: ResourceServerOptions = {}) {
  const resources = resourceServer(options);
  server.use(...datasetHandlers(), ...resources.handlers);
  return resources;
}

async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Opens the wizard, picks the type and fills the name. */
async function start(user: UserEvent, role: 'main' | 'annex', type: string, name: string) {
  renderApp(`/publish/fr/data/datasets/1/resources/new/?role=${role}`, USERS.role1);
  const types = await screen.findByRole('radiogroup', { name: 'Type de ressource' }, LONG);
  await user.click(await within(types).findByRole('radio', { name: type }, LONG));
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  await user.type(await screen.findByRole('textbox', { name: 'Nom' }), name);
}

describe('the resource wizard', { timeout: 40_000 }, () => {
  it('sends an editor to the access-denied page, not through the steps, for a dataset they may not change', async () => {
    wizard();
    server.use(http.get('/:locale/dataset/datasets/1/', () => HttpResponse.json({ ...DATASET, editable: false })));
    renderApp('/publish/fr/data/datasets/1/resources/new/?role=annex', USERS.role1);
    await expectPath('/publish/fr/access-denied/');
    expect(await screen.findByText('Votre compte ne vous permet pas de consulter ce contenu', {}, LONG)).toBeInTheDocument();
  });

  it('says that a dataset which does not exist is not found, rather than offering its wizard', async () => {
    wizard();
    server.use(http.get('/:locale/dataset/datasets/:id/', () => HttpResponse.json({ detail: 'Pas trouvé.' }, { status: 404 })));
    for (const id of ['abc', '999999']) {
      const { unmount } = renderApp(`/publish/fr/data/datasets/${id}/resources/new/?role=main`, USERS.role1);
      expect(await screen.findByRole('heading', { name: 'Page introuvable' }, LONG)).toBeInTheDocument();
      expect(screen.queryByRole('radiogroup', { name: 'Type de ressource' })).toBeNull();
      unmount();
    }
  });

  it('says that a resource which does not exist is not found, with the way back to the dataset, rather than an empty wizard', async () => {
    wizard();
    renderApp('/publish/fr/data/datasets/1/resources/999/', USERS.role1);
    expect(await screen.findByText("Cet enregistrement n'existe pas, ou plus : il a pu être supprimé.", {}, LONG)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la liste' })).toHaveAttribute('href', '/publish/fr/data/datasets/1/?tab=resources');
  });

  it('reopens at its details with what was typed, but not the file, after a new sign-in when the session ended on Next', async () => {
    wizard();
    server.use(http.post('/:locale/resource/resources/', () => HttpResponse.json({ detail: "Informations d'authentification non fournies." }, { status: 401 })));
    const user = userEvent.setup();
    const address = '/publish/fr/data/datasets/1/resources/new/?role=main';
    const first = renderApp(address, USERS.role1);
    const types = await screen.findByRole('radiogroup', { name: 'Type de ressource' }, LONG);
    await user.click(await within(types).findByRole('radio', { name: 'Fichier téléversé' }, LONG));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.type(await screen.findByRole('textbox', { name: 'Nom' }), 'Arrêts de bus');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Les arrêts du réseau');
    await choose(user, 'Format', 'CSV');
    await user.upload(screen.getByLabelText('Choisir un fichier'), new File([CSV], 'arrets.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(first.assign).toHaveBeenCalledWith(expect.stringContaining('/fr/login/signin/')), LONG);
    first.unmount();

    // Back from the sign-in page: the page loads anew, at the details, with what was typed.
    renderApp(address, USERS.role1);
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: 'Nom' }, LONG)).toHaveValue('Arrêts de bus'), LONG);
    expect(screen.getByText('Type : Fichier téléversé')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Les arrêts du réseau');
    expect(screen.getByRole('combobox', { name: 'Format' })).toHaveTextContent('CSV');
    expect(screen.queryByText('arrets.csv')).toBeNull();
    expect(window.sessionStorage.getItem('publish.keptFormValues')).toBeNull();
  });

  it('keeps the type and details typed when the language is switched', async () => {
    wizard();
    const user = userEvent.setup();
    await start(user, 'main', 'Lien', 'Horaires');
    await user.type(screen.getByRole('textbox', { name: 'Adresse (URL)' }), 'https://tcl.example.org/horaires');
    await user.click(screen.getByRole('button', { name: 'Langue : Français' }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));
    await expectPath('/publish/en/data/datasets/1/resources/new/');
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: 'Name' }, LONG)).toHaveValue('Horaires'), LONG);
    expect(screen.getByRole('textbox', { name: 'Address (URL)' })).toHaveValue('https://tcl.example.org/horaires');
  });

  it('offers only the types the platform makes a resource of, though the datastore answers', async () => {
    wizard();
    renderApp('/publish/fr/data/datasets/1/resources/new/?role=main', USERS.role1);
    const types = await screen.findByRole('radiogroup', { name: 'Type de ressource' }, LONG);
    await waitFor(() => expect(within(types).getAllByRole('radio')).toHaveLength(4));
    expect(within(types).queryByRole('radio', { name: 'Table du datastore' })).not.toBeInTheDocument();
  });

  it('offers a main resource every available type, an annex only files and links', async () => {
    wizard();
    server.use(
      http.get('/:locale/resource/kinds/', () => HttpResponse.json([...SOURCE_KINDS, 'datastore', 'geoserver'])),
      http.head('/:locale/geospatial/datastores/databases/', () => new HttpResponse(null, { status: 503 })),
    );
    renderApp('/publish/fr/data/datasets/1/resources/new/?role=main', USERS.role1);
    const types = await screen.findByRole('radiogroup', { name: 'Type de ressource' }, LONG);
    // The data pusher's datastore answers its HEAD (200), the geospatial one, which the map server publishes from, does not (503).
    await waitFor(() => expect(within(types).getAllByRole('radio')).toHaveLength(5));
    expect(within(types).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Fichier téléversé',
      'Fichier téléchargé depuis une adresse',
      'Fichier du dépôt sFTP',
      'Lien',
      'Table du datastore',
    ]);
  });

  it('offers the map-server layer when a map server is configured and the geospatial datastore answered at start-up, asking the map server nothing', async () => {
    wizard();
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.includes('/geoserv/')) asked.push(`${request.method} ${new URL(request.url).pathname}`);
    });
    try {
      server.use(http.get('/:locale/resource/kinds/', () => HttpResponse.json([...SOURCE_KINDS, 'geoserver'])));
      renderApp('/publish/fr/data/datasets/1/resources/new/?role=main', USERS.role1);
      const types = await screen.findByRole('radiogroup', { name: 'Type de ressource' }, LONG);
      expect(await within(types).findByRole('radio', { name: 'Couche du serveur cartographique' }, LONG)).toBeInTheDocument();
      expect(asked).toEqual([]);
    } finally {
      server.events.removeAllListeners('request:start');
    }
  });

  it('offers no map-server layer when none is configured, without asking for one', async () => {
    wizard();
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.includes('/geoserv/')) asked.push(`${request.method} ${new URL(request.url).pathname}`);
    });
    try {
      renderApp('/publish/fr/data/datasets/1/resources/new/?role=main', USERS.role1);
      const types = await screen.findByRole('radiogroup', { name: 'Type de ressource' }, LONG);
      await waitFor(() => expect(within(types).getAllByRole('radio')).toHaveLength(4));
      expect(within(types).queryByRole('radio', { name: 'Couche du serveur cartographique' })).toBeNull();
      expect(asked).toEqual([]);
    } finally {
      server.events.removeAllListeners('request:start');
    }
  });

  it('creates a CSV main resource: sends the file with its progress, places X and Y, runs the chosen create scenario and follows its task to SUCCESS', async () => {
    const resources = wizard();
    const user = userEvent.setup();
    await start(user, 'main', 'Fichier téléversé', 'Arrêts de bus');
    await choose(user, 'Format', 'CSV');
    const file = new File([CSV], 'arrets.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Choisir un fichier'), file);
    expect(screen.getByText('arrets.csv')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));

    // Every byte sent: the bar reached 100 % and its modal closed itself.
    const sent = await screen.findByText(/^Envoyé :/, {}, LONG);
    // The file's bytes sent.
    const [, loaded, total] = /^Envoyé : (\d+)\u00a0octets sur (\d+)\u00a0octets \(100 %\)$/.exec(sent.textContent ?? '') ?? [];
    expect(Number(loaded)).toBe(Number(total));
    // In the file's bytes, not the multipart body's.
    expect(Number(total)).toBe(file.size);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Envoi du fichier' })).toBeNull());

    // The columns found in the file's header, and its first rows.
    const placement = await screen.findByRole('region', { name: 'Position des données' }, LONG);
    const preview = within(placement).getByRole('table', { name: 'Aperçu des premières lignes' });
    expect(within(preview).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['nom', 'est', 'nord', 'mode']);
    expect(within(preview).getAllByRole('row')).toHaveLength(4);
    expect(within(preview).getByText('Part-Dieu')).toBeInTheDocument();
    // All three are required.
    await user.click(within(placement).getByRole('button', { name: 'Suivant' }));
    expect(within(placement).getAllByText('Ce champ est obligatoire.')).toHaveLength(3);
    await choose(user, 'Colonne X (longitude)', 'est');
    await choose(user, 'Colonne Y (latitude)', 'nord');
    await choose(user, 'Système de coordonnées', 'WGS 84 (EPSG:4326)');
    await user.click(within(placement).getByRole('button', { name: 'Suivant' }));

    // Only the create scenarios are offered.
    const scenarios = await screen.findByRole('radiogroup', { name: 'Scénario à lancer' }, LONG);
    expect(within(scenarios).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Créer la ressource (fichier)']);
    await user.click(screen.getByRole('button', { name: 'Lancer' }));
    expect(await screen.findByText('La création de la ressource a été lancée.', {}, LONG)).toBeInTheDocument();

    const followed = await screen.findByRole('region', { name: 'Suivi de la tâche' }, LONG);
    expect(within(followed).getByText('En attente')).toBeInTheDocument();
    expect(await within(followed).findByText('Réussie', {}, LONG)).toBeInTheDocument();
    expect(within(followed).getByText('3 lignes chargées dans le datastore')).toBeInTheDocument();

    expect(resources.calls()).toEqual([
      'POST resource/resources/',
      'POST resource/resource-dataset/',
      'POST resource/file-upload/',
      'PUT resource/file-upload/102/file/',
      'PATCH resource/file-upload/102/',
      'POST resource/file-upload/102/_scenarios/31/run/?asynchrone=true',
    ]);
    const [created, linked, made, uploaded, placed, run] = resources.writes;
    expect(created.body).toEqual({ display_name: 'Arrêts de bus', description: '', type: 'file-upload', hidden: false, usergroup_id: 10 });
    expect(linked.body).toEqual({ resource_id: 100, dataset_id: 1, publish: true, type: 1 });
    expect(made.body).toEqual({ dataformat_id: 1, resource_id: 100 });
    expect(await ((uploaded.body as FormData).get('file') as File).text()).toBe(CSV);
    expect(placed.body).toEqual({ column_x: 'est', column_y: 'nord', crs: 4326 });
    expect(run.body).toEqual({ kwargs: { target: { model: 'dataset', app_label: 'dataset', pk: 1 } } });
  });

  it("proposes the columns a file's header names longitude and latitude, in WGS 84, which may be sent as they are", async () => {
    const resources = wizard();
    const user = userEvent.setup();
    await start(user, 'main', 'Fichier téléversé', 'Bornes');
    await choose(user, 'Format', 'CSV');
    await user.upload(screen.getByLabelText('Choisir un fichier'), new File(['nom;Latitude;Longitude\nA;43.7;7.26\n'], 'bornes.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    const placement = await screen.findByRole('region', { name: 'Position des données' }, LONG);
    expect(within(placement).getByRole('combobox', { name: /^Colonne X/ })).toHaveTextContent('Longitude');
    expect(within(placement).getByRole('combobox', { name: /^Colonne Y/ })).toHaveTextContent('Latitude');
    await waitFor(() => expect(within(placement).getByRole('combobox', { name: /^Système de coordonnées/ })).toHaveTextContent('WGS 84 (EPSG:4326)'));
    await user.click(within(placement).getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('radiogroup', { name: 'Scénario à lancer' }, LONG);
    expect(resources.writes.find((write) => write.method === 'PATCH')?.body).toEqual({ column_x: 'Longitude', column_y: 'Latitude', crs: 4326 });
  });

  it('runs the first create scenario of a link annex by itself', async () => {
    const resources = wizard();
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/resources/new/?role=annex', USERS.role1);
    const types = await screen.findByRole('radiogroup', { name: 'Type de ressource' }, LONG);
    await waitFor(() => expect(within(types).getAllByRole('radio')).toHaveLength(4));
    await user.click(await within(types).findByRole('radio', { name: 'Fichier téléversé' }, LONG));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.type(await screen.findByRole('textbox', { name: 'Nom' }), 'Horaires');
    // The type may still be changed, the name typed kept.
    await user.click(screen.getByRole('button', { name: 'Changer de type' }));
    await user.click(await within(await screen.findByRole('radiogroup', { name: 'Type de ressource' })).findByRole('radio', { name: 'Lien' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('textbox', { name: 'Nom' })).toHaveValue('Horaires');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    // The link is required for a link; its message goes as soon as it is typed.
    const address = screen.getByRole('textbox', { name: 'Adresse (URL)' });
    await waitFor(() => expect(address).toHaveAccessibleDescription('Ce champ est obligatoire.'));
    await user.type(address, 'https://tcl.example.org/horaires');
    expect(address).not.toHaveAccessibleDescription('Ce champ est obligatoire.');
    // The format is required before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect((await screen.findAllByText('Ce champ est obligatoire.')).length).toBeGreaterThan(0);
    expect(resources.calls()).toEqual([]);
    await choose(user, 'Format', 'CSV');
    // Enter in a field goes on, as Next does.
    await user.type(address, '{Enter}');
    expect(await screen.findByText('La création de la ressource a été lancée.', {}, LONG)).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Scénario à lancer' })).toBeNull();
    expect(resources.calls()).toEqual([
      'POST resource/resources/',
      'POST resource/resource-dataset/',
      'POST resource/href/',
      'POST resource/href/102/_scenarios/41/run/?asynchrone=true',
    ]);
    expect(resources.writes[1].body).toEqual({ resource_id: 100, dataset_id: 1, publish: true, type: 2 });
    expect(resources.writes[2].body).toEqual({ dataformat_id: 1, href: 'https://tcl.example.org/horaires', resource_id: 100 });
  });

  it('requires a name, a format and a file before anything is sent', async () => {
    const resources = wizard();
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/resources/new/?role=annex', USERS.role1);
    const types = await screen.findByRole('radiogroup', { name: 'Type de ressource' }, LONG);
    await user.click(await within(types).findByRole('radio', { name: 'Fichier téléversé' }, LONG));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('button', { name: 'Suivant' }));
    expect(screen.getAllByText('Ce champ est obligatoire.')).toHaveLength(3);
    expect(resources.calls()).toEqual([]);
  });

  it('says the resource cannot be created when its source has no create scenario, or no scenario at all', async () => {
    const resources = wizard({ scenarios: { href: [scenario(42, 'update-href', 'update', 'Mettre à jour le lien')] } });
    const user = userEvent.setup();
    await start(user, 'annex', 'Lien', 'Horaires');
    await choose(user, 'Format', 'CSV');
    await user.type(screen.getByRole('textbox', { name: 'Adresse (URL)' }), 'https://tcl.example.org/horaires');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Aucun scénario de création : la ressource ne peut pas être créée.', {}, LONG)).toBeInTheDocument();
    expect(resources.calls().some((call) => call.includes('/run/'))).toBe(false);

    server.use(http.get('/:locale/resource/:kind/:id/_scenarios/', () => HttpResponse.json([])));
    // A second try carries on from the source already made.
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Aucun scénario trouvé.', {}, LONG)).toBeInTheDocument();
    expect(resources.calls()).toEqual(['POST resource/resources/', 'POST resource/resource-dataset/', 'POST resource/href/', 'PUT resource/resources/100/', 'PATCH resource/href/102/']);
  });

  it("shows the task's failure, and the scenarios are cleared", async () => {
    wizard({ outcome: 'FAILURE' });
    const user = userEvent.setup();
    await start(user, 'main', 'Lien', 'Horaires');
    await choose(user, 'Format', 'CSV');
    await user.type(screen.getByRole('textbox', { name: 'Adresse (URL)' }), 'https://tcl.example.org/horaires');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(await screen.findByRole('button', { name: 'Lancer' }, LONG));
    const followed = await screen.findByRole('region', { name: 'Suivi de la tâche' }, LONG);
    expect(await within(followed).findByText('Échec', {}, LONG)).toBeInTheDocument();
    expect(within(followed).getByText("Le fichier n'est pas en UTF-8 (ligne 3).")).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Scénario à lancer' })).toBeNull();
  });

  it('shows field errors the server gives and closes the progress modal when the file is refused', async () => {
    const resources = wizard();
    server.use(http.put('/:locale/resource/file-upload/:id/file/', () => HttpResponse.json({ file: ["Ce fichier n'est pas un CSV en UTF-8."] }, { status: 400 })));
    const user = userEvent.setup();
    await start(user, 'main', 'Fichier téléversé', 'Arrêts');
    await choose(user, 'Format', 'CSV');
    await user.upload(screen.getByLabelText('Choisir un fichier'), new File(['\xff\xfe'], 'arrets.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect((await screen.findAllByText("Ce fichier n'est pas un CSV en UTF-8.", {}, LONG)).length).toBeGreaterThan(0);
    // The toast names the field by its label, not by its key.
    expect(await screen.findByText("Choisir un fichier : Ce fichier n'est pas un CSV en UTF-8.")).toBeInTheDocument();
    expect(screen.queryByText(/^file :/)).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Envoi du fichier' })).toBeNull();
    expect(screen.queryByText(/^Envoyé :/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Position des données' })).toBeNull();
    expect(resources.calls().at(-1)).toBe('POST resource/file-upload/');
  });

  it('changes a resource: its values shown, then saved and run through an update scenario', async () => {
    const LINK = resource({ id: 8, display_name: 'Horaires', type: 'href', dataformat_id: null, source_id: 80, rel: [] });
    const resources = wizard({ links: [link(LINK, 1)], sources: [source({ id: 80, resource_id: 8, href: 'https://tcl.example.org/horaires', dataformat_id: null })] });
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/resources/8/', USERS.role1);
    const name = await screen.findByRole('textbox', { name: 'Nom' }, LONG);
    await waitFor(() => expect(name).toHaveValue('Horaires'));
    expect(screen.getByRole('textbox', { name: 'Adresse (URL)' })).toHaveValue('https://tcl.example.org/horaires');
    await user.clear(name);
    await user.type(name, 'Horaires du réseau');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    const scenarios = await screen.findByRole('radiogroup', { name: 'Scénario à lancer' }, LONG);
    expect(within(scenarios).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Mettre à jour le lien']);
    await user.click(screen.getByRole('button', { name: 'Lancer' }));
    expect(await screen.findByText('La mise à jour de la ressource a été lancée.', {}, LONG)).toBeInTheDocument();
    expect(resources.calls()).toEqual(['PUT resource/resources/8/', 'PATCH resource/href/80/', 'POST resource/href/80/_scenarios/42/run/?asynchrone=true']);
    expect(resources.writes[0].body).toEqual({ display_name: 'Horaires du réseau', description: '', type: 'href', hidden: false, usergroup_id: 10 });
  });

  it("comes back as an annex's wizard after a new sign-in, with what was typed", async () => {
    wizard();
    server.use(http.post('/:locale/resource/resources/', () => HttpResponse.json({ detail: "Informations d'authentification non fournies." }, { status: 401 })));
    const user = userEvent.setup();
    const address = '/publish/fr/data/datasets/1/resources/new/?role=annex';
    const first = renderApp(address, USERS.role1);
    const types = await screen.findByRole('radiogroup', { name: 'Type de ressource' }, LONG);
    await user.click(await within(types).findByRole('radio', { name: 'Lien' }, LONG));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.type(await screen.findByRole('textbox', { name: 'Nom' }), 'Plan du réseau');
    await choose(user, 'Format', 'CSV');
    await user.type(screen.getByRole('textbox', { name: 'Adresse (URL)' }), 'https://tcl.example.org/plan');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(first.assign).toHaveBeenCalled(), LONG);
    const next = new URL(first.assign.mock.calls.at(-1)![0], 'http://localhost').searchParams.get('next');
    expect(next).toBe(address);
    first.unmount();

    renderApp(next!, USERS.role1);
    expect(await screen.findByRole('heading', { name: 'Nouvelle annexe' }, LONG)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveValue('Plan du réseau'), LONG);
    expect(screen.getByRole('textbox', { name: 'Adresse (URL)' })).toHaveValue('https://tcl.example.org/plan');
  });

  it("keeps a change to a resource, on top of its saved values, over a new sign-in", async () => {
    const LINK = resource({ id: 8, display_name: 'Horaires', type: 'href', dataformat_id: null, source_id: 80, rel: [] });
    wizard({ links: [link(LINK, 1)], sources: [source({ id: 80, resource_id: 8, href: 'https://tcl.example.org/horaires', dataformat_id: null })] });
    server.use(http.put('/:locale/resource/resources/:id/', () => HttpResponse.json({ detail: "Informations d'authentification non fournies." }, { status: 401 })));
    const user = userEvent.setup();
    const address = '/publish/fr/data/datasets/1/resources/8/';
    const first = renderApp(address, USERS.role1);
    const name = await screen.findByRole('textbox', { name: 'Nom' }, LONG);
    await waitFor(() => expect(name).toHaveValue('Horaires'));
    await user.clear(name);
    await user.type(name, 'Horaires du réseau');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(first.assign).toHaveBeenCalledWith(expect.stringContaining('/fr/login/signin/')), LONG);
    first.unmount();

    renderApp(address, USERS.role1);
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: 'Nom' }, LONG)).toHaveValue('Horaires du réseau'), LONG);
    expect(screen.getByRole('textbox', { name: 'Adresse (URL)' })).toHaveValue('https://tcl.example.org/horaires');
  });

  it('resumes a resource left before its first load with the creation scenarios', async () => {
    const LINK = resource({ id: 8, display_name: 'Horaires', type: 'href', dataformat_id: null, source_id: 80, rel: [], loaded: false });
    const resources = wizard({ links: [link(LINK, 1)], sources: [source({ id: 80, resource_id: 8, href: 'https://tcl.example.org/horaires', dataformat_id: null })] });
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/resources/8/', USERS.role1);
    const name = await screen.findByRole('textbox', { name: 'Nom' }, LONG);
    await waitFor(() => expect(name).toHaveValue('Horaires'));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    const scenarios = await screen.findByRole('radiogroup', { name: 'Scénario à lancer' }, LONG);
    expect(within(scenarios).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Créer le lien']);
    await user.click(screen.getByRole('button', { name: 'Lancer' }));
    expect(await screen.findByText('La création de la ressource a été lancée.', {}, LONG)).toBeInTheDocument();
    expect(resources.calls().at(-1)).toBe('POST resource/href/80/_scenarios/41/run/?asynchrone=true');
  });

  it('says at once that a dataset with a main resource takes no second one, and offers an annex instead', async () => {
    const MAIN = resource({ id: 8, display_name: 'Horaires', type: 'href', dataformat_id: null, source_id: 80, rel: [] });
    const resources = wizard({ links: [link(MAIN, 1)] });
    renderApp('/publish/fr/data/datasets/1/resources/new/?role=main', USERS.role1);
    expect(await screen.findByText(/^Ce jeu de données a déjà une ressource principale/, {}, LONG)).toBeInTheDocument();
    expect(screen.queryByText(/^Type :/)).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Type de ressource' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Nouvelle annexe' })).toHaveAttribute('href', '/publish/fr/data/datasets/1/resources/new/?role=annex');
    expect(resources.writes).toEqual([]);
  });

  it('says so, with the annex link, when a main resource was added meanwhile and the new one is refused', async () => {
    const resources = wizard();
    const MAIN = resource({ id: 8, display_name: 'Horaires', type: 'href', dataformat_id: null, source_id: 80, rel: [] });
    let taken = false;
    server.use(
      http.get('/:locale/resource/resource-dataset/', () => HttpResponse.json(page(taken ? [link(MAIN, 1)] : []))),
      http.post('/:locale/resource/resource-dataset/', () => {
        taken = true;
        return HttpResponse.json({ type: ['Ce jeu de données a déjà une ressource principale.'] }, { status: 400 });
      }),
    );
    const user = userEvent.setup();
    await start(user, 'main', 'Lien', 'Horaires bis');
    await choose(user, 'Format', 'CSV');
    await user.type(screen.getByRole('textbox', { name: 'Adresse (URL)' }), 'https://tcl.example.org/horaires-bis');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('link', { name: 'Nouvelle annexe' }, LONG)).toHaveAttribute('href', '/publish/fr/data/datasets/1/resources/new/?role=annex');
    expect(screen.queryByRole('textbox', { name: 'Nom' })).toBeNull();
    expect(resources.writes.map((write) => write.path)).toEqual(['/fr/resource/resources/']);
  });

  it('says the resource cannot be updated without an update scenario', async () => {
    const LINK = resource({ id: 8, display_name: 'Horaires', type: 'href', dataformat_id: null, source_id: 80, rel: [] });
    wizard({
      links: [link(LINK, 2)],
      sources: [source({ id: 80, resource_id: 8, href: 'https://tcl.example.org/horaires' })],
      scenarios: { href: [scenario(41, 'create-href', 'create', 'Créer le lien')] },
    });
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/resources/8/', USERS.role1);
    const name = await screen.findByRole('textbox', { name: 'Nom' }, LONG);
    await waitFor(() => expect(name).toHaveValue('Horaires'));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Aucun scénario de mise à jour : la ressource ne peut pas être mise à jour.', {}, LONG)).toBeInTheDocument();
  });

  it("offers the files of the dataset group's sFTP folder", async () => {
    const resources = wizard();
    const asked: URL[] = [];
    server.use(
      http.get('/:locale/resource/ftp-choices/', ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json([{ value: 'releves/2026.csv', label: 'releves/2026.csv (12 ko)', size: 12345 }]);
      }),
    );
    const user = userEvent.setup();
    await start(user, 'annex', 'Fichier du dépôt sFTP', 'Relevés 2026');
    await choose(user, 'Format', 'CSV');
    await choose(user, 'Fichier du dépôt sFTP', 'releves/2026.csv (12 ko)');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('La création de la ressource a été lancée.', {}, LONG)).toBeInTheDocument();
    expect(asked[0].searchParams.get('usergroup_id')).toBe('10');
    expect(resources.writes[2].body).toEqual({ dataformat_id: 1, filename: 'releves/2026.csv', resource_id: 100 });
  });

  it("guesses the format from the file's extension when one format alone takes it, and the format may still be changed", async () => {
    wizard();
    server.use(
      http.get('/:locale/resource/data-format/', () =>
        HttpResponse.json([
          { id: 1, codename: 'csv', display_name: 'CSV', extensions: ['csv'], mimetypes: ['text/csv'], is_structured: true, is_geographic: false },
          { id: 2, codename: 'json', display_name: 'JSON', extensions: ['json'], mimetypes: ['application/json'], is_structured: true, is_geographic: false },
          { id: 3, codename: 'geojson', display_name: 'GeoJSON', extensions: ['geojson', 'json'], mimetypes: ['application/geo+json'], is_structured: true, is_geographic: true },
          { id: 4, codename: 'tsv', display_name: 'TSV', extensions: ['tsv', 'tab'], mimetypes: ['text/tab-separated-values'], is_structured: true, is_geographic: false },
        ]),
      ),
    );
    const user = userEvent.setup();
    await start(user, 'main', 'Fichier téléversé', 'Arrêts de bus');
    const format = screen.getByRole('combobox', { name: 'Format' });
    // Two formats take .json: none is guessed.
    await user.upload(screen.getByLabelText('Choisir un fichier'), new File(['{}'], 'arrets.json', { type: 'application/json' }));
    expect(format).toHaveTextContent(/^\W*$/);
    await user.upload(screen.getByLabelText('Choisir un fichier'), new File([CSV], 'ARRETS.CSV', { type: 'text/csv' }));
    await waitFor(() => expect(format).toHaveTextContent('CSV'));
    await choose(user, 'Format', 'TSV');
    expect(format).toHaveTextContent('TSV');
    // A file the chosen format takes keeps it.
    await user.upload(screen.getByLabelText('Choisir un fichier'), new File([CSV], 'arrets.tab', { type: 'text/plain' }));
    expect(format).toHaveTextContent('TSV');
  });

  it('marks the sFTP file as required and guesses the format of the file chosen', async () => {
    wizard();
    server.use(http.get('/:locale/resource/ftp-choices/', () => HttpResponse.json([{ value: 'releves/2026.csv', label: 'releves/2026.csv (12 ko)', size: 12345 }])));
    const user = userEvent.setup();
    await start(user, 'annex', 'Fichier du dépôt sFTP', 'Relevés 2026');
    const label = screen.getByText((_, element) => !!element?.classList.contains('MuiInputLabel-root') && (element.textContent ?? '').startsWith('Fichier du dépôt sFTP'));
    expect(label.textContent).toMatch(/^Fichier du dépôt sFTP\s*\*$/);
    await choose(user, 'Fichier du dépôt sFTP', 'releves/2026.csv (12 ko)');
    expect(screen.getByRole('combobox', { name: 'Format' })).toHaveTextContent('CSV');
  });

  it("guesses the format from the extension of the address a file is downloaded from, its query aside", async () => {
    wizard();
    const user = userEvent.setup();
    await start(user, 'annex', 'Fichier téléchargé depuis une adresse', 'Relevés 2026');
    const format = screen.getByRole('combobox', { name: 'Format' });
    await user.type(screen.getByRole('textbox', { name: 'Adresse (URL)' }), 'https://data.example.org/releves/2026.csv?version=2');
    await waitFor(() => expect(format).toHaveTextContent('CSV'));
  });

  it('lists the free datastore tables, the first 10, or those matching a search', async () => {
    const resources = wizard();
    const tableReads: URL[] = [];
    const tables = Array.from({ length: 12 }, (_, index) => ({ schema_name: 'public', table_name: `releves_${index + 1}` }));
    server.use(
      http.get('/:locale/resource/kinds/', () => HttpResponse.json([...SOURCE_KINDS, 'datastore'])),
      http.get('/:locale/datapusher/datastores/databases/', () => HttpResponse.json([{ name: 'datastore' }])),
      http.get('/:locale/datapusher/datastores/:database/tables/', ({ request }) => {
        const url = new URL(request.url);
        tableReads.push(url);
        const search = url.searchParams.get('search');
        return HttpResponse.json(search ? tables.filter((table) => table.table_name.endsWith(search)) : tables);
      }),
    );
    const user = userEvent.setup();
    await start(user, 'main', 'Table du datastore', 'Relevés');
    await choose(user, 'Base de données', 'datastore');
    await user.click(screen.getByRole('combobox', { name: 'Table' }));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(10));
    await user.keyboard('{Escape}');
    expect(tableReads[0].searchParams.get('free')).toBe('true');
    await user.type(screen.getByRole('textbox', { name: 'Rechercher une table' }), '_12');
    await waitFor(() => expect(tableReads.at(-1)!.searchParams.get('search')).toBe('_12'));
    await choose(user, 'Table', 'public.releves_12');
    expect(resources.calls()).toEqual([]);
  });
});
