import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import frenchMessages from 'ra-language-french';
import apiFr from '../i18n/api/fr.ts';
import resourceLabels from '../i18n/resources/dataset-resources.ts';
import datasetLabels from '../i18n/resources/datasets.ts';
import taskLabels from '../i18n/resources/tasks.ts';
import { catalogues, createDataset, csrfHeader, navEntry, signInFromHome } from './fixtures.ts';

const labels = datasetLabels.fr;
const quality = labels.quality;
const resources = resourceLabels.fr;

/** The points the panel shows, as a number. */
async function scoreOf(page: Page): Promise<number> {
  const text = await page.getByRole('region', { name: quality.title }).getByText(/^\d+ \/ \d+ points$/).textContent();
  return Number(/^(\d+)/.exec(text ?? '')![1]);
}

test('a dataset without licence nor keyword shows its rating and both hints; filling them through the hints raises its score', async ({ page }) => {
  await signInFromHome(page, 'editor');
  const id = await createDataset(page, `Bornes de recharge ${Date.now()}`);
  await page.goto(`/publish/fr/data/datasets/${id}/`);

  const panel = page.getByRole('region', { name: quality.title });
  await expect(panel.getByTestId('quality-rating')).toHaveText(labels.choices.quality_rating.bad);
  const before = await scoreOf(page);
  // Folded, the panel leaves the tabs in view; its details unfold on demand.
  await expect(page.getByRole('tab', { name: labels.tabs.description })).toBeInViewport();
  const details = panel.getByRole('button', { name: quality.details });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
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
  // Saved, the page stays open and its score is read again: both hints are gone.
  await expect(raise.getByRole('link', { name: apiFr['quality.licence'] })).toHaveCount(0);
  await expect(raise.getByRole('link', { name: apiFr['quality.keywords'] })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/data/datasets/${id}/\\?tab=description$`));
  // Keywords (30) and a licence (20) at least.
  expect(await scoreOf(page)).toBeGreaterThanOrEqual(before + 50);
  // Nothing is left unsaved: the header's Data entry leaves the page without a question.
  const questions: string[] = [];
  page.on('dialog', async (dialog) => {
    questions.push(dialog.message());
    await dialog.dismiss();
  });
  await navEntry(page, catalogues.fr.publish.nav.data).click();
  await expect(page).toHaveURL(/\/publish\/fr\/data\/$/);
  expect(questions).toEqual([]);
});

test("a link whose server answers 404 shows broken once its dataset's links are checked, and the list's filter finds the dataset", async ({ page }) => {
  test.setTimeout(120_000);
  // A server on this machine where the file is gone (OUTBOUND_ALLOW_PRIVATE lets the checker reach it).
  const asked: string[] = [];
  const remote = createServer((request, response) => {
    asked.push(`${request.method} ${request.url}`);
    response.writeHead(404, { 'content-type': 'text/plain' }).end(request.method === 'HEAD' ? undefined : 'gone');
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  try {
    await signInFromHome(page, 'editor');
    const name = `Horaires des navettes ${Date.now()}`;
    const id = await createDataset(page, name);
    const headers = await csrfHeader(page);
    const { usergroup } = (await (await page.request.get(`/fr/dataset/datasets/${id}/`)).json()) as { usergroup: number };
    const shell = await page.request.post('/fr/resource/resources/', {
      data: { codename: `horaires-${id}`, display_name: 'Horaires (CSV)', usergroup_id: usergroup },
      headers,
    });
    expect(shell.status()).toBe(201);
    const resourceId = ((await shell.json()) as { id: number }).id;
    const url = `http://127.0.0.1:${(remote.address() as AddressInfo).port}/horaires.csv`;
    expect((await page.request.post('/fr/resource/href/', { data: { href: url, resource_id: resourceId }, headers })).status()).toBe(201);
    const attached = await page.request.post('/fr/resource/resource-dataset/', { data: { resource_id: resourceId, dataset_id: id, publish: true, type: 1 }, headers });
    expect(attached.status()).toBe(201);

    await page.goto(`/publish/fr/data/datasets/${id}/?tab=resources`);
    const panel = page.getByRole('region', { name: resources.panel.title });
    const row = panel.getByRole('table', { name: resources.panel.main }).getByRole('row').filter({ hasText: 'Horaires (CSV)' });
    await expect(row).toBeVisible();
    await expect(row.getByText(resources.link.broken)).toHaveCount(0);

    // Checked now: the task is followed to its end, then the resource shows its broken link.
    await panel.getByRole('button', { name: resources.link.checkNow }).click();
    const follow = panel.getByRole('region', { name: resources.task.title });
    await expect(follow.getByText(taskLabels.fr.statuses.SUCCESS, { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(follow).toContainText(apiFr['quality.linksChecked'].replace('%{checked}', '1').replace('%{broken}', '1').replace('%{deferred}', '0'));
    await expect(row.getByText(resources.link.broken)).toBeVisible();
    await expect(row).toContainText(`${resources.link.status.replace('%{status}', '404')} — ${resources.link.checked.replace(' %{date}', '')}`);
    expect(asked.filter((request) => request.endsWith('/horaires.csv')).slice(-2)).toEqual(['HEAD /horaires.csv', 'GET /horaires.csv']);

    // Its history: the check, with the answer.
    await row.getByRole('button', { name: resources.link.history.replace('%{name}', 'Horaires (CSV)') }).click();
    const dialog = page.getByRole('dialog', { name: resources.link.historyTitle });
    const history = dialog.getByRole('table', { name: resources.link.historyTitle });
    await expect(history.getByRole('row')).toHaveCount(1);
    await expect(history.getByRole('row').first()).toContainText(resources.link.status.replace('%{status}', '404'));
    await dialog.getByRole('button', { name: resources.link.close }).click();

    // The datasets list's "broken links" filter finds the dataset.
    await page.goto('/publish/fr/data/datasets/');
    await page.getByRole('button', { name: frenchMessages.ra.action.add_filter }).click();
    await page.getByRole('menuitemcheckbox', { name: labels.fields.broken_links }).click();
    await page.getByRole('combobox', { name: labels.fields.broken_links }).click();
    await page.getByRole('option', { name: frenchMessages.ra.boolean.true }).click();
    await expect(page).toHaveURL(/broken_links/);
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Comptages vélo' })).toHaveCount(0);
  } finally {
    await new Promise((resolve) => remote.close(resolve));
  }
});
