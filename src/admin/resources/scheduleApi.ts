/**
 * A resource's scheduled update (spec, section 7: `scenario-execution-frequency/` POST, PATCH,
 * DELETE): the schedulers to choose from, and the runs of its update scenario a scheduler makes.
 */
import type { ScenarioExecutionFrequency, Scheduler } from '../../../schemas/scenarios.ts';
import { httpClient, type HttpClient } from '../http/client.ts';
import { PATHS } from './resourcesApi.ts';

/** The object class of a resource's tasks and schedules. */
const RESOURCE_CLASS = 'resource';

export const SCHEDULE_KEYS = {
  schedulers: ['resource-schedules', 'schedulers'] as const,
  ofResource: (resourceId: number) => ['resource-schedules', resourceId] as const,
};

export function createScheduleApi(http: HttpClient = httpClient) {
  return {
    schedulers: async (signal?: AbortSignal) => (await http.request<Scheduler[]>(PATHS.schedulers, { signal })).json,
    /** The resource's scheduled runs (one per scenario at most). */
    ofResource: async (resourceId: number, signal?: AbortSignal) =>
      (await http.request<ScenarioExecutionFrequency[]>(PATHS.scheduledRuns, { query: { object_class: RESOURCE_CLASS, object_id: resourceId }, signal })).json,
    create: async (resourceId: number, scenarioId: number, schedulerId: number) =>
      (
        await http.request<ScenarioExecutionFrequency>(PATHS.scheduledRuns, {
          method: 'POST',
          body: { object_class: RESOURCE_CLASS, object_id: resourceId, scenario: scenarioId, scheduler: schedulerId },
        })
      ).json,
    change: async (frequencyId: number, schedulerId: number) =>
      (await http.request<ScenarioExecutionFrequency>(PATHS.scheduledRun(frequencyId), { method: 'PATCH', body: { scheduler: schedulerId } })).json,
    remove: async (frequencyId: number) => {
      await http.request(PATHS.scheduledRun(frequencyId), { method: 'DELETE' });
    },
  };
}

export const scheduleApi = createScheduleApi();
