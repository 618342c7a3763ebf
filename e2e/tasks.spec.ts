import { expect, test, type APIRequestContext } from '@playwright/test';
import frenchMessages from 'ra-language-french';
import datasetLabels from '../i18n/resources/datasets.ts';
import taskLabels from '../i18n/resources/tasks.ts';
import { openDatasetPage, signInFromHome } from './fixtures.ts';

const labels = datasetLabels.fr;
const tasks = taskLabels.fr;
const DATASET = 'Arrêts de bus du réseau urbain';

/** The public DCAT-AP catalogue as a harvester reads it: anonymous, JSON-LD. */
async function publicCatalogue(request: APIRequestContext): Promise<string> {
  const response = await request.get('/fr/dataset/catalog/?format=jsonld&page_size=100');
  expect(response.status()).toBe(200);
  return response.text();
}

test('an editor unpublishes a dataset, watches its task succeed on the tasks page, and the dataset leaves the public catalogue', async ({ page, playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  expect(await publicCatalogue(anonymous)).toContain(DATASET);

  await signInFromHome(page, 'editor');
  const datasetId = /\/data\/datasets\/(\d+)\/$/.exec(await openDatasetPage(page, DATASET))![1];

  // A second tab keeps the dataset's tasks open; it is never reloaded.
  const tasksPage = await page.context().newPage();
  await tasksPage.goto(`/publish/fr/data/tasks/?dataset=${datasetId}`);
  await expect(tasksPage.getByRole('heading', { name: tasks.list.title }).or(tasksPage.getByText(tasks.list.title)).first()).toBeVisible();
  const unpublishRow = tasksPage.getByRole('row').filter({ hasText: 'Dépublier le jeu de données' });
  await expect(unpublishRow).toHaveCount(0);

  await page.getByRole('tab', { name: labels.tabs.access }).click();
  await page.getByRole('checkbox', { name: labels.fields.publish }).or(page.getByLabel(labels.fields.publish)).first().uncheck();
  await page.getByRole('button', { name: frenchMessages.ra.action.save }).click();
  await expect(page.getByText(tasks.messages.unpublishLaunched)).toBeVisible();

  // The open tasks page refreshes by itself (every 15 s) and shows the run's success.
  await expect(unpublishRow.first()).toContainText(tasks.statuses.SUCCESS, { timeout: 25_000 });
  // On the action's name: the object's cell links to the dataset itself.
  await unpublishRow.first().getByText('Dépublier le jeu de données').click();
  await expect(tasksPage).toHaveURL(/\/data\/tasks\/\d+\/$/);
  await expect(tasksPage.getByText(tasks.statuses.SUCCESS).first()).toBeVisible();

  expect(await publicCatalogue(anonymous)).not.toContain(DATASET);
  await anonymous.dispose();
});
