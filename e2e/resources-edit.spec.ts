import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import resourceLabels from '../i18n/resources/dataset-resources.ts';
import layerLabels from '../i18n/resources/geographic-layers.ts';
import taskLabels from '../i18n/resources/tasks.ts';
import { openDatasetPage, openNewDatasetPage, signInFromHome } from './fixtures.ts';
import { pixelsOf } from './mapPixels.ts';
import { pickOption, startWizard } from './resourceWizard.ts';

const labels = resourceLabels.fr;
const layer = layerLabels.fr;
const DATASET = 'Arrêts de bus du réseau urbain';
const STOPS = ['nom,mode,lon,lat', 'Gare,bus,7.2610,43.7040', 'Port,tram,7.2850,43.6960', 'Masséna,tram,7.2700,43.6976', 'Cimiez,bus,7.2793,43.7198', ''].join('\n');


const succeeded = (page: Page) => page.getByRole('region', { name: labels.task.title }).getByText(taskLabels.fr.statuses.SUCCESS, { exact: true });

test('an editor adds a main resource from the sFTP folder, then renames and describes it through the update scenario', async ({ page }) => {
  // Names of its own: a second try finds only its own rows.
  const stamp = Date.now();
  const resourceName = `Arrêts (sFTP) ${stamp}`;
  const renamed = `Arrêts du réseau (sFTP) ${stamp}`;
  test.setTimeout(180_000);
  await signInFromHome(page, 'editor');
  const datasetUrl = await openNewDatasetPage(page, `Arrêts ${stamp}`, DATASET);

  // The demo metropolis dropped CSV files in its sFTP folder: pick one.
  await startWizard(page, datasetUrl, 'main', labels.types.ftp, resourceName);
  await pickOption(page, labels.fields.dataformat, 'CSV');
  await pickOption(page, labels.fields.ftp, /^arrets-bus\.csv \(/);
  await page.getByRole('button', { name: labels.actions.next }).click();
  const scenario = page.getByRole('region', { name: labels.steps.scenario });
  await scenario.getByRole('button', { name: labels.actions.run }).click();
  await expect(page.getByText(labels.messages.createLaunched)).toBeVisible();
  await expect(succeeded(page)).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: labels.actions.back }).click();
  const mainTable = page.getByRole('table', { name: labels.panel.main });
  await expect(mainTable.getByRole('row').filter({ hasText: resourceName })).toContainText(labels.types.ftp);

  // Changed: a new name and a description, then the update scenario runs to its end.
  await mainTable.getByRole('link', { name: labels.actions.edit.replace('%{name}', resourceName) }).click();
  await expect(page.getByRole('heading', { name: labels.wizard.edit.replace('%{name}', resourceName) })).toBeVisible();
  const name = page.getByLabel(labels.fields.display_name, { exact: false }).first();
  await expect(name).toHaveValue(resourceName);
  await name.fill(renamed);
  await page.getByRole('textbox', { name: labels.fields.description }).fill('Copie quotidienne du dépôt de la métropole.');
  await page.getByRole('button', { name: labels.actions.next }).click();
  const update = page.getByRole('region', { name: labels.steps.scenario });
  await expect(update.getByRole('radio').first()).toBeChecked();
  await update.getByRole('button', { name: labels.actions.run }).click();
  await expect(page.getByText(labels.messages.updateLaunched)).toBeVisible();
  await expect(succeeded(page)).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: labels.actions.back }).click();
  await expect(mainTable.getByRole('row').filter({ hasText: renamed })).toContainText(labels.types.ftp);
  await expect(mainTable.getByRole('row').filter({ hasText: resourceName })).toHaveCount(0);
  await mainTable.getByRole('link', { name: labels.actions.edit.replace('%{name}', renamed) }).click();
  await expect(page.getByRole('textbox', { name: labels.fields.description })).toHaveValue('Copie quotidienne du dépôt de la métropole.');
});

test('an editor gives a layer a style classified by a column: legend and map change, and the saved style keeps its classes', async ({ page }) => {
  const annex = `Arrêts par mode ${Date.now()}`; // a name of its own: a second try finds only its own row
  test.setTimeout(180_000);
  const folder = await mkdtemp(join(tmpdir(), 'publish-styles-'));
  const csvPath = join(folder, 'arrets.csv');
  await writeFile(csvPath, STOPS);
  try {
    await signInFromHome(page, 'editor');
    const datasetUrl = await openDatasetPage(page, DATASET);

    // An uploaded annex placed with its lon/lat columns: it becomes a layer.
    await startWizard(page, datasetUrl, 'annex', labels.types['file-upload'], annex);
    await pickOption(page, labels.fields.dataformat, 'CSV');
    await page.getByLabel(labels.fields.file).setInputFiles(csvPath);
    await page.getByRole('button', { name: labels.actions.next }).click();
    const columns = page.getByRole('region', { name: labels.steps.columns });
    await pickOption(page, labels.fields.column_x, 'lon');
    await pickOption(page, labels.fields.column_y, 'lat');
    await pickOption(page, labels.fields.crs, /EPSG:4326/);
    await columns.getByRole('button', { name: labels.actions.next }).click();
    await expect(succeeded(page)).toBeVisible({ timeout: 60_000 });
    await page.getByRole('link', { name: labels.actions.back }).click();
    await page.getByRole('table', { name: labels.panel.annexes }).getByRole('row').filter({ hasText: annex }).getByRole('link', { name: labels.actions.layer }).click();
    await expect(page).toHaveURL(/\/data\/layers\/\d+\/$/);
    // The four points drawn from the layer's vector tiles in the default colour.
    const map = page.locator('.layer-map');
    await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
    await expect(map).toHaveAttribute('aria-busy', 'false');
    await expect.poll(async () => (await pixelsOf(page, map, ['#1f78b4'], 0.8))[0]).toBeGreaterThan(40);

    // One colour per value of "mode": the legend lists the two values and the other values, the map draws two colours.
    await page.getByLabel(layer.style.name, { exact: false }).fill('Par mode');
    await pickOption(page, layer.style.kind, layer.style.kinds.classified);
    await pickOption(page, layer.style.column, 'mode');
    const legend = page.getByRole('list', { name: layer.style.legend });
    await expect(legend.getByRole('listitem')).toHaveCount(3);
    await expect(legend.getByRole('listitem').last()).toContainText(layer.style.otherValues);
    await expect(legend).toContainText('bus');
    await expect(legend).toContainText('tram');
    await page.getByLabel(layer.style.classColor.replace('%{value}', 'tram')).fill('#e31a1c');
    await expect(legend.getByRole('listitem').filter({ hasText: 'tram' })).toContainText('#e31a1c');
    const busColour = (await legend.getByRole('listitem').filter({ hasText: 'bus' }).getAttribute('data-color'))!;
    // Both classes' colours on the map, the default one gone.
    await expect
      .poll(async () => (await pixelsOf(page, map, ['#e31a1c', busColour, '#1f78b4'], 0.8)).map((count) => count > 20))
      .toEqual([true, true, false]);

    await page.getByRole('button', { name: layer.style.save }).click();
    await expect(page.getByText(layer.messages.styleCreateLaunched)).toBeVisible();
    await expect(succeeded(page)).toBeVisible({ timeout: 60_000 });
    await page.reload();
    await pickOption(page, layer.style.choose, 'Par mode');
    await expect(page.getByRole('combobox', { name: layer.style.kind })).toHaveText(layer.style.kinds.classified);
    await expect(page.getByRole('list', { name: layer.style.legend }).getByRole('listitem').filter({ hasText: 'tram' })).toContainText('#e31a1c');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
