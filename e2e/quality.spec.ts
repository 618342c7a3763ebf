import { expect, test, type Page } from '@playwright/test';
import frenchMessages from 'ra-language-french';
import apiFr from '../i18n/api/fr.ts';
import datasetLabels from '../i18n/resources/datasets.ts';
import { signInFromHome } from './fixtures.ts';

const labels = datasetLabels.fr;
const quality = labels.quality;

/** The points the panel shows, as a number. */
async function scoreOf(page: Page): Promise<number> {
  const text = await page.getByRole('region', { name: quality.title }).getByText(/^\d+ \/ \d+ points$/).textContent();
  return Number(/^(\d+)/.exec(text ?? '')![1]);
}

/** The first entry of a list of the API. */
async function firstId(page: Page, path: string): Promise<number> {
  const response = await page.request.get(`/fr/dataset/${path}/?page_size=1`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: { id: number }[] }).results[0].id;
}

/**
 * Creates, through the API, a dataset with what the form asks for but keywords, and no licence, in
 * the group of a dataset the editor may change.
 */
async function datasetWithoutLicenceNorKeyword(page: Page, name: string): Promise<number> {
  const list = await page.request.get('/fr/dataset/datasets/?page_size=100');
  expect(list.status()).toBe(200);
  const editable = ((await list.json()) as { results: { editable: boolean; usergroup: number }[] }).results.find((entry) => entry.editable)!;
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')!.value;
  const created = await page.request.post('/fr/dataset/datasets/', {
    data: {
      display_name: name,
      description: 'Points de recharge pour véhicules électriques.',
      usergroup: editable.usergroup,
      topics: [await firstId(page, 'topics')],
      kinds: [await firstId(page, 'kinds')],
      record_type: await firstId(page, 'record-types'),
      update_frequency: await firstId(page, 'update-frequencies'),
      publication_date: '2026-01-15',
      last_update_date: '2026-11-01',
    },
    headers: { 'x-csrftoken': csrf },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test('a dataset without licence nor keyword shows its rating and both hints; filling them through the hints raises its score', async ({ page }) => {
  await signInFromHome(page, 'editor');
  const id = await datasetWithoutLicenceNorKeyword(page, `Bornes de recharge ${Date.now()}`);
  await page.goto(`/publish/fr/data/datasets/${id}/`);

  const panel = page.getByRole('region', { name: quality.title });
  await expect(panel.getByTestId('quality-rating')).toHaveText(labels.choices.quality_rating.bad);
  const before = await scoreOf(page);
  const raise = panel.getByRole('list', { name: quality.raise });
  const licenceHint = raise.getByRole('link', { name: apiFr['quality.licence'] });
  const keywordsHint = raise.getByRole('link', { name: apiFr['quality.keywords'] });
  await expect(licenceHint).toBeVisible();
  await expect(keywordsHint).toBeVisible();

  // The licence is in the Access tab: its hint opens the tab with the focus in the field.
  await licenceHint.click();
  await expect(page).toHaveURL(/\?tab=access$/);
  await expect(page.getByRole('tab', { name: labels.tabs.access })).toHaveAttribute('aria-selected', 'true');
  const licence = page.getByRole('combobox', { name: labels.fields.licence });
  await expect(licence).toBeFocused();
  await licence.press('ArrowDown');
  await page.getByRole('listbox').getByRole('option').first().click();

  // The keywords are in the Description tab.
  await keywordsHint.click();
  await expect(page).toHaveURL(/\?tab=description$/);
  const tags = page.getByRole('combobox', { name: labels.fields.tags });
  await expect(tags).toBeFocused();
  await tags.fill('mobilité');
  await page.keyboard.press('Enter');

  await page.getByRole('button', { name: frenchMessages.ra.action.save }).click();
  // Saved, the list shows; the dataset's page again.
  await expect(page).toHaveURL(/\/data\/datasets\/$/);
  await page.goto(`/publish/fr/data/datasets/${id}/`);
  await expect(panel.getByTestId('quality-rating')).toBeVisible();
  await expect(raise.getByRole('link', { name: apiFr['quality.licence'] })).toHaveCount(0);
  await expect(raise.getByRole('link', { name: apiFr['quality.keywords'] })).toHaveCount(0);
  // Keywords (30) and a licence (20) at least.
  expect(await scoreOf(page)).toBeGreaterThanOrEqual(before + 50);
});
