import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import frenchMessages from 'ra-language-french';
import bulkLabels from '../i18n/resources/dataset-bulk.ts';
import datasetPermissions from '../i18n/resources/dataset-permissions.ts';
import datasetLabels from '../i18n/resources/datasets.ts';
import { catalogues, navEntry, openDatasetPage, signInFromHome, submitSignIn } from './fixtures.ts';

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
  await page.getByRole('textbox', { name: labels.fields.description }).fill('Emplacements de stationnement pour vélos de la métropole.');
  await expect(unfilled(page)).not.toContainText(labels.fields.description);

  await page.getByLabel(labels.fields.tags).first().fill('vélo');
  await page.keyboard.press('Enter');
  await pickOption(page, labels.fields.topics, 'Réseaux de transport');
  await pickOption(page, labels.fields.kinds, 'Données tabulaires');
  await pickOption(page, labels.fields.record_type, 'Jeu de données');
  // The dates are in their own tab.
  await page.getByRole('tab', { name: labels.tabs.dates }).click();
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
  await page.getByRole('tab', { name: labels.tabs.access }).click();
  await page.getByRole('link', { name: labels.actions.permissions }).or(page.getByRole('button', { name: labels.actions.permissions })).first().click();
  await expect(page.getByRole('heading', { name: permissions.title.replace('%{name}', name) })).toBeVisible();
  await page.getByPlaceholder(frenchMessages.ra.action.search).fill('Mobilité');
  const groupRow = page.getByRole('row').filter({ hasText: 'Groupe de travail Mobilité' });
  await expect(groupRow).toBeVisible();
  await groupRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: permissions.actions.download }).click();
  // The change is previewed, then applied as a task.
  await page.getByRole('dialog').getByRole('button', { name: bulkLabels.fr.actions.apply }).click();
  await expect(page.getByText(/Modification groupée lancée \(tâche \d+\)\./)).toBeVisible();
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

/** Opens a demo dataset's page from the list searched for its name, as `page`'s user. */
async function openDataset(page: Page, name: string) {
  await page.goto(`/publish/fr/data/datasets/?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByText(name, { exact: true }).click();
  await expect(page).toHaveURL(/\/data\/datasets\/\d+\/$/);
}

test("the dataset page in tabs: an unfilled field opens its tab with the focus in it, the address keeps the tab, leaving unsaved changes asks first", async ({ page }) => {
  await signInFromHome(page, 'editor');
  await page.goto('/publish/fr/data/datasets/new/');
  const tabs = page.getByRole('tablist', { name: labels.tabs.label });
  await expect(tabs.getByRole('tab', { name: labels.tabs.description })).toHaveAttribute('aria-selected', 'true');
  // A new dataset has no update frequency yet: its tab says it has fields to check.
  const datesTab = tabs.getByRole('tab', { name: labels.tabs.dates });
  await expect(datesTab).toHaveAccessibleName(/à revoir/);

  await unfilled(page).getByRole('link', { name: labels.fields.update_frequency }).click();
  await expect(page).toHaveURL(/\?tab=dates$/);
  await expect(datesTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: labels.fields.update_frequency })).toBeFocused();

  // Reloading (or sharing the address) lands on the same tab.
  await page.reload();
  await expect(page.getByRole('tab', { name: labels.tabs.dates })).toHaveAttribute('aria-selected', 'true');
  const year = page.getByRole('tabpanel', { name: labels.tabs.dates }).getByLabel(labels.fields.year);
  await expect(year).toBeVisible();

  // An unsaved change: leaving asks first; staying keeps the value, leaving goes.
  await year.fill('2031');
  await expect(page.getByRole('button', { name: frenchMessages.ra.action.save })).toBeInViewport();
  // On a slow computer too: the second try comes before the page has redrawn after "stay", and is asked again.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  // The question comes a moment after the click: each answer waits for its own question.
  const stayed = page.waitForEvent('dialog').then((dialog) => dialog.dismiss());
  await navEntry(page, catalogues.fr.publish.nav.data).click();
  await stayed;
  await expect(page).toHaveURL(/\/data\/datasets\/new\/\?tab=dates$/);
  await expect(year).toHaveValue('2031');
  const asked = page.waitForEvent('dialog').then(async (dialog) => {
    await dialog.accept();
    return dialog.message();
  });
  await navEntry(page, catalogues.fr.publish.nav.data).click();
  expect(await asked).toBe(frenchMessages.ra.message.unsaved_changes);
  await expect(page).toHaveURL(/\/publish\/fr\/data\/$/);
});

test('the permissions table says what a group can actually do: private by its own permission, it searches the dataset through its sphere', async ({ page }) => {
  // An editor of the Département, whose school dataset is shared with the coastal sphere.
  await page.goto('/publish/');
  await page.getByRole('main').getByRole('link', { name: catalogues.fr.publish.home.signIn }).click();
  await submitSignIn(page, 'marie.lefebvre');
  await expect(page).toHaveURL(/\/publish\/fr\/home\/$/);
  await openDataset(page, 'Collèges publics');
  await page.getByRole('tab', { name: labels.tabs.access }).click();
  await page.getByRole('link', { name: labels.actions.permissions }).click();
  await expect(page.getByRole('heading', { name: permissions.title.replace('%{name}', 'Collèges publics') })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: permissions.fields.effective_level })).toBeVisible();
  const metropole = page.getByRole('row').filter({ hasText: 'Métropole Côte-Azurine' });
  await expect(metropole).toContainText(permissions.levels.private);
  const throughSphere = `${permissions.levels.search} — ${permissions.access.reason
    .replace('%{reason}', permissions.access.group.sphere.replace('%{sphere}', 'Sphère Territoires littoraux'))
    .replace('%{level}', permissions.levels.search)}`;
  await expect(metropole).toContainText(throughSphere);

  // Filtered on what groups can do: those who search it, the Métropole among them; none can consult it.
  await page.getByRole('combobox', { name: permissions.fields.effective_level }).click();
  await page.getByRole('option', { name: permissions.levels.search }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/effective_level/);
  await expect(metropole).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Association Données ouvertes en Provence' })).toHaveCount(0);
});

test('at 1366 px, the permissions page holds its four bulk actions inside the selection bar, over none of the table', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInFromHome(page, 'admin');
  const datasetUrl = new URL(await openDatasetPage(page, 'Lycées de la région')).pathname;
  await page.goto(`${datasetUrl}permissions/`);
  const firstRow = page.getByRole('row').filter({ has: page.getByRole('checkbox') }).nth(1);
  await firstRow.getByRole('checkbox').check();
  const bar = page.locator('[data-test="bulk-actions-toolbar"]');
  await expect(bar).toBeVisible();
  const barBox = (await bar.boundingBox())!;
  for (const name of Object.values(permissions.actions)) {
    const box = (await bar.getByRole('button', { name }).boundingBox())!;
    expect(box.y, name).toBeGreaterThanOrEqual(barBox.y);
    expect(box.y + box.height, name).toBeLessThanOrEqual(barBox.y + barBox.height + 0.5);
  }
  // Nothing of the table lies under the bar: its first row stays clickable.
  const rowBox = (await firstRow.boundingBox())!;
  expect(rowBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height - 0.5);
});
