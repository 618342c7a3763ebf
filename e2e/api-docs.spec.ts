import { expect, test } from '@playwright/test';
import { catalogues, signInFromHome } from './fixtures.ts';

const fr = catalogues.fr.publish;

test('a signed-in user opens the API reference from the user menu, rendered without any refused script or style', async ({ page }) => {
  const refused: string[] = [];
  // The server's own pages (sign-in, reference) load without a single failed request, icon included.
  const failedOnServerPages: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/Content Security Policy|Refused/i.test(message.text())) refused.push(message.text());
    if (/\/(login\/signin|api\/docs)\//.test(page.url())) failedOnServerPages.push(`${page.url()}: ${message.text()}`);
  });
  await signInFromHome(page, 'editor');
  await page.getByRole('button', { name: fr.user.menu }).click();
  await page.getByRole('link', { name: fr.user.apiDocs }).click();
  await expect(page).toHaveURL(/\/fr\/api\/docs\/$/);
  await expect(page.getByRole('heading', { name: /Publish platform API/ })).toBeVisible();
  // Operations are listed by tag, from the document the page loads.
  await expect(page.locator('.opblock-tag', { hasText: 'dataset' }).first()).toBeVisible();
  await page.locator('.opblock-tag', { hasText: 'login' }).first().click();
  await expect(page.locator('.opblock-summary-path', { hasText: '/login/tokens/' }).first()).toBeVisible();
  expect(refused).toEqual([]);
  expect(failedOnServerPages).toEqual([]);
});
