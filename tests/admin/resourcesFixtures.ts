/**
 * Resources as the platform server answers them (the resources contract of issue 9), and a fake
 * resource server: resources, their links to datasets, sources, scenarios and runs, the task they
 * start (PENDING, then the status the test chooses), the CRS and sFTP lists, a geographic layer with
 * its features and styles. Every write is recorded in order, to check the calls the screens make.
 */
import { http, HttpResponse } from 'msw';
import type { Scenario, ScenarioExecutionFrequency, Scheduler, Task } from '../../schemas/scenarios.ts';
import type { Feature, GeographicLayer, LayerStyle, Resource, ResourceDataset, ResourceType, Source } from '../../src/admin/resources/resourcesApi.ts';
import { page, recordWrite, type Write } from './accountsFixtures.ts';
import { task } from './tasksFixtures.ts';

export function resource(overrides: Partial<Resource> = {}): Resource {
  return {
    id: 7,
    display_name: 'Arrêts de bus',
    codename: 'arrets-de-bus',
    description: '',
    type: 'file-upload',
    hidden: false,
    usergroup_id: 10,
    dataformat_id: 1,
    dataformat: 'CSV',
    size: 1536,
    bbox: null,
    geographic: false,
    last_update: '2026-11-24T10:00:00Z',
    loaded: true,
    source_id: 70,
    editable: true,
    _processing: [],
    rel: [{ '@app': 'resource', '@class': 'file-upload', '@uri': '/fr/resource/file-upload/70/' }],
    link_broken: null,
    link_checked_at: null,
    link_check: null,
    ...overrides,
  };
}

export function link(res: Resource, type: 1 | 2, id = res.id * 10): ResourceDataset {
  return { id, resource_id: res.id, dataset_id: 1, type, publish: true, created_at: '2026-11-24T09:00:00Z', resource: res };
}

export function source(overrides: Partial<Source> = {}): Source {
  return {
    id: 70,
    resource_id: 7,
    dataformat_id: 1,
    href: null,
    filename: null,
    size: null,
    column_x: null,
    column_y: null,
    crs: null,
    columns: [],
    preview: [],
    schema_name: null,
    table_name: null,
    layer_name: null,
    ...overrides,
  };
}

/** The file and link kinds, which `resource/kinds/` always lists. */
export const SOURCE_KINDS = ['file-upload', 'file-download', 'ftp', 'href'];

export const CRS = [
  { code: 4326, label: 'WGS 84 (EPSG:4326)' },
  { code: 2154, label: 'RGF93 / Lambert-93 (EPSG:2154)' },
];

/** The header and first rows the server reads from an uploaded CSV (here: the test's own file). */
export function csvSummary(text: string): Pick<Source, 'columns' | 'preview'> {
  const [header, ...rows] = text.trim().split('\n').map((line) => line.split(';'));
  return { columns: header, preview: rows.slice(0, 5) };
}

export const scenario = (id: number, codename: string, action: 'create' | 'update', display_name: string): Scenario => ({ id, codename, action, display_name });

export const SOURCE_SCENARIOS: Record<string, Scenario[]> = {
  'file-upload': [scenario(31, 'create-file-upload', 'create', 'Créer la ressource (fichier)'), scenario(32, 'update-file-upload', 'update', 'Mettre à jour la ressource (fichier)')],
  href: [scenario(41, 'create-href', 'create', 'Créer le lien'), scenario(42, 'update-href', 'update', 'Mettre à jour le lien')],
  'file-download': [scenario(51, 'create-file-download', 'create', 'Créer la ressource (téléchargement)')],
  ftp: [scenario(61, 'create-ftp', 'create', 'Créer la ressource (sFTP)')],
  // The publication scenarios of a resource in a dataset (resource-dataset/{id}/_scenarios/).
  'resource-dataset': [
    scenario(10, 'publish-resourcedataset', 'update', 'Publier la ressource'),
    scenario(11, 'unpublish-resourcedataset', 'update', 'Dépublier la ressource'),
  ],
};

/** The platform's schedulers (usergroup/schedulers/). */
export const SCHEDULERS: Scheduler[] = [
  { id: 1, codename: 'hourly', display_name: 'Toutes les heures', cron: '0 * * * *' },
  { id: 2, codename: 'daily', display_name: 'Tous les jours', cron: '0 2 * * *' },
  { id: 3, codename: 'weekly', display_name: 'Toutes les semaines', cron: '0 3 * * 1' },
];
/** The next run a new schedule answers. */
export const NEXT_RUN = '2026-12-03T02:00:00Z';

