/**
 * The resource wizard's geometry step for a geographic file: the file's layers read by the
 * inspection call (geometry types, feature counts, CRS), the layer chosen when the file has
 * several, the CRS when the layer does not say it, the first features' attributes, and the layer
 * and CRS saved on the source before the scenario runs.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { datasetHandlers } from './datasetsFixtures.ts';
import { USERS } from './fixtures.ts';
import { renderApp } from './renderApp.tsx';
import { CRS, resourceServer } from './resourcesFixtures.ts';
import { server } from './server.ts';

const LONG = { timeout: 10_000 };

const FORMATS = [
  { id: 1, codename: 'csv', display_name: 'CSV', extensions: ['csv'], mimetypes: ['text/csv'], is_structured: true, is_geographic: false },
  { id: 7, codename: 'zip', display_name: 'Shapefile (zip)', extensions: ['zip'], mimetypes: ['application/zip'], is_structured: false, is_geographic: true },
];

const LAYERS = [
  { name: 'arrets', feature_count: 12, geometry_types: { Point: 12 }, empty_geometries: 0, invalid_geometries: 0, crs: 4326, crs_name: 'WGS 84', columns: ['nom'] },
  {
    name: 'arrondissements',
    feature_count: 9,
    geometry_types: { Polygon: 7, MultiPolygon: 2 },
    empty_geometries: 0,
    invalid_geometries: 0,
    crs: null,
    crs_name: null,
    columns: ['nom', 'code'],
  },
];

const PREVIEW = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', geometry: null, properties: { nom: 'Lyon 1er', code: '69381' } },
    { type: 'Feature', geometry: null, properties: { nom: 'Lyon 2e', code: '69382' } },
  ],
};

/** The inspection as the server answers it for the layer and CRS asked. */
function inspection(url: URL) {
  const layerName = url.searchParams.get('layer_name');
  const crs = url.searchParams.get('crs');
  const layer = layerName === 'arrondissements' ? 'arrondissements' : layerName === 'arrets' ? 'arrets' : null;
  const needsCrs = layer === 'arrondissements' && !crs;
  return {
    format: 'zip',
    layers: LAYERS,
    layer,
    needs_layer: layer === null,
    needs_crs: needsCrs,
    preview: layer === 'arrondissements' && !needsCrs ? PREVIEW : null,
  };
}

function wizard(inspect: (url: URL) => Response) {
  const resources = resourceServer();
  const inspected: string[] = [];
  server.use(...datasetHandlers(), ...resources.handlers);
  server.use(
    http.get('/:locale/resource/data-format/', () => HttpResponse.json(FORMATS)),
    http.get('/:locale/resource/crs/', () => HttpResponse.json(CRS)),
    http.get('/:locale/resource/:id/inspect/', ({ request }) => {
      const url = new URL(request.url);
      inspected.push(`${url.pathname}${url.search}`);
      return inspect(url);
    }),
  );
  return { resources, inspected };
}

async function choose(user: UserEvent, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function upload(user: UserEvent) {
  renderApp('/publish/fr/data/datasets/1/resources/new/?role=main', USERS.role1);
  const types = await screen.findByRole('radiogroup', { name: 'Type de ressource' }, LONG);
  await user.click(await within(types).findByRole('radio', { name: 'Fichier téléversé' }, LONG));
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  await user.type(await screen.findByRole('textbox', { name: 'Nom' }), 'Arrondissements');
  await choose(user, /^Format/, 'Shapefile (zip)');
  await user.upload(screen.getByLabelText('Choisir un fichier'), new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'lyon.zip', { type: 'application/zip' }));
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  return screen.findByRole('region', { name: 'Géométrie des données' }, LONG);
}

describe('the resource wizard for a geographic file', { timeout: 40_000 }, () => {
  it('shows the layers, asks for the layer and then the CRS, previews the features and saves both on the source before the run', async () => {
    const { resources, inspected } = wizard((url) => HttpResponse.json(inspection(url)));
    const user = userEvent.setup();
    const step = await upload(user);

    const layers = await within(step).findByRole('table', { name: 'Couches du fichier' }, LONG);
    expect(within(layers).getAllByRole('row').map((row) => [...row.querySelectorAll('td,th')].map((cell) => cell.textContent))).toEqual([
      ['Couche', 'Géométrie', "Nombre d'objets", 'Système de coordonnées'],
      ['arrets', 'Point (12)', '12', 'WGS 84 (EPSG:4326)'],
      ['arrondissements', 'Polygone (7), Multipolygone (2)', '9', 'Non indiqué'],
    ]);
    expect(within(step).getByText('Le fichier contient plusieurs couches : choisissez celle à charger.')).toBeInTheDocument();
    expect(within(step).getByRole('button', { name: 'Suivant' })).toBeDisabled();

    await choose(user, /^Couche/, 'arrondissements');
    expect(await within(step).findByText('La couche ne dit pas son système de coordonnées : choisissez-le.', {}, LONG)).toBeInTheDocument();
    expect(within(step).getByRole('button', { name: 'Suivant' })).toBeDisabled();
    await choose(user, /^Système de coordonnées/, 'RGF93 / Lambert-93 (EPSG:2154)');

    const preview = await within(step).findByRole('table', { name: 'Aperçu des premières lignes' }, LONG);
    expect(within(preview).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['nom', 'code']);
    expect(within(preview).getByText('Lyon 2e')).toBeInTheDocument();
    await waitFor(() => expect(within(step).getByRole('button', { name: 'Suivant' })).toBeEnabled());
    await user.click(within(step).getByRole('button', { name: 'Suivant' }));

    const scenarios = await screen.findByRole('radiogroup', { name: 'Scénario à lancer' }, LONG);
    await user.click(within(scenarios).getAllByRole('radio')[0]);
    await user.click(screen.getByRole('button', { name: 'Lancer' }));
    expect(await screen.findByText('La création de la ressource a été lancée.', {}, LONG)).toBeInTheDocument();

    expect(inspected).toEqual([
      '/fr/resource/100/inspect/',
      '/fr/resource/100/inspect/?layer_name=arrondissements',
      '/fr/resource/100/inspect/?layer_name=arrondissements&crs=2154',
    ]);
    expect(resources.calls().slice(-2)).toEqual(['PATCH resource/file-upload/102/', 'POST resource/file-upload/102/_scenarios/31/run/?asynchrone=true']);
    expect(resources.writes.at(-2)!.body).toEqual({ layer_name: 'arrondissements', crs: 2154 });
  });

  it('says what is wrong with a broken file and offers no next step', async () => {
    wizard(() => HttpResponse.json({ detail: 'The Shapefile arrondissements.shp comes without its .dbf file in the zip.' }, { status: 400 }));
    const user = userEvent.setup();
    const step = await upload(user);
    expect(await within(step).findByRole('alert', {}, LONG)).toHaveTextContent('The Shapefile arrondissements.shp comes without its .dbf file in the zip.');
    expect(within(step).getByRole('button', { name: 'Suivant' })).toBeDisabled();
  });
});
