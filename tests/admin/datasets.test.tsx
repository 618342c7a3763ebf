import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { recordWrite, type Write } from './accountsFixtures.ts';
import { DATASET, DATASET_COUNT, DATASET_PAGE, datasetHandlers } from './datasetsFixtures.ts';
import { USERS } from './fixtures.ts';
import { expectPath, renderApp } from './renderApp.tsx';
import { server } from './server.ts';

// The dataset form is the heaviest screen to render in jsdom: on a busy 2-core machine running the
// other test files beside it, its first render alone has taken more than 10 s.
const LONG = { timeout: 20_000 };

const lists = (requests: Request[]) =>
  requests.map((request) => new URL(request.url)).filter((url) => url.pathname === '/fr/dataset/datasets/' && !url.searchParams.has('id__in'));

describe('dataset screens', { timeout: 60_000 }, () => {
  it('lists the datasets with their columns, 20 a page', async () => {
    const requests: Request[] = [];
    server.use(...datasetHandlers(requests));
    renderApp('/publish/fr/data/datasets/', USERS.role1);
    const row = (await screen.findByText("Qualité de l'eau", {}, LONG)).closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    for (const name of ['Nom', 'Organisation', 'Date de création', 'Date de dernière révision', 'Ressource principale', "Nombre d'annexes", 'Publié', "Niveau d'accès par défaut", 'Dupliquer', 'Supprimer']) {
      expect(headers.some((text) => text?.includes(name)), name).toBe(true);
    }
    await within(row).findByText('Ville de Lyon', {}, LONG);
    expect(within(row).getByText('Recherche')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Dupliquer' })).toBeInTheDocument();
    expect(screen.getByText(`1-20 sur ${DATASET_COUNT}`)).toBeInTheDocument();
    expect(lists(requests)[0].searchParams.get('page_size')).toBe('20');
    expect(lists(requests)[0].searchParams.get('ordering')).toBe('-updated_at');
  });

  it('shows a count the server capped as more than it, with the next page still offered', async () => {
    const requests: Request[] = [];
    server.use(
      http.get('/:locale/dataset/datasets/', ({ request }) => {
        if (new URL(request.url).searchParams.has('id__in')) return undefined;
        requests.push(request.clone());
        return HttpResponse.json({ count: 10000, count_capped: true, next: '/fr/dataset/datasets/?page=2', previous: null, results: DATASET_PAGE });
      }),
      ...datasetHandlers(),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/', USERS.role1);
    await screen.findByText("Qualité de l'eau", {}, LONG);
    expect(screen.getByText(/^1-20 sur plus de 10\s000$/)).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Aller à la prochaine page' });
    expect(next).toBeEnabled();
    await user.click(next);
    await waitFor(() => expect(lists(requests).at(-1)!.searchParams.get('page')).toBe('2'), LONG);
  });

  it("says in place of the rows why the server refused the list's filter, with no range, and clears the filter", async () => {
    const requests: Request[] = [];
    let failing = true;
    server.use(
      http.get('/:locale/dataset/datasets/', ({ request }) => {
        const params = new URL(request.url).searchParams;
        if (params.has('id__in')) return undefined;
        requests.push(request.clone());
        if (params.get('topics__in')?.includes('abc')) return HttpResponse.json({ topics__in: ['Un nombre entier valide est requis.'] }, { status: 400 });
        if (params.get('search') === 'panne' && failing) return new HttpResponse(null, { status: 503 });
        return HttpResponse.json({ count: DATASET_COUNT, next: null, previous: null, results: DATASET_PAGE });
      }),
      ...datasetHandlers(),
    );
    const user = userEvent.setup();
    renderApp(`/publish/fr/data/datasets/?filter=${encodeURIComponent(JSON.stringify({ topics: ['abc'] }))}`, USERS.role1);
    const alert = await screen.findByText('Thématiques : Un nombre entier valide est requis.', {}, LONG);
    expect(within(alert.closest('[role="alert"]')!).getByText("La liste n'a pas pu être chargée")).toBeInTheDocument();
    expect(screen.queryByText("Qualité de l'eau")).toBeNull();
    expect(screen.queryByText(/^\d+-\d+ sur /)).toBeNull();
    // The error is said once, in place: no toast repeats it.
    expect(screen.queryByText('Une erreur est survenue')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await screen.findByText("Qualité de l'eau", {}, LONG);
    expect(screen.getByText(`1-20 sur ${DATASET_COUNT}`)).toBeInTheDocument();
    expect(screen.queryByText('Thématiques : Un nombre entier valide est requis.')).toBeNull();
    expect(requests.at(-1)!.url).not.toContain('abc');

    // A failure after rows were shown: neither the old rows nor their range stay; asking again recovers.
    await user.type(screen.getByPlaceholderText('Rechercher'), 'panne');
    await screen.findByText("Erreur critique : la liste n'a pas pu être chargée", {}, LONG);
    expect(screen.queryByText("Qualité de l'eau")).toBeNull();
    expect(screen.queryByText(/^\d+-\d+ sur /)).toBeNull();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Actualiser' }));
    await screen.findByText("Qualité de l'eau", {}, LONG);
    expect(screen.getByText(`1-20 sur ${DATASET_COUNT}`)).toBeInTheDocument();
  });

  it('asks the server for the ordering chosen', async () => {
    const requests: Request[] = [];
    server.use(...datasetHandlers(requests));
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/', USERS.role1);
    await screen.findByText("Qualité de l'eau", {}, LONG);
    await user.click(screen.getByRole('combobox', { name: 'Trier par' }));
    await user.click(await screen.findByRole('option', { name: 'Nom, de Z à A' }));
    await waitFor(() => expect(lists(requests).at(-1)!.searchParams.get('ordering')).toBe('-display_name'));
    await user.click(screen.getByRole('combobox', { name: 'Trier par' }));
    await user.click(await screen.findByRole('option', { name: 'Publiés d’abord' }));
    await waitFor(() => expect(lists(requests).at(-1)!.searchParams.get('ordering')).toBe('-publish'));
  });

  it("exports the list with its search, filters and ordering", async () => {
    server.use(...datasetHandlers());
    const user = userEvent.setup();
    const filter = encodeURIComponent(JSON.stringify({ publish: true, topics: [1] }));
    renderApp(`/publish/fr/data/datasets/?filter=${filter}&sort=display_name&order=ASC`, USERS.role1);
    await screen.findByText("Qualité de l'eau", {}, LONG);
    await user.type(screen.getByPlaceholderText('Rechercher'), 'eau');
    const link = screen.getByRole('link', { name: 'Exporter (CSV)' });
    await waitFor(() => expect(new URL(link.getAttribute('href')!, window.location.origin).searchParams.get('search')).toBe('eau'), LONG);
    const url = new URL(link.getAttribute('href')!, window.location.origin);
    expect(url.pathname).toBe('/fr/dataset/datasets/export/odl/');
    expect(url.searchParams.get('publish')).toBe('true');
    expect(url.searchParams.get('topics__in')).toBe('1');
    expect(url.searchParams.get('ordering')).toBe('display_name');
    expect(url.searchParams.has('page')).toBe(false);
    expect(link).toHaveAttribute('download');
  });

  it('duplicates a dataset, says so and opens the copy', async () => {
    const writes: Write[] = [];
    const copy = { ...DATASET, id: 99, codename: 'qualite-de-l-eau-2', publish: false };
    server.use(
      ...datasetHandlers(),
      http.post('/:locale/dataset/datasets/:id/duplicate/', async ({ request }) => {
        await recordWrite(writes, request);
        return HttpResponse.json(copy, { status: 201 });
      }),
      http.get('/:locale/dataset/datasets/99/', () => HttpResponse.json(copy)),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/', USERS.role1);
    const row = (await screen.findByText("Qualité de l'eau", {}, LONG)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Dupliquer' }));
    expect(await screen.findByText("Jeu de données dupliqué : « Qualité de l'eau »", {}, LONG)).toBeInTheDocument();
    await expectPath('/publish/fr/data/datasets/99/');
    expect(writes).toMatchObject([{ method: 'POST', path: '/fr/dataset/datasets/1/duplicate/' }]);
  });

  it("says the deletion failed in the dataset's own words", async () => {
    server.use(
      ...datasetHandlers(),
      http.delete('/:locale/dataset/datasets/:id/', () => HttpResponse.json({ detail: 'Vous ne pouvez pas faire cela.' }, { status: 400 })),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/', USERS.role1);
    const row = (await screen.findByText("Qualité de l'eau", {}, LONG)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Supprimer' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText("Le jeu de données n'a pas pu être supprimé", {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('Vous ne pouvez pas faire cela.')).toBeInTheDocument();
  });

  it('asks for every required field of the form before sending anything', async () => {
    let posted = false;
    server.use(
      ...datasetHandlers(),
      http.post('/:locale/dataset/datasets/', () => {
        posted = true;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    // A superuser may publish for any group: none is chosen for them.
    renderApp('/publish/fr/data/datasets/new/', USERS.superuser);
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }, LONG));
    // Name, description, organisation, keywords, topics, kinds, the two dates, frequency and record type.
    await waitFor(() => expect(screen.getAllByText('Ce champ est obligatoire.')).toHaveLength(10));
    expect(screen.getByLabelText(/^Mots-clés/)).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(posted).toBe(false);
  });

  it('lists the unfilled required fields, fewer as they are filled', async () => {
    server.use(...datasetHandlers());
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/new/', USERS.role1);
    const unfilled = await screen.findByRole('region', { name: 'Champs à renseigner' }, LONG);
    const items = () => within(unfilled).getAllByRole('listitem').map((item) => item.textContent);
    // The editor publishes for one organisation only: it is already chosen.
    await waitFor(() => expect(screen.getByLabelText(/^Organisation/)).toHaveValue('Ville de Lyon'), LONG);
    expect(items()).toEqual([
      'Nom', 'Description', 'Mots-clés', 'Thématiques', 'Types de données', "Type d'enregistrement",
      'Date de publication', 'Date de dernière mise à jour', 'Fréquence de mise à jour',
    ]);
    await user.type(screen.getByLabelText(/^Nom/), 'Qualité');
    await waitFor(() => expect(items()).not.toContain('Nom'));
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Des mesures');
    await user.type(screen.getByLabelText(/^Mots-clés/), 'eau{Enter}');
    await waitFor(() => expect(items()).toHaveLength(6));
    expect(items()).not.toContain('Mots-clés');
  });

  it('marks the tabs holding fields to fill, and opens the tab of an unfilled field with the focus in it, the address keeping the tab', async () => {
    server.use(...datasetHandlers());
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/new/', USERS.role1);
    const unfilled = await screen.findByRole('region', { name: 'Champs à renseigner' }, LONG);
    expect(screen.getByRole('tab', { name: /^Description : \d champs à revoir$/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Dates et fréquence : 3 champs à revoir' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tab', { name: 'Géographie' })).toBeInTheDocument();
    // Before the dataset exists: no resources, contacts or history.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(
      ['Description', 'Géographie', 'Dates et fréquence', 'Accès', 'Jeux de données liés'].map((name) => expect.stringMatching(new RegExp(`^${name}`))),
    );

    await user.click(within(unfilled).getByRole('link', { name: 'Date de publication' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Dates et fréquence/ })).toHaveAttribute('aria-selected', 'true'));
    expect(window.location.search).toBe('?tab=dates');
    await waitFor(() => expect(screen.getByLabelText(/^Date de publication/)).toHaveFocus());
    await user.type(screen.getByLabelText(/^Date de publication/), '2025-01-15');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Dates et fréquence : 2 champs à revoir' })).toBeInTheDocument());
  });

  it('creates a dataset with its required fields, names it in the success message and runs its publish scenario', async () => {
    const writes: Write[] = [];
    const requests: Request[] = [];
    server.use(
      ...datasetHandlers(requests),
      http.post('/:locale/dataset/datasets/', async ({ request }) => {
        const write = await recordWrite(writes, request);
        return HttpResponse.json({ ...DATASET, ...(write.body as object), id: 1 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/new/', USERS.role1);
    await waitFor(() => expect(screen.getByLabelText(/^Organisation/)).toHaveValue('Ville de Lyon'), LONG);
    await user.type(screen.getByLabelText(/^Nom/), 'Qualité');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Des mesures');
    await user.type(screen.getByLabelText(/^Mots-clés/), 'eau,baignade,');
    for (const [label, option] of [
      [/^Thématiques/, 'Hydrographie'],
      [/^Types de données/, 'Mesures'],
      [/^Type d'enregistrement/, 'Jeu de données'],
      [/^Fréquence de mise à jour/, 'Mensuelle'],
    ] as const) {
      await user.click(screen.getByLabelText(label));
      await user.click(await screen.findByRole('option', { name: option }, LONG));
    }
    await user.type(screen.getByLabelText(/^Date de publication/), '2025-01-15');
    await user.type(screen.getByLabelText(/^Date de dernière mise à jour/), '2025-02-01');
    const unfilled = screen.getByRole('status', { name: 'Champs à renseigner' });
    expect(unfilled).toHaveTextContent('Tous les champs obligatoires sont renseignés.');
    // A new dataset starts unpublished: this one is published on purpose.
    await user.click(screen.getByRole('tab', { name: /^Accès/ }));
    await user.click(screen.getByRole('switch', { name: 'Publié' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Jeu de données « Qualité » créé', {}, LONG)).toBeInTheDocument();
    await expectPath('/publish/fr/data/datasets/1/');
    expect(writes[0].body).toMatchObject({
      display_name: 'Qualité',
      usergroup: 10,
      tags: ['eau', 'baignade'],
      topics: [1],
      kinds: [1],
      record_type: 1,
      update_frequency: 1,
      publication_date: '2025-01-15',
      last_update_date: '2025-02-01',
      publish: true,
      default_permission_level: 0,
    });
    // Its search index is built by the publish scenario (spec, section 4).
    await waitFor(() =>
      expect(requests.map((request) => new URL(request.url)).some((url) => `${url.pathname}${url.search}` === '/fr/dataset/datasets/1/_scenarios/7/run/?asynchrone=true')).toBe(true),
    LONG);
  }, 150_000); // typing every required field in jsdom is slow on a busy machine

  it('starts a new dataset unpublished, and says before saving when publishing it leaves it out of the public catalogue', async () => {
    server.use(...datasetHandlers());
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/new/', USERS.role1);
    await user.click(await screen.findByRole('tab', { name: /^Accès/ }, LONG));
    const published = screen.getByRole('switch', { name: 'Publié' });
    expect(published).not.toBeChecked();
    // The warning the publish scenario writes in its task log, while the person can still change either.
    const warning = /prêt pour le catalogue public, qui ne le liste qu'à partir du niveau d'accès par défaut « Recherche » : il est « Privé »/;
    expect(screen.queryByText(warning)).toBeNull();
    await user.click(published);
    expect(await screen.findByText(warning)).toBeInTheDocument();
    // From "Recherche" up, the catalogue lists it: nothing to warn about.
    await user.click(screen.getByLabelText(/^Niveau d'accès par défaut/));
    await user.click(await screen.findByRole('option', { name: 'Recherche' }));
    await waitFor(() => expect(screen.queryByText(warning)).toBeNull());
  });

  it('offers every INSPIRE theme when the list is opened, not only the first 25', async () => {
    const themes = Array.from({ length: 34 }, (_, index) => ({ id: index + 1, codename: `t${index + 1}`, label: `Thème ${String(index + 1).padStart(2, '0')}` }));
    server.use(
      http.get('/:locale/dataset/topics/', ({ request }) => {
        const params = new URL(request.url).searchParams;
        const size = Number(params.get('page_size'));
        const start = (Number(params.get('page')) - 1) * size;
        return HttpResponse.json({ count: themes.length, next: null, previous: null, results: themes.slice(start, start + size) });
      }),
      ...datasetHandlers(),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/new/', USERS.role1);
    await user.click(await screen.findByLabelText(/^Thématiques/, {}, LONG));
    expect(await screen.findByRole('option', { name: 'Thème 34' }, LONG)).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(34);
  });

  it('shows a dataset the user may not change without inputs', async () => {
    server.use(http.get('/:locale/dataset/datasets/1/', () => HttpResponse.json({ ...DATASET, editable: false })), ...datasetHandlers());
    renderApp('/publish/fr/data/datasets/1/', USERS.role1);
    expect(await screen.findByText('Mesures de la qualité des eaux de baignade.', {}, LONG)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    // Why there is nothing to change, and who may.
    expect(screen.getByText('Ce jeu de données vous est ouvert en lecture seule : seuls les éditeurs de Ville de Lyon peuvent le modifier.')).toBeInTheDocument();
    // Its owner by the name the dataset carries (the reader may not read another group).
    expect(screen.getByText('Organisation').parentElement!.parentElement).toHaveTextContent('OrganisationVille de Lyon');
    expect(screen.queryByRole('link', { name: 'Permissions spéciales' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Historique' })).toBeNull();
  });

  it("tells a dataset's two creation dates apart, and shows an empty one the user may not change as a dash", async () => {
    server.use(http.get('/:locale/dataset/datasets/1/', () => HttpResponse.json({ ...DATASET, editable: false, creation_date: null })), ...datasetHandlers());
    renderApp('/publish/fr/data/datasets/1/', USERS.role1);
    expect(await screen.findByText('Mesures de la qualité des eaux de baignade.', {}, LONG)).toBeInTheDocument();
    const field = screen.getByText('Date de création des données').closest('[data-field]')!;
    expect(field).toHaveTextContent(/^Date de création des données—$/);
    // The record's own creation on the platform has its own label.
    expect(screen.getAllByText('Date de création')).toHaveLength(1);
  });

  it('shows an empty address of a dataset the user may not change as nothing, not as a link without a name', async () => {
    server.use(http.get('/:locale/dataset/datasets/1/', () => HttpResponse.json({ ...DATASET, editable: false, dataviz_href: '' })), ...datasetHandlers());
    renderApp('/publish/fr/data/datasets/1/', USERS.role1);
    expect(await screen.findByText('Mesures de la qualité des eaux de baignade.', {}, LONG)).toBeInTheDocument();
    // No link without a name leading back to the page itself, a stop of the keyboard for nothing.
    const field = screen.getByText('Lien de visualisation').closest('[data-field]')!;
    expect(field.querySelector('a')).toBeNull();
  });

  it('shows the server field messages under the fields, and the coverage rules', async () => {
    const writes: Write[] = [];
    server.use(
      ...datasetHandlers(),
      http.put('/:locale/dataset/datasets/:id/', async ({ request }) => {
        const write = await recordWrite(writes, request);
        const body = write.body as Record<string, unknown>;
        return HttpResponse.json(
          body.geographic_coverage === 'organisation'
            ? { geographic_coverage: ["L'organisation n'a pas de compétence territoriale."] }
            : { codename: ['Ce nom court est déjà pris.'] },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/', USERS.role1);
    const codename = await screen.findByLabelText(/^Identifiant court/, {}, LONG);
    await waitFor(() => expect(codename).toHaveValue('qualite-de-l-eau'));
    await user.clear(codename);
    await user.type(codename, 'eau');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(codename).toHaveAccessibleDescription(/Ce nom court est déjà pris\./), LONG);

    await user.click(screen.getByRole('tab', { name: /^Géographie/ }));
    await user.click(screen.getByRole('combobox', { name: 'Couverture géographique' }));
    await user.click(await screen.findByRole('option', { name: "Territoire de l'organisation" }));
    // The preview shows the organisation's jurisdiction.
    await waitFor(() => expect(screen.getByTestId('jurisdiction-box')).toHaveAttribute('data-box', '4.77,45.7,4.9,45.81'), LONG);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Couverture géographique' }).closest('.MuiFormControl-root')).toHaveTextContent(
        "L'organisation n'a pas de compétence territoriale.",
      ),
    LONG);
    expect(writes).toHaveLength(2);
    expect(writes[1]).toMatchObject({ method: 'PUT', path: '/fr/dataset/datasets/1/', body: { geographic_coverage: 'organisation', usergroup: 10 } });
    await expectPath('/publish/fr/data/datasets/1/');
  });

  it('refuses a thumbnail over 2 MB before sending it', async () => {
    const writes: Write[] = [];
    server.use(
      ...datasetHandlers(),
      http.put('/:locale/dataset/datasets/:id/thumbnail/', async ({ request }) => {
        await recordWrite(writes, request);
        return HttpResponse.json(DATASET);
      }),
    );
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/', USERS.role1);
    await screen.findByRole('button', { name: /Choisir une image/ }, LONG);
    const input = document.getElementById('datasets-thumbnail-upload') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'vignette.png', { type: 'image/png' }));
    expect(await screen.findByText("L'image ne doit pas dépasser 2 Mo.")).toBeInTheDocument();
    expect(writes).toHaveLength(0);
  });

  it('shows the children with links, the way to the permissions, the contacts and the history', async () => {
    server.use(...datasetHandlers());
    const user = userEvent.setup();
    renderApp('/publish/fr/data/datasets/1/', USERS.role1);
    await user.click(await screen.findByRole('tab', { name: /^Jeux de données liés/ }, LONG));
    const children = await screen.findByRole('region', { name: 'Jeux de données enfants' }, LONG);
    expect(await within(children).findByRole('link', { name: 'Qualité 2024' }, LONG)).toHaveAttribute('href', '/publish/fr/data/datasets/2/');
    expect(within(children).getByText('Non publié')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /^Accès/ }));
    expect(screen.getByRole('link', { name: 'Permissions spéciales' })).toHaveAttribute('href', '/publish/fr/data/datasets/1/permissions/');
    await user.click(screen.getByRole('tab', { name: /^Contacts/ }));
    expect(screen.getByRole('region', { name: 'Contacts du jeu de données' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /^Historique et tâches/ }));
    expect(await within(screen.getByRole('region', { name: 'Historique' })).findByText('Aucune modification enregistrée pour ce jeu de données.', {}, LONG)).toBeInTheDocument();
  });
});
