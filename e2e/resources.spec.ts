import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import resourceLabels from '../i18n/resources/dataset-resources.ts';
import layerLabels from '../i18n/resources/geographic-layers.ts';
import taskLabels from '../i18n/resources/tasks.ts';
import { openNewDatasetPage, signInFromHome } from './fixtures.ts';
import { pickOption, startWizard } from './resourceWizard.ts';

const labels = resourceLabels.fr;
const layer = layerLabels.fr;
const DATASET = 'Comptages vélo';
const CSV = ['nom,lon,lat', 'Promenade,7.2620,43.6950', 'Port,7.2850,43.6960', 'Gare,7.2610,43.7040', ''].join('\n');
/** A CSV whose bytes are not UTF-8: its import must fail with the reason. */
const BROKEN_CSV = Buffer.from([0x61, 0x0a, 0xff, 0xfe, 0x0a]);

/** A small site on this machine: a page that answers, and a broken CSV to download. */
async function startSite(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.url === '/notice.pdf') {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end(request.method === 'HEAD' ? undefined : '%PDF-1.4\n%%EOF\n');
    } else if (request.url === '/broken.csv') {
      response.writeHead(200, { 'content-type': 'text/csv' });
      response.end(BROKEN_CSV);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}


test('an editor adds a CSV main resource with its map and style, a link annex, and sees a broken download fail until acknowledged', async ({ page }) => {
  // Names of its own: a second try finds only its own rows.
  const stamp = Date.now();
  const [resourceName, link, broken] = [`Compteurs ${stamp}`, `Notice ${stamp}`, `Relevés cassés ${stamp}`];
  test.setTimeout(180_000);
  const folder = await mkdtemp(join(tmpdir(), 'publish-resources-'));
  const csvPath = join(folder, 'compteurs.csv');
  await writeFile(csvPath, CSV);
  const site = await startSite();
  try {
    await signInFromHome(page, 'editor');
    const datasetUrl = await openNewDatasetPage(page, `${DATASET} ${stamp}`, DATASET);

    // The main resource: an uploaded CSV, placed with its lon/lat columns in WGS 84.
    await startWizard(page, datasetUrl, 'main', labels.types['file-upload'], resourceName);
    await pickOption(page, labels.fields.dataformat, 'CSV');
    await page.getByLabel(labels.fields.file).setInputFiles(csvPath);
    await expect(page.getByText('compteurs.csv')).toBeVisible();
    await page.getByRole('button', { name: labels.actions.next }).click();
    await expect(page.getByRole('status').filter({ hasText: '(100 %)' })).toBeVisible();

    const columns = page.getByRole('region', { name: labels.steps.columns });
    await expect(columns.getByRole('table', { name: labels.steps.preview })).toContainText('Promenade');
    await pickOption(page, labels.fields.column_x, 'lon');
    await pickOption(page, labels.fields.column_y, 'lat');
    await pickOption(page, labels.fields.crs, /EPSG:4326/);
    await columns.getByRole('button', { name: labels.actions.next }).click();

    const scenario = page.getByRole('region', { name: labels.steps.scenario });
    await expect(scenario.getByRole('radio').first()).toBeChecked();
    await scenario.getByRole('button', { name: labels.actions.run }).click();
    await expect(page.getByText(labels.messages.createLaunched)).toBeVisible();
    const follow = page.getByRole('region', { name: labels.task.title });
    await expect(follow.getByText(taskLabels.fr.statuses.SUCCESS, { exact: true })).toBeVisible({ timeout: 60_000 });

    // Back on the dataset page: the main resource with its format and size.
    await page.getByRole('link', { name: labels.actions.back }).click();
    const mainTable = page.getByRole('table', { name: labels.panel.main });
    const mainRow = mainTable.getByRole('row').filter({ hasText: resourceName });
    await expect(mainRow).toContainText('CSV');
    await expect(mainRow).toContainText(`${Buffer.byteLength(CSV)}\u00a0octets`);

    // Its geographic layer: the three points on the map, then a style of another colour.
    await mainRow.getByRole('link', { name: labels.actions.layer }).click();
    await expect(page).toHaveURL(/\/data\/layers\/\d+\/$/);
    await expect(page.getByText(layer.summary.replace('%{total}', '3').replace('%{geometry}', 'Point'))).toBeVisible();
    await expect(page.locator('.layer-map canvas.maplibregl-canvas')).toBeVisible();
    await page.getByLabel(layer.style.name, { exact: false }).fill('Rouge');
    await page.getByLabel(layer.style.color, { exact: true }).fill('#e31a1c');
    await expect(page.getByRole('list', { name: layer.style.legend })).toContainText('#e31a1c');
    await page.getByRole('button', { name: layer.style.save }).click();
    await expect(page.getByText(layer.messages.styleCreateLaunched)).toBeVisible();
    await expect(page.getByRole('region', { name: labels.task.title }).getByText(taskLabels.fr.statuses.SUCCESS, { exact: true })).toBeVisible({ timeout: 60_000 });
    await page.reload();
    await pickOption(page, layer.style.choose, 'Rouge');
    await expect(page.getByLabel(layer.style.color, { exact: true })).toHaveValue('#e31a1c');

    // A link annex: the link answers, so its check succeeds.
    await startWizard(page, datasetUrl, 'annex', labels.types.href, link);
    await pickOption(page, labels.fields.dataformat, 'PDF');
    await page.getByLabel(labels.fields.href, { exact: false }).fill(`${site.url}/notice.pdf`);
    await page.getByRole('button', { name: labels.actions.next }).click();
    await expect(page.getByRole('region', { name: labels.task.title }).getByText(taskLabels.fr.statuses.SUCCESS, { exact: true })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('link', { name: labels.actions.back }).click();
    await expect(page.getByRole('table', { name: labels.panel.annexes }).getByRole('row').filter({ hasText: link })).toContainText(labels.types.href);

    // A downloaded CSV that is not UTF-8: the failure shows on the resource until acknowledged.
    await startWizard(page, datasetUrl, 'annex', labels.types['file-download'], broken);
    await pickOption(page, labels.fields.dataformat, 'CSV');
    await page.getByLabel(labels.fields.href, { exact: false }).fill(`${site.url}/broken.csv`);
    await page.getByRole('button', { name: labels.actions.next }).click();
    await expect(page.getByRole('region', { name: labels.task.title }).getByText(taskLabels.fr.statuses.FAILURE, { exact: true })).toBeVisible({ timeout: 60_000 });
    await page.getByRole('link', { name: labels.actions.back }).click();
    const brokenRow = page.getByRole('table', { name: labels.panel.annexes }).getByRole('row').filter({ hasText: broken });
    const failure = brokenRow.getByRole('alert');
    await expect(failure).toContainText('UTF-8');
    await failure.getByRole('button', { name: taskLabels.fr.actions.acknowledge }).click();
    // Acknowledged, the failure goes; the annex, never loaded, says so and offers to resume.
    await expect(brokenRow.getByRole('alert')).not.toContainText('UTF-8');
    await expect(brokenRow.getByRole('alert')).toContainText(labels.processing.unloaded);
    await page.reload();
    const reloaded = page.getByRole('table', { name: labels.panel.annexes }).getByRole('row').filter({ hasText: broken });
    await expect(reloaded.getByRole('alert')).toContainText(labels.processing.unloaded);
    await expect(reloaded.getByRole('link', { name: labels.processing.resume })).toBeVisible();
  } finally {
    site.server.close();
    await rm(folder, { recursive: true, force: true });
  }
});
