/**
 * The wizard's placement of a file (issue 57, item 3): the X and Y columns its header names and
 * its first rows confirm are proposed with their coordinate system — WGS 84 for degrees, Lambert-93
 * for its metres — saying why, and the person may choose others.
 */
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { datasetHandlers } from './datasetsFixtures.ts';
import { USERS } from './fixtures.ts';
import { renderApp } from './renderApp.tsx';
import { resourceServer } from './resourcesFixtures.ts';
import { server } from './server.ts';

const LONG = { timeout: 10_000 };

function wizard() {
  const resources = resourceServer();
  server.use(...datasetHandlers(), ...resources.handlers);
  return resources;
}

async function choose(user: UserEvent, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Uploads `csv` (its cells split on `;`) as a new main resource and answers the placement step. */
async function placementOf(user: UserEvent, csv: string) {
  renderApp('/publish/fr/data/datasets/1/resources/new/?role=main', USERS.role1);
  const types = await screen.findByRole('radiogroup', { name: 'Type de ressource' }, LONG);
  await user.click(await within(types).findByRole('radio', { name: 'Fichier téléversé' }, LONG));
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  await user.type(await screen.findByRole('textbox', { name: 'Nom' }), 'Bornes de recharge');
  await user.upload(screen.getByLabelText('Choisir un fichier'), new File([csv], 'bornes.csv', { type: 'text/csv' }));
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  return screen.findByRole('region', { name: 'Position des données' }, LONG);
}

const shown = (placement: HTMLElement, label: RegExp) => within(placement).getByRole('combobox', { name: label });

describe('the placement of a file', { timeout: 40_000 }, () => {
  it('proposes columns named X and Y whose values are degrees, in WGS 84, and says why', async () => {
    const resources = wizard();
    const user = userEvent.setup();
    const placement = await placementOf(user, 'X;Y;nom;puissance_kw\n7,2610;43,7040;Gare;22\n7.2850;43.6960;Port;50\n');
    expect(shown(placement, /^Colonne X/)).toHaveTextContent('X');
    expect(shown(placement, /^Colonne Y/)).toHaveTextContent('Y');
    expect(await within(placement).findByText(/^WGS 84 \(EPSG:4326\)$/)).toBeInTheDocument();
    expect(within(placement).getByRole('status')).toHaveTextContent(
      'Proposé : « X » et « Y » en WGS 84, car leurs valeurs ressemblent à des longitudes et des latitudes. Vous pouvez les changer.',
    );
    await user.click(within(placement).getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('radiogroup', { name: 'Scénario à lancer' }, LONG);
    expect(resources.writes.find((write) => write.method === 'PATCH')?.body).toEqual({ column_x: 'X', column_y: 'Y', crs: 4326 });
  });

  it('proposes Lambert-93 for metres in its ranges, among other coordinate columns, and the person may change it', async () => {
    const resources = wizard();
    const user = userEvent.setup();
    const placement = await placementOf(user, 'id;x_l93;y_l93;ville\n1;843500.5;6519800;Lyon\n2;1043250;6298600;Nice\n');
    expect(shown(placement, /^Colonne X/)).toHaveTextContent('x_l93');
    expect(shown(placement, /^Colonne Y/)).toHaveTextContent('y_l93');
    expect(await within(placement).findByText(/^RGF93 \/ Lambert-93 \(EPSG:2154\)$/)).toBeInTheDocument();
    expect(within(placement).getByRole('status')).toHaveTextContent('« x_l93 » et « y_l93 » en Lambert-93');
    // Another system chosen: the reason, which no longer holds, goes.
    await choose(user, /^Système de coordonnées/, 'WGS 84 (EPSG:4326)');
    expect(within(placement).queryByRole('status')).toBeNull();
    await user.click(within(placement).getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('radiogroup', { name: 'Scénario à lancer' }, LONG);
    expect(resources.writes.find((write) => write.method === 'PATCH')?.body).toEqual({ column_x: 'x_l93', column_y: 'y_l93', crs: 4326 });
  });

  it('picks, among several pairs of coordinate columns, the one whose values fit a system', async () => {
    wizard();
    const user = userEvent.setup();
    // X and Y of a local grid, then longitude and latitude.
    const placement = await placementOf(user, 'x_grille;y_grille;x_wgs84;y_wgs84;nom\n512;38000;-1.55;47.21;Nantes\n498;41000;2.35;48.85;Paris\n');
    expect(shown(placement, /^Colonne X/)).toHaveTextContent('x_wgs84');
    expect(shown(placement, /^Colonne Y/)).toHaveTextContent('y_wgs84');
    expect(await within(placement).findByText(/^WGS 84 \(EPSG:4326\)$/)).toBeInTheDocument();
  });

  it('proposes columns by their names alone when their values fit no system, and asks for the system', async () => {
    wizard();
    const user = userEvent.setup();
    const placement = await placementOf(user, 'nom;lon;lat\nA;1500;2500\n');
    expect(shown(placement, /^Colonne X/)).toHaveTextContent('lon');
    expect(shown(placement, /^Colonne Y/)).toHaveTextContent('lat');
    expect(shown(placement, /^Système de coordonnées/)).not.toHaveTextContent('EPSG');
    expect(within(placement).getByRole('status')).toHaveTextContent('Proposé : « lon » et « lat », d’après leur nom. Choisissez le système de coordonnées de leurs valeurs.');
  });

  it('proposes nothing for a file whose header names no coordinates', async () => {
    wizard();
    const user = userEvent.setup();
    const placement = await placementOf(user, 'nom;valeur\nA;7.26\n');
    for (const axis of [/^Colonne X/, /^Colonne Y/]) expect(shown(placement, axis).textContent).not.toMatch(/nom|valeur/);
    expect(within(placement).queryByRole('status')).toBeNull();
  });
});
