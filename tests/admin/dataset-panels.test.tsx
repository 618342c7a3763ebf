/**
 * The dataset edit page's history and contacts panels, inside the app's providers, against a fake
 * server answering like src/server/datasets/actions.ts (activity entries `{id, action, changes:
 * {field: {old, new}}, created_at, user}`; contact roles `{id, dataset, contact, role,
 * contact_detail}`; a 400 on `role` when the last point of contact would go without `force`).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { AdminContext, RecordContextProvider, useUpdate } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE, type Locale } from '../../schemas/constants.ts';
import { changeKind, changeLabelKey, listChanges, shownChanges } from '../../src/admin/datasets/activityFields.ts';
import { needsForce } from '../../src/admin/datasets/contactErrors.ts';
import { DatasetContacts } from '../../src/admin/datasets/DatasetContacts.tsx';
import { DatasetHistory } from '../../src/admin/datasets/DatasetHistory.tsx';
import { QualityPanel } from '../../src/admin/datasets/QualityPanel.tsx';
import { AppNotification } from '../../src/admin/feedback/AppNotification.tsx';
import { createDataProvider } from '../../src/admin/providers/dataProvider.ts';
import { createI18nProvider } from '../../src/admin/providers/i18nProvider.ts';
import { toHttpError } from '../../src/admin/http/errors.ts';
import { createQueryClient } from '../../src/admin/providers/queryClient.ts';
import { page, recordWrite, type Write } from './accountsFixtures.ts';
import { server } from './server.ts';

vi.setConfig({ testTimeout: 20_000 });

const DATASET = 5;
const LONG = { timeout: 5000 };

const ROLES = [
  { id: 1, codename: 'author', label: 'Auteur' },
  { id: 3, codename: 'custodian', label: 'Gestionnaire' },
  { id: 2, codename: 'pointOfContact', label: 'Point de contact' },
];
const POINT_OF_CONTACT = 2;

const CONTACTS = [
  { id: 31, name: 'Jeanne Dupont', email: 'jeanne.dupont@example.org', phone: '0400000000', position: 'Cheffe de projet', usergroup: 10, role: '' },
  { id: 32, name: 'Paul Durand', email: 'paul.durand@example.org', phone: null, position: null, usergroup: 10, role: '' },
  { id: 33, name: 'Marie Duval', email: 'marie.duval@example.org', phone: null, position: 'Géomaticienne', usergroup: 10, role: '' },
];

const EDITOR = { id: 3, username: 'editor', first_name: 'Jeanne', last_name: 'Dupont' };
const LONG_DESCRIPTION = `${'Les relevés quotidiens de la qualité de l’air. '.repeat(8)}Fin du texte.`;

/** The newest entries of the dataset's history, as the server answers them. */
function activity() {
  const entries = [
    {
      id: 100,
      action: 'update',
      created_at: '2026-03-12T13:05:00Z',
      user: EDITOR,
      changes: {
        display_name: { old: 'Qualité de l’air', new: 'Qualité de l’air 2026' },
        tags: { old: ['air', 'pollution'], new: ['air', 'santé'] },
        description: { old: null, new: LONG_DESCRIPTION },
        publish: { old: false, new: true },
      },
    },
    {
      id: 99,
      action: 'contacts',
      created_at: '2026-03-11T08:00:00Z',
      user: { id: 9, username: 'gestionnaire', first_name: '', last_name: '' },
      changes: { contact_roles: { old: null, new: { contact: 31, role: POINT_OF_CONTACT } } },
    },
    {
      id: 98,
      action: 'permissions',
      created_at: '2026-03-10T08:00:00Z',
      user: EDITOR,
      changes: {
        permissions: {
          old: [{ id: 20, display_name: 'Groupe mobilité', level: 0 }, { id: 21, display_name: 'Métropole', level: 1 }],
          new: [{ id: 20, display_name: 'Groupe mobilité', level: 3 }, { id: 21, display_name: 'Métropole', level: 3 }],
        },
      },
    },
    {
      id: 97,
      action: 'duplicate',
      created_at: '2026-03-09T08:00:00Z',
      user: EDITOR,
      changes: {
        id: { old: null, new: DATASET },
        detail_url: { old: null, new: `/fr/dataset/datasets/${DATASET}/` },
        display_name: { old: null, new: 'Qualité de l’air' },
        duplicated_from: { old: null, new: 4 },
      },
    },
  ];
  // Older updates fill a second page; the oldest entry is the creation.
  for (let n = 0; n < PAGE_SIZE; n++) {
    entries.push({
      id: 96 - n,
      action: 'update',
      created_at: `2026-02-${String(20 - (n % 19)).padStart(2, '0')}T10:00:00Z`,
      user: EDITOR,
      changes: { year: { old: 2000 + n, new: 2001 + n } } as never,
    });
  }
  entries.push({ id: 1, action: 'create', created_at: '2026-01-05T09:30:00Z', user: null as never, changes: { display_name: { old: null, new: 'Qualité de l’air' } } as never });
  return entries;
}

