/**
 * A polygon layer styled as a cartographer would: graduated classes of a numeric column by
 * quantiles, the legend following the number of classes, the map drawing the classes' colours,
 * the style saved, exported as SLD and imported back into the same classes, and its legend on the
 * dataset page.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import datasetLabels from '../i18n/resources/datasets.ts';
import layerLabels from '../i18n/resources/geographic-layers.ts';
import { openDatasetPage, signInFromHome } from './fixtures.ts';
import { pixelsOf } from './mapPixels.ts';
import { openNewPolygonLayer, pickOption, succeeded } from './resourceWizard.ts';

const layer = layerLabels.fr;
const DATASET = 'Arrêts de bus du réseau urbain';

/** Ten squares of 0.02° in a row near Nice, peopled 100, 200 … 1000. */
const SQUARES = JSON.stringify({
  type: 'FeatureCollection',
  features: Array.from({ length: 10 }, (_, index) => {
    const [lon, lat] = [7.2 + index * 0.025, 43.7];
    return {
      type: 'Feature',
      properties: { nom: `Quartier ${index + 1}`, population: (index + 1) * 100 },
      geometry: { type: 'Polygon', coordinates: [[[lon, lat], [lon + 0.02, lat], [lon + 0.02, lat + 0.02], [lon, lat + 0.02], [lon, lat]]] },
    };
  }),
});


const legendItems = (page: Page) => page.getByRole('list', { name: layer.style.legend }).getByRole('listitem');

test('an editor styles a polygon layer in graduated classes: the legend follows the class count, and the SLD exported imports back the same classes', async ({ page }) => {
  test.setTimeout(240_000);
  const folder = await mkdtemp(join(tmpdir(), 'publish-graduated-'));
  const file = join(folder, 'quartiers.geojson');
  // A name of its own, so that a second try finds only its own annex and legend.
  const annex = `Quartiers peuplés ${Date.now()}`;
  await writeFile(file, SQUARES);
  try {
    await signInFromHome(page, 'editor');
    const datasetUrl = await openDatasetPage(page, DATASET);

    // A GeoJSON of polygons loaded as an annex (its creation runs at once): it becomes a layer.
    await openNewPolygonLayer(page, datasetUrl, annex, file);
    const map = page.locator('.layer-map');
    await expect(map).toHaveAttribute('aria-busy', 'false');

    // Five quantile classes of the population: the legend gives each its range and colour, the map draws them.
    await page.getByLabel(layer.style.name, { exact: false }).fill('Population');
    await pickOption(page, layer.style.kind, layer.style.kinds.graduated);
    await pickOption(page, layer.style.column, 'population');
    await expect(page.getByRole('combobox', { name: layer.style.method })).toHaveText(layer.style.methods.quantile);
    await expect(legendItems(page)).toHaveText(['100 – 300 (#ffffcc)', '300 – 500 (#fed976)', '500 – 700 (#fd8d3c)', '700 – 900 (#e31a1c)', '900 – 1000 (#800026)']);
    await expect.poll(async () => (await pixelsOf(page, map, ['#e31a1c', '#800026'], 0.8)).map((count) => count > 50), { timeout: 20_000 }).toEqual([true, true]);

    // Three classes: the legend changes with them.
    await page.getByRole('spinbutton', { name: layer.style.classCount }).fill('3');
    const threeClasses = ['100 – 500 (#ffffcc)', '500 – 800 (#fd8d3c)', '800 – 1000 (#800026)'];
    await expect(legendItems(page)).toHaveText(threeClasses);

    await page.getByRole('button', { name: layer.style.save }).click();
    await expect(page.getByText(layer.messages.styleCreateLaunched)).toBeVisible();
    await expect(succeeded(page)).toBeVisible({ timeout: 60_000 });

    // The SLD exported, then imported back: the same three classes.
    const exportLink = page.getByRole('link', { name: layer.style.exportSld });
    const sld = await (await page.request.get(new URL((await exportLink.getAttribute('href'))!, page.url()).href)).text();
    expect(sld).toContain('<ogc:PropertyName>population</ogc:PropertyName>');
    await page.getByLabel(layer.style.importFile).setInputFiles({ name: 'population.sld', mimeType: 'application/vnd.ogc.sld+xml', buffer: Buffer.from(sld) });
    await expect(legendItems(page)).toHaveText(threeClasses);
    await expect(page.getByRole('combobox', { name: layer.style.kind })).toHaveText(layer.style.kinds.graduated);
    await expect(page.getByText(layer.style.imported)).toHaveCount(0);

    // The dataset page shows the same legend.
    await page.goto(datasetUrl);
    await page.getByRole('tab', { name: datasetLabels.fr.tabs.resources }).click();
    const onDataset = page.getByRole('list', { name: new RegExp(`${annex} — Population »$`) }).getByRole('listitem');
    await expect(onDataset).toHaveText(threeClasses);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
