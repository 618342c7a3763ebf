import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import frenchMessages from 'ra-language-french';
import datasetPermissions from '../i18n/resources/dataset-permissions.ts';
import datasetLabels from '../i18n/resources/datasets.ts';
import { catalogues, signInFromHome } from './fixtures.ts';

const labels = datasetLabels.fr;
const permissions = datasetPermissions.fr;

/** The list of the form's required fields still empty, as the editor sees it. */
const unfilled = (page: Page) => page.getByRole('region', { name: labels.fields.unfilled_fields });

async function pickOption(page: Page, field: string, option: string) {
  await page.getByLabel(field).first().click();
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

test('an editor creates a dataset, shares it with a user group in bulk and finds it in the export; another editor cannot see it', async ({ page, browser }) => {
  const name = `Stationnements vélo ${Date.now()}`;
  await signInFromHome(page, 'editor');
  await page.goto('/publish/fr/data/datasets/new/');

  await page.getByLabel(labels.fields.display_name).first().fill(name);
  await expect(unfilled(page)).toContainText(labels.fields.description);
  await page.getByLabel(labels.fields.description).first().fill('Emplacements de stationnement pour vélos de la métropole.');
  await expect(unfilled(page)).not.toContainText(labels.fields.description);

  await page.getByLabel(labels.fields.tags).first().fill('vélo');
  await page.keyboard.press('Enter');
  await pickOption(page, labels.fields.topics, 'Réseaux de transport');
  await pickOption(page, labels.fields.kinds, 'Données tabulaires');
  await pickOption(page, labels.fields.record_type, 'Jeu de données');
  await pickOption(page, labels.fields.update_frequency, 'Annuelle');
  await page.getByLabel(labels.fields.publication_date).first().fill('2026-01-15');
  await page.getByLabel(labels.fields.last_update_date).first().fill('2026-11-01');
  await expect(page.getByText(labels.unfilled.none)).toBeVisible();

  await page.getByRole('button', { name: frenchMessages.ra.action.save }).click();
  await expect(page.getByText(labels.messages.createdNamed.replace('%{name}', name))).toBeVisible();

  // The new dataset is private by default: the editor grants download to a user group in bulk.
  await page.goto('/publish/fr/data/datasets/');
  await page.getByRole('link', { name }).or(page.getByRole('row').filter({ hasText: name })).first().click();
  await expect(page).toHaveURL(/\/data\/datasets\/\d+\/$/);
  const datasetUrl = page.url();
  await page.getByRole('link', { name: labels.actions.permissions }).or(page.getByRole('button', { name: labels.actions.permissions })).first().click();
  await expect(page.getByRole('heading', { name: permissions.title.replace('%{name}', name) })).toBeVisible();
  await page.getByPlaceholder(frenchMessages.ra.action.search).fill('Mobilité');
  const groupRow = page.getByRole('row').filter({ hasText: 'Groupe de travail Mobilité' });
  await expect(groupRow).toBeVisible();
  await groupRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: permissions.actions.download }).click();
  await page.getByRole('dialog').getByRole('button', { name: catalogues.fr.publish.feedback.confirm.confirm }).click();
  await expect(page.getByText(permissions.messages.updated)).toBeVisible();
  await expect(groupRow).toContainText(permissions.levels.download);

  // The export of the list holds the dataset.
  await page.goto('/publish/fr/data/datasets/');
  await page.getByPlaceholder(frenchMessages.ra.action.search).fill(name);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Métropole Côte-Azurine');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: labels.actions.export }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^datasets-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('"COLL_NOM","COLL_SIRET","ID","TITRE"');
  expect(csv).toContain(`"${name}"`);

  // An editor of another organisation neither lists it nor opens it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/publish/');
  await otherPage.getByRole('main').getByRole('link', { name: catalogues.fr.publish.home.signIn }).click();
  await otherPage.getByLabel(catalogues.fr.login.signin.username).fill('marie.lefebvre');
  await otherPage.getByLabel(catalogues.fr.login.signin.password).fill(process.env.E2E_DEMO_PASSWORD ?? 'e2e-demo-password');
  await otherPage.getByRole('button', { name: catalogues.fr.login.signin.submit }).click();
  await otherPage.goto('/publish/fr/data/datasets/');
  await otherPage.getByPlaceholder(frenchMessages.ra.action.search).fill(name);
  await expect(otherPage.getByText(frenchMessages.ra.navigation.no_filtered_results)).toBeVisible();
  await expect(otherPage.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  // Datasets of groups they do not belong to show their organisation's name all the same.
  await otherPage.getByPlaceholder(frenchMessages.ra.action.search).fill('hydrométriques');
  await expect(otherPage.getByRole('row').filter({ hasText: 'Stations hydrométriques' })).toContainText("Office de l'eau du bassin de la Durance");
  await otherPage.goto(datasetUrl);
  await expect(otherPage.getByRole('textbox', { name: labels.fields.display_name })).toHaveCount(0);
  await other.close();
});