type Link = { id: number; dataset: number; contact: number; role: number };

/** The entries of the history's list (its pages' buttons are list items too). */
const entriesOf = (history: HTMLElement) => within(within(history).getAllByRole('list')[0]).getAllByRole('listitem');

/** The fake server's contact roles of the dataset and what the panels sent. */
function fakeServer(initial: Array<[contact: number, role: number]> = [[31, POINT_OF_CONTACT], [32, 1]]) {
  const writes: Write[] = [];
  let links: Link[] = initial.map(([contact, role], index) => ({ id: 50 + index, dataset: DATASET, contact, role }));
  let nextId = 60;
  let datasetReads = 0;
  const contacts = [...CONTACTS];
  const present = (link: Link) => {
    const { role: _role, usergroup: _group, ...detail } = contacts.find((contact) => contact.id === link.contact)!;
    return { ...link, contact_detail: detail };
  };
  const points = () => links.filter((link) => link.role === POINT_OF_CONTACT).length;
  /** Runs a change that must keep the point of contact the dataset had unless forced. */
  const keepingPointOfContact = (request: Request, change: () => void) => {
    const before = points();
    const saved = links;
    change();
    if (before > 0 && points() === 0 && new URL(request.url).searchParams.get('force') !== 'true') {
      links = saved;
      return HttpResponse.json({ role: ['C’est le dernier point de contact du jeu de données : confirmez pour le retirer.'] }, { status: 400 });
    }
    return null;
  };
  const ids = (request: Request) => new URL(request.url).searchParams.get('id__in')?.split(',').map(Number);
  const entries = activity();
  server.use(
    http.get('/:locale/dataset/contact-roles/', ({ request }) => {
      const wanted = ids(request);
      return HttpResponse.json(page(ROLES.filter((role) => !wanted || wanted.includes(role.id))));
    }),
    http.get('/:locale/dataset/contacts/', ({ request }) => {
      const url = new URL(request.url);
      const search = url.searchParams.get('search')?.toLowerCase();
      const wanted = ids(request);
      return HttpResponse.json(
        page(contacts.filter((c) => (!wanted || wanted.includes(c.id)) && (!search || `${c.name} ${c.email}`.toLowerCase().includes(search)))),
      );
    }),
    http.post('/:locale/dataset/contacts/', async ({ request }) => {
      const write = await recordWrite(writes, request);
      const body = write.body as Record<string, string>;
      const errors = Object.fromEntries(['name', 'email'].filter((field) => !body[field]).map((field) => [field, ['Ce champ est obligatoire.']]));
      if (Object.keys(errors).length) return HttpResponse.json(errors, { status: 400 });
      const contact = { id: 34, phone: null, position: null, role: '', usergroup: 10, name: body.name, email: body.email, ...body };
      contacts.push(contact);
      return HttpResponse.json(contact, { status: 201 });
    }),
    // The names of referenced datasets (`id__in`).
    http.get('/:locale/dataset/datasets/', ({ request }) =>
      HttpResponse.json(page(ids(request)?.includes(4) ? [{ id: 4, display_name: 'Air 2025', usergroup: 10 }] : [])),
    ),
    http.get('/:locale/dataset/datasets/:id/', ({ params }) => {
      datasetReads++;
      return HttpResponse.json({ id: Number(params.id), display_name: 'Qualité de l’air 2026', usergroup: 10, editable: true, updated_at: '2026-03-12T13:05:00Z' });
    }),
    // The edit page's save, recorded in the history.
    http.put('/:locale/dataset/datasets/:id/', async ({ request, params }) => {
      const body = (await recordWrite(writes, request)).body as Record<string, unknown>;
      entries.unshift({
        id: 200,
        action: 'update',
        created_at: '2026-03-13T09:00:00Z',
        user: EDITOR,
        changes: { display_name: { old: 'Qualité de l’air 2026', new: body.display_name } } as never,
      });
      return HttpResponse.json({ id: Number(params.id), usergroup: 10, editable: true, ...body, updated_at: '2026-03-13T09:00:00Z' });
    }),
    http.get('/:locale/dataset/datasets/:id/activity/', ({ request, params }) => {
      const number = Number(new URL(request.url).searchParams.get('page') ?? '1');
      const all = Number(params.id) === DATASET ? entries : [];
      const results = all.slice((number - 1) * PAGE_SIZE, number * PAGE_SIZE);
      if (number > 1 && results.length === 0) return HttpResponse.json({ detail: 'Page invalide.' }, { status: 404 });
      return HttpResponse.json({ count: all.length, next: null, previous: null, results });
    }),
    http.get('/:locale/dataset/datasets/:id/contact-roles/', () => HttpResponse.json(page(links.map(present)))),
    http.post('/:locale/dataset/datasets/:id/contact-roles/', async ({ request }) => {
      const { contact, role } = (await recordWrite(writes, request)).body as { contact: number; role: number };
      const link = { id: nextId++, dataset: DATASET, contact, role };
      links = [...links, link];
      return HttpResponse.json(present(link), { status: 201 });
    }),
    http.put('/:locale/dataset/datasets/:id/contact-roles/:roleId/', async ({ request, params }) => {
      const { contact, role } = (await recordWrite(writes, request)).body as { contact: number; role: number };
      const id = Number(params.roleId);
      const refused = keepingPointOfContact(request, () => {
        links = links.map((link) => (link.id === id ? { ...link, contact, role } : link));
      });
      return refused ?? HttpResponse.json(present(links.find((link) => link.id === id)!));
    }),
    http.delete('/:locale/dataset/datasets/:id/contact-roles/:roleId/', async ({ request, params }) => {
      await recordWrite(writes, request);
      const refused = keepingPointOfContact(request, () => {
        links = links.filter((link) => link.id !== Number(params.roleId));
      });
      return refused ?? new HttpResponse(null, { status: 204 });
    }),
  );
  return { writes, links: () => links, datasetReads: () => datasetReads };
}

