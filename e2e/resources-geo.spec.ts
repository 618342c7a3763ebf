import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import resourceLabels from '../i18n/resources/dataset-resources.ts';
import layerLabels from '../i18n/resources/geographic-layers.ts';
import taskLabels from '../i18n/resources/tasks.ts';
import { catalogues, openNewDatasetPage, submitSignIn } from './fixtures.ts';
import { pixelsOf } from './mapPixels.ts';
import { pickOption, startWizard } from './resourceWizard.ts';

const labels = resourceLabels.fr;
const layer = layerLabels.fr;
/** A dataset of the department's group, whose editor is marie.lefebvre (the other specs use the metropolis' datasets). */
const DATASET = 'Routes départementales';
const EDITOR = 'marie.lefebvre';
/** Three districts of Lyon in Lambert-93 (two polygons and a two-part multipolygon), zipped with their .prj. */
const SHAPEFILE = fileURLToPath(new URL('../tests/fixtures/geo/districts-l93.zip', import.meta.url));


test('an editor loads a zipped Shapefile in Lambert-93, sees its geometry before the load, and its layer drawn from vector tiles', async ({ page }) => {
  // Names of its own: a second try finds only its own rows.
  const stamp = Date.now();
  const resourceName = `Arrondissements ${stamp}`;
  test.setTimeout(180_000);
  await page.goto('/publish/');
  await page.getByRole('main').getByRole('link', { name: catalogues.fr.publish.home.signIn }).click();
  await submitSignIn(page, EDITOR);
  await expect(page).toHaveURL(/\/publish\/fr\/home\/$/);
  const datasetUrl = await openNewDatasetPage(page, `${DATASET} ${stamp}`, DATASET);

  await startWizard(page, datasetUrl, 'main', labels.types['file-upload'], resourceName);
  await pickOption(page, labels.fields.dataformat, 'Shapefile (SHP)');
  await page.getByLabel(labels.fields.file).setInputFiles(SHAPEFILE);
  await page.getByRole('button', { name: labels.actions.next }).click();

  // The geometry step: the file's one layer, its geometry types, count and CRS, and its first rows.
  const geometry = page.getByRole('region', { name: labels.steps.geometry });
  const layers = geometry.getByRole('table', { name: labels.geometry.layers });
  const row = layers.getByRole('row').filter({ hasText: 'arrondissements' });
  // Two polygons and one multipolygon, in the order GDAL counts them.
  const { Polygon: polygon, MultiPolygon: multiPolygon } = layer.geometryTypes;
  await expect(row.getByRole('cell').nth(1)).toHaveText(new RegExp(`^(${polygon} \\(2\\), ${multiPolygon} \\(1\\)|${multiPolygon} \\(1\\), ${polygon} \\(2\\))$`), { timeout: 30_000 });
  await expect(row.getByRole('cell').nth(2)).toHaveText('3');
  await expect(row).toContainText('Lambert-93');
  await expect(row).toContainText('EPSG:2154');
  await expect(geometry.getByRole('table', { name: labels.steps.preview })).toContainText('Lyon 3e — Préfecture');
  await geometry.getByRole('button', { name: labels.actions.next }).click();

  const scenario = page.getByRole('region', { name: labels.steps.scenario });
  await expect(scenario.getByRole('radio').first()).toBeChecked();
  await scenario.getByRole('button', { name: labels.actions.run }).click();
  const follow = page.getByRole('region', { name: labels.task.title });
  await expect(follow.getByText(taskLabels.fr.statuses.SUCCESS, { exact: true })).toBeVisible({ timeout: 90_000 });

  // The layer page: its geometry and extent, and the features drawn from its vector tiles.
  await page.getByRole('link', { name: labels.actions.back }).click();
  const mainRow = page.getByRole('table', { name: labels.panel.main }).getByRole('row').filter({ hasText: resourceName });
  const tiles: Array<{ status: number; size: number }> = [];
  page.on('response', (response) => {
    if (/\/geographiclayer\/\d+\/tiles\/\d+\/\d+\/\d+\.pbf/.test(response.url())) {
      void response.body().then(
        (body) => tiles.push({ status: response.status(), size: body.length }),
        () => tiles.push({ status: response.status(), size: 0 }),
      );
    }
  });
  const firstTile = page.waitForResponse((response) => /\/geographiclayer\/\d+\/tiles\/\d+\/\d+\/\d+\.pbf/.test(response.url()) && response.status() === 200);
  await mainRow.getByRole('link', { name: labels.actions.layer }).click();
  await expect(page).toHaveURL(/\/data\/layers\/\d+\/$/);
  await expect(page.getByText(layer.summary.replace('%{total}', '3').replace('%{geometry}', layer.geometryTypes.MultiPolygon))).toBeVisible();
  // The districts lie within 4.81–4.89 °E, 45.73–45.78 °N.
  await expect(page.getByText(/^Emprise : ouest 4,81 ; sud 45,73 ; est 4,89 ; nord 45,78$/)).toBeVisible();
  await expect(page.locator('.layer-map canvas.maplibregl-canvas')).toBeVisible();
  // The map and its controls are named in French, not in MapLibre's English.
  await expect(page.locator('.layer-map canvas.maplibregl-canvas')).toHaveAttribute('aria-label', 'Carte');
  await expect(page.getByRole('button', { name: 'Zoom avant' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zoom arrière' })).toBeVisible();
  const tile = await firstTile;
  expect((await tile.body()).length).toBeGreaterThan(0);
  expect(tile.headers()['content-type']).toContain('application/vnd.mapbox-vector-tile');
  await expect.poll(() => tiles.filter((one) => one.status === 200 && one.size > 0).length).toBeGreaterThan(0);

  // The three districts filled in the default colour (#1f78b4 at 0.8) over much of the map.
  await expect(page.locator('.layer-map')).toHaveAttribute('aria-busy', 'false');
  expect((await pixelsOf(page, page.locator('.layer-map'), ['#1f78b4'], 0.8))[0]).toBeGreaterThan(5000);

  // A click on the third district (4.86 °E, 45.75 °N: right of and below the box's centre) shows its attributes.
  const canvas = page.locator('.layer-map canvas.maplibregl-canvas');
  const frame = (await canvas.boundingBox())!;
  // Fitted with 24 px of padding: the box's height (in Mercator, about 1/cos(lat) of its degrees) fills the map's.
  const stretch = 1 / Math.cos((45.755 * Math.PI) / 180);
  const scale = (frame.height - 48) / (0.05 * stretch);
  await canvas.click({ position: { x: frame.width / 2 + 0.01 * scale, y: frame.height / 2 + 0.005 * stretch * scale } });
  await expect(page.locator('.maplibregl-popup')).toContainText('Lyon 3e — Préfecture');
  await expect(page.locator('.maplibregl-popup')).toContainText('69383');
  await expect(page.locator('.maplibregl-popup').getByRole('button', { name: 'Fermer' })).toBeVisible();
});
