import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import resourceLabels from '../i18n/resources/dataset-resources.ts';
import datasetLabels from '../i18n/resources/datasets.ts';
import indexerLabels from '../i18n/resources/indexers.ts';
import { signInFromHome } from './fixtures.ts';

const labels = indexerLabels.fr;
const CKAN = readFileSync(path.join(import.meta.dirname, '..', 'tests', 'fixtures', 'harvest', 'ckan-package_search-fr.json'), 'utf8');
const FIXTURE_TITLE = 'Antennes régionales de la Région Hauts-de-France (au 01/10/2019)';
/** What the remote answers: the fixture, its dataset's title made the test's own. */
let served = CKAN;

let remote: http.Server;
let remoteUrl: string;

// A CKAN catalogue on this machine, answering package_search with the fixture.
test.beforeAll(async () => {
  remote = http.createServer((request, response) => {
    if (request.url?.startsWith('/api/3/action/package_search')) response.writeHead(200, { 'content-type': 'application/json' }).end(served);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}/`;
});
test.afterAll(() => new Promise<void>((resolve) => remote.close(() => resolve())));

test('a delegated administrator creates a CKAN harvester for their organisation, tests it, runs it and finds the harvested datasets with their origin', async ({ page }) => {
  // Names of its own: a second try finds only its own harvester and dataset.
  const stamp = Date.now();
  const harvested = `${FIXTURE_TITLE} ${stamp}`;
  const indexer = `Hauts-de-France CKAN ${stamp}`;
  served = CKAN.replace(FIXTURE_TITLE, harvested);
  await signInFromHome(page, 'referent');
  await page.goto('/publish/fr/accounts/organisations/');
  await page.getByText('Région Sud-Méditerranée').first().click();
  const panel = page.getByRole('region', { name: labels.page.panel });
  await panel.getByRole('link', { name: labels.page.add }).click();
  await expect(page).toHaveURL(/\/accounts\/usergroup\/\d+\/indexer\/new\/$/);

  await page.getByRole('combobox', { name: new RegExp(labels.fields.implementation_type) }).click();
  await page.getByRole('option', { name: 'CKAN' }).click();
  await page.getByRole('textbox', { name: new RegExp(`^${labels.fields.name}`) }).fill(indexer);
  await page.getByRole('textbox', { name: new RegExp(labels.fields.url) }).fill(remoteUrl);
  await page.getByRole('textbox', { name: new RegExp(labels.fields.url_pattern) }).fill('https://opendata.hautsdefrance.fr/dataset/{identifier}');
  await page.getByRole('combobox', { name: new RegExp(labels.fields.scheduler) }).click();
  await page.getByRole('option').first().click();

  // The trial before saving: counts and the first records mapped.
  await page.getByRole('button', { name: labels.page.trial, exact: true }).click();
  const preview = page.getByRole('region', { name: labels.page.trialTitle });
  await expect(preview).toContainText('2 à créer');
  await expect(preview).toContainText(harvested);

  await page.getByRole('button', { name: labels.page.save }).click();
  await expect(page).toHaveURL(/\/accounts\/usergroup\/\d+\/indexer\/\d+\/$/);
  // The success message stays on the new indexer's page.
  await expect(page.getByText(labels.messages.created)).toBeVisible();
  await page.getByRole('button', { name: labels.page.runNow }).click();
  await expect(page.getByText(labels.page.runQueued)).toBeVisible();
  // The last runs refresh by themselves; the run's summary shows.
  await expect(page.getByText(/Moissonnage terminé : 2 créés/)).toBeVisible({ timeout: 25_000 });

  await page.goto('/publish/fr/data/datasets/');
  const row = page.getByRole('row').filter({ hasText: harvested });
  await expect(row).toContainText(`Moissonné depuis « ${indexer} »`);
  await row.getByText(harvested).click();
  await expect(page.getByRole('note')).toContainText(`Moissonné depuis « ${indexer} »`);
  await expect(page.getByRole('link', { name: labels.page.originLink })).toHaveAttribute('href', 'https://opendata.hautsdefrance.fr/dataset/antennes-regionales-de-la-region-hauts-de-france-au-01102019-0');
  // Its remote distributions are link resources of the dataset, with their format.
  await page.getByRole('tab', { name: datasetLabels.fr.tabs.resources }).click();
  const annexes = page.getByRole('table', { name: resourceLabels.fr.panel.annexes });
  await expect(annexes.getByRole('row').filter({ hasText: 'coordonnees_antennes.xlsx' })).toContainText('XLSX');
  await expect(annexes.getByRole('row').filter({ hasText: 'Visionneuse mviewer' })).toBeVisible();
});