/** A panel inside the app's providers (i18n, data, queries, notifications), in a language. */
async function renderPanel(panel: ReactElement, locale: Locale = 'fr') {
  window.history.replaceState(null, '', `/${locale}/data/datasets/${DATASET}/`);
  const i18nProvider = createI18nProvider();
  await i18nProvider.changeLocale(locale);
  return render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={createDataProvider()} queryClient={createQueryClient()}>
      {panel}
      <AppNotification />
    </AdminContext>,
  );
}

const user = userEvent.setup({ delay: null });

describe('dataset history', () => {
  it('shows who changed what and when, each changed field with its old and new value', async () => {
    fakeServer();
    await renderPanel(<DatasetHistory datasetId={DATASET} />);
    const history = await screen.findByRole('region', { name: 'Historique' });
    await within(history).findByText(/a modifié les contacts/, {}, LONG);
    const items = entriesOf(history);
    expect(items).toHaveLength(PAGE_SIZE);
    const newest = items[0];
    expect(newest).toHaveTextContent('Jeanne Dupont a modifié le jeu de données');
    expect(newest).toHaveTextContent(/12 mars 2026/);

    // A text: the old value struck through, the new one inserted, under the field's label.
    expect(within(newest).getByText('Nom')).toBeInTheDocument();
    expect(within(newest).getByText('Qualité de l’air').closest('del')).not.toBeNull();
    expect(within(newest).getByText('Qualité de l’air 2026').closest('ins')).not.toBeNull();
    // A list: the removed and added keywords only.
    expect(within(newest).getByText('Mots-clés')).toBeInTheDocument();
    expect(within(newest).getByText('pollution').closest('del')).not.toBeNull();
    expect(within(newest).getByText('santé').closest('ins')).not.toBeNull();
    expect(within(newest).queryByText('air')).toBeNull();
    // A boolean, in words.
    expect(within(newest).getByText('Non').closest('del')).not.toBeNull();
    expect(within(newest).getByText('Oui').closest('ins')).not.toBeNull();
    // A long text: its beginning, then all of it on demand.
    expect(within(newest).queryByText(LONG_DESCRIPTION)).toBeNull();
    await user.click(within(newest).getByRole('button', { name: 'Afficher tout' }));
    expect(within(newest).getByText(LONG_DESCRIPTION)).toBeInTheDocument();
    await user.click(within(newest).getByRole('button', { name: 'Réduire' }));
    expect(within(newest).queryByText(LONG_DESCRIPTION)).toBeNull();

    // A contact change, by a user without a name: their username, the contact and its role.
    expect(items[1]).toHaveTextContent('gestionnaire a modifié les contacts');
    await waitFor(() => expect(items[1]).toHaveTextContent('Jeanne Dupont (Point de contact)'));

    // Permissions: each group's old and new level.
    expect(items[2]).toHaveTextContent('Jeanne Dupont a modifié les droits');
    expect(within(items[2]).getByText('Droits')).toBeInTheDocument();
    expect(items[2]).toHaveTextContent('Groupe mobilité :');
    expect(within(items[2]).getByText('Privé').closest('del')).not.toBeNull();
    expect(within(items[2]).getAllByText('Téléchargement')[0].closest('ins')).not.toBeNull();
    expect(within(items[2]).getByText('Recherche').closest('del')).not.toBeNull();

    // A copy: the dataset it was made from, not the fields the server computes.
    expect(items[3]).toHaveTextContent('Jeanne Dupont a créé ce jeu de données par duplication');
    expect(within(items[3]).getByText('Dupliqué depuis')).toBeInTheDocument();
    await waitFor(() => expect(within(items[3]).getByText('Air 2025').closest('ins')).not.toBeNull());
    expect(within(items[3]).queryByText('Adresse')).toBeNull();
    expect(within(items[3]).queryByText('Identifiant')).toBeNull();
  });

  it('shows a bulk change in words: its task linked, the catalogue flag as yes or no, each group by its name', async () => {
    fakeServer();
    const bulk = [
      {
        id: 120,
        action: 'bulk',
        created_at: '2026-03-14T10:00:00Z',
        user: EDITOR,
        changes: { bulk_task: { old: null, new: 11 }, publish: { old: false, new: true }, in_catalog: { old: false, new: true } },
      },
      {
        id: 119,
        action: 'bulk',
        created_at: '2026-03-13T10:00:00Z',
        user: EDITOR,
        changes: {
          bulk_task: { old: null, new: 10 },
          permissions: { old: [{ usergroup_id: 20, level: 0 }, { usergroup_id: 21, level: 0 }], new: [{ usergroup_id: 20, level: 2 }, { usergroup_id: 21, level: 2 }] },
        },
      },
      { id: 118, action: 'bulk-undo', created_at: '2026-03-12T10:00:00Z', user: EDITOR, changes: { bulk_task: { old: null, new: 9 }, deleted: { old: true, new: false } } },
    ];
    server.use(
      http.get('/:locale/dataset/datasets/:id/activity/', () => HttpResponse.json({ count: bulk.length, next: null, previous: null, results: bulk })),
      http.get('/:locale/usergroup/user-groups/', ({ request }) => {
        const ids = new URL(request.url).searchParams.get('id__in')?.split(',').map(Number) ?? [];
        const names: Record<number, string> = { 20: 'Groupe mobilité', 21: 'Métropole' };
        return HttpResponse.json(page(ids.map((id) => ({ id, display_name: names[id] }))));
      }),
    );
    await renderPanel(<DatasetHistory datasetId={DATASET} />);
    const history = await screen.findByRole('region', { name: 'Historique' });
    await within(history).findByText(/a annulé une modification groupée/, {}, LONG);
    const items = entriesOf(history);

    expect(items[0]).toHaveTextContent('Jeanne Dupont a fait une modification groupée (tâche n° 11)');
    expect(within(items[0]).getByRole('link', { name: 'tâche n° 11' })).toHaveAttribute('href', expect.stringMatching(/\/fr\/data\/tasks\/11\/$/));
    expect(within(items[0]).getByText('Dans le catalogue')).toBeInTheDocument();
    expect(within(items[0]).getAllByText('Non')[0].closest('del')).not.toBeNull();
    expect(items[0]).not.toHaveTextContent(/bulk|in_catalog|true|false/);

    await waitFor(() => expect(items[1]).toHaveTextContent('Groupe mobilité :'));
    expect(items[1]).toHaveTextContent('Métropole :');
    expect(within(items[1]).getAllByText('Consultation')).toHaveLength(2);

    expect(items[2]).toHaveTextContent('Jeanne Dupont a annulé une modification groupée (tâche n° 9)');
    expect(within(items[2]).getByText('Supprimé')).toBeInTheDocument();
  });

  it('reloads when the dataset is saved', async () => {
    const { datasetReads } = fakeServer();
    function SaveButton() {
      const [update] = useUpdate();
      return (
        <button type="button" onClick={() => void update('datasets', { id: DATASET, data: { display_name: 'Air' }, previousData: { id: DATASET } })}>
          save
        </button>
      );
    }
    await renderPanel(
      <>
        <SaveButton />
        <DatasetHistory datasetId={DATASET} />
      </>,
    );
    const history = await screen.findByRole('region', { name: 'Historique' });
    await within(history).findByText(/a modifié les contacts/, {}, LONG);
    // The record is in react-admin's cache, as on the edit page.
    await waitFor(() => expect(datasetReads()).toBe(1));
    await user.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(within(entriesOf(history)[0]).queryByText('Air')?.closest('ins')).toBeTruthy(), LONG);
  });

  it('pages through older entries, down to the creation', async () => {
    fakeServer();
    await renderPanel(<DatasetHistory datasetId={DATASET} />);
    const history = await screen.findByRole('region', { name: 'Historique' });
    await within(history).findByText(/a modifié les contacts/, {}, LONG);
    await user.click(within(history).getByRole('button', { name: 'Aller à la page 2' }));
    await within(history).findByText(/a créé le jeu de données/, {}, LONG);
    // 25 entries: the 5 oldest on the second page.
    const items = entriesOf(history);
    expect(items).toHaveLength(5);
    expect(items[4]).toHaveTextContent('Utilisateur supprimé a créé le jeu de données');
    expect(items[4]).toHaveTextContent(/5 janvier 2026/);
    expect(within(items[4]).getByText('Qualité de l’air').closest('ins')).not.toBeNull();
  });

  it('says when nothing was recorded, in the chosen language', async () => {
    fakeServer();
    await renderPanel(<DatasetHistory datasetId={6} />, 'en');
    expect(await screen.findByText('No change recorded for this dataset.', {}, LONG)).toBeInTheDocument();
  });

  it("shows the server's error in the error toast", async () => {
    fakeServer();
    server.use(http.get('/:locale/dataset/datasets/:id/activity/', () => HttpResponse.json({ detail: 'Vous n’avez pas la permission.' }, { status: 403 })));
    await renderPanel(<DatasetHistory datasetId={DATASET} />);
    const toast = await screen.findByRole('alert', {}, LONG);
    expect(toast).toHaveTextContent('Erreur');
    expect(toast).toHaveTextContent('Vous n’avez pas la permission.');
  });
});

