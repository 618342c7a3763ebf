/** Shared Playwright helpers: catalogue texts, demo accounts and signing in through the login service. */
import { expect, type Page } from '@playwright/test';
import fr from '../i18n/fr.ts';
import en from '../i18n/en.ts';
import it from '../i18n/it.ts';
import { demoPassword } from './playwright.config.ts';

export const catalogues = { fr, en, it } as const;
export type DemoAccount = 'admin' | 'referent' | 'editor' | 'member' | 'newcomer';

/** What the header must allow for each demo account (spec, sections 2 and 6). */
export const expectedAccess: Record<DemoAccount, { data: boolean; accounts: boolean }> = {
  admin: { data: true, accounts: true },
  referent: { data: true, accounts: true },
  editor: { data: true, accounts: false },
  member: { data: false, accounts: false },
  newcomer: { data: false, accounts: false },
};

/** Fills the server's sign-in page, which must be the page shown. */
export async function submitSignIn(page: Page, username: string, password = demoPassword) {
  const form = fr.login.signin;
  await page.getByLabel(form.username).fill(username);
  await page.getByLabel(form.password).fill(password);
  await page.getByRole('button', { name: form.submit }).click();
}

/** Signs in from the app's home page, as a user would, and comes back to it. */
export async function signInFromHome(page: Page, username: DemoAccount) {
  await page.goto('/publish/');
  await expect(page).toHaveURL(/\/publish\/fr\/home\/$/);
  await page.getByRole('main').getByRole('link', { name: fr.publish.home.signIn }).click();
  await expect(page).toHaveURL(/\/fr\/login\/signin\//);
  await submitSignIn(page, username);
  await expect(page).toHaveURL(/\/publish\/fr\/home\/$/);
}

/** A header entry: a link when the user may open it, a disabled button otherwise. */
export function navEntry(page: Page, name: string, locale: keyof typeof catalogues = 'fr') {
  const nav = page.getByRole('navigation', { name: catalogues[locale].publish.nav.label });
  return nav.getByRole('button', { name, exact: true }).or(nav.getByRole('link', { name, exact: true }));
}

/** Opens a dataset's page from the Data list (a link, or the row on a phone), and answers its URL. */
export async function openDatasetPage(page: Page, name: string): Promise<string> {
  await page.goto('/publish/fr/data/datasets/');
  await page.getByRole('link', { name }).or(page.getByRole('row').filter({ hasText: name })).first().click();
  await expect(page).toHaveURL(/\/data\/datasets\/\d+\/$/);
  return page.url();
}
