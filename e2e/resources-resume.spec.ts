/**
 * A resource wizard left at its placement and resumed from the dataset's page, to the layer made
 * (issue 57, item 7); and a layer's map that follows a style change made while its tiles still
 * load (item 8).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import datasetLabels from '../i18n/resources/datasets.ts';
import resourceLabels from '../i18n/resources/dataset-resources.ts';
import layerLabels from '../i18n/resources/geographic-layers.ts';
import taskLabels from '../i18n/resources/tasks.ts';
import { openDatasetPage, openNewDatasetPage, signInFromHome } from './fixtures.ts';
import { pixelsOf } from './mapPixels.ts';
import { pickOption, startWizard } from './resourceWizard.ts';

const labels = resourceLabels.fr;
const layer = layerLabels.fr;
const DATASET = 'Arrêts de bus du réseau urbain';
/** Charging points whose header names X and Y, in degrees: the wizard proposes them in WGS 84. */
const POINTS = ['nom,mode,X,Y', 'Gare,rapide,7.2610,43.7040', 'Port,lente,7.2850,43.6960', 'Masséna,lente,7.2700,43.6976', 'Cimiez,rapide,7.2793,43.7198', ''].join('\n');
/** The basemap's raster tiles (schemas/constants.ts DEFAULT_TILE_URL). */
const BASEMAP = /^https:\/\/tile\.openstreetmap\.org\//;
/** A transparent PNG of one pixel. */
const BLANK_TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const succeeded = (page: Page) => page.getByRole('region', { name: labels.task.title }).getByText(taskLabels.fr.statuses.SUCCESS, { exact: true });

/** Runs `body` with the test's CSV written to a file of its own. */
async function withCsv(body: (path: string) => Promise<void>) {
  const folder = await mkdtemp(join(tmpdir(), 'publish-resume-'));
  try {
    const path = join(folder, 'bornes.csv');
    await writeFile(path, POINTS);
    await body(path);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

test('a wizard left at the placement resumes from the dataset with its format and file, and ends with the layer made', async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const name = `Bornes reprises ${stamp}`;
  await withCsv(async (csv) => {
    await signInFromHome(page, 'editor');
    const datasetUrl = await openNewDatasetPage(page, `Bornes ${stamp}`, DATASET);
    await startWizard(page, datasetUrl, 'main', labels.types['file-upload'], name);
    await pickOption(page, labels.fields.dataformat, 'CSV');
    await page.getByLabel(labels.fields.file).setInputFiles(csv);
    await page.getByRole('button', { name: labels.actions.next }).click();
    await expect(page.getByRole('region', { name: labels.steps.columns })).toBeVisible({ timeout: 30_000 });

    // Left there: the dataset's page says its data is not loaded yet, and offers to resume.
    await page.goto(datasetUrl);
    await page.getByRole('tab', { name: datasetLabels.fr.tabs.resources }).click();
    const row = page.getByRole('table', { name: labels.panel.main }).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(labels.processing.unloaded);
    await row.getByRole('link', { name: labels.processing.resume }).click();

    // What was chosen is shown: the format and the file sent.
    await expect(page.getByRole('heading', { name: labels.wizard.edit.replace('%{name}', name) })).toBeVisible();
    await expect(page.getByRole('combobox', { name: new RegExp(`^${labels.fields.dataformat}`) })).toHaveText('CSV');
    await expect(page.getByText(/^Fichier actuel : bornes\.csv/)).toBeVisible();
    await page.getByRole('button', { name: labels.actions.next }).click();

    // X and Y proposed in WGS 84, saying why; then the creation scenario, to its end.
    const columns = page.getByRole('region', { name: labels.steps.columns });
    await expect(columns.getByRole('combobox', { name: new RegExp(`^${labels.fields.column_x.replace(/[()]/g, '\\$&')}`) })).toHaveText('X');
    await expect(columns.getByRole('status')).toContainText('ressemblent à des longitudes et des latitudes');
    await columns.getByRole('button', { name: labels.actions.next }).click();
    const scenario = page.getByRole('region', { name: labels.steps.scenario });
    await scenario.getByRole('button', { name: labels.actions.run }).click();
    await expect(succeeded(page)).toBeVisible({ timeout: 90_000 });

    // The layer made, with the four points.
    await page.getByRole('link', { name: labels.actions.back }).click();
    await row.getByRole('link', { name: labels.actions.layer }).click();
    await expect(page).toHaveURL(/\/data\/layers\/\d+\/$/);
    await expect(page.getByText(layer.summary.replace('%{total}', '4').replace('%{geometry}', layer.geometryTypes.Point))).toBeVisible();
  });
});

test("a style change made while the map's tiles still load is drawn", async ({ page }) => {
  test.setTimeout(180_000);
  const annex = `Bornes par vitesse ${Date.now()}`;
  await withCsv(async (csv) => {
    // The basemap's tiles (from outside, which the tests do not reach) answered here, blank: at once, or late.
    let slowBasemap = false;
    await page.route(BASEMAP, async (route) => {
      if (slowBasemap) await new Promise((resolve) => setTimeout(resolve, 8_000));
      await route.fulfill({ status: 200, contentType: 'image/png', headers: { 'access-control-allow-origin': '*' }, body: BLANK_TILE }).catch(() => undefined);
    });
    await signInFromHome(page, 'editor');
    const datasetUrl = await openDatasetPage(page, DATASET);
    // An annex runs its creation by itself, placed as proposed.
    await startWizard(page, datasetUrl, 'annex', labels.types['file-upload'], annex);
    await pickOption(page, labels.fields.dataformat, 'CSV');
    await page.getByLabel(labels.fields.file).setInputFiles(csv);
    await page.getByRole('button', { name: labels.actions.next }).click();
    await page.getByRole('region', { name: labels.steps.columns }).getByRole('button', { name: labels.actions.next }).click();
    await expect(succeeded(page)).toBeVisible({ timeout: 90_000 });
    await page.getByRole('link', { name: labels.actions.back }).click();
    await page.getByRole('table', { name: labels.panel.annexes }).getByRole('row').filter({ hasText: annex }).getByRole('link', { name: labels.actions.layer }).click();
    const map = page.locator('.layer-map');
    await expect(map).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    await expect.poll(async () => (await pixelsOf(page, map, ['#1f78b4'], 0.8))[0]).toBeGreaterThan(40);

    // The map zoomed out, its new basemap tiles slow to come: the style changes while they load.
    slowBasemap = true;
    await page.getByRole('button', { name: 'Zoom arrière' }).click();
    await expect(map).toHaveAttribute('aria-busy', 'true');
    await pickOption(page, layer.style.kind, layer.style.kinds.classified);
    await expect(page.getByRole('combobox', { name: layer.style.column })).toHaveText('mode');
    await page.getByLabel(layer.style.classColor.replace('%{value}', 'rapide')).fill('#ff00ff');
    await page.getByLabel(layer.style.classColor.replace('%{value}', 'lente')).fill('#00cc00');
    // The changes drawn, the default colour gone, whenever the tiles come.
    await expect
      .poll(async () => (await pixelsOf(page, map, ['#ff00ff', '#00cc00', '#1f78b4'], 0.8)).map((count) => count > 20), { timeout: 30_000 })
      .toEqual([true, true, false]);
  });
});