describe('dataset contacts', () => {
  const contactsPanel = () => screen.findByRole('region', { name: 'Contacts du jeu de données' });

  it('lists the contacts with their role, and changes a role', async () => {
    const { writes } = fakeServer();
    await renderPanel(<DatasetContacts datasetId={DATASET} canEdit />);
    const panel = await contactsPanel();
    await within(panel).findByText('Jeanne Dupont', {}, LONG);
    // The phone in pairs, as people read it.
    expect(within(panel).getByText(/jeanne\.dupont@example\.org/)).toHaveTextContent('jeanne.dupont@example.org · 04 00 00 00 00 · Cheffe de projet');
    const roleOfPaul = await within(panel).findByRole('combobox', { name: 'Rôle de Paul Durand' });
    await waitFor(() => expect(roleOfPaul).toHaveTextContent('Auteur'));

    await user.click(roleOfPaul);
    await user.click(await screen.findByRole('option', { name: 'Gestionnaire' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'PUT', path: `/fr/dataset/datasets/${DATASET}/contact-roles/51/`, search: '', body: { contact: 32, role: 3 } });
    expect(await screen.findByText('Rôle du contact mis à jour')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('combobox', { name: 'Rôle de Paul Durand' })).toHaveTextContent('Gestionnaire'));
  });

  it('asks before leaving the dataset without its point of contact, then retries with force', async () => {
    const { writes, links } = fakeServer();
    await renderPanel(<DatasetContacts datasetId={DATASET} canEdit />);
    const panel = await contactsPanel();
    const roleOfJeanne = await within(panel).findByRole('combobox', { name: 'Rôle de Jeanne Dupont' }, LONG);
    await waitFor(() => expect(roleOfJeanne).toHaveTextContent('Point de contact'));
    await user.click(roleOfJeanne);
    await user.click(await screen.findByRole('option', { name: 'Auteur' }));

    const dialog = await screen.findByRole('dialog', { name: 'Dernier point de contact' });
    expect(dialog).toHaveTextContent("Le jeu de données n'aura plus de point de contact. Voulez-vous continuer ?");
    expect(writes).toHaveLength(1);
    expect(links().find((link) => link.id === 50)?.role).toBe(POINT_OF_CONTACT);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({ method: 'PUT', path: `/fr/dataset/datasets/${DATASET}/contact-roles/50/`, search: '?force=true', body: { contact: 31, role: 1 } });
    expect(await screen.findByText('Rôle du contact mis à jour')).toBeInTheDocument();
    expect(links().find((link) => link.id === 50)?.role).toBe(1);
  });

  it('removes a contact after confirmation, the last point of contact only when confirmed again', async () => {
    const { writes, links } = fakeServer();
    await renderPanel(<DatasetContacts datasetId={DATASET} canEdit />);
    const panel = await contactsPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Retirer Paul Durand' }, LONG));
    // The question names the contact removed.
    expect(await screen.findByRole('dialog')).toHaveTextContent('Retirer Paul DurandÊtes-vous sûr de vouloir continuer ?');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'DELETE', path: `/fr/dataset/datasets/${DATASET}/contact-roles/51/`, search: '' });
    expect(await screen.findByText('Contact retiré du jeu de données')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText('Paul Durand')).toBeNull());

    await user.click(await within(panel).findByRole('button', { name: 'Retirer Jeanne Dupont' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirmation' })).getByRole('button', { name: 'Confirmer' }));
    const again = await screen.findByRole('dialog', { name: 'Dernier point de contact' });
    await user.click(within(again).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(writes).toHaveLength(3));
    expect(writes[2]).toMatchObject({ method: 'DELETE', search: '?force=true' });
    await waitFor(() => expect(links()).toEqual([]));
    expect(await within(panel).findByText("Aucun contact n'est associé à ce jeu de données.")).toBeInTheDocument();
  });

  it('adds an existing contact of the platform in a chosen role', async () => {
    const { writes } = fakeServer([]);
    await renderPanel(<DatasetContacts datasetId={DATASET} canEdit />);
    const panel = await contactsPanel();
    await within(panel).findByText("Aucun contact n'est associé à ce jeu de données.", {}, LONG);
    await user.type(within(panel).getByLabelText('Rechercher un contact'), 'Duval');
    await user.click(await screen.findByRole('option', { name: 'Marie Duval (marie.duval@example.org)' }, LONG));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    const role = within(panel).getByRole('combobox', { name: 'Rôle' });
    await waitFor(() => expect(role).toHaveTextContent('Point de contact'));
    await user.click(role);
    await user.click(await screen.findByRole('option', { name: 'Gestionnaire' }));
    await waitFor(() => expect(role).toHaveTextContent('Gestionnaire'));
    await user.click(await within(panel).findByRole('button', { name: 'Ajouter le contact' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'POST', path: `/fr/dataset/datasets/${DATASET}/contact-roles/`, body: { contact: 33, role: 3 } });
    expect(await screen.findByText('Contact ajouté au jeu de données')).toBeInTheDocument();
    expect(await within(panel).findByText('Marie Duval')).toBeInTheDocument();
  });

  it("reads the dataset's quality score again once a contact is added", async () => {
    fakeServer([]);
    let qualityReads = 0;
    server.use(
      http.get('/:locale/dataset/datasets/:id/quality/', () => {
        qualityReads++;
        const score = qualityReads === 1 ? 150 : 170;
        return HttpResponse.json({ score, max_score: 405, rating: 'sufficient', dimensions: [], indicators: [], shacl: [], checked_at: '2026-03-12T13:05:00Z' });
      }),
    );
    await renderPanel(
      <RecordContextProvider value={{ id: DATASET, updated_at: '2026-03-12T13:05:00Z' }}>
        <QualityPanel />
        <DatasetContacts datasetId={DATASET} canEdit />
      </RecordContextProvider>,
    );
    const quality = await screen.findByRole('region', { name: 'Qualité des métadonnées' });
    expect(await within(quality).findByText('150 / 405 points', {}, LONG)).toBeInTheDocument();
    const panel = await contactsPanel();
    await user.type(within(panel).getByLabelText('Rechercher un contact'), 'Duval');
    await user.click(await screen.findByRole('option', { name: 'Marie Duval (marie.duval@example.org)' }, LONG));
    await waitFor(() => expect(within(panel).getByRole('combobox', { name: 'Rôle' })).toHaveTextContent('Point de contact'));
    await user.click(await within(panel).findByRole('button', { name: 'Ajouter le contact' }));
    expect(await within(panel).findByText('Marie Duval')).toBeInTheDocument();
    expect(await within(quality).findByText('170 / 405 points', {}, LONG)).toBeInTheDocument();
  });

  it('creates a new contact, its name and email required, in the group of the dataset', async () => {
    const { writes } = fakeServer([]);
    await renderPanel(<DatasetContacts datasetId={DATASET} canEdit />);
    const panel = await contactsPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Nouveau contact' }, LONG));
    await waitFor(() => expect(within(panel).getByRole('combobox', { name: 'Rôle' })).toHaveTextContent('Point de contact'));
    await user.click(within(panel).getByRole('button', { name: 'Ajouter le contact' }));
    const name = within(panel).getByLabelText(/^Nom/);
    const email = within(panel).getByLabelText(/^Adresse e-mail/);
    expect(name).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(email).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(within(panel).getByLabelText(/^Téléphone/)).not.toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(writes).toHaveLength(0);

    await user.type(name, 'Louis Martin');
    await user.type(email, 'louis.martin@example.org');
    await user.type(within(panel).getByLabelText(/^Fonction/), 'Chargé de mission');
    await user.click(within(panel).getByRole('button', { name: 'Ajouter le contact' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/fr/dataset/contacts/',
      body: { name: 'Louis Martin', email: 'louis.martin@example.org', position: 'Chargé de mission', usergroup: 10 },
    });
    expect(writes[0].body).not.toHaveProperty('phone');
    expect(writes[1]).toMatchObject({ method: 'POST', body: { contact: 34, role: POINT_OF_CONTACT } });
    expect(await screen.findByText('Contact ajouté au jeu de données')).toBeInTheDocument();
    expect(await within(panel).findByText('Louis Martin')).toBeInTheDocument();
    // The form is ready for another contact.
    expect(within(panel).getByLabelText(/^Nom/)).toHaveValue('');
  });

  it("shows the server's messages about a new contact under its fields", async () => {
    const { writes } = fakeServer([]);
    server.use(http.post('/:locale/dataset/contacts/', () => HttpResponse.json({ email: ['Cette valeur est déjà utilisée.'] }, { status: 400 })));
    await renderPanel(<DatasetContacts datasetId={DATASET} canEdit />);
    const panel = await contactsPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Nouveau contact' }, LONG));
    await user.type(within(panel).getByLabelText(/^Nom/), 'Jeanne Dupont');
    await user.type(within(panel).getByLabelText(/^Adresse e-mail/), 'jeanne.dupont@example.org');
    const add = within(panel).getByRole('button', { name: 'Ajouter le contact' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    await waitFor(() => expect(within(panel).getByLabelText(/^Adresse e-mail/)).toHaveAccessibleDescription('Cette valeur est déjà utilisée.'));
    expect(writes).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['fr', 'Erreur lors de la mise à jour du contact', 'Rôle de Paul Durand', 'Gestionnaire'],
    ['en', 'Error during update of contact', 'Role of Paul Durand', 'Gestionnaire'],
    ['it', "Errore durante l'aggiornamento del contatto", 'Ruolo di Paul Durand', 'Gestionnaire'],
  ] as const)('says when a contact update fails (%s)', async (locale, message, select, option) => {
    fakeServer();
    server.use(http.put('/:locale/dataset/datasets/:id/contact-roles/:roleId/', () => HttpResponse.json({ detail: 'Server down' }, { status: 500 })));
    await renderPanel(<DatasetContacts datasetId={DATASET} canEdit />, locale);
    await user.click(await screen.findByRole('combobox', { name: select }, LONG));
    await user.click(await screen.findByRole('option', { name: option }));
    const toast = await screen.findByRole('alert', {}, LONG);
    expect(toast).toHaveTextContent(message);
    expect(toast).toHaveTextContent('Server down');
  });

  it("names the field of the server's message about a failed contact update", async () => {
    fakeServer();
    server.use(http.put('/:locale/dataset/datasets/:id/contact-roles/:roleId/', () => HttpResponse.json({ contact: ['Valeur invalide.'] }, { status: 400 })));
    await renderPanel(<DatasetContacts datasetId={DATASET} canEdit />);
    await user.click(await screen.findByRole('combobox', { name: 'Rôle de Paul Durand' }, LONG));
    await user.click(await screen.findByRole('option', { name: 'Gestionnaire' }));
    const toast = await screen.findByRole('alert', {}, LONG);
    expect(toast).toHaveTextContent('Erreur lors de la mise à jour du contact');
    expect(toast).toHaveTextContent('Contact : Valeur invalide.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the contacts cannot be read', async () => {
    fakeServer();
    server.use(http.get('/:locale/dataset/datasets/:id/contact-roles/', () => HttpResponse.json({ detail: 'Panne' }, { status: 500 })));
    await renderPanel(<DatasetContacts datasetId={DATASET} canEdit />);
    const toast = await screen.findByRole('alert', {}, LONG);
    expect(toast).toHaveTextContent('Erreur critique');
    expect(toast).toHaveTextContent('Panne');
  });

  it('only shows the contacts and their role when the dataset cannot be changed', async () => {
    fakeServer();
    await renderPanel(<DatasetContacts datasetId={DATASET} canEdit={false} />);
    const panel = await contactsPanel();
    await within(panel).findByText('Paul Durand', {}, LONG);
    await within(panel).findByText('Auteur', {}, LONG);
    expect(within(panel).getByText('Point de contact')).toBeInTheDocument();
    expect(within(panel).queryByRole('combobox')).toBeNull();
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(within(panel).queryByText('Ajouter un contact')).toBeNull();
  });
});

describe('reading the history and the contact calls', () => {
  it("shows each change by its field's schema type", () => {
    expect(changeKind('tags')).toEqual({ type: 'list' });
    expect(changeKind('topics')).toEqual({ type: 'list', reference: 'topics' });
    expect(changeKind('licence')).toEqual({ type: 'reference', reference: 'licences' });
    expect(changeKind('description')).toEqual({ type: 'value', format: 'longText' });
    expect(changeKind('contact_roles')).toEqual({ type: 'contactRole' });
    expect(changeKind('permissions')).toEqual({ type: 'groupLevels' });
    expect(changeLabelKey('year')).toBe('resources.datasets.fields.year');
    expect(changeLabelKey('duplicated_from')).toBe('resources.dataset-activity.fields.duplicated_from');
    expect(shownChanges({ id: 1, detail_url: 2, display_name: 3, duplicated_from: 4 }).map(([field]) => field)).toEqual(['display_name', 'duplicated_from']);
  });

  it('compares lists item by item', () => {
    expect(listChanges(['a', 'b'], ['b', 'c'])).toEqual({ added: ['c'], removed: ['a'] });
    expect(listChanges(null, [{ key: 'k', value: 'v' }])).toEqual({ added: [{ key: 'k', value: 'v' }], removed: [] });
  });

  it('retries with force only the refusal about the role', () => {
    expect(needsForce(toHttpError(400, { role: ['dernier point de contact'] }))).toBe(true);
    expect(needsForce(toHttpError(400, { contact: ['Valeur invalide.'], role: ['Valeur invalide.'] }))).toBe(false);
    expect(needsForce(toHttpError(403, { detail: 'Non.' }))).toBe(false);
  });
});
