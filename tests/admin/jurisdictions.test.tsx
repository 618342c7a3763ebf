/**
 * Jurisdiction pages against a fake platform (msw): list paging and search, deletion refused
 * while in use, the form's commune search, pasted INSEE codes added or replacing the communes, the box, saving
 * and server field errors.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseInseeCodes } from '../../src/admin/jurisdictions/codes.ts';
import { MunicipalitySearch } from '../../src/admin/jurisdictions/MunicipalitySearch.tsx';
import { createI18nProvider } from '../../src/admin/providers/i18nProvider.ts';
import { USERS } from './fixtures.ts';
import { expectPath, renderApp, waitForHeader } from './renderApp.tsx';
import { server } from './server.ts';

// Whole react-admin pages with forms: slower than the default 5 s on a small machine.
vi.setConfig({ testTimeout: 30_000 });

const user = userEvent.setup({ delay: null });

/** Types a whole text at once (one change event: much faster than key by key). */
async function fill(element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

type Box = [number, number, number, number];

const COMMUNES = [
  { id: 1, codename: '13055', display_name: 'Marseille', departement: '13', box: [5.2286, 43.1696, 5.5324, 43.3919] as Box },
  { id: 2, codename: '13001', display_name: 'Aix-en-Provence', departement: '13', box: [5.2533, 43.4534, 5.5176, 43.6078] as Box },
  { id: 3, codename: '13002', display_name: 'Allauch', departement: '13', box: [5.4504, 43.3048, 5.5659, 43.3854] as Box },
  { id: 4, codename: '69123', display_name: 'Lyon', departement: '69', box: [4.7718, 45.7073, 4.8984, 45.8082] as Box },
];

const union = (codes: string[]): Box | null => {
  const boxes = COMMUNES.filter((c) => codes.includes(c.codename)).map((c) => c.box);
  if (boxes.length === 0) return null;
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
};

interface Jurisdiction {
  id: number;
  display_name: string;
  codename: string;
  municipalities: string[];
  latlon_bounding_box: Box | null;
  municipality_count: number;
  editable: boolean;
}

const jurisdiction = (id: number, display_name: string, codename: string, municipalities: string[]): Jurisdiction => ({
  id,
  display_name,
  codename,
  municipalities,
  latlon_bounding_box: union(municipalities),
  municipality_count: municipalities.length,
  editable: true,
});

let records: Jurisdiction[];
let listUrls: URL[];
let writes: { method: string; body: unknown }[];

const commune = ({ id, codename, display_name, departement }: (typeof COMMUNES)[number]) => ({
  id,
  codename,
  display_name,
  departement,
});
const page = <T,>(results: T[]) => HttpResponse.json({ count: results.length, next: null, previous: null, results });

beforeEach(() => {
  records = [
    jurisdiction(1, 'Métropole Aix-Marseille', 'metropole-aix-marseille', ['13055', '13001']),
    jurisdiction(2, 'Lyon', 'lyon', ['69123']),
  ];
  listUrls = [];
  writes = [];
  server.use(
    http.get('/:locale/organisation/jurisdictions/', ({ request }) => {
      const url = new URL(request.url);
      listUrls.push(url);
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      return page(records.filter((r) => r.display_name.toLowerCase().includes(search)));
    }),
    http.get('/:locale/organisation/jurisdictions/:id/', ({ params }) => {
      const found = records.find((r) => String(r.id) === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ detail: 'Introuvable.' }, { status: 404 });
    }),
    http.post('/:locale/organisation/jurisdictions/', async ({ request }) => {
      const body = (await request.json()) as Jurisdiction;
      writes.push({ method: 'POST', body });
      if (records.some((r) => r.codename === body.codename)) {
        return HttpResponse.json({ codename: ['Cette valeur est déjà utilisée.'] }, { status: 400 });
      }
      const created = jurisdiction(10, body.display_name, body.codename, body.municipalities);
      records.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('/:locale/organisation/jurisdictions/:id/', async ({ request, params }) => {
      const body = (await request.json()) as Jurisdiction;
      writes.push({ method: 'PUT', body });
      const updated = jurisdiction(Number(params.id), body.display_name, body.codename, body.municipalities);
      records = records.map((r) => (r.id === updated.id ? updated : r));
      return HttpResponse.json(updated);
    }),
    http.get('/:locale/organisation/municipalities/', ({ request }) => {
      const url = new URL(request.url);
      const codes = url.searchParams.get('codename__in');
      if (codes !== null) return page(COMMUNES.filter((c) => codes.split(',').includes(c.codename)).map(commune));
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      return page(
        COMMUNES.filter((c) => c.display_name.toLowerCase().includes(search) || c.codename.startsWith(search)).map(commune),
      );
    }),
    http.get('/:locale/organisation/municipalities/bbox/', ({ request }) => {
      const codes = (new URL(request.url).searchParams.get('codename__in') ?? '').split(',');
      return HttpResponse.json({ municipality_count: codes.length, latlon_bounding_box: union(codes) });
    }),
  );
});

/** Opens a page of the app (`jurisdictions/…`) as a superuser and waits for the header. */
async function renderAt(path: string) {
  renderApp(`/publish/fr/${path}`, USERS.superuser);
  await waitForHeader();
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

const chipLabels = () =>
  within(screen.getByRole('list', { name: 'Communes' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('jurisdiction list', () => {
  it('asks for pages of 50 ordered by name and shows name, code and number of communes', async () => {
    await renderAt('jurisdictions/');
    const row = await rowOf('Métropole Aix-Marseille');
    expect(within(row).getByText('metropole-aix-marseille')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(await rowOf('lyon')).getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Créer' })).toHaveAttribute('href', '/publish/fr/jurisdictions/new/');
    const url = listUrls.at(-1)!;
    expect(url.pathname).toBe('/fr/organisation/jurisdictions/');
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('page_size')).toBe('50');
    expect(url.searchParams.get('ordering')).toBe('display_name');
  });

  it('offers Delete only on the jurisdictions the server says the reader may change', async () => {
    // A delegated administrator's: the metropolis is another organisation's territory.
    records[0] = { ...records[0], editable: false };
    renderApp('/publish/fr/jurisdictions/', USERS.role2);
    expect(within(await rowOf('lyon')).getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
    expect(within(await rowOf('Métropole Aix-Marseille')).queryByRole('button', { name: 'Supprimer' })).toBeNull();
  });

  it("offers Save and Delete on a jurisdiction's page only when the server says the reader may change it", async () => {
    records[0] = { ...records[0], editable: false };
    const { unmount } = renderApp('/publish/fr/jurisdictions/1/', USERS.role2);
    expect(await screen.findByText('Métropole Aix-Marseille', {}, { timeout: 10_000 })).toBeInTheDocument();
    // Its communes by name, as the editor names them, not as bare INSEE codes.
    expect(await screen.findByText('Marseille (13055)')).toBeInTheDocument();
    expect(screen.getByText('Aix-en-Provence (13001)')).toBeInTheDocument();
    expect(screen.getByText('2 communes')).toBeInTheDocument();
    expect(screen.queryByText('13055, 13001')).toBeNull();
    // Why it cannot be changed, and who can, as a read-only dataset says it.
    expect(
      screen.getByText(
        "Cette compétence territoriale vous est ouverte en lecture seule : elle est le territoire d'autres organisations que les vôtres, seul un super-utilisateur peut la modifier.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Nom' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Supprimer' })).toBeNull();
    unmount();
    renderApp('/publish/fr/jurisdictions/2/', USERS.role2);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveValue('Lyon'));
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
    expect(screen.queryByText(/lecture seule/)).toBeNull();
  });

  it('searches on the server', async () => {
    await renderAt('jurisdictions/');
    await screen.findByText('Métropole Aix-Marseille');
    await fill(screen.getByPlaceholderText('Rechercher'), 'lyo');
    await waitFor(() => expect(listUrls.at(-1)!.searchParams.get('search')).toBe('lyo'));
    await waitFor(() => expect(screen.queryByText('Métropole Aix-Marseille')).not.toBeInTheDocument());
    expect(listUrls.at(-1)!.searchParams.get('page_size')).toBe('50');
  });

  it("shows the server's refusal to delete a jurisdiction attached to an organisation and keeps it", async () => {
    server.use(
      http.delete('/:locale/organisation/jurisdictions/:id/', () =>
        HttpResponse.json(
          {
            detail: 'Cette compétence territoriale ne peut pas être supprimée : Ville de Marseille',
            code: 'jurisdiction-in-use',
          },
          { status: 409 },
        ),
      ),
    );
    await renderAt('jurisdictions/');
    await user.click(within(await rowOf('Métropole Aix-Marseille')).getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Êtes-vous sûr de vouloir continuer ?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Erreur');
    expect(toast).toHaveTextContent('Cette compétence territoriale ne peut pas être supprimée : Ville de Marseille');
    expect(screen.getByText('Métropole Aix-Marseille')).toBeInTheDocument();
    // Still on the list: the row's click did not open the record.
    await expectPath('/publish/fr/jurisdictions/');
  });

  it('deletes after confirmation and says so', async () => {
    server.use(
      http.delete('/:locale/organisation/jurisdictions/:id/', ({ params }) => {
        records = records.filter((r) => String(r.id) !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderAt('jurisdictions/');
    await user.click(within(await rowOf('lyon')).getByRole('button', { name: 'Supprimer' }));
    // The question names the record that goes.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Suppression de « Lyon ».Êtes-vous sûr de vouloir continuer ?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Compétence territoriale supprimée')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('lyon')).not.toBeInTheDocument());
    expect(screen.getByText('Métropole Aix-Marseille')).toBeInTheDocument();
  });
});

describe('jurisdiction form', () => {
  it('resolves pasted codes with "Ajouter ces communes", names the unknown ones and draws their box', async () => {
    await renderAt('jurisdictions/new/');
    const paste = await screen.findByRole('textbox', { name: 'Coller des codes INSEE' });
    // The fields' help from the catalogue shows under the generated inputs.
    expect(screen.getByRole('textbox', { name: "Code d'identification" })).toHaveAccessibleDescription(
      'Code unique identifiant la compétence territoriale.',
    );
    expect(screen.getByTestId('jurisdiction-box')).toHaveAttribute('data-default', 'true');
    expect(screen.getByTestId('jurisdiction-box')).toHaveAttribute('data-box', '4,42.8,7.9,45.3');
    await user.click(paste);
    await user.paste('13055, 13001 ,99999');
    // jsdom has no scrollIntoView: a stand-in records what is brought into view.
    const scrolled = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { configurable: true, value: scrolled });
    await user.click(screen.getByRole('button', { name: 'Ajouter ces communes' }));
    await waitFor(() => expect(chipLabels()).toEqual(['Marseille (13055)', 'Aix-en-Provence (13001)']));
    expect(screen.getByText('Codes INSEE inconnus : 99999')).toBeInTheDocument();
    // The report, under the button near the page's foot, is brought into view above the save bar.
    expect(scrolled.mock.contexts).toContain(screen.getByText('Codes INSEE inconnus : 99999').closest('[role=status]'));
    delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    expect(screen.getByTestId('municipality-count')).toHaveTextContent('2 communes');
    await waitFor(() =>
      expect(screen.getByTestId('jurisdiction-box')).toHaveAttribute('data-box', '5.2286,43.1696,5.5324,43.6078'),
    );
    expect(screen.getByTestId('jurisdiction-box')).toHaveTextContent(
      'Emprise : longitudes 5,2286 à 5,5324, latitudes 43,1696 à 43,6078',
    );
  });

  it('adds a commune found by name, removes a chip, and saves display name, code and communes', async () => {
    await renderAt('jurisdictions/new/');
    await fill(await screen.findByRole('textbox', { name: "Nom" }), 'Est marseillais');
    await fill(screen.getByRole('textbox', { name: "Code d'identification" }), 'est-marseillais');
    await user.click(screen.getByRole('textbox', { name: 'Coller des codes INSEE' }));
    await user.paste('13055;13001');
    await user.click(screen.getByRole('button', { name: 'Ajouter ces communes' }));
    await waitFor(() => expect(chipLabels()).toHaveLength(2));

    await fill(screen.getByRole('combobox', { name: 'Rechercher une commune' }), 'allau');
    await user.click(await screen.findByRole('option', { name: 'Allauch (13002)' }));
    expect(chipLabels()).toEqual(['Marseille (13055)', 'Aix-en-Provence (13001)', 'Allauch (13002)']);
    expect(screen.getByRole('combobox', { name: 'Rechercher une commune' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Retirer Aix-en-Provence (13001)' }));
    expect(chipLabels()).toEqual(['Marseille (13055)', 'Allauch (13002)']);

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      body: { display_name: 'Est marseillais', codename: 'est-marseillais', municipalities: ['13055', '13002'] },
    });
    expect(await screen.findByText('Compétence territoriale créée')).toBeInTheDocument();
    await expectPath('/publish/fr/jurisdictions/10/');
  });

  it('requires a name, a code and at least one commune', async () => {
    await renderAt('jurisdictions/new/');
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getAllByText('Ce champ est obligatoire.')).toHaveLength(3));
    expect(screen.getByRole('textbox', { name: "Code d'identification" })).toBeInvalid();
    expect(writes).toHaveLength(0);
  });

  it("shows the server's message on a taken code under the codename field", async () => {
    await renderAt('jurisdictions/new/');
    await fill(await screen.findByRole('textbox', { name: 'Nom' }), 'Lyon bis');
    const codename = screen.getByRole('textbox', { name: "Code d'identification" });
    await fill(codename, 'lyon');
    await user.click(screen.getByRole('textbox', { name: 'Coller des codes INSEE' }));
    await user.paste('69123');
    await user.click(screen.getByRole('button', { name: 'Ajouter ces communes' }));
    await waitFor(() => expect(chipLabels()).toEqual(['Lyon (69123)']));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(codename).toHaveAccessibleDescription(expect.stringContaining('Cette valeur est déjà utilisée.')));
    expect(codename).toBeInvalid();
  });

  it('shows unknown codes refused by the server under the communes', async () => {
    server.use(
      http.put('/:locale/organisation/jurisdictions/:id/', () =>
        HttpResponse.json({ municipalities: ['Codes INSEE inconnus : 13999'] }, { status: 400 }),
      ),
    );
    await renderAt('jurisdictions/2/');
    await waitFor(() => expect(chipLabels()).toEqual(['Lyon (69123)']));
    await fill(screen.getByRole('textbox', { name: 'Coller des codes INSEE' }), '13055');
    await user.click(screen.getByRole('button', { name: 'Ajouter ces communes' }));
    await waitFor(() => expect(chipLabels()).toEqual(['Lyon (69123)', 'Marseille (13055)']));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Codes INSEE inconnus : 13999')).toBeInTheDocument();
  });

  it('edits: names the communes in one call, shows the saved box, replaces the communes and saves with a PUT', async () => {
    await renderAt('jurisdictions/1/');
    await waitFor(() => expect(chipLabels()).toEqual(['Marseille (13055)', 'Aix-en-Provence (13001)']));
    expect(screen.getByTestId('jurisdiction-box')).toHaveAttribute('data-box', '5.2286,43.1696,5.5324,43.6078');
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveValue('Métropole Aix-Marseille');

    await user.click(screen.getByRole('textbox', { name: 'Coller des codes INSEE' }));
    await user.paste('69123');
    // The button says what it does: the pasted codes add to the communes, or replace them.
    expect(screen.getByRole('button', { name: 'Ajouter ces communes' })).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Remplacer les communes actuelles' }));
    await user.click(screen.getByRole('button', { name: 'Remplacer par ces communes' }));
    await waitFor(() => expect(chipLabels()).toEqual(['Lyon (69123)']));
    await waitFor(() => expect(screen.getByTestId('jurisdiction-box')).toHaveAttribute('data-box', '4.7718,45.7073,4.8984,45.8082'));

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      body: { display_name: 'Métropole Aix-Marseille', codename: 'metropole-aix-marseille', municipalities: ['69123'] },
    });
    expect(await screen.findByText('Compétence territoriale mise à jour')).toBeInTheDocument();
    await expectPath('/publish/fr/jurisdictions/');
  });
});

describe('a jurisdiction that does not exist', () => {
  it('is said in place, its address kept, with the way back to the list', async () => {
    await renderAt('jurisdictions/999/');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByText("Cet enregistrement n'existe pas, ou plus : il a pu être supprimé.")).toBeInTheDocument();
    await expectPath('/publish/fr/jurisdictions/999/');
    expect(screen.queryByText('Pas trouvé.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Retour à la liste' }));
    await expectPath('/publish/fr/jurisdictions/');
  });
});

describe('jurisdiction form in English', () => {
  it('labels the communes editor and reports unknown codes in English', async () => {
    renderApp('/publish/en/jurisdictions/new/', USERS.superuser);
    await waitForHeader();
    await fill(await screen.findByRole('textbox', { name: 'Paste INSEE codes' }), '13055 99999');
    await user.click(screen.getByRole('button', { name: 'Add these municipalities' }));
    expect(await screen.findByText('Unknown INSEE codes: 99999')).toBeInTheDocument();
    expect(screen.getByTestId('municipality-count')).toHaveTextContent('1 municipality');
    expect(screen.getByRole('combobox', { name: 'Search a municipality' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Marseille (13055)' })).toBeInTheDocument();
    // English writes its decimals with a point, as French writes them with a comma.
    await waitFor(() => expect(screen.getByTestId('jurisdiction-box')).toHaveTextContent(/^Bounding box: longitudes 5\.\d+ to /));
  });
});

describe('commune search', () => {
  it('waits for typing to pause, aborts the previous search when a new one starts, and shows "Name (code)"', async () => {
    const signals: { text: string; signal: AbortSignal }[] = [];
    const api = {
      searchMunicipalities: vi.fn(
        (text: string, signal?: AbortSignal) =>
          new Promise<{ codename: string; display_name: string }[]>((resolve) => {
            signals.push({ text, signal: signal! });
            // The first search answers late: its answer must not replace the newer one.
            const delay = text === 'mar' ? 400 : 10;
            setTimeout(() => resolve(COMMUNES.filter((c) => c.display_name.toLowerCase().startsWith(text)).map(commune)), delay);
          }),
      ),
      resolveMunicipalities: vi.fn(async () => []),
      previewBoundingBox: vi.fn(async () => null),
    };
    const added: string[] = [];
    render(
      <AdminContext i18nProvider={createI18nProvider()}>
        <MunicipalitySearch api={api} selected={new Set(['13001'])} onAdd={(m) => added.push(m.codename)} />
      </AdminContext>,
    );
    const input = await screen.findByRole('combobox', { name: 'Rechercher une commune' });
    await user.click(input);
    await user.paste('mar');
    await waitFor(() => expect(signals).toHaveLength(1));
    await user.paste('s');
    await waitFor(() => expect(signals).toHaveLength(2));
    expect(signals[0]).toMatchObject({ text: 'mar' });
    expect(signals[0].signal.aborted).toBe(true);
    expect(signals[1]).toMatchObject({ text: 'mars' });
    expect(signals[1].signal.aborted).toBe(false);
    await user.click(await screen.findByRole('option', { name: 'Marseille (13055)' }));
    expect(added).toEqual(['13055']);
    // Only two searches: typing 'm', 'ma' was never searched (too short, then debounced).
    expect(api.searchMunicipalities).toHaveBeenCalledTimes(2);
  });

  it('reads pasted INSEE codes separated by commas, semicolons, spaces or new lines', () => {
    expect(parseInseeCodes('13055, 13001 ,99999')).toEqual({ codes: ['13055', '13001', '99999'], invalid: [] });
    expect(parseInseeCodes('13055;2a004\n13055  abc\t69123,')).toEqual({ codes: ['13055', '2A004', '69123'], invalid: ['abc'] });
    expect(parseInseeCodes('  ')).toEqual({ codes: [], invalid: [] });
  });
});

describe('a change the server refuses (403)', () => {
  const refusal = () => HttpResponse.json({ detail: "Vous n'avez pas la permission d'effectuer cette action." }, { status: 403 });

  it('is said on the list, with no success toast, for a deletion', async () => {
    server.use(http.delete('/:locale/organisation/jurisdictions/:id/', refusal));
    await renderAt('jurisdictions/');
    await user.click(within(await rowOf('Métropole Aix-Marseille')).getByRole('button', { name: 'Supprimer' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmer' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent("Vous n'avez pas la permission d'effectuer cette action.");
    expect(screen.queryByText('Compétence territoriale supprimée')).toBeNull();
    await expectPath('/publish/fr/jurisdictions/');
  });

  it('is said on the form, which keeps what was typed, for a save', async () => {
    server.use(http.put('/:locale/organisation/jurisdictions/:id/', refusal));
    await renderAt('jurisdictions/1/');
    const name = await screen.findByRole('textbox', { name: 'Nom' });
    await waitFor(() => expect(name).toHaveValue('Métropole Aix-Marseille'));
    await user.clear(name);
    await user.type(name, 'Métropole renommée');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent("Vous n'avez pas la permission d'effectuer cette action.");
    expect(screen.queryByText('Compétence territoriale mise à jour')).toBeNull();
    await expectPath('/publish/fr/jurisdictions/1/');
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveValue('Métropole renommée');
    // Said on the form, beside Save: that the person may not save it, and why.
    const notice = screen.getByText(/^Vous ne pouvez pas enregistrer ces changements/);
    expect(notice).toHaveTextContent("Vous ne pouvez pas enregistrer ces changements : Vous n'avez pas la permission d'effectuer cette action.");
    expect(notice).toHaveTextContent('Vos droits sur cet enregistrement ont changé');
  });

});
