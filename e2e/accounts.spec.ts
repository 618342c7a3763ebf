import { expect, test, type Page } from '@playwright/test';
import frenchMessages from 'ra-language-french';
import organisations from '../i18n/resources/organisations.ts';
import validation from '../i18n/validation/fr.ts';
import { catalogues, signInFromHome } from './fixtures.ts';

const accounts = catalogues.fr.publish.accounts;
const confirm = catalogues.fr.publish.feedback.confirm;
const org = organisations.fr;

// A 1×1 PNG.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63e0f6effa0f00033101e43225be300000000049454e44ae426082',
  'hex',
);

async function uploadLogo(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.locator('input[type=file][accept*="image"]').setInputFiles(file);
}

test('a delegated administrator accepts a membership request, then changes the member’s role', async ({ page }) => {
  await signInFromHome(page, 'referent');
  await page.goto('/publish/fr/accounts/');
  const request = accounts.pendingLine.replace('%{user}', 'Marie Lefebvre').replace('%{group}', 'Réseau des géomaticiens');
  await expect(page.getByText(request)).toBeVisible();
  // The overview counts what the administrator may see.
  const counted = (key: string) => new RegExp(`^\\d+ (${key.split(' |||| ').map((form) => form.replace('%{smart_count} ', '')).join('|')})$`);
  await expect(page.getByText(counted(accounts.organisationCount))).toBeVisible();
  await expect(page.getByText(counted(accounts.contactCount))).toBeVisible();

  await page.getByRole('button', { name: accounts.acceptOf.replace('%{name}', 'Marie Lefebvre') }).click();
  await page.getByRole('dialog').getByRole('button', { name: confirm.confirm }).click();
  await expect(page.getByText(accounts.accepted)).toBeVisible();
  await expect(page.getByText(request)).toHaveCount(0);

  // The new member appears in the group's members, as an active member; the role changes.
  await page.goto('/publish/fr/accounts/groups/');
  await page.getByRole('row').filter({ hasText: 'Réseau des géomaticiens' }).first().click();
  await expect(page).toHaveURL(/\/accounts\/groups\/\d+\/$/);
  const member = page.getByRole('row').filter({ hasText: 'Marie Lefebvre' });
  await member.getByRole('combobox').first().click();
  await page.getByRole('option', { name: 'Éditeur' }).click();
  await expect(page.getByText(accounts.members.updated)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Marie Lefebvre' }).getByRole('combobox').first()).toHaveText('Éditeur');
});

test('a superuser creates an organisation and gives it a logo; bad files and a bad additional ID are refused clearly', async ({ page }) => {
  await signInFromHome(page, 'admin');
  await page.goto('/publish/fr/accounts/organisations/new/');
  const name = `Syndicat mixte du Verdon ${Date.now()}`;
  await page.getByLabel(org.fields.display_name).first().fill(name);
  await page.getByLabel(org.fields.organisation_type).first().click();
  await page.getByRole('option', { name: 'Établissement public' }).click();
  await page.getByRole('button', { name: frenchMessages.ra.action.save }).click();
  await expect(page.getByText(org.messages.created)).toBeVisible();
  await expect(page).toHaveURL(/\/accounts\/organisations\/\d+\/$/);

  // A text file named like an image is refused by the server, which reads its content.
  await uploadLogo(page, { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(page.getByText(validation.imageType)).toBeVisible();
  // An image over 2 MB is refused before it is sent.
  await uploadLogo(page, { name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) });
  await expect(page.getByText(validation.imageTooLarge)).toBeVisible();
  // A real PNG is accepted and shown.
  await uploadLogo(page, { name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: org.fields.logo })).toBeVisible();

  // An additional ID with spaces and punctuation is refused with the rule spelled out.
  await page.getByLabel(org.fields.additional_id).first().fill('RSM 2024 !');
  await page.getByRole('button', { name: frenchMessages.ra.action.save }).click();
  await expect(page.getByText(validation.idComp)).toBeVisible();
  await page.getByLabel(org.fields.additional_id).first().fill('RSM-2024_01');
  await page.getByRole('button', { name: frenchMessages.ra.action.save }).click();
  await expect(page.getByText(org.messages.updated)).toBeVisible();

  await page.goto('/publish/fr/accounts/organisations/');
  await page.getByPlaceholder(frenchMessages.ra.action.search).fill('Verdon');
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
});

test('list, edit and create pages are titled with what they show', async ({ page }) => {
  await signInFromHome(page, 'admin');
  await page.goto('/publish/en/accounts/users/');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('row').filter({ hasText: 'Dubois' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /referent/ })).toBeVisible();
  // A new record's page says what it makes, as people say it.
  await page.goto('/publish/fr/accounts/organisations/new/');
  await expect(page.getByRole('heading', { level: 1, name: org.page.create })).toBeVisible();
  await page.goto('/publish/it/jurisdictions/new/');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuova competenza territoriale' })).toBeVisible();
  // Pages with a title of their own show only that one.
  await page.goto('/publish/en/home/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test('a delegated administrator edits their organisation’s information but not its status', async ({ page }) => {
  await signInFromHome(page, 'referent');
  await page.goto('/publish/fr/accounts/organisations/');
  await page.getByRole('row').filter({ hasText: 'Région Sud-Méditerranée' }).click();
  await expect(page).toHaveURL(/\/accounts\/organisations\/\d+\/$/);
  // The list (which has a status column and filter too) has given way to the organisation's page.
  await expect(page.getByRole('heading', { level: 1, name: /Région Sud-Méditerranée/ })).toBeVisible();
  // The status is shown, not offered for change; the information is editable (the members below have statuses of their own).
  const form = page.locator('form').filter({ has: page.getByLabel(org.fields.website) });
  await expect(form.getByRole('combobox', { name: org.fields.status })).toHaveCount(0);
  await expect(form.getByText(org.fields.status, { exact: true })).toBeVisible();
  await page.getByLabel(org.fields.website).first().fill('https://donnees.region-sud-mediterranee.example');
  await page.getByRole('button', { name: frenchMessages.ra.action.save }).click();
  await expect(page.getByText(org.messages.updated)).toBeVisible();
  await expect(page).not.toHaveURL(/access-denied/);
});

test('a delegated administrator reads the accounts of their members without being offered to change them', async ({ page }) => {
  await signInFromHome(page, 'referent');
  await page.goto('/publish/fr/accounts/users/');
  await page.getByRole('row').filter({ hasText: 'Girard' }).click();
  await expect(page).toHaveURL(/\/accounts\/users\/\d+\/$/);
  await expect(page.getByText('thomas.girard@demo.publish.example')).toBeVisible();
  await expect(page.getByRole('button', { name: frenchMessages.ra.action.save })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
});
