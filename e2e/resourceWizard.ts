/** The resource wizard as an editor starts it from a dataset's page, shared by the resource browser tests. */
import { expect, type Page } from '@playwright/test';
import resourceLabels from '../i18n/resources/dataset-resources.ts';
import datasetLabels from '../i18n/resources/datasets.ts';
import taskLabels from '../i18n/resources/tasks.ts';

const labels = resourceLabels.fr;

/** Opens the wizard from the dataset page and fills the name and type of a new resource. */
export async function startWizard(page: Page, datasetUrl: string, role: 'main' | 'annex', type: string, name: string) {
  await page.goto(datasetUrl);
  await page.getByRole('tab', { name: datasetLabels.fr.tabs.resources }).click();
  await page.getByRole('link', { name: labels.actions.add[role] }).click();
  await expect(page.getByRole('heading', { name: labels.wizard.new[role] })).toBeVisible();
  await page.getByRole('radio', { name: type, exact: true }).check();
  await page.getByRole('button', { name: labels.actions.next }).click();
  await page.getByLabel(labels.fields.display_name, { exact: false }).first().fill(name);
}

/**
 * Picks an option of a select by its label (a required field's label ends with its asterisk): it
 * waits for the option to be offered (a style's kinds once the layer's features have arrived) and,
 * for an option named in full, checks the choice took.
 */
export async function pickOption(page: Page, field: string, option: string | RegExp) {
  const combobox = page.getByRole('combobox', { name: new RegExp(`^${field.replace(/[()]/g, '\\$&')}( \\*)?$`) });
  await combobox.click();
  const choice = page.getByRole('option', { name: option, exact: typeof option === 'string' ? true : undefined });
  await expect(choice).toBeEnabled({ timeout: 30_000 });
  await choice.click();
  if (typeof option === 'string') await expect(combobox).toHaveText(option);
}

/** The wizard's task, once it succeeded. */
export const succeeded = (page: Page) => page.getByRole('region', { name: labels.task.title }).getByText(taskLabels.fr.statuses.SUCCESS, { exact: true });

/** Loads a GeoJSON file of polygons as an annex of the dataset, then opens its layer's page. */
export async function openNewPolygonLayer(page: Page, datasetUrl: string, name: string, file: string) {
  await startWizard(page, datasetUrl, 'annex', labels.types['file-upload'], name);
  await pickOption(page, labels.fields.dataformat, 'GeoJSON');
  await page.getByLabel(labels.fields.file).setInputFiles(file);
  await page.getByRole('button', { name: labels.actions.next }).click();
  const geometry = page.getByRole('region', { name: labels.steps.geometry });
  await expect(geometry.getByRole('table', { name: labels.geometry.layers })).toContainText('Polygon', { timeout: 30_000 });
  await geometry.getByRole('button', { name: labels.actions.next }).click();
  await expect(succeeded(page)).toBeVisible({ timeout: 90_000 });
  await page.getByRole('link', { name: labels.actions.back }).click();
  await page.getByRole('table', { name: labels.panel.annexes }).getByRole('row').filter({ hasText: name }).getByRole('link', { name: labels.actions.layer }).click();
  await expect(page).toHaveURL(/\/data\/layers\/\d+\/$/);
}
