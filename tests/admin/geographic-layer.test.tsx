/**
 * A geographic layer's page (issue 9): its features read for the layer's box, its styles, the
 * style editor whose legend follows every change, and saving a style through its create or update
 * scenario (spec, section 4 "Geographic layer style"), or the spec's 'no scenario found'.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_BOUNDS } from '../../schemas/constants.ts';
import { USERS } from './fixtures.ts';
import { renderApp } from './renderApp.tsx';
import { LAYER, layerServer, SCHEMA_WARNING } from './resourcesFixtures.ts';

const mark = (color: string, size: number, opacity: number) => ({ kind: 'Mark', wellKnownName: 'circle', color, radius: size, fillOpacity: opacity, strokeColor: '#ffffff', strokeWidth: 1 });
import { server } from './server.ts';

const LONG = { timeout: 10_000 };

function layerPage(options: Parameters<typeof layerServer>[0] = {}) {
  const layer = layerServer(options);
  server.use(...layer.handlers);
  renderApp('/publish/fr/data/layers/3/', USERS.role1);
  return layer;
}

async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const legend = () => within(screen.getByRole('list', { name: 'Légende' })).getAllByRole('listitem').map((item) => item.textContent);

describe("a geographic layer's page", { timeout: 30_000 }, () => {
  it('says that a layer which does not exist is not found, with the way home', async () => {
    server.use(...layerServer().handlers);
    server.use(http.get('/:locale/geospatial/geographiclayer/:id/', () => HttpResponse.json({ detail: 'Introuvable.' }, { status: 404 })));
    renderApp('/publish/fr/data/layers/999/', USERS.role1);
    expect(await screen.findByRole('heading', { name: 'Page introuvable' }, LONG)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toBeInTheDocument();
  });

  it("shows the layer's count, geometry and extent, and reads the first features of its box for the style editor", async () => {
    const layer = layerPage();
    expect(await screen.findByRole('heading', { name: 'Arrêts de bus', level: 1 }, LONG)).toBeInTheDocument();
    expect(await screen.findByText('3 objets (Point)', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('Emprise : ouest 4,8 ; sud 45,7 ; est 4,9 ; nord 45,8')).toBeInTheDocument();
    // No WebGL in the test DOM: the page says so instead of the map.
    expect(screen.getByText('La carte ne peut pas être dessinée dans ce navigateur.')).toBeInTheDocument();
    await waitFor(() => expect(layer.featureReads).toHaveLength(1));
    const read = layer.featureReads[0];
    expect(read.searchParams.get('bbox')!.split(',').map(Number)).toEqual(LAYER.bbox);
    expect(read.searchParams.get('limit')).toBe('200');
  });

  it("names the layer's geometry in the reader's language", async () => {
    server.use(...layerServer().handlers);
    server.use(http.get('/:locale/geospatial/geographiclayer/:id/', () => HttpResponse.json({ ...LAYER, geometry_type: 'MultiPolygon' })));
    renderApp('/publish/it/data/layers/3/', USERS.role1);
    expect(await screen.findByText('3 oggetti (Multipoligono)', {}, LONG)).toBeInTheDocument();
  });

  it('previews a classification by a column: one colour per value, changed live', async () => {
    layerPage();
    const user = userEvent.setup();
    await screen.findByText(/^3 objets/, {}, LONG);
    expect(legend()).toEqual(['Tous les objets (#1f78b4)']);
    await choose(user, 'Représentation', 'Une couleur par valeur');
    await choose(user, 'Colonne', 'mode');
    expect(legend()).toEqual(['bus (#e41a1c)', 'tram (#377eb8)', 'Autres valeurs (#9e9e9e)']);
    await choose(user, 'Palette', 'Dark2');
    expect(legend()).toEqual(['bus (#1b9e77)', 'tram (#d95f02)', 'Autres valeurs (#9e9e9e)']);
    // The other values get their own colour, or are not drawn at all.
    fireEvent.change(screen.getByLabelText('Couleur des autres valeurs'), { target: { value: '#000000' } });
    expect(legend()).toEqual(['bus (#1b9e77)', 'tram (#d95f02)', 'Autres valeurs (#000000)']);
    await user.click(screen.getByRole('checkbox', { name: 'Dessiner les autres valeurs' }));
    expect(legend()).toEqual(['bus (#1b9e77)', 'tram (#d95f02)']);
    expect(screen.queryByLabelText('Couleur des autres valeurs')).toBeNull();
    await choose(user, 'Représentation', 'Une couleur pour tous');
    expect(legend()).toEqual(['Tous les objets (#1f78b4)']);
  });

  it('starts a classification on the first column of few repeated categories, never on a coordinate or an identifier', async () => {
    // Charging points placed by their X and Y columns, with an id and a name of their own.
    const points = [
      { X: 4.83, Y: 45.75, id: 1, nom: 'Borne Bellecour', puissance_kw: 22, ville: 'Lyon' },
      { X: 4.85, Y: 45.76, id: 2, nom: 'Borne Part-Dieu', puissance_kw: 50, ville: 'Lyon' },
      { X: 4.88, Y: 45.77, id: 3, nom: 'Borne Charpennes', puissance_kw: 22, ville: 'Villeurbanne' },
    ];
    server.use(...layerServer().handlers);
    server.use(
      http.get('/:locale/geospatial/geographiclayer/3/', () => HttpResponse.json({ ...LAYER, column_x: 'X', column_y: 'Y', styles: [] })),
      http.get('/:locale/geospatial/geographiclayer/3/features/', () =>
        HttpResponse.json({ type: 'FeatureCollection', features: points.map((properties, index) => ({ type: 'Feature', id: index + 1, geometry: { type: 'Point', coordinates: [properties.X, properties.Y] }, properties })) }),
      ),
    );
    renderApp('/publish/fr/data/layers/3/', USERS.role1);
    const user = userEvent.setup();
    await screen.findByText(/^3 objets/, {}, LONG);
    await choose(user, 'Représentation', 'Une couleur par valeur');
    expect(screen.getByRole('combobox', { name: 'Colonne' })).toHaveTextContent('puissance_kw');
    expect(legend()).toEqual(['22 (#e41a1c)', '50 (#377eb8)', 'Autres valeurs (#9e9e9e)']);
  });

  it('previews graduated classes of a numeric column: method, number of classes and palette change the legend live', async () => {
    layerPage();
    const user = userEvent.setup();
    await screen.findByText(/^3 objets/, {}, LONG);
    await choose(user, 'Représentation', 'Classes graduées');
    // Only the numeric column is offered.
    await user.click(screen.getByRole('combobox', { name: 'Colonne' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['montees']);
    await user.keyboard('{Escape}');
    // Quantiles of three values: two classes.
    expect(legend()).toEqual(['120 – 300 (#ffffcc)', '300 – 900 (#800026)']);
    await choose(user, 'Méthode', 'Intervalles égaux');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Nombre de classes' }), { target: { value: '2' } });
    expect(legend()).toEqual(['120 – 510 (#ffffcc)', '510 – 900 (#800026)']);
    await choose(user, 'Palette', 'Blues (séquentielle) – lisible par les daltoniens');
    expect(legend()).toEqual(['120 – 510 (#f7fbff)', '510 – 900 (#08306b)']);
  });

  it('lets the row of graduated settings wrap onto more lines, rather than squeezing the number of classes, the size and the opacity to a letter', async () => {
    layerPage();
    const user = userEvent.setup();
    await screen.findByText(/^3 objets/, {}, LONG);
    await choose(user, 'Représentation', 'Classes graduées');
    const row = screen.getByRole('spinbutton', { name: 'Nombre de classes' }).closest('.MuiFormControl-root')!.parentElement!;
    expect(within(row).getByRole('spinbutton', { name: 'Opacité (0 à 1)' })).toBeInTheDocument();
    expect(getComputedStyle(row).flexWrap).toBe('wrap');
  });

  it('asks for the name of a new style under its field, which takes the focus, before sending anything', async () => {
    const layer = layerPage();
    const user = userEvent.setup();
    await screen.findByText(/^3 objets/, {}, LONG);
    await user.click(screen.getByRole('button', { name: 'Enregistrer le style' }));
    const field = screen.getByRole('textbox', { name: 'Nom du style' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(field).toBeInvalid();
    expect(layer.writes).toHaveLength(0);
    await user.type(field, 'Par mode');
    expect(field).not.toBeInvalid();
  });

  it('saves a new style: creates it, sets its config, then runs its create scenario', async () => {
    const layer = layerPage();
    const user = userEvent.setup();
    await screen.findByText(/^3 objets/, {}, LONG);
    await user.type(screen.getByRole('textbox', { name: 'Nom du style' }), 'Par mode');
    await choose(user, 'Représentation', 'Une couleur par valeur');
    await choose(user, 'Colonne', 'mode');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le style' }));
    expect(await screen.findByText('La création du style a été lancée.', {}, LONG)).toBeInTheDocument();
    expect(layer.calls()).toEqual([
      'POST geospatial/geographiclayer/3/style/',
      'PUT geospatial/style/9/config/',
      'POST geospatial/style/9/_scenarios/71/run/?asynchrone=true',
    ]);
    expect(layer.writes[0].body).toEqual({ display_name: 'Par mode' });
    expect(layer.writes[1].body).toEqual({
      config: {
        name: 'Par mode',
        rules: [
          { name: 'bus', filter: ['==', 'mode', 'bus'], symbolizers: [mark('#e41a1c', 6, 0.8)] },
          { name: 'tram', filter: ['==', 'mode', 'tram'], symbolizers: [mark('#377eb8', 6, 0.8)] },
          { name: 'Other values', filter: ['!', ['||', ['==', 'mode', 'bus'], ['==', 'mode', 'tram']]], symbolizers: [mark('#9e9e9e', 6, 0.8)] },
        ],
      },
    });
  });

  it("offers a point layer's marker shape and stroke, and labels from a column, saved in the style", async () => {
    const layer = layerPage();
    const user = userEvent.setup();
    await screen.findByText(/^3 objets/, {}, LONG);
    // A point layer: no dash nor outline settings.
    expect(screen.queryByRole('combobox', { name: 'Trait' })).toBeNull();
    expect(screen.queryByLabelText('Couleur de la bordure')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Nom du style' }), 'Étoiles');
    await choose(user, 'Forme', 'Étoile');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Épaisseur du contour (px)' }), { target: { value: '2' } });
    await choose(user, 'Étiquettes', 'nom');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Taille du texte (px)' }), { target: { value: '16' } });
    fireEvent.change(screen.getByLabelText('Couleur du halo'), { target: { value: '#ffff00' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Largeur du halo (px)' }), { target: { value: '2' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Zoom minimal (0 à 24)' }), { target: { value: '12' } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer le style' }));
    expect(await screen.findByText('La création du style a été lancée.', {}, LONG)).toBeInTheDocument();
    expect(layer.writes[1].body).toEqual({
      config: {
        name: 'Étoiles',
        rules: [{
          name: 'default',
          // Drawn from zoom 12 on: up to the scale denominator of zoom 12 in Web Mercator.
          scaleDenominator: { max: 559_082_264.0287178 / 2 ** 12 },
          symbolizers: [
            { kind: 'Mark', wellKnownName: 'star', color: '#1f78b4', radius: 6, fillOpacity: 0.8, strokeColor: '#ffffff', strokeWidth: 2 },
            { kind: 'Text', label: '{{nom}}', size: 16, color: '#222222', haloColor: '#ffff00', haloWidth: 2 },
          ],
        }],
      },
    });
  });

  it('saves an existing style: sets its config, then runs its update scenario', async () => {
    const layer = layerPage();
    const user = userEvent.setup();
    await screen.findByText(/^3 objets/, {}, LONG);
    await choose(user, 'Style', 'Arrêts en bleu');
    expect(screen.getByRole('textbox', { name: 'Nom du style' })).toHaveValue('Arrêts en bleu');
    const size = screen.getByRole('spinbutton', { name: 'Taille (px)' });
    fireEvent.change(size, { target: { value: '9' } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer le style' }));
    expect(await screen.findByText('La mise à jour du style a été lancée.', {}, LONG)).toBeInTheDocument();
    expect(layer.calls()).toEqual(['PUT geospatial/style/8/config/', 'POST geospatial/style/8/_scenarios/72/run/?asynchrone=true']);
    expect(layer.writes[0].body).toEqual({ config: { name: 'Arrêts en bleu', rules: [{ name: 'default', symbolizers: [mark('#1f78b4', 9, 0.8)] }] } });
  });

  it('imports a QGIS file into an existing style, draws its graduated classes as they are, and saves them unchanged', async () => {
    const layer = layerPage();
    const user = userEvent.setup();
    await screen.findByText(/^3 objets/, {}, LONG);
    expect(screen.queryByRole('link', { name: 'Exporter en SLD' })).toBeNull();
    await choose(user, 'Style', 'Arrêts en bleu');
    expect(screen.getByRole('link', { name: 'Exporter en SLD' })).toHaveAttribute('href', '/fr/geospatial/style/8/sld/');
    expect(screen.getByRole('link', { name: 'Exporter en QGIS (.qml)' })).toHaveAttribute('href', '/fr/geospatial/style/8/qml/');
    const file = new File(['<qgis/>'], 'communes.qml', { type: 'application/xml' });
    await user.upload(screen.getByLabelText('Importer un fichier SLD ou QGIS (.qml)'), file);
    await waitFor(() => expect(legend()).toEqual(['0 – 10 (#fee8c8)', '10 – 20 (#e34a33)']), LONG);
    expect(screen.getByText("Ce style est dessiné tel qu'il a été importé ; une modification dans l'éditeur le remplace.")).toBeInTheDocument();
    expect(layer.calls()).toEqual(['PUT geospatial/style/8/qml/']);
    expect((layer.writes[0].body as FormData).get('file')).toMatchObject({ size: 7, type: 'application/xml' });
    await user.click(screen.getByRole('button', { name: 'Enregistrer le style' }));
    expect(await screen.findByText('La mise à jour du style a été lancée.', {}, LONG)).toBeInTheDocument();
    expect((layer.writes[1].body as { config: { rules: unknown[] } }).config.rules).toHaveLength(2);
    expect((layer.writes[1].body as { config: { rules: Array<{ filter: unknown }> } }).config.rules[0].filter).toEqual(['&&', ['>=', 'id', 0], ['<', 'id', 10]]);
  });

  it("imports an SLD file off the schema and shows the schema's complaints, until another style is chosen", async () => {
    const layer = layerPage();
    const user = userEvent.setup();
    await screen.findByText(/^3 objets/, {}, LONG);
    await choose(user, 'Style', 'Arrêts en bleu');
    await user.upload(screen.getByLabelText('Importer un fichier SLD ou QGIS (.qml)'), new File(['<StyledLayerDescriptor/>'], 'arrets.sld', { type: 'application/xml' }));
    const alert = await screen.findByText('Le fichier a été importé, mais il ne suit pas le schéma SLD 1.0.0 : un autre logiciel pourrait le lire autrement.', {}, LONG);
    expect(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('listitem')).toHaveTextContent(SCHEMA_WARNING);
    expect(layer.calls()).toEqual(['PUT geospatial/style/8/sld/']);
    await choose(user, 'Style', 'Nouveau style');
    expect(screen.queryByText(SCHEMA_WARNING)).toBeNull();
  });

  it("says 'no scenario found' when the style has none for the action", async () => {
    const layer = layerPage({ styleScenarios: [] });
    const user = userEvent.setup();
    await screen.findByText(/^3 objets/, {}, LONG);
    await user.type(screen.getByRole('textbox', { name: 'Nom du style' }), 'Par mode');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le style' }));
    expect(await screen.findByText('Aucun scénario trouvé.', {}, LONG)).toBeInTheDocument();
    await waitFor(() => expect(layer.calls()).toEqual(['POST geospatial/geographiclayer/3/style/', 'PUT geospatial/style/9/config/']));
  });

  it('shows the default region when the layer has no box yet', async () => {
    const layer = layerServer();
    server.use(...layer.handlers);
    server.use(http.get('/:locale/geospatial/geographiclayer/3/', () => HttpResponse.json({ ...LAYER, bbox: null, feature_count: 0 })));
    renderApp('/publish/fr/data/layers/3/', USERS.role1);
    await screen.findByText('0 objets (Point)', {}, LONG);
    expect(screen.queryByText(/^Emprise/)).toBeNull();
    await waitFor(() => expect(layer.featureReads).toHaveLength(1));
    expect(layer.featureReads[0].searchParams.get('bbox')!.split(',').map(Number)).toEqual([...DEFAULT_MAP_BOUNDS]);
  });
});