export interface ResourceServerOptions {
  links?: ResourceDataset[];
  sources?: Source[];
  /** The scenarios each source kind lists. */
  scenarios?: Record<string, Scenario[]>;
  /** How the task of a run ends (after one PENDING read). */
  outcome?: 'SUCCESS' | 'FAILURE';
}

export function resourceServer(options: ResourceServerOptions = {}) {
  const writes: Write[] = [];
  const reads: URL[] = [];
  const links = [...(options.links ?? [])];
  const sources = new Map((options.sources ?? []).map((one) => [one.id, one]));
  const scenarios = options.scenarios ?? SOURCE_SCENARIOS;
  const tasks = new Map<number, { task: Task; reads: number }>();
  let nextId = 100;
  const startTask = (action: string, objectClass: string, objectId: number, target: Task['target']) => {
    const started = task({ id: 500 + tasks.size, status: 'PENDING', action, action_label: `Exécution de ${action}`, object_class: objectClass, object_id: objectId, target, end_date: null });
    tasks.set(started.id, { task: started, reads: 0 });
    return started;
  };
  const frequencies: ScenarioExecutionFrequency[] = [];
  const handlers = [
    // Before the sources' `resource/:kind/` handlers, which their paths would match.
    http.get('/:locale/usergroup/schedulers/', () => HttpResponse.json(SCHEDULERS)),
    http.get('/:locale/resource/scenario-execution-frequency/', ({ request }) => {
      const objectId = Number(new URL(request.url).searchParams.get('object_id'));
      return HttpResponse.json(frequencies.filter((one) => one.object_id === objectId));
    }),
    http.post('/:locale/resource/scenario-execution-frequency/', async ({ request }) => {
      const body = (await recordWrite(writes, request)).body as Pick<ScenarioExecutionFrequency, 'scenario' | 'object_class' | 'object_id' | 'scheduler'>;
      const made = { ...body, id: 900 + frequencies.length, next_run: NEXT_RUN, last_task: null };
      frequencies.push(made);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.patch('/:locale/resource/scenario-execution-frequency/:id/', async ({ request, params }) => {
      const body = (await recordWrite(writes, request)).body as { scheduler: number };
      const found = frequencies.find((one) => String(one.id) === params.id)!;
      Object.assign(found, { scheduler: body.scheduler, next_run: '2026-12-07T03:00:00Z' });
      return HttpResponse.json(found);
    }),
    http.delete('/:locale/resource/scenario-execution-frequency/:id/', async ({ request, params }) => {
      await recordWrite(writes, request);
      frequencies.splice(frequencies.findIndex((one) => String(one.id) === params.id), 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/:locale/resource/resource-dataset/', ({ request }) => {
      reads.push(new URL(request.url));
      return HttpResponse.json(page(links));
    }),
    http.post('/:locale/resource/resources/', async ({ request }) => {
      const write = await recordWrite(writes, request);
      const body = write.body as Partial<Resource>;
      return HttpResponse.json(resource({ ...body, id: nextId++, source_id: null, size: null, rel: [], _processing: [] }), { status: 201 });
    }),
    http.get('/:locale/resource/resources/:id/', ({ params }) => {
      const found = links.find((one) => String(one.resource_id) === params.id);
      return found ? HttpResponse.json(found.resource) : HttpResponse.json({ detail: 'Introuvable.' }, { status: 404 });
    }),
    http.put('/:locale/resource/resources/:id/', async ({ request, params }) => {
      const write = await recordWrite(writes, request);
      const found = links.find((one) => String(one.resource_id) === params.id)?.resource ?? resource({ id: Number(params.id), source_id: null, rel: [] });
      return HttpResponse.json({ ...found, ...(write.body as object) });
    }),
    http.delete('/:locale/resource/resources/:id/', async ({ request, params }) => {
      await recordWrite(writes, request);
      const index = links.findIndex((one) => String(one.resource_id) === params.id);
      if (index >= 0) links.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/:locale/resource/resource-dataset/', async ({ request }) => {
      const write = await recordWrite(writes, request);
      return HttpResponse.json({ id: nextId++, ...(write.body as object) }, { status: 201 });
    }),
    http.post('/:locale/resource/:kind/', async ({ request, params }) => {
      const write = await recordWrite(writes, request);
      const created = source({ ...(write.body as object), id: nextId++ });
      sources.set(created.id, created);
      void params;
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('/:locale/resource/file-upload/:id/file/', async ({ request, params }) => {
      const write = await recordWrite(writes, request);
      const file = (write.body as FormData).get('file') as File;
      const text = await file.text();
      const updated = { ...sources.get(Number(params.id))!, filename: file.name, size: file.size, ...csvSummary(text) };
      sources.set(updated.id, updated);
      return HttpResponse.json(updated);
    }),
    http.get('/:locale/resource/:kind/:id/', ({ params }) => {
      const found = sources.get(Number(params.id));
      return found ? HttpResponse.json(found) : HttpResponse.json({ detail: 'Introuvable.' }, { status: 404 });
    }),
    http.patch('/:locale/resource/:kind/:id/', async ({ request, params }) => {
      const write = await recordWrite(writes, request);
      const updated = { ...sources.get(Number(params.id))!, ...(write.body as object) };
      sources.set(updated.id, updated);
      return HttpResponse.json(updated);
    }),
    http.get('/:locale/resource/:kind/:id/_scenarios/', ({ request, params }) => {
      reads.push(new URL(request.url));
      return HttpResponse.json(scenarios[params.kind as string] ?? []);
    }),
    http.post('/:locale/resource/:kind/:id/_scenarios/:scenario/run/', async ({ request, params }) => {
      const body = (await recordWrite(writes, request)).body as { kwargs?: unknown };
      const chosen = (scenarios[params.kind as string] ?? []).find((one) => String(one.id) === params.scenario)!;
      const sourceRecord = sources.get(Number(params.id));
      const target = (body.kwargs as { target?: Task['target'] } | undefined)?.target ?? null;
      return HttpResponse.json(startTask(chosen.codename, 'resource', sourceRecord?.resource_id ?? Number(params.id), target), { status: 202 });
    }),
    http.get('/:locale/dashboard/task-queue-track/:id/', ({ params }) => {
      const entry = tasks.get(Number(params.id));
      if (!entry) return HttpResponse.json({ detail: 'Introuvable.' }, { status: 404 });
      entry.reads += 1;
      if (entry.reads >= 2 && entry.task.status === 'PENDING') {
        const failed = options.outcome === 'FAILURE';
        entry.task = {
          ...entry.task,
          status: failed ? 'FAILURE' : 'SUCCESS',
          end_date: '2026-11-24T10:01:00Z',
          error: failed ? "Le fichier n'est pas en UTF-8 (ligne 3)." : null,
          timeline: [
            { date: '2026-11-24T10:00:10Z', level: 'info', message: 'Fichier rendu courant' },
            failed
              ? // As the engine ends a failed task: its error as the last step.
                { date: '2026-11-24T10:00:20Z', level: 'error', message: "Le fichier n'est pas en UTF-8 (ligne 3)." }
              : { date: '2026-11-24T10:00:20Z', level: 'info', message: '3 lignes chargées dans le datastore' },
          ],
        };
      }
      return HttpResponse.json(entry.task);
    }),
    http.post('/:locale/dashboard/task-queue-track/:id/acknowledge/', async ({ request, params }) => {
      await recordWrite(writes, request);
      for (const one of links) one.resource = { ...one.resource, _processing: one.resource._processing.filter((entry) => String(entry.task_id) !== params.id) };
      return HttpResponse.json(task({ id: Number(params.id), status: 'FAILURE', acknowledged: true }));
    }),
    http.get('/:locale/resource/crs/', () => HttpResponse.json(CRS)),
    // A platform listing the file and link kinds only (tests add `datastore` and `geoserver`).
    http.get('/:locale/resource/kinds/', () => HttpResponse.json(SOURCE_KINDS)),
  ];
  /** "METHOD path" of each write, in order. */
  const calls = () => writes.map((write) => `${write.method} ${write.path.replace(/^\/(fr|en|it)\//, '')}${write.search}`);
  return { handlers, writes, reads, calls, links, sources, tasks, frequencies };
}

/** A style made in QGIS: graduated classes the style editor cannot show, drawn as they are. */
export const GRADUATED: LayerStyle['config'] = {
  name: 'QGIS Style',
  rules: [
    { name: '0 – 10', filter: ['&&', ['>=', 'id', 0], ['<', 'id', 10]], symbolizers: [{ kind: 'Mark', wellKnownName: 'square', color: '#fee8c8', radius: 4 }] },
    { name: '10 – 20', filter: ['&&', ['>=', 'id', 10], ['<=', 'id', 20]], symbolizers: [{ kind: 'Mark', wellKnownName: 'square', color: '#e34a33', radius: 4 }] },
  ],
};

/** What the server says of an imported SLD off the SLD 1.0.0 schema. */
export const SCHEMA_WARNING = "Schéma SLD 1.0.0, ligne 1 : Element 'Colour': This element is not expected. Expected is one of ( Geometry, Graphic ).";

/** A geographic layer of bus stops, its features (two kinds of stop) and one saved style. */
export const STYLE: LayerStyle = {
  id: 8,
  layer_id: 3,
  display_name: 'Arrêts en bleu',
  config: { name: 'Arrêts en bleu', rules: [{ name: 'default', symbolizers: [{ kind: 'Mark', wellKnownName: 'circle', color: '#1f78b4', radius: 6, fillOpacity: 0.8, strokeColor: '#ffffff', strokeWidth: 1 }] }] },
  sld: '<StyledLayerDescriptor/>',
  applied_at: '2026-11-24T10:05:00Z',
};

export const LAYER: GeographicLayer = {
  id: 3,
  resource_id: 7,
  display_name: 'Arrêts de bus',
  codename: 'arrets-de-bus',
  column_x: 'lon',
  column_y: 'lat',
  crs: 4326,
  bbox: [4.8, 45.7, 4.9, 45.8],
  feature_count: 3,
  geometry_type: 'Point',
  storage: 'plain',
  source_layer: null,
  schema_name: 'datastore',
  table_name: 'resource_7',
  styles: [STYLE],
};

export const FEATURES: Feature[] = [
  { type: 'Feature', id: 1, geometry: { type: 'Point', coordinates: [4.83, 45.75] }, properties: { nom: 'Bellecour', mode: 'bus', montees: 120 } },
  { type: 'Feature', id: 2, geometry: { type: 'Point', coordinates: [4.85, 45.76] }, properties: { nom: 'Part-Dieu', mode: 'tram', montees: 900 } },
  { type: 'Feature', id: 3, geometry: { type: 'Point', coordinates: [4.86, 45.77] }, properties: { nom: 'Charpennes', mode: 'bus', montees: 300 } },
];

export function layerServer(options: { styleScenarios?: Scenario[] } = {}) {
  const writes: Write[] = [];
  const featureReads: URL[] = [];
  const styleScenarios = options.styleScenarios ?? [scenario(71, 'create-style', 'create', 'Créer le style'), scenario(72, 'update-style', 'update', 'Mettre à jour le style')];
  const handlers = [
    http.get('/:locale/geospatial/geographiclayer/:id/', ({ params }) =>
      params.id === '3' ? HttpResponse.json(LAYER) : HttpResponse.json({ detail: 'Introuvable.' }, { status: 404 }),
    ),
    http.get('/:locale/geospatial/geographiclayer/:id/features/', ({ request }) => {
      const url = new URL(request.url);
      featureReads.push(url);
      const [minLon, minLat, maxLon, maxLat] = (url.searchParams.get('bbox') ?? '').split(',').map(Number);
      const inside = FEATURES.filter(({ geometry }) => {
        const [lon, lat] = geometry!.coordinates;
        return lon >= minLon && lon <= maxLon && lat >= minLat && lat <= maxLat;
      });
      return HttpResponse.json({ type: 'FeatureCollection', features: inside, numberMatched: inside.length, numberReturned: inside.length });
    }),
    http.post('/:locale/geospatial/geographiclayer/:id/style/', async ({ request }) => {
      const write = await recordWrite(writes, request);
      return HttpResponse.json({ ...STYLE, id: 9, applied_at: null, ...(write.body as object) }, { status: 201 });
    }),
    http.put('/:locale/geospatial/style/:id/config/', async ({ request, params }) => {
      const write = await recordWrite(writes, request);
      return HttpResponse.json({ ...STYLE, id: Number(params.id), config: (write.body as { config: unknown }).config });
    }),
    http.put('/:locale/geospatial/style/:id/:format/', async ({ request, params }) => {
      await recordWrite(writes, request);
      // An SLD file comes back with what the SLD 1.0.0 schema says of it.
      const warnings = params.format === 'sld' ? [SCHEMA_WARNING] : [];
      return HttpResponse.json({ ...STYLE, id: Number(params.id), config: GRADUATED, warnings });
    }),
    http.get('/:locale/geospatial/style/:id/_scenarios/', () => HttpResponse.json(styleScenarios)),
    http.post('/:locale/geospatial/style/:id/_scenarios/:scenario/run/', async ({ request, params }) => {
      await recordWrite(writes, request);
      return HttpResponse.json(task({ id: 800, status: 'SUCCESS', action: 'style', action_label: `Style ${params.scenario}`, object_class: 'style', object_id: Number(params.id) }), { status: 202 });
    }),
  ];
  const calls = () => writes.map((write) => `${write.method} ${write.path.replace(/^\/(fr|en|it)\//, '')}${write.search}`);
  return { handlers, writes, calls, featureReads };
}

export type { ResourceType };
