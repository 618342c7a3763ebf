/**
 * The dataset page's quality panel, inside the app's providers, against a fake server answering
 * GET dataset/datasets/{id}/quality/ as src/server/quality/assess.ts does.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext, memoryStore, RecordContextProvider, type Store } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { Locale, Role } from '../../schemas/constants.ts';
import type { DatasetQuality } from '../../schemas/quality.ts';
import type { UsergroupRole } from '../../schemas/access.ts';
import type { CurrentUser } from '../../schemas/api.ts';
import { QualityPanel } from '../../src/admin/datasets/QualityPanel.tsx';
import { QualitySummary } from '../../src/admin/datasets/QualitySummary.tsx';
import { StartupContext } from '../../src/admin/startup/StartupContext.ts';
import type { StartupData } from '../../src/admin/startup/types.ts';
import { createAppStore } from '../../src/admin/providers/appStore.ts';
import { createDataProvider } from '../../src/admin/providers/dataProvider.ts';
import { createI18nProvider } from '../../src/admin/providers/i18nProvider.ts';
import { createQueryClient } from '../../src/admin/providers/queryClient.ts';
import { RESOURCE_KEYS } from '../../src/admin/resources/resourcesApi.ts';
import { server } from './server.ts';

vi.setConfig({ testTimeout: 20_000 });

const DATASET = 5;

function answer(overrides: Partial<DatasetQuality> = {}): DatasetQuality {
  return {
    score: 215,
    max_score: 405,
    rating: 'sufficient',
    dimensions: [
      { name: 'findability', score: 80, max_score: 100 },
      { name: 'accessibility', score: 40, max_score: 100 },
      { name: 'interoperability', score: 60, max_score: 110 },
      { name: 'reusability', score: 30, max_score: 75 },
      { name: 'contextuality', score: 5, max_score: 20 },
    ],
    indicators: [
      { code: 'keywords', dimension: 'findability', points: 0, max_points: 30, passed: false, hint: 'Ajoutez des mots-clés.', field: 'tags' },
      { code: 'themes', dimension: 'findability', points: 30, max_points: 30, passed: true, hint: '', field: 'categories' },
      { code: 'licence', dimension: 'reusability', points: 0, max_points: 20, passed: false, hint: 'Choisissez une licence.', field: 'licence' },
      { code: 'dcat_ap', dimension: 'interoperability', points: 0, max_points: 30, passed: false, hint: 'Corrigez les écarts de la fiche au profil DCAT-AP.', field: null },
    ],
    shacl: [{ path: 'dcat:theme', message: '« dcat:theme » : ENVI n’est pas du type attendu (skos:Concept).', severity: 'violation' }],
    checked_at: '2026-03-12T13:05:00Z',
    ...overrides,
  };
}

function fakeServer(answers: DatasetQuality[]) {
  const reads: string[] = [];
  server.use(
    http.get('/:locale/dataset/datasets/:id/quality/', ({ params }) => {
      reads.push(`${params.locale as string}/${params.id as string}`);
      return HttpResponse.json(answers[Math.min(reads.length - 1, answers.length - 1)]);
    }),
  );
  return reads;
}

async function renderPanel(record: Record<string, unknown>, locale: Locale = 'fr', store: Store = memoryStore(), queryClient = createQueryClient()) {
  window.history.replaceState(null, '', `/${locale}/data/datasets/${DATASET}/`);
  const i18nProvider = createI18nProvider();
  await i18nProvider.changeLocale(locale);
  const ui = (value: Record<string, unknown>) => (
    <AdminContext i18nProvider={i18nProvider} dataProvider={createDataProvider()} queryClient={queryClient} store={store}>
      <RecordContextProvider value={value}>
        <input id="tags" aria-label="Mots-clés" />
        <QualityPanel />
      </RecordContextProvider>
    </AdminContext>
  );
  const rendered = render(ui(record));
  return { ...rendered, rerenderWith: (value: Record<string, unknown>) => rendered.rerender(ui(value)) };
}

describe('the quality panel', () => {
  it('shows the score, rating, a bar per dimension, the DCAT-AP violations in words and what would raise it', async () => {
    const reads = fakeServer([answer()]);
    await renderPanel({ id: DATASET, updated_at: '2026-03-12T13:00:00Z' });
    const panel = await screen.findByRole('region', { name: 'Qualité des métadonnées' });
    expect(await within(panel).findByText('Suffisante')).toBeInTheDocument();
    expect(within(panel).getByText('215 / 405 points')).toBeInTheDocument();
    expect(within(panel).getByText('3 améliorations possibles')).toBeInTheDocument();
    expect(reads).toEqual([`fr/${DATASET}`]);

    // Folded at first: the details unfold on demand.
    const details = within(panel).getByRole('button', { name: 'Détails de la qualité' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(details).toHaveAttribute('aria-controls', 'dataset-quality-details');
    expect(within(panel).queryByRole('meter')).toBeNull();
    expect(within(panel).queryByRole('list', { name: 'Pour l’améliorer' })).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.click(details);
    expect(details).toHaveAttribute('aria-expanded', 'true');

    const findability = within(panel).getByRole('meter', { name: 'Trouvabilité' });
    expect(findability).toHaveAttribute('aria-valuenow', '80');
    expect(within(panel).getByRole('meter', { name: 'Contexte' })).toHaveAttribute('aria-valuenow', '25');
    expect(within(panel).getByText('30 / 75')).toBeInTheDocument();

    const violations = within(panel).getByRole('list', { name: 'Écarts au profil DCAT-AP' });
    expect(violations).toHaveTextContent('« dcat:theme » : ENVI n’est pas du type attendu (skos:Concept).');

    // What would raise it, the most points first, each linking to its field; a passed indicator is not listed.
    const raise = within(panel).getByRole('list', { name: 'Pour l’améliorer' });
    const items = within(raise).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Ajoutez des mots-clés.+30 points',
      'Corrigez les écarts de la fiche au profil DCAT-AP.+30 points',
      'Choisissez une licence.+20 points',
    ]);
    expect(within(raise).getByRole('link', { name: 'Ajoutez des mots-clés.' })).toHaveAttribute('href', '#field-tags');
    expect(within(raise).getByRole('link', { name: 'Choisissez une licence.' })).toHaveAttribute('href', '#field-licence');
    expect(within(raise).queryByRole('link', { name: /DCAT-AP/ })).toBeNull();
    expect(within(raise).queryByText(/catégorie/)).toBeNull();

    // A hint's link takes the user to the field's input when the page shows it.
    await user.click(within(raise).getByRole('link', { name: 'Ajoutez des mots-clés.' }));
    expect(screen.getByRole('textbox', { name: 'Mots-clés' })).toHaveFocus();
  });

  it('reads the score again after a save, and says when every indicator is met', async () => {
    const better = answer({
      score: 405,
      rating: 'excellent',
      indicators: answer().indicators.map((indicator) => ({ ...indicator, passed: true, points: indicator.max_points, hint: '' })),
      shacl: [],
    });
    const reads = fakeServer([answer(), better]);
    const { rerenderWith } = await renderPanel({ id: DATASET, updated_at: '2026-03-12T13:00:00Z' });
    const panel = await screen.findByRole('region', { name: 'Qualité des métadonnées' });
    await within(panel).findByText('Suffisante');
    rerenderWith({ id: DATASET, updated_at: '2026-03-12T14:00:00Z' });
    expect(await within(panel).findByText('Excellente')).toBeInTheDocument();
    expect(reads).toHaveLength(2);
    expect(within(panel).getByText('Tous les indicateurs sont remplis.')).toBeInTheDocument();
    expect(within(panel).queryByRole('list', { name: 'Écarts au profil DCAT-AP' })).toBeNull();
  });

  it("reads the score again when the dataset's resources change, not when they are first read", async () => {
    const reads = fakeServer([answer(), answer({ score: 315, rating: 'good' })]);
    const queryClient = createQueryClient();
    await renderPanel({ id: DATASET, updated_at: '2026-03-12T13:00:00Z' }, 'fr', memoryStore(), queryClient);
    const panel = await screen.findByRole('region', { name: 'Qualité des métadonnées' });
    await within(panel).findByText('Suffisante');
    // The resources panel reads the dataset's resources, then reads them again once one is deleted.
    act(() => queryClient.setQueryData(RESOURCE_KEYS.ofDataset(DATASET), [{ id: 1 }, { id: 2 }]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toHaveLength(1);
    act(() => queryClient.setQueryData(RESOURCE_KEYS.ofDataset(DATASET), [{ id: 1 }]));
    expect(await within(panel).findByText('Bonne')).toBeInTheDocument();
    expect(reads).toHaveLength(2);
  });

  it('speaks the reader’s language', async () => {
    fakeServer([answer()]);
    await renderPanel({ id: DATASET, updated_at: 'x' }, 'en');
    const panel = await screen.findByRole('region', { name: 'Metadata quality' });
    expect(await within(panel).findByText('Sufficient')).toBeInTheDocument();
    expect(within(panel).getByText('3 things to improve')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(within(panel).getByRole('button', { name: 'Quality details' }));
    expect(within(panel).getByRole('meter', { name: 'Findability' })).toBeInTheDocument();
    expect(within(panel).getAllByText('+30 points')).toHaveLength(2);
    expect(within(panel).getByRole('list', { name: 'To raise it' })).toBeInTheDocument();
  });

  it('remembers in the browser whether its details are unfolded', async () => {
    fakeServer([answer()]);
    localStorage.clear();
    try {
      const first = await renderPanel({ id: DATASET, updated_at: 'x' }, 'fr', createAppStore('fr'));
      const panel = await screen.findByRole('region', { name: 'Qualité des métadonnées' });
      await within(panel).findByText('Suffisante');
      await userEvent.setup({ delay: null }).click(within(panel).getByRole('button', { name: 'Détails de la qualité' }));
      first.unmount();

      // Another visit of the page, with the app's store read again from the browser.
      await renderPanel({ id: DATASET, updated_at: 'x' }, 'fr', createAppStore('fr'));
      const again = await screen.findByRole('region', { name: 'Qualité des métadonnées' });
      await within(again).findByText('Suffisante');
      expect(within(again).getByRole('button', { name: 'Détails de la qualité' })).toHaveAttribute('aria-expanded', 'true');
      expect(within(again).getByRole('list', { name: 'Pour l’améliorer' })).toBeInTheDocument();
    } finally {
      localStorage.clear();
    }
  });

  it('tells a failed read', async () => {
    server.use(http.get('/:locale/dataset/datasets/:id/quality/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    await renderPanel({ id: DATASET, updated_at: 'x' });
    const panel = await screen.findByRole('region', { name: 'Qualité des métadonnées' });
    expect(await within(panel).findByText("La qualité n'a pas pu être évaluée.")).toBeInTheDocument();
  });
});

/** The startup data of a signed-in user with these rights. */
const asUser = (user: Pick<CurrentUser, 'is_superuser' | 'usergroup_roles'>) => ({ user }) as unknown as StartupData;
const roleIn = (role: Role): UsergroupRole => ({ usergroup_id: 4, usergroup_name: 'Office de l’eau', usergroup_type: 'organisation', role });
const delegatedAdministrator = { is_superuser: false, usergroup_roles: [roleIn(2)] };

