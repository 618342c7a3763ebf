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

/** The CSRF header of the signed-in page's API writes. */
export async function csrfHeader(page: Page): Promise<Record<string, string>> {
  return { 'x-csrftoken': (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')!.value };
}

/** The first entry of a list of the API. */
async function firstId(page: Page, path: string): Promise<number> {
  const response = await page.request.get(`/fr/dataset/${path}/?page_size=1`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: { id: number }[] }).results[0].id;
}

/**
 * Creates, through the API as the signed-in user, a dataset with what the form asks for (no keyword
 * nor licence) in the group of a dataset they may change (the one named `groupOf`, when given), and
 * answers its id. A test that adds to a dataset of its own can be tried again: the second try does
 * not meet the first one's rows.
 */
export async function createDataset(page: Page, name: string, groupOf?: string): Promise<number> {
  const list = await page.request.get(`/fr/dataset/datasets/?page_size=100${groupOf ? `&search=${encodeURIComponent(groupOf)}` : ''}`);
  expect(list.status()).toBe(200);
  const results = (await list.json()) as { results: { editable: boolean; usergroup: number; display_name: string }[] };
  const editable = results.results.find((entry) => entry.editable && (!groupOf || entry.display_name === groupOf))!;
  const created = await page.request.post('/fr/dataset/datasets/', {
    data: {
      display_name: name,
      description: 'Un jeu de données créé pour un essai.',
      usergroup: editable.usergroup,
      topics: [await firstId(page, 'topics')],
      kinds: [await firstId(page, 'kinds')],
      record_type: await firstId(page, 'record-types'),
      update_frequency: await firstId(page, 'update-frequencies'),
      publication_date: '2026-01-15',
      last_update_date: '2026-11-01',
    },
    headers: await csrfHeader(page),
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Creates a dataset (createDataset), opens its page and answers its URL. */
export async function openNewDatasetPage(page: Page, name: string, groupOf?: string): Promise<string> {
  await page.goto(`/publish/fr/data/datasets/${await createDataset(page, name, groupOf)}/`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  return page.url();
}
