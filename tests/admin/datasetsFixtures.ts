/** Datasets and their lookup lists as the platform server answers them, and msw handlers serving them. */
import { http, HttpResponse } from 'msw';
import { page } from './accountsFixtures.ts';
import { PUBLICATION_SCENARIOS_OF_DATASET, task } from './tasksFixtures.ts';

export const DATASET = {
  id: 1,
  codename: 'qualite-de-l-eau',
  display_name: "Qualité de l'eau",
  description: 'Mesures de la qualité des eaux de baignade.',
  usergroup: 10,
  usergroup_name: 'Ville de Lyon',
  tags: ['eau', 'baignade'],
  categories: [],
  topics: [1],
  kinds: [1],
  licence: 1,
  restriction: null,
  usage_recommendation: '',
  granularity: null,
  geographic_coverage: null,
  jurisdiction: null,
  bbox: null,
  creation_date: '2024-01-10',
  revision_date: '2025-06-01',
  publication_date: '2024-02-01',
  last_update_date: '2025-06-01',
  update_frequency: 1,
  year: 2024,
  constitution_mode: '',
  record_type: 1,
  parent: null,
  publish: true,
  default_permission_level: 1,
  extras: [],
  dataviz_href: null,
  thumbnail: null,
  main_resource: null,
  annex_count: 0,
  children_count: 1,
  unfilled_fields: [],
  editable: true,
  detail_url: '/fr/dataset/datasets/1/',
  created_at: '2024-01-10T09:00:00Z',
  updated_at: '2025-06-01T09:00:00Z',
};

export const CHILD = { ...DATASET, id: 2, codename: 'qualite-2024', display_name: 'Qualité 2024', parent: 1, children_count: 0, publish: false };

/** A page of 20 of the 45 datasets the user reaches. */
export const DATASET_PAGE = Array.from({ length: 20 }, (_, index) =>
  index === 0 ? DATASET : { ...DATASET, id: 100 + index, codename: `jeu-${index}`, display_name: `Jeu ${index}` },
);
export const DATASET_COUNT = 45;

const LOOKUPS: Record<string, string[]> = {
  categories: ['Environnement'],
  topics: ['Hydrographie'],
  kinds: ['Mesures'],
  licenses: ['Licence Ouverte 2.0'],
  restrictions: ['Aucune restriction'],
  granularities: ['Commune'],
  'update-frequencies': ['Mensuelle'],
  'record-types': ['Jeu de données'],
  'contact-roles': ['Point de contact'],
};

export const USERGROUPS = [
  { id: 10, display_name: 'Ville de Lyon', usergroup_type: 'organisation', status: 2 },
  { id: 20, display_name: 'Réseau vélo', usergroup_type: 'user-group', status: 2 },
  { id: 30, display_name: 'Métropole et communes', usergroup_type: 'group-of-organisation', status: 2 },
];

export const JURISDICTION = { id: 5, display_name: 'Lyon', codename: 'lyon', municipalities: ['69123'], latlon_bounding_box: [4.77, 45.7, 4.9, 45.81] };

/** Every dataset call of the screens, each recording its requests (reads and writes). */
export function datasetHandlers(requests: Request[] = []) {
  const record = (request: Request) => {
    requests.push(request.clone());
  };
  return [
    http.get('/:locale/dataset/datasets/', ({ request }) => {
      record(request);
      const ids = new URL(request.url).searchParams.get('id__in');
      if (ids) return HttpResponse.json(page([DATASET, CHILD].filter((d) => ids.split(',').includes(String(d.id)))));
      return HttpResponse.json(page(DATASET_PAGE, DATASET_COUNT));
    }),
    http.get('/:locale/dataset/datasets/:id/', ({ request, params }) => {
      record(request);
      const found = [DATASET, CHILD].find((d) => String(d.id) === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ detail: 'Introuvable.' }, { status: 404 });
    }),
    http.get('/:locale/dataset/datasets/:id/children/', ({ request }) => {
      record(request);
      return HttpResponse.json(page([CHILD]));
    }),
    http.get('/:locale/dataset/datasets/:id/contact-roles/', () => HttpResponse.json(page([]))),
    http.get('/:locale/dataset/datasets/:id/activity/', () => HttpResponse.json(page([]))),
    http.get('/:locale/dataset/datasets/:id/quality/', () =>
      HttpResponse.json({
        score: 120, max_score: 405, rating: 'bad', dimensions: [], shacl: [], checked_at: '2026-03-12T13:05:00Z',
        indicators: [{ code: 'licence', dimension: 'reusability', points: 0, max_points: 20, passed: false, hint: 'Choisissez une licence.', field: 'licence' }],
      }),
    ),
    // Saving or creating a dataset runs its publication scenario.
    http.get('/:locale/dataset/datasets/:id/_scenarios/', ({ request }) => {
      record(request);
      return HttpResponse.json(PUBLICATION_SCENARIOS_OF_DATASET);
    }),
    http.post('/:locale/dataset/datasets/:id/_scenarios/:scenario/run/', ({ request, params }) => {
      record(request);
      return HttpResponse.json(task({ id: 900, status: 'PENDING', object_id: Number(params.id), end_date: null }), { status: 202 });
    }),
    ...Object.entries(LOOKUPS).map(([path, labels]) =>
      http.get(`/:locale/dataset/${path}/`, () =>
        HttpResponse.json(page(labels.map((label, index) => ({ id: index + 1, codename: `c${index + 1}`, label, title: label })))),
      ),
    ),
    http.get('/:locale/usergroup/user-groups/', ({ request }) => {
      record(request);
      const ids = new URL(request.url).searchParams.get('id__in');
      return HttpResponse.json(page(ids ? USERGROUPS.filter((g) => ids.split(',').includes(String(g.id))) : USERGROUPS));
    }),
    http.get('/:locale/organisation/organisations/:id/', () => HttpResponse.json({ id: 10, display_name: 'Ville de Lyon', jurisdiction: 5 })),
    http.get('/:locale/organisation/jurisdictions/:id/', () => HttpResponse.json(JURISDICTION)),
    http.get('/:locale/usergroup/taggit/tags/', ({ request }) => {
      record(request);
      const search = new URL(request.url).searchParams.get('search') ?? '';
      const names = ['eau', 'eau potable', 'baignade'].filter((name) => name.startsWith(search));
      return HttpResponse.json(page(names.map((name, index) => ({ id: index + 1, name }))));
    }),
  ];
}
