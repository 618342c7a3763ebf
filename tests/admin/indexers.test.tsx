import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import frenchMessages from 'ra-language-french';
import { describe, expect, it } from 'vitest';
import type { HarvestTrial } from '../../schemas/indexers.ts';
import { accountsHandlers, page, recordWrite, type Write } from './accountsFixtures.ts';
import { datasetHandlers } from './datasetsFixtures.ts';
import { USERS } from './fixtures.ts';
import { expectPath, renderApp } from './renderApp.tsx';
import { server } from './server.ts';
import { task, taskQueue } from './tasksFixtures.ts';

const LONG = { timeout: 10_000 };

const INDEXER = {
  id: 5, implementation_type: 1, name: 'Région CKAN', description: '', url: 'https://ckan.example.org/', command: '*',
  organisation_filter: '', url_pattern: 'https://ckan.example.org/dataset/{identifier}', scheduler: 2, usergroup: 10, updated_at: '2026-01-01T00:00:00Z',
};

const TRIAL: HarvestTrial = {
  status: 'SUCCESS', complete: true, pages: 1,
  counts: { created: 2, updated: 0, unchanged: 0, skipped: 0, withdrawn: 0, duplicates: 0 },
  records: [
    {
      remote_id: 'antennes', remote_url: null, action: 'create', display_name: 'Antennes régionales', description: '', tags: [], licence: null,
      creation_date: null, publication_date: null, last_update_date: null, update_frequency: null, bbox: null, contact: null, links: [],
    },
  ],
};

/** Opens a group's new indexer form as its delegated administrator and fills a daily CKAN harvester. */
async function fillNewIndexer(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/publish/fr/accounts/usergroup/10/indexer/new/', USERS.role2);
  await user.click(await screen.findByRole('combobox', { name: /Type de catalogue/ }, LONG));
  await user.click(await screen.findByRole('option', { name: 'CKAN' }));
  await user.type(screen.getByRole('textbox', { name: /^Nom/ }), 'Région CKAN');
  await user.type(screen.getByRole('textbox', { name: /Adresse du catalogue/ }), 'https://ckan.example.org/');
  await user.click(screen.getByRole('combobox', { name: /Fréquence/ }));
  await user.click(await screen.findByRole('option', { name: 'Tous les jours' }));
}

function indexerHandlers(writes: Write[] = []) {
  return [
    http.get('/:locale/indexer/remote-api-index-types/', () => HttpResponse.json(page([{ id: 1, codename: 'ckan', display_name: 'CKAN' }, { id: 4, codename: 'dcat', display_name: 'DCAT' }]))),
    http.get('/:locale/usergroup/schedulers/', () => HttpResponse.json([{ id: 2, codename: 'daily', display_name: 'Tous les jours', cron: '0 2 * * *' }])),
    http.get('/:locale/indexer/remote-api-indexes/', () => HttpResponse.json(page([INDEXER]))),
    http.get('/:locale/indexer/remote-api-indexes/:id/', () => HttpResponse.json(INDEXER)),
    http.post('/:locale/indexer/remote-api-indexes/', async ({ request }) => {
      const write = await recordWrite(writes, request);
      return HttpResponse.json({ ...INDEXER, ...(write.body as object) }, { status: 201 });
    }),
    http.post('/:locale/indexer/remote-api-indexes/trial/', async ({ request }) => {
      await recordWrite(writes, request);
      return HttpResponse.json(TRIAL);
    }),
    http.get('/:locale/dashboard/task-queue-track/', ({ request }) => {
      const url = new URL(request.url);
      expect(url.searchParams.get('object_class')).toBe('remoteapiindex');
      expect(url.searchParams.get('page_size')).toBe('5');
      return HttpResponse.json(page([{
        id: 90, status: 'SUCCESS', action: 'harvest-remoteapiindex', action_label: 'Moissonner', object_class: 'remoteapiindex', object_id: 5, object_name: 'Région CKAN',
        target: null, timeline: [{ date: '2026-01-01T00:00:00Z', level: 'info', message: 'Moissonnage terminé : 2 créés, 0 mis à jour, 0 inchangés, 0 ignorés, 0 retirés.' }, { date: '2026-01-01T00:00:01Z', level: 'info', message: 'Terminée avec succès.' }],
        warnings: [], error: null, trigger: 'user', created_by: 'referent', retry_of: null, acknowledged: false, start_date: '2026-01-01T00:00:00Z',
        end_date: '2026-01-01T00:00:01Z', can_retry: false, can_cancel: false, can_acknowledge: false,
      }]));
    }),
    http.get('/:locale/indexer/remote-api-indexes/:id/_scenarios/', () => HttpResponse.json([{ id: 7, codename: 'harvest-remoteapiindex', action: 'update', display_name: 'Moissonner' }])),
    http.post('/:locale/indexer/remote-api-indexes/:id/_scenarios/:scenario/run/', async ({ request }) => {
      await recordWrite(writes, request);
      return HttpResponse.json({ id: 91, status: 'PENDING' }, { status: 202 });
    }),
    // The harvesters' group, an organisation.
    http.get('/:locale/usergroup/user-groups/10/', () => HttpResponse.json({ id: 10, display_name: 'Ville de Lyon', usergroup_type: 'organisation', status: 2 })),
    ...accountsHandlers(),
  ];
}

