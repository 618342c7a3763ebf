/**
 * The task-queue calls that are not plain list and record reads (spec, section 7): a task's
 * retry, cancel and acknowledge, the scenarios the action filter offers, and a dataset's
 * scenarios and their run. Lists and records of tasks go through the data provider (`tasks`).
 * Every call goes through the HTTP client.
 */
import type { Scenario, ScenarioAction, Task } from '../../../schemas/scenarios.ts';
import { datasets } from '../../../schemas/datasets.ts';
import { httpClient, type HttpClient } from '../http/client.ts';
import { resourcePath } from '../providers/resourcePaths.ts';

/** The react-admin resource of the task queue (`dashboard/task-queue-track`). */
export const TASKS_RESOURCE = 'tasks';

/** The query keys of every task read (react-admin's lists and records), to refresh them at once. */
export const TASKS_QUERY_KEY = [TASKS_RESOURCE] as const;

/** GET dashboard/scenarios/: every scenario of the platform. */
export interface ScenarioChoice {
  id: number;
  codename: string;
  action: ScenarioAction;
  object_class: string;
  display_name: string;
}

const taskPath = (id: number | string) => `${resourcePath(TASKS_RESOURCE)}/${encodeURIComponent(String(id))}`;
const datasetScenariosPath = (datasetId: number | string) => `${datasets.endpoint}/${encodeURIComponent(String(datasetId))}/_scenarios`;

export function createTasksApi(http: HttpClient = httpClient) {
  const post = async (path: string, query?: Record<string, string>) =>
    (await http.request<Task>(path, { method: 'POST', query, body: {} })).json;
  return {
    /** Queues the task again: the answer is the new task (202). */
    retry: (id: number | string) => post(`${taskPath(id)}/retry`),
    /** Revokes a queued task (the server refuses a running one): the answer is the task, REVOKED. */
    cancel: (id: number | string) => post(`${taskPath(id)}/cancel`),
    /** Marks a failure as seen: it no longer shows on its object. */
    acknowledge: (id: number | string) => post(`${taskPath(id)}/acknowledge`),

    scenarios: async (signal?: AbortSignal) => (await http.request<ScenarioChoice[]>('dashboard/scenarios', { signal })).json,

    /** What can run on a dataset. */
    datasetScenarios: async (datasetId: number | string, signal?: AbortSignal) =>
      (await http.request<Scenario[]>(datasetScenariosPath(datasetId), { signal })).json,

    /** Runs a scenario on a dataset in the background: the answer is its task (202). */
    runDatasetScenario: (datasetId: number | string, scenarioId: number) =>
      post(`${datasetScenariosPath(datasetId)}/${scenarioId}/run`, { asynchrone: 'true' }),
  };
}

export type TasksApi = ReturnType<typeof createTasksApi>;

export const tasksApi = createTasksApi();
