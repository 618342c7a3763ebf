import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import resourceLabels from '../i18n/resources/dataset-resources.ts';
import settingsLabels from '../i18n/resources/resource-settings.ts';
import taskLabels from '../i18n/resources/tasks.ts';
import { openNewDatasetPage, signInFromHome } from './fixtures.ts';
import { pickOption, startWizard } from './resourceWizard.ts';

const labels = resourceLabels.fr;
const settings = settingsLabels.fr;
const DATASET = 'Arrêts de bus du réseau urbain';
const CSV = ['nom,mode', 'Gare,bus', 'Port,tram', ''].join('\n');

// A remote site the resource is downloaded from (the e2e server lets private addresses through).
let remote: Server;
let remoteUrl: string;
test.beforeAll(async () => {
  remote = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/csv' }).end(CSV));
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}/lignes.csv`;
});
test.afterAll(() => new Promise<void>((resolve) => remote.close(() => resolve())));

test("an editor schedules a downloaded resource's daily update as the wizard's last step, sees the next run, then removes it", async ({ page }) => {
  test.setTimeout(180_000);
  // Every page's failed request shows in the console: none without a map server (issue 55, item 4).
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  const stamp = Date.now();
  const name = `Lignes (téléchargement) ${stamp}`;
  await signInFromHome(page, 'editor');
  const datasetUrl = await openNewDatasetPage(page, `Lignes ${stamp}`, DATASET);

  await startWizard(page, datasetUrl, 'main', labels.types['file-download'], name);
  await page.getByRole('textbox', { name: new RegExp(`^${labels.fields.href.replace(/[()]/g, '\\$&')}`) }).fill(remoteUrl);
  await pickOption(page, labels.fields.dataformat, 'CSV');
  await page.getByRole('button', { name: labels.actions.next }).click();
  await page.getByRole('region', { name: labels.steps.scenario }).getByRole('button', { name: labels.actions.run }).click();
  await expect(page.getByRole('region', { name: labels.task.title }).getByText(taskLabels.fr.statuses.SUCCESS, { exact: true })).toBeVisible({ timeout: 60_000 });

  // Its last step: the scheduler of its update scenario.
  const schedule = page.getByRole('region', { name: settings.schedule.title });
  await expect(schedule.getByRole('status')).toHaveText(settings.schedule.noneScheduled);
  await pickOption(page, settings.fields.scheduler, 'Tous les jours');
  await expect(page.getByText(settings.schedule.messages.created)).toBeVisible();
  // The daily scheduler runs at 02:00.
  await expect(schedule.getByRole('status')).toHaveText(/^Prochaine mise à jour : .+ 02:00$/);

  // On the resource's page it is there again; removed, nothing is scheduled.
  await page.getByRole('link', { name: labels.actions.back }).click();
  await page.getByRole('table', { name: labels.panel.main }).getByRole('link', { name: labels.actions.edit.replace('%{name}', name) }).click();
  await expect(page.getByRole('heading', { name: labels.wizard.edit.replace('%{name}', name) })).toBeVisible();
  await expect(schedule.getByRole('status')).toHaveText(/^Prochaine mise à jour : .+ 02:00$/);
  await pickOption(page, settings.fields.scheduler, settings.schedule.none);
  await expect(page.getByText(settings.schedule.messages.deleted)).toBeVisible();
  await expect(schedule.getByRole('status')).toHaveText(settings.schedule.noneScheduled);
  await page.reload();
  await expect(schedule.getByRole('status')).toHaveText(settings.schedule.noneScheduled);

  expect(failures.filter((text) => /503/.test(text))).toEqual([]);
});