describe('the quality summary', () => {
  it('charts the ratings and lists the most missed indicators', async () => {
    server.use(
      http.get('/:locale/dataset/quality-summary/', () =>
        HttpResponse.json({
          total: 12,
          ratings: { excellent: 1, good: 3, sufficient: 6, bad: 2, unrated: 0 },
          missing: [
            { code: 'temporal', dimension: 'findability', max_points: 20, count: 11, hint: 'Indiquez l’année que couvrent les données.' },
            { code: 'licence', dimension: 'reusability', max_points: 20, count: 4, hint: 'Choisissez une licence.' },
          ],
          trend: [],
        }),
      ),
    );
    window.history.replaceState(null, '', '/fr/data/');
    const i18nProvider = createI18nProvider();
    await i18nProvider.changeLocale('fr');
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <StartupContext.Provider value={asUser(delegatedAdministrator)}>
          <QualitySummary />
        </StartupContext.Provider>
      </AdminContext>,
    );
    const section = await screen.findByRole('region', { name: 'Qualité des métadonnées des jeux de données' });
    expect(within(section).getByRole('img')).toHaveAccessibleName(
      'Répartition des jeux de données par qualité : Excellente 1, Bonne 3, Suffisante 6, Insuffisante 2, Non évaluée 0',
    );
    const missing = within(section).getByRole('list', { name: 'Indicateurs le plus souvent manquants' });
    expect(within(missing).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Indiquez l’année que couvrent les données.Trouvabilité — 11 jeux de données',
      'Choisissez une licence.Réutilisabilité — 4 jeux de données',
    ]);
  });

  it('lets a superuser pick a group, and charts the trend of the one shown', async () => {
    const asked: (string | null)[] = [];
    const point = (date: string, bad: number) => ({ date, excellent: 0, good: 1, sufficient: 2, bad, mean_score: 140 });
    server.use(
      http.get('/:locale/usergroup/user-groups/', () =>
        HttpResponse.json({ count: 2, next: null, previous: null, results: [{ id: 4, display_name: 'Métropole Côte-Azurine' }, { id: 7, display_name: 'Office de l’eau' }] }),
      ),
      http.get('/:locale/dataset/quality-summary/', ({ request }) => {
        const group = new URL(request.url).searchParams.get('usergroup_id');
        asked.push(group);
        return HttpResponse.json({
          total: group ? 3 : 9,
          ratings: { excellent: 0, good: 1, sufficient: 2, bad: group ? 0 : 6, unrated: 0 },
          missing: [],
          trend: group ? [point('2026-03-11', 1), point('2026-03-12', 0)] : [point('2026-03-12', 6)],
        });
      }),
    );
    window.history.replaceState(null, '', '/fr/data/');
    const i18nProvider = createI18nProvider();
    await i18nProvider.changeLocale('fr');
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={createDataProvider()} queryClient={createQueryClient()}>
        <StartupContext.Provider value={asUser({ is_superuser: true, usergroup_roles: [] })}>
          <QualitySummary />
        </StartupContext.Provider>
      </AdminContext>,
    );
    const section = await screen.findByRole('region', { name: 'Qualité des métadonnées des jeux de données' });
    expect(within(section).getByText('9 jeux de données')).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: /^Évolution/ })).toHaveAccessibleName(
      'Évolution de la qualité du 2026-03-12 au 2026-03-12 ; le 2026-03-12 : Excellente 0, Bonne 1, Suffisante 2, Insuffisante 6, score moyen 140',
    );
    const user = userEvent.setup({ delay: null });
    // The whole platform is shown as the current choice.
    expect(within(section).getByRole('combobox', { name: 'Jeux de données de' })).toHaveTextContent('Toute la plateforme');
    await user.click(within(section).getByRole('combobox', { name: 'Jeux de données de' }));
    await user.click(await screen.findByRole('option', { name: 'Office de l’eau' }));
    expect(await within(section).findByText('3 jeux de données')).toBeInTheDocument();
    expect(asked).toEqual([null, '7']);
    const trend = within(section).getByRole('img', { name: /^Évolution/ });
    expect(trend).toHaveAccessibleName(/^Évolution de la qualité du 2026-03-11 au 2026-03-12 ; le 2026-03-12 : .*Insuffisante 0, score moyen 140$/);
    expect(trend.querySelectorAll('g[data-date]')).toHaveLength(2);
  });

  it('offers no group to pick to a delegated administrator', async () => {
    server.use(
      http.get('/:locale/dataset/quality-summary/', () =>
        HttpResponse.json({ total: 1, ratings: { excellent: 0, good: 0, sufficient: 1, bad: 0, unrated: 0 }, missing: [], trend: [] }),
      ),
    );
    const i18nProvider = createI18nProvider();
    await i18nProvider.changeLocale('fr');
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <StartupContext.Provider value={asUser(delegatedAdministrator)}>
          <QualitySummary />
        </StartupContext.Provider>
      </AdminContext>,
    );
    const section = await screen.findByRole('region', { name: 'Qualité des métadonnées des jeux de données' });
    expect(within(section).queryByRole('combobox')).toBeNull();
    expect(within(section).queryByRole('img', { name: /^Évolution/ })).toBeNull();
  });

  it('shows nothing to someone the server refuses', async () => {
    server.use(http.get('/:locale/dataset/quality-summary/', () => HttpResponse.json({ detail: 'Interdit.' }, { status: 403 })));
    const i18nProvider = createI18nProvider();
    await i18nProvider.changeLocale('fr');
    const { container } = render(
      <AdminContext i18nProvider={i18nProvider}>
        <StartupContext.Provider value={asUser(delegatedAdministrator)}>
          <QualitySummary />
        </StartupContext.Provider>
      </AdminContext>,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(container).toBeEmptyDOMElement();
  });

  it('names the chart in English without the space French puts before the colon', async () => {
    server.use(
      http.get('/:locale/dataset/quality-summary/', () =>
        HttpResponse.json({ total: 3, ratings: { excellent: 1, good: 0, sufficient: 0, bad: 2, unrated: 0 }, missing: [], trend: [] }),
      ),
    );
    window.history.replaceState(null, '', '/en/data/');
    const i18nProvider = createI18nProvider();
    await i18nProvider.changeLocale('en');
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <StartupContext.Provider value={asUser(delegatedAdministrator)}>
          <QualitySummary />
        </StartupContext.Provider>
      </AdminContext>,
    );
    const chart = await screen.findByRole('img');
    expect(chart.getAttribute('aria-label')).toMatch(/^Datasets by quality: Excellent 1, /);
  });

  it('is not asked for an editor, whom the server would refuse', async () => {
    let asked = 0;
    server.use(
      http.get('/:locale/dataset/quality-summary/', () => {
        asked += 1;
        return HttpResponse.json({ detail: 'Interdit.' }, { status: 403 });
      }),
    );
    const i18nProvider = createI18nProvider();
    await i18nProvider.changeLocale('fr');
    const { container } = render(
      <AdminContext i18nProvider={i18nProvider}>
        <StartupContext.Provider value={asUser({ is_superuser: false, usergroup_roles: [roleIn(1)] })}>
          <QualitySummary />
        </StartupContext.Provider>
      </AdminContext>,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(container).toBeEmptyDOMElement();
    expect(asked).toBe(0);
  });
});
