import { expect, test } from '@playwright/test';
import englishMessages from 'ra-language-english';
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

test('switching language keeps what a form holds and has not saved, on a new record and on an existing one', async ({ page }) => {
  await signInFromHome(page, 'admin');
  const switchTo = async (from: 'fr' | 'en', to: 'en' | 'it') => {
    await page.getByRole('button', { name: new RegExp(catalogues[from].publish.language.menu.replace('%{language}', '.*')) }).click();
    await page.getByRole('menuitem', { name: catalogues[to].publish.language[to] }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', to);
  };
  await page.goto('/publish/fr/accounts/contacts/new/');
  await page.locator('input[name=name]').fill('Jeanne Martin');
  await page.locator('input[name=email]').fill('jeanne.martin@example.org');
  await switchTo('fr', 'en');
  await expect(page).toHaveURL(/\/publish\/en\/accounts\/contacts\/new\/$/);
  await expect(page.locator('input[name=name]')).toHaveValue('Jeanne Martin');
  await expect(page.locator('input[name=email]')).toHaveValue('jeanne.martin@example.org');

  await page.goto('/publish/fr/accounts/organisations/');
  await page.getByRole('cell', { name: 'Région Sud-Méditerranée' }).click();
  const name = page.locator('input[name=display_name]');
  await expect(name).toHaveValue('Région Sud-Méditerranée');
  await name.fill('Région Sud-Méditerranée (brouillon)');
  await switchTo('fr', 'en');
  await expect(name).toHaveValue('Région Sud-Méditerranée (brouillon)');
  // Still a change to save: leaving now asks first.
  await expect(page.getByRole('button', { name: englishMessages.ra.action.save })).toBeEnabled();
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

test('the services menu offers no service whose address is not configured, and an address outside the app shows a page', async ({ page }) => {
  await signInFromHome(page, 'admin');
  // The demo platform configures no service: no menu of links leading nowhere, for a superuser either.
  await expect(page.getByRole('button', { name: fr.services.menu })).toHaveCount(0);
  await page.setExtraHTTPHeaders({ 'Accept-Language': 'en-GB,en;q=0.9' });
  const answer = await page.goto('/contribution/');
  expect(answer?.status()).toBe(404);
  // In the browser's language, and in another one from its switcher.
  await expect(page.getByRole('heading', { level: 1, name: catalogues.en.login.notFound.title })).toBeVisible();
  await page.getByRole('link', { name: 'FR' }).click();
  await expect(page.getByRole('heading', { level: 1, name: catalogues.fr.login.notFound.title })).toBeVisible();
  await page.getByRole('link', { name: catalogues.fr.login.notFound.back }).click();
  await expect(page).toHaveURL(/\/publish\/fr\/home\/$/);
});

test('a tab opened before a new deployment loads the app again when a screen it opens is gone, and shows that screen', async ({ page }) => {
  await signInFromHome(page, 'admin');
  // The Data page's chunk, as a former build named it: the server no longer has it, once.
  let asked = 0;
  await page.route(/\/publish\/assets\/DataPage-[^/]+\.js$/, (route) => {
    asked += 1;
    return route.fulfill({ status: 404, contentType: 'application/json', body: '{"detail":"Not found."}' });
  }, { times: 1 });
  const reloaded = page.waitForEvent('load');
  await page.getByRole('link', { name: fr.nav.data, exact: true }).click();
  await reloaded;
  expect(asked).toBe(1);
  await expect(page).toHaveURL(/\/publish\/fr\/data\/$/);
  await expect(page.getByRole('heading', { level: 1, name: fr.data.title })).toBeVisible();
});
