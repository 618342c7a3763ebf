/**
 * Accessibility (WCAG 2.1 AA, RGAA): axe-core on every main screen, failing on any serious or
 * critical violation; the keyboard's way past the header; the lists on a phone-width screen.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import frenchMessages from 'ra-language-french';
import datasetLabels from '../i18n/resources/datasets.ts';
import resourceLabels from '../i18n/resources/dataset-resources.ts';
import indexerLabelsByLocale from '../i18n/resources/indexers.ts';
import { catalogues, openDatasetPage, signInFromHome, submitSignIn } from './fixtures.ts';

const labels = datasetLabels.fr;
const indexerLabels = indexerLabelsByLocale.fr;
const DATASET = 'Arrêts de bus du réseau urbain';

/**
 * The screen asked for is shown: a heading, nothing loading, and not the not-found page, whose
 * audit would pass for a screen that no route serves.
 */
async function expectScreenShown(page: Page) {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).or(page.getByRole('main').getByRole('heading', { level: 2 })).first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByText(catalogues.fr.publish.notFound.title)).toHaveCount(0);
}

/** The serious and critical violations axe finds on the page as it stands, one line each. */
async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join(' | ')}`);
  expect(serious, screen).toEqual([]);
}

test('the sign-in page and the home page of a visitor', async ({ page }) => {
  await page.goto('/publish/');
  await expect(page.getByRole('main').getByRole('link', { name: catalogues.fr.publish.home.signIn })).toBeVisible();
  await expectAccessible(page, 'home (visitor)');
  await page.getByRole('main').getByRole('link', { name: catalogues.fr.publish.home.signIn }).click();
  await expect(page.getByLabel(catalogues.fr.login.signin.username)).toBeVisible();
  await expectAccessible(page, 'sign-in page');
  await submitSignIn(page, 'admin');
  await expect(page).toHaveURL(/\/publish\/fr\/home\/$/);
  await expectAccessible(page, 'home (signed in)');
});

test('every main screen of a superuser', async ({ page }) => {
  test.setTimeout(180_000);
  await signInFromHome(page, 'admin');

  const lists: [string, string][] = [
    ['data page', '/publish/fr/data/'],
    ['datasets list', '/publish/fr/data/datasets/'],
    ['tasks', '/publish/fr/data/tasks/'],
    ['accounts page', '/publish/fr/accounts/'],
    ['users', '/publish/fr/accounts/users/'],
    ['organisations', '/publish/fr/accounts/organisations/'],
    ['jurisdictions', '/publish/fr/jurisdictions/'],
  ];
  for (const [screen, path] of lists) {
    await page.goto(path);
    await expectScreenShown(page);
    await expectAccessible(page, screen);
  }

  // An organisation's page, with its harvesters' panel, and the new harvester form.
  await page.goto('/publish/fr/accounts/organisations/');
  await page.getByText('Région Sud-Méditerranée').first().click();
  const harvesters = page.getByRole('region', { name: indexerLabels.page.panel });
  await expect(harvesters).toBeVisible();
  await expectScreenShown(page);
  await expectAccessible(page, 'organisation page with its harvesters');
  await harvesters.getByRole('link', { name: indexerLabels.page.add }).click();
  await expect(page).toHaveURL(/\/accounts\/usergroup\/\d+\/indexer\/new\/$/);
  await expectScreenShown(page);
  await expectAccessible(page, 'new harvester');

  // The dataset page, tab by tab.
  await page.goto(`/publish/fr/data/datasets/?filter=${encodeURIComponent(JSON.stringify({ q: DATASET }))}`);
  const row = page.getByRole('row').filter({ hasText: DATASET });
  await expect(row).toHaveCount(1);
  await row.getByText(DATASET, { exact: true }).click();
  await expect(page).toHaveURL(/\/data\/datasets\/\d+\/$/);
  const datasetUrl = page.url();
  for (const tab of Object.keys(labels.tabs).filter((key) => key !== 'label') as (keyof typeof labels.tabs)[]) {
    await page.getByRole('tab', { name: labels.tabs[tab] }).click();
    await expect(page.getByRole('tab', { name: labels.tabs[tab] })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expectAccessible(page, `dataset page, ${tab} tab`);
  }

  // Its permissions page.
  await page.getByRole('tab', { name: labels.tabs.access }).click();
  await page.getByRole('link', { name: labels.actions.permissions }).click();
  await expect(page.getByRole('columnheader', { name: datasetLabels.fr.fields.display_name }).or(page.getByRole('row').nth(1))).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectAccessible(page, 'permissions');

  // The resource wizard's first step.
  await page.goto(`${datasetUrl}?tab=resources`);
  await page.getByRole('link', { name: resourceLabels.fr.actions.add.main }).click();
  await expect(page.getByRole('heading', { name: resourceLabels.fr.wizard.new.main })).toBeVisible();
  await expectAccessible(page, 'resource wizard');

  // A new dataset.
  await page.goto('/publish/fr/data/datasets/new/');
  await expect(page.getByRole('button', { name: frenchMessages.ra.action.save })).toBeVisible();
  await expectAccessible(page, 'new dataset');
});

test('the keyboard goes past the header to the content', async ({ page }) => {
  await page.goto('/publish/fr/home/');
  await expect(page.getByRole('main').getByRole('link', { name: catalogues.fr.publish.home.signIn })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: catalogues.fr.publish.nav.skipToContent });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('on a phone-width screen, the lists are lists of records rather than tables wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInFromHome(page, 'admin');
  for (const path of ['/publish/fr/data/datasets/', '/publish/fr/accounts/users/']) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('list').first()).toBeVisible();
    await expect(page.getByRole('main').getByRole('table')).toHaveCount(0);
    const box = await page.getByRole('main').getByRole('list').first().boundingBox();
    expect(box!.x + box!.width, path).toBeLessThanOrEqual(390);
    await expectAccessible(page, `${path} (phone)`);
  }
  // A record opens from its line, as from its row.
  await page.getByRole('main').getByRole('list').first().getByRole('button').first().click();
  await expect(page).toHaveURL(/\/accounts\/users\/\d+\/$/);
});

test("pages keep to the window: a laptop and a phone scroll down, never sideways, an account's members and roles included", async ({ page }) => {
  await signInFromHome(page, 'admin');
  const datasetPage = new URL(await openDatasetPage(page, 'Lycées de la région')).pathname;
  // An organisation's and a user's page, with their members and roles tables.
  const first = async (path: string) => ((await (await page.request.get(path)).json()) as { results: { id: number }[] }).results[0].id;
  const organisation = await first('/fr/organisation/organisations/?search=R%C3%A9gion%20Sud');
  const user = await first('/fr/usergroup/users/?search=referent');
  const pages = ['/publish/fr/data/datasets/', datasetPage, `${datasetPage}permissions/`, '/publish/fr/data/tasks/', '/publish/it/accounts/organisations/',
    `/publish/en/accounts/organisations/${organisation}/`, `/publish/fr/accounts/users/${user}/`];
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
    }
  }
  // The title wraps rather than leaving the window.
  await page.goto(datasetPage);
  const title = await page.getByRole('main').getByRole('heading', { level: 1 }).first().boundingBox();
  expect(title!.x + title!.width).toBeLessThanOrEqual(390);
});

test('on a phone, the home page shows an invitation whole, its buttons clear of its text', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInFromHome(page, 'member');
  const home = catalogues.fr.publish.home.invitations;
  const line = page.getByText(home.line.replace('%{group}', 'Groupe de travail Mobilité').replace('%{role}', 'utilisateur enregistré'), { exact: true });
  const accept = page.getByRole('button', { name: home.acceptOf.replace('%{group}', 'Groupe de travail Mobilité') });
  await expect(line).toBeVisible();
  await expect(accept).toBeVisible();
  const text = (await line.boundingBox())!;
  const button = (await accept.boundingBox())!;
  const overlap = text.x < button.x + button.width && button.x < text.x + text.width && text.y < button.y + button.height && button.y < text.y + text.height;
  expect(overlap, `text ${JSON.stringify(text)} under button ${JSON.stringify(button)}`).toBe(false);
  await expectAccessible(page, 'home (member, phone)');
});

test('on a phone, the Accounts page shows a pending attachment whole, its buttons clear of its text', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInFromHome(page, 'referent');
  await page.goto('/publish/fr/accounts/');
  const accounts = catalogues.fr.publish.accounts;
  const line = page.getByText(accounts.pendingLine.replace('%{user}', 'Thomas Girard').replace('%{group}', 'Région Sud-Méditerranée'), { exact: true });
  const accept = page.getByRole('button', { name: accounts.acceptOf.replace('%{name}', 'Thomas Girard') });
  await expect(line).toBeVisible();
  await expect(accept).toBeVisible();
  const text = (await line.boundingBox())!;
  const button = (await accept.boundingBox())!;
  const overlap = text.x < button.x + button.width && button.x < text.x + text.width && text.y < button.y + button.height && button.y < text.y + text.height;
  expect(overlap, `text ${JSON.stringify(text)} under button ${JSON.stringify(button)}`).toBe(false);
});

test('on a phone, the profile page keeps its API tokens to the window, the page scrolling down only', async ({ page }) => {
  await signInFromHome(page, 'editor');
  const tokens = catalogues.en.login.tokens;
  await page.goto('/en/login/profile/');
  await page.getByLabel(tokens.name, { exact: true }).fill('Nightly export');
  await page.getByRole('button', { name: tokens.create }).click();
  await expect(page.getByRole('table', { name: tokens.title })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The table scrolls within the page: its last column, Revoke, is still reached.
  await page.getByRole('link', { name: `${tokens.revoke} Nightly export` }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('link', { name: `${tokens.revoke} Nightly export` })).toBeInViewport();
  await expectAccessible(page, 'profile (phone)');
});
