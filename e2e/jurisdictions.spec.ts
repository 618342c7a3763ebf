import { expect, test } from '@playwright/test';
import jurisdictions from '../i18n/resources/jurisdictions.ts';
import frenchMessages from 'ra-language-french';
import { signInFromHome } from './fixtures.ts';

const labels = jurisdictions.fr;

test('a delegated administrator creates a jurisdiction by pasting INSEE codes', async ({ page }) => {
  await signInFromHome(page, 'referent');
  await page.goto('/publish/fr/jurisdictions/new/');

  const codename = `ouest-etang-${Date.now()}`;
  await page.getByLabel(labels.fields.display_name).first().fill('Ouest Étang de Berre');
  await page.getByLabel(labels.fields.codename).first().fill(codename);
  await page.getByLabel(labels.municipalities.paste).fill('13056, 13047 ; 13063\n99999');
  await page.getByRole('button', { name: labels.municipalities.addPasted }).click();

  // Known communes become chips, the unknown code is named; the box is computed and described.
  await expect(page.getByText('Martigues (13056)')).toBeVisible();
  await expect(page.getByText('Istres (13047)')).toBeVisible();
  await expect(page.getByText('Rognac (13081)')).toHaveCount(0);
  await expect(page.getByText(labels.municipalities.unknown.replace('%{codes}', '99999'))).toBeVisible();
  await expect(page.getByText(labels.map.noBox)).toHaveCount(0);

  await page.getByRole('button', { name: frenchMessages.ra.action.save }).click();
  await expect(page.getByText(labels.messages.created)).toBeVisible();

  // The list finds it by search, with its three communes.
  await page.goto(`/publish/fr/jurisdictions/?filter=${encodeURIComponent(JSON.stringify({ q: codename }))}`);
  const row = page.getByRole('row').filter({ hasText: codename });
  await expect(row).toContainText('Ouest Étang de Berre');
  // The count's own cell: the row's codename has digits too.
  const headers = await page.getByRole('columnheader').allInnerTexts();
  const countColumn = headers.findIndex((text) => text.trim() === labels.fields.municipality_count);
  expect(countColumn).toBeGreaterThan(-1);
  await expect(row.getByRole('cell').nth(countColumn)).toHaveText('3');
});