describe('indexer screens', { timeout: 30_000 }, () => {
  it("lists the organisation's indexers on its page, for its delegated administrator", async () => {
    server.use(...indexerHandlers());
    renderApp('/publish/fr/accounts/organisations/10/', USERS.role2);
    const panel = await screen.findByRole('region', { name: 'Moissonneurs' }, LONG);
    expect(await within(panel).findByText('Région CKAN', {}, LONG)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Ajouter un moissonneur' })).toHaveAttribute('href', '/publish/fr/accounts/usergroup/10/indexer/new/');
  });

  it("leads from the organisation's page to its indexer, and from there back to the organisation", async () => {
    server.use(...indexerHandlers());
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/organisations/10/', USERS.role2);
    const panel = await screen.findByRole('region', { name: 'Moissonneurs' }, LONG);
    await user.click(await within(panel).findByText('Région CKAN', {}, LONG));
    await expectPath('/publish/fr/accounts/usergroup/10/indexer/5/');
    const back = await screen.findByRole('link', { name: 'Retour au groupe' }, LONG);
    expect(back).toHaveAttribute('href', '/publish/fr/accounts/organisations/10/');
    await user.click(back);
    await expectPath('/publish/fr/accounts/organisations/10/');
  });

  it('sends a delegated administrator to the access-denied page, not a form, for a harvester of a group they do not administer', async () => {
    server.use(...accountsHandlers());
    renderApp('/publish/fr/accounts/usergroup/30/indexer/new/', USERS.role2);
    await expectPath('/publish/fr/access-denied/');
    expect(await screen.findByText('Votre compte ne vous permet pas de consulter ce contenu', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });

  it('shows the not-found page to a delegated administrator at an address whose group or harvester names nothing', async () => {
    server.use(
      http.get('/:locale/usergroup/user-groups/:id/', () => HttpResponse.json({ detail: 'Pas trouvé.' }, { status: 404 })),
      http.get('/:locale/indexer/remote-api-indexes/:id/', () => HttpResponse.json({ detail: 'Pas trouvé.' }, { status: 404 })),
      ...indexerHandlers(),
    );
    for (const address of ['usergroup/abc/indexer/5/', 'usergroup/10/indexer/abc/', 'usergroup/999999/indexer/new/', 'usergroup/10/indexer/999999/', 'indexer/999999/']) {
      const { unmount } = renderApp(`/publish/fr/accounts/${address}`, USERS.role2);
      await waitFor(() => expect(screen.getByRole('heading', { name: 'Page introuvable' }), address).toBeInTheDocument(), LONG);
      expect(window.location.pathname).toBe(`/publish/fr/accounts/${address}`);
      unmount();
    }
  });

  it("links a harvest's row of the task list to its harvester, whose page opens under its group", async () => {
    const harvest = task({
      id: 90, action: 'harvest-remoteapiindex', action_label: 'Moissonner le catalogue distant', object_class: 'remoteapiindex', object_id: 5,
      object_name: 'Région CKAN', target: { model: 'remoteapiindex', app_label: 'indexer', pk: 5 },
    });
    server.use(...taskQueue([harvest]).handlers, ...datasetHandlers(), ...indexerHandlers());
    const user = userEvent.setup();
    renderApp('/publish/fr/data/tasks/', USERS.role2);
    const row = (await screen.findByText('Moissonner le catalogue distant', {}, LONG)).closest('tr')!;
    const link = within(row).getByRole('link', { name: 'Région CKAN' });
    expect(link).toHaveAttribute('href', '/publish/fr/accounts/indexer/5/');
    await user.click(link);
    await expectPath('/publish/fr/accounts/usergroup/10/indexer/5/');
    expect(await screen.findByRole('heading', { name: 'Moissonneur « Région CKAN »' }, LONG)).toBeInTheDocument();
    // Opened from elsewhere than its group, it still leads to its group's page.
    expect(await screen.findByRole('link', { name: 'Retour au groupe' }, LONG)).toHaveAttribute('href', '/publish/fr/accounts/organisations/10/');
  });

  it("names a harvester's logs page by the harvester's name, with the way back to it", async () => {
    server.use(...indexerHandlers());
    renderApp('/publish/fr/logs/remoteapiindex/5/', USERS.role2);
    expect(await screen.findByRole('heading', { name: 'Journaux : Région CKAN' }, LONG)).toBeInTheDocument();
    expect(screen.queryByText('Moissonneur #5')).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour à « Région CKAN »' })).toHaveAttribute('href', '/publish/fr/accounts/indexer/5/');
  });

  it('tests an unsaved indexer, shows the preview, then creates it and opens its page', async () => {
    const writes: Write[] = [];
    server.use(...indexerHandlers(writes));
    const user = userEvent.setup();
    await fillNewIndexer(user);
    await user.click(screen.getByRole('button', { name: 'Tester' }));
    const preview = await screen.findByRole('region', { name: 'Résultat du test' }, LONG);
    expect(within(preview).getByText(/2 à créer, 0 à mettre à jour/)).toBeInTheDocument();
    expect(within(preview).getByText('Antennes régionales')).toBeInTheDocument();
    expect(writes[0].path).toBe('/fr/indexer/remote-api-indexes/trial/');

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    // The toast outlives the move to the new indexer's page (no remount of the app on the way).
    expect(await screen.findByText('Moissonneur créé', {}, LONG)).toBeInTheDocument();
    await expectPath('/publish/fr/accounts/usergroup/10/indexer/5/');
    expect(screen.getByText('Moissonneur créé')).toBeInTheDocument();
    const created = writes.find((write) => write.path === '/fr/indexer/remote-api-indexes/')!;
    expect(created.body).toMatchObject({ implementation_type: 1, name: 'Région CKAN', url: 'https://ckan.example.org/', command: '*', scheduler: 2, usergroup: 10 });
  });

  it('creates one harvester for a double click on Save, both buttons waiting for the answer', async () => {
    const writes: Write[] = [];
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      // Before the fixtures' own creation, which answers at once.
      http.post('/:locale/indexer/remote-api-indexes/', async ({ request }) => {
        const write = await recordWrite(writes, request);
        await answered;
        return HttpResponse.json({ ...INDEXER, ...(write.body as object) }, { status: 201 });
      }),
      ...indexerHandlers(writes),
    );
    const user = userEvent.setup();
    await fillNewIndexer(user);
    const save = screen.getByRole('button', { name: 'Enregistrer' });
    await user.dblClick(save);
    await waitFor(() => expect(save).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Tester' })).toBeDisabled();
    answer();
    expect(await screen.findByText('Moissonneur créé', {}, LONG)).toBeInTheDocument();
    expect(writes.filter((write) => write.path === '/fr/indexer/remote-api-indexes/')).toHaveLength(1);
  }, 60_000); // filling the form takes long in jsdom on a busy machine

  it('keeps what was typed in a new harvester, and in a changed one, when the language is switched', async () => {
    server.use(...indexerHandlers());
    const user = userEvent.setup();
    const created = renderApp('/publish/fr/accounts/usergroup/10/indexer/new/', USERS.role2);
    await user.type(await screen.findByRole('textbox', { name: /^Nom/ }, LONG), 'Région CKAN');
    await user.type(screen.getByRole('textbox', { name: /Adresse du catalogue/ }), 'https://ckan.example.org/');
    await user.click(screen.getByRole('button', { name: 'Langue : Français' }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));
    await expectPath('/publish/en/accounts/usergroup/10/indexer/new/');
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: /^Name/ }, LONG)).toHaveValue('Région CKAN'), LONG);
    expect(screen.getByRole('textbox', { name: /Catalogue address/ })).toHaveValue('https://ckan.example.org/');
    created.unmount();

    renderApp('/publish/fr/accounts/usergroup/10/indexer/5/', USERS.role2);
    const name = await screen.findByRole('textbox', { name: /^Nom/ }, LONG);
    await waitFor(() => expect(name).toHaveValue('Région CKAN'));
    await user.clear(name);
    await user.type(name, 'CKAN régional');
    await user.click(screen.getByRole('button', { name: 'Langue : Français' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Italiano' }));
    await expectPath('/publish/it/accounts/usergroup/10/indexer/5/');
    await waitFor(async () => expect(await screen.findByRole('textbox', { name: /^Nome/ }, LONG)).toHaveValue('CKAN régional'), LONG);
  });

  it('says which required fields are empty under each, from the schema, before anything is sent', async () => {
    const writes: Write[] = [];
    server.use(...indexerHandlers(writes));
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/usergroup/10/indexer/new/', USERS.role2);
    const command = await screen.findByRole('textbox', { name: /Recherche distante/ }, LONG);
    await user.clear(command);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const name = screen.getByRole('textbox', { name: /^Nom/ });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Ce champ est obligatoire.'));
    expect(screen.getByRole('textbox', { name: /Adresse du catalogue/ })).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(command).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(screen.getByRole('combobox', { name: /Type de catalogue/ })).toHaveFocus();
    expect(writes).toEqual([]);
    // The toast every other form shows for a save with fields to correct.
    expect(await screen.findByText(frenchMessages.ra.message.invalid_form)).toBeInTheDocument();
    // A message goes once its field is filled in.
    await user.type(name, 'Région CKAN');
    expect(name).not.toHaveAccessibleDescription('Ce champ est obligatoire.');
  });

  it('saves a change with its toast, and shows a refused one under its field', async () => {
    let refuse = false;
    server.use(
      ...indexerHandlers(),
      http.put('/:locale/indexer/remote-api-indexes/:id/', async ({ request }) =>
        refuse
          ? HttpResponse.json({ url_pattern: ["Le modèle d'URL doit contenir la variable de substitution {identifier}."] }, { status: 400 })
          : HttpResponse.json({ ...INDEXER, ...((await request.json()) as object) }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/usergroup/10/indexer/5/', USERS.role2);
    const name = await screen.findByRole('textbox', { name: /^Nom/ }, LONG);
    await waitFor(() => expect(name).toHaveValue('Région CKAN'));
    // The indexer's number says what it is.
    expect(screen.getByText('Moissonneur n° 5')).toBeInTheDocument();
    expect(screen.queryByText('#5')).toBeNull();
    await user.type(name, ' 2');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Moissonneur mis à jour', {}, LONG)).toBeInTheDocument();
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Modèle d'URL/ })).toHaveAccessibleDescription(/variable de substitution/));
  });

  it('shows the last runs with their counts and runs the indexer now', async () => {
    const writes: Write[] = [];
    server.use(...indexerHandlers(writes));
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/usergroup/10/indexer/5/', USERS.role2);
    expect(await screen.findByText(/2 créés, 0 mis à jour/, {}, LONG)).toBeInTheDocument();
    // Its date in the app's language, whatever the browser's.
    expect(screen.getByText(/^01\/01\/2026 \d\d:00:00$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exécuter maintenant' }));
    expect(await screen.findByText('Moissonnage lancé', {}, LONG)).toBeInTheDocument();
    await waitFor(() => expect(writes.some((write) => write.path === '/fr/indexer/remote-api-indexes/5/_scenarios/7/run/')).toBe(true));
  });

  it('deletes an indexer only once the deletion is confirmed', async () => {
    const deleted: string[] = [];
    server.use(
      ...indexerHandlers(),
      http.delete('/:locale/indexer/remote-api-indexes/:id/', ({ params }) => {
        deleted.push(params.id as string);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/usergroup/10/indexer/5/', USERS.role2);
    await user.click(await screen.findByRole('button', { name: 'Supprimer' }, LONG));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(dialog).toHaveTextContent('Suppression de « Région CKAN ».Êtes-vous sûr de vouloir continuer ?');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirmation' })).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(deleted).toEqual(['5']));
    // Opened at its address, it leaves for its group's page, not for the page before it.
    await expectPath('/publish/fr/accounts/organisations/10/');
  });

  it("shows a failed test's reason", async () => {
    server.use(
      ...indexerHandlers(),
      http.get('/:locale/indexer/remote-api-indexes/:id/trial/', () => HttpResponse.json({ status: 'FAILURE', error: 'Le catalogue distant est injoignable : refusé' })),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/accounts/usergroup/10/indexer/5/', USERS.role2);
    await user.click(await screen.findByRole('button', { name: 'Tester' }, LONG));
    expect(await screen.findByText(/Le test du moissonneur a échoué : Le catalogue distant est injoignable/, {}, LONG)).toBeInTheDocument();
  });
});
