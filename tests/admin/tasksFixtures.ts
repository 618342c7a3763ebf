/**
 * Tasks and scenarios as the platform server answers them (schemas/scenarios.ts), and a fake task
 * queue: lists filtered and paged like `dashboard/task-queue-track/`, and the retry, cancel and
 * acknowledge actions changing its tasks.
 */
import { http, HttpResponse } from 'msw';
import type { Scenario, Task } from '../../schemas/scenarios.ts';
import { page } from './accountsFixtures.ts';

export function task(overrides: Partial<Task> = {}): Task {
  return {
    id: 1,
    status: 'SUCCESS',
    action: 'publish-dataset',
    action_label: 'Publier le jeu de données',
    object_class: 'dataset',
    object_id: 1,
    object_name: "Qualité de l'eau",
    target: null,
    target_name: null,
    timeline: [],
    warnings: [],
    error: null,
    trigger: 'user',
    created_by: 'editor',
    retry_of: null,
    acknowledged: false,
    start_date: '2025-11-21T12:00:00Z',
    end_date: '2025-11-21T12:05:00Z',
    can_retry: false,
    can_cancel: false,
    can_acknowledge: false,
    ...overrides,
  };
}

/** The dataset's publication scenarios, as `_scenarios/` lists them. */
export const PUBLICATION_SCENARIOS_OF_DATASET: Scenario[] = [
  { id: 7, codename: 'publish-dataset', action: 'update', display_name: 'Publier le jeu de données' },
  { id: 8, codename: 'unpublish-dataset', action: 'update', display_name: 'Dépublier le jeu de données' },
  { id: 9, codename: 'update-dataset-index', action: 'update', display_name: "Mettre à jour l'index" },
];

export const SCENARIO_CHOICES = [
  { id: 7, codename: 'publish-dataset', action: 'update', object_class: 'dataset', display_name: 'Publier le jeu de données' },
  { id: 8, codename: 'unpublish-dataset', action: 'update', object_class: 'dataset', display_name: 'Dépublier le jeu de données' },
  { id: 10, codename: 'publish-resourcedataset', action: 'update', object_class: 'resourcedataset', display_name: 'Publier la ressource' },
];

const matches = (one: Task, params: URLSearchParams) => {
  const object = params.get('object');
  if (object && !((one.object_class === 'dataset' && String(one.object_id) === object) || (one.target?.model === 'dataset' && String(one.target.pk) === object))) return false;
  const exact: Array<[string, (t: Task) => unknown]> = [
    ['status', (t) => t.status],
    ['action', (t) => t.action],
    ['object_class', (t) => t.object_class],
    ['object_id', (t) => t.object_id],
    ['acknowledged', (t) => t.acknowledged],
  ];
  for (const [name, read] of exact) {
    const wanted = params.get(name);
    if (wanted !== null && String(read(one)) !== wanted) return false;
  }
  const statuses = params.get('status__in');
  return !statuses || statuses.split(',').includes(one.status);
};

/** A fake task queue holding `initial`; `lists` records every list request, `reads` every task read, `posts` every action. */
export function taskQueue(initial: Task[]) {
  let tasks = [...initial];
  let nextId = 500;
  const lists: URL[] = [];
  const reads: string[] = [];
  const posts: string[] = [];
  const change = (id: number, changes: Partial<Task>) => {
    tasks = tasks.map((one) => (one.id === id ? { ...one, ...changes } : one));
    return tasks.find((one) => one.id === id)!;
  };
  const found = (id: unknown) => tasks.find((one) => String(one.id) === id);
  const handlers = [
    http.get('/:locale/dashboard/task-queue-track/', ({ request }) => {
      const url = new URL(request.url);
      lists.push(url);
      const size = Number(url.searchParams.get('page_size') ?? 20);
      const number = Number(url.searchParams.get('page') ?? 1);
      const selected = tasks.filter((one) => matches(one, url.searchParams)).sort((a, b) => b.start_date.localeCompare(a.start_date));
      return HttpResponse.json(page(selected.slice((number - 1) * size, number * size), selected.length));
    }),
    http.get('/:locale/dashboard/task-queue-track/:id/', ({ params }) => {
      reads.push(String(params.id));
      const one = found(params.id);
      return one ? HttpResponse.json(one) : HttpResponse.json({ detail: 'Introuvable.' }, { status: 404 });
    }),
    http.post('/:locale/dashboard/task-queue-track/:id/retry/', ({ params }) => {
      posts.push(`retry ${params.id}`);
      const failed = found(params.id)!;
      const retried = task({
        ...failed,
        id: nextId++,
        status: 'PENDING',
        retry_of: failed.id,
        trigger: 'retry',
        error: null,
        end_date: null,
        timeline: [],
        start_date: '2025-11-22T08:00:00Z',
        can_retry: false,
        can_cancel: true,
        can_acknowledge: false,
      });
      change(failed.id, { can_retry: false });
      tasks.push(retried);
      return HttpResponse.json(retried, { status: 202 });
    }),
    http.post('/:locale/dashboard/task-queue-track/:id/cancel/', ({ params }) => {
      posts.push(`cancel ${params.id}`);
      return HttpResponse.json(change(Number(params.id), { status: 'REVOKED', can_cancel: false, end_date: '2025-11-21T12:10:00Z', error: 'Annulée par editor' }));
    }),
    http.post('/:locale/dashboard/task-queue-track/:id/acknowledge/', ({ params }) => {
      posts.push(`acknowledge ${params.id}`);
      return HttpResponse.json(change(Number(params.id), { acknowledged: true, can_acknowledge: false }));
    }),
    http.get('/:locale/dashboard/scenarios/', () => HttpResponse.json(SCENARIO_CHOICES)),
  ];
  return { handlers, lists, reads, posts, change };
}
