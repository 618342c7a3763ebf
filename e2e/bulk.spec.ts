import { expect, test, type APIRequestContext } from '@playwright/test';
import bulkLabels from '../i18n/resources/dataset-bulk.ts';
import { signInFromHome } from './fixtures.ts';

const bulk = bulkLabels.fr;
const DATASETS = ['Lycées de la région', 'Routes départementales', 'Stations hydrométriques'];

/** The names in the public DCAT-AP catalogue, as a harvester reads it: anonymous, JSON-LD. */
async function publicCatalogue(request: APIRequestContext): Promise<string> {
  const response = await request.get('/fr/dataset/catalog/?format=jsonld&page_size=100');
  expect(response.status()).toBe(200);
  return response.text();
}

const listed = async (request: APIRequestContext) => {
  const text = await publicCatalogue(request);
  return DATASETS.filter((name) => text.includes(name));
};

test('a superuser unpublishes 3 datasets in bulk after a preview, then undoes it from the task page; the DCAT feed follows', async ({ page, playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  expect(await listed(anonymous)).toEqual(DATASETS);

  await signInFromHome(page, 'admin');
  await page.goto('/publish/fr/data/datasets/');
  for (const name of DATASETS) {
    await page.getByRole('row').filter({ hasText: name }).first().getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: bulk.actions.unpublish, exact: true }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('status')).toHaveText('3 jeux de données changeront');
  for (const name of DATASETS) await expect(dialog.getByText(name)).toBeVisible();
  await expect(dialog.getByText('publié : oui · au catalogue : oui → publié : non · au catalogue : non').first()).toBeVisible();
  await dialog.getByRole('button', { name: bulk.actions.apply }).click();

  const toast = page.getByText(/Modification groupée lancée \(tâche \d+\)\./);
  await expect(toast).toBeVisible();
  const taskId = /tâche (\d+)/.exec((await toast.textContent())!)![1];
  await expect.poll(() => listed(anonymous), { timeout: 20_000 }).toEqual([]);

  // The task page: the change, its progress, and its undo while the window is open.
  await page.goto(`/publish/fr/data/tasks/${taskId}/`);
  await expect(page.getByText('3 jeux de données traités sur 3.')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: bulk.actions.undo }).click();
  await expect(page.getByText(/Annulation lancée \(tâche \d+\)\./)).toBeVisible();
  await expect(page.getByRole('button', { name: bulk.actions.undo })).toHaveCount(0);

  await expect.poll(() => listed(anonymous), { timeout: 20_000 }).toEqual(DATASETS);
  await anonymous.dispose();
});
