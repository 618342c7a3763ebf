/** The resource wizard as an editor starts it from a dataset's page, shared by the resource browser tests. */
import { expect, type Page } from '@playwright/test';
import resourceLabels from '../i18n/resources/dataset-resources.ts';
import datasetLabels from '../i18n/resources/datasets.ts';

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
