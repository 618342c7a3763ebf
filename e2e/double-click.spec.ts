/** A double click on a creation form's save makes one record: the form waits for its answer, and the server takes each POST's Idempotency-Key. */
import { expect, test, type Page } from '@playwright/test';
import frenchMessages from 'ra-language-french';
import resourceLabels from '../i18n/resources/dataset-resources.ts';
import datasetLabels from '../i18n/resources/datasets.ts';
import { openNewDatasetPage, signInFromHome } from './fixtures.ts';
import { pickOption, startWizard } from './resourceWizard.ts';

const labels = datasetLabels.fr;

async function pickDatasetOption(page: Page, field: string, option: string) {
  await page.getByLabel(field).first().click();
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

test('a double click on the dataset form\'s save creates one dataset', async ({ page }) => {
  const name = `Double clic ${Date.now()}`;
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/fr/dataset/datasets/') posts.push(request.url());
  });
  await signInFromHome(page, 'editor');
  await page.goto('/publish/fr/data/datasets/new/');
  await page.getByLabel(labels.fields.display_name).first().fill(name);
  await page.getByRole('textbox', { name: labels.fields.description }).fill('Créé d’un double clic.');
  await page.getByLabel(labels.fields.tags).first().fill('essai');
  await page.keyboard.press('Enter');
  await pickDatasetOption(page, labels.fields.topics, 'Réseaux de transport');
  await pickDatasetOption(page, labels.fields.kinds, 'Données tabulaires');
  await pickDatasetOption(page, labels.fields.record_type, 'Jeu de données');
  await page.getByRole('tab', { name: labels.tabs.dates }).click();
  await pickDatasetOption(page, labels.fields.update_frequency, 'Annuelle');
  await page.getByLabel(labels.fields.publication_date).first().fill('2026-01-15');
  await page.getByLabel(labels.fields.last_update_date).first().fill('2026-11-01');
  await expect(page.getByText(labels.unfilled.none)).toBeVisible();

  await page.getByRole('button', { name: frenchMessages.ra.action.save }).dblclick();
  await expect(page.getByText(labels.messages.createdNamed.replace('%{name}', name))).toBeVisible();
  await expect(page).toHaveURL(/\/data\/datasets\/\d+\/$/);

  const list = await page.request.get('/fr/dataset/datasets/?page_size=100');
  const results = ((await list.json()) as { results: { display_name: string }[] }).results;
  expect(results.filter((dataset) => dataset.display_name === name)).toHaveLength(1);
  expect(posts).toHaveLength(1);
});

test('a double click on the resource wizard\'s Next creates one resource', async ({ page }) => {
  const stamp = Date.now();
  const name = `Lien double clic ${stamp}`;
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/fr/resource/resources/') posts.push(request.url());
  });
  await signInFromHome(page, 'editor');
  const datasetUrl = await openNewDatasetPage(page, `Ressource double clic ${stamp}`);
  const datasetId = Number(/\/datasets\/(\d+)\//.exec(datasetUrl)![1]);
  await startWizard(page, datasetUrl, 'annex', resourceLabels.fr.types.href, name);
  await pickOption(page, resourceLabels.fr.fields.dataformat, 'PDF');
  await page.getByLabel(resourceLabels.fr.fields.href, { exact: false }).fill('https://example.org/notice.pdf');
  await page.getByRole('button', { name: resourceLabels.fr.actions.next }).dblclick();
  await expect(page.getByRole('region', { name: resourceLabels.fr.task.title })).toBeVisible({ timeout: 30_000 });

  const links = await page.request.get(`/fr/resource/resource-dataset/?dataset_id=${datasetId}&page_size=100`);
  const results = ((await links.json()) as { results: { resource: { display_name: string } }[] }).results;
  expect(results.filter((link) => link.resource.display_name === name)).toHaveLength(1);
  expect(posts).toHaveLength(1);
});
