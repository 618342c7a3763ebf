import { expect, test } from '@playwright/test';
import { catalogues, expectedAccess, navEntry, signInFromHome, type DemoAccount } from './fixtures.ts';

const fr = catalogues.fr.publish;

test('a new visitor lands on the French home page and is asked to sign in', async ({ page }) => {
  await page.goto('/publish/');
  await expect(page).toHaveURL(/\/publish\/fr\/home\/$/);
  await expect(page.getByRole('heading', { level: 1, name: fr.home.title })).toBeVisible();
  await expect(page.getByText(fr.home.signInPrompt)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByText(fr.footer.poweredBy)).toBeVisible();
});

for (const account of Object.keys(expectedAccess) as DemoAccount[]) {
  test(`${account} signs in and sees Data and Accounts as their role allows`, async ({ page }) => {
    await signInFromHome(page, account);
    await expect(page.getByText(fr.home.signInPrompt)).toHaveCount(0);
    const access = expectedAccess[account];
    // The current page's entry (Home) is disabled; the others follow the user's roles.
    await expect(navEntry(page, fr.nav.home)).toBeDisabled();
    const data = navEntry(page, fr.nav.data);
    const accounts = navEntry(page, fr.nav.accounts);
    if (access.data) await expect(data).toBeEnabled();
    else await expect(data).toBeDisabled();
    if (access.accounts) await expect(accounts).toBeEnabled();
    else await expect(accounts).toBeDisabled();

    if (access.data) {
      await data.click();
      await expect(page).toHaveURL(/\/publish\/fr\/data\/$/);
      await expect(page.getByRole('heading', { level: 1, name: fr.data.title })).toBeVisible();
      await expect(navEntry(page, fr.nav.data)).toBeDisabled();
    } else {
      // Typing the address does not help: the server-side rules send the user to the 403 page.
      await page.goto('/publish/fr/data/');
      await expect(page).toHaveURL(/\/publish\/fr\/access-denied\/$/);
      await expect(page.getByText(fr.accessDenied.message)).toBeVisible();
    }
  });
}

test('the language switcher shows the same page in English and Italian', async ({ page }) => {
  await signInFromHome(page, 'admin');
  await page.getByRole('link', { name: fr.nav.data, exact: true }).click();
  await expect(page).toHaveURL(/\/publish\/fr\/data\/$/);

  for (const locale of ['en', 'it'] as const) {
    const texts = catalogues[locale].publish;
    const current = locale === 'en' ? fr : catalogues.en.publish;
    await page.getByRole('button', { name: new RegExp(current.language.menu.replace('%{language}', '.*')) }).click();
    await page.getByRole('menuitem', { name: texts.language[locale] }).click();
    await expect(page).toHaveURL(new RegExp(`/publish/${locale}/data/$`));
    await expect(page.getByRole('heading', { level: 1, name: texts.data.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(navEntry(page, texts.nav.accounts, locale)).toBeEnabled();
  }
});

test('unknown paths show the not-found page, a missing locale falls back to French', async ({ page }) => {
  await page.goto('/publish/fr/no-such-page/');
  await expect(page.getByText(fr.notFound.message)).toBeVisible();

  await page.goto('/publish/de/home');
  await expect(page).toHaveURL(/\/publish\/fr\/home\/$/);
});

test('a member without rights is sent to the 403 page for Accounts', async ({ page }) => {
  await signInFromHome(page, 'member');
  await page.goto('/publish/fr/accounts/');
  await expect(page).toHaveURL(/\/publish\/fr\/access-denied\/$/);
  await expect(page.getByText(fr.accessDenied.message)).toBeVisible();
  await expect(page.getByRole('link', { name: fr.accessDenied.back })).toBeVisible();
});
