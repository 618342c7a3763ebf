/**
 * Scenarios and the tasks that run them, as both halves see them: the server's engine
 * (src/server/tasks/) writes tasks in this shape and the app's task screens read it.
 */

/** A task's life: PENDING (queued), STARTED (a worker runs it), then SUCCESS, FAILURE or REVOKED (cancelled). */
export const TASK_STATUSES = ['PENDING', 'STARTED', 'SUCCESS', 'FAILURE', 'REVOKED'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Statuses after which a task does not change any more. */
export const FINISHED_STATUSES: readonly TaskStatus[] = ['SUCCESS', 'FAILURE', 'REVOKED'];

/** Whether a task (read or not yet) has come to its end. */
export const isTaskFinished = (task: { status: TaskStatus } | undefined) => !!task && FINISHED_STATUSES.includes(task.status);

/** What a scenario does to its object: create or update it (spec, section 3 "Scenario"). */
export type ScenarioAction = 'create' | 'update';

/** The object classes scenarios run on; a task's `object_class` is one of them. */
export const SCENARIO_OBJECT_CLASSES = ['dataset', 'resourcedataset', 'resource', 'geographiclayer', 'style', 'remoteapiindex'] as const;
export type ScenarioObjectClass = (typeof SCENARIO_OBJECT_CLASSES)[number];

/** Checks a dataset's links now (src/server/quality/scenarios.ts): the app looks it up by codename. */
export const CHECK_DATASET_LINKS_SCENARIO = 'check-dataset-links';

/** The publication scenarios (spec, section 3): their codenames are fixed, the app looks them up by codename. */

export const PUBLICATION_SCENARIOS = {
  dataset: { publish: 'publish-dataset', unpublish: 'unpublish-dataset' },
  resourcedataset: { publish: 'publish-resourcedataset', unpublish: 'unpublish-resourcedataset' },
} as const;

/** GET {object}/{id}/_scenarios/: what can run on an object. */
export interface Scenario {
  id: number;
  codename: string;
  action: ScenarioAction;
  /** Translated for the request's locale. */
  display_name: string;
}

/** Who or what queued a task. */
export type TaskTrigger = 'user' | 'schedule' | 'harvest' | 'retry' | 'system';

/** One step of a task's timeline: when, and what happened, in the request's language. */
export interface TaskStep {
  date: string;
  level: 'info' | 'warning' | 'error';
  message: string;
}

/** The object a task acts for (`kwargs.target` of a run), e.g. the dataset of a resource relation. */
export interface TaskTarget {
  model: string;
  app_label: string;
  pk: number;
}

/** GET dashboard/task-queue-track/ and /{id}/. */
export interface Task {
  id: number;
  status: TaskStatus;
  /** The scenario's codename, e.g. publish-dataset. */
  action: string;
  /** The scenario's name in the request's language. */
  action_label: string;
  object_class: string;
  object_id: number | null;
  /** The object's display name when it still exists and the reader may see it. */
  object_name: string | null;
  target: TaskTarget | null;
  /** The target's display name when it still exists and the reader may see it. */
  target_name: string | null;
  timeline: TaskStep[];
  warnings: string[];
  /** Why a FAILURE failed (or who cancelled a REVOKED task), in the request's language. */
  error: string | null;
  trigger: TaskTrigger;
  /** Username of whoever queued it (or retried/cancelled it), null for the scheduler. */
  created_by: string | null;
  /** The failed task this one retries. */
  retry_of: number | null;
  /** A failure someone acknowledged no longer shows on its object. */
  acknowledged: boolean;
  start_date: string;
  end_date: string | null;
  /** What the reader may do with it now. */
  can_retry: boolean;
  can_cancel: boolean;
  can_acknowledge: boolean;
}

/** GET usergroup/schedulers/: the frequencies a scenario can be run at. */
export interface Scheduler {
  id: number;
  codename: string;
  display_name: string;
  /** Cron expression (minute hour day month weekday), in the server's time zone. */
  cron: string;
}

/** POST resource/scenario-execution-frequency/: a scenario run on an object at a frequency. */
export interface ScenarioExecutionFrequency {
  id: number;
  scenario: number;
  object_class: string;
  object_id: number;
  scheduler: number;
  next_run: string | null;
  last_task: number | null;
}
