/**
 * Where the task screens live (spec, section 2), relative to /{locale}/: the list at data/tasks/
 * (`?dataset=` filters it), a task at data/tasks/{id}/, an object's logs at logs/{object}/{id}/,
 * and the page of the object a task acts on.
 */
import { SCENARIO_OBJECT_CLASSES, type Task } from '../../../schemas/scenarios.ts';
import { datasets } from '../../../schemas/datasets.ts';
import { entityPaths } from '../entities/registry.ts';
import { indexerPaths } from '../indexers/indexerPaths.ts';

export const TASKS_PATH = 'data/tasks/';

/** The query parameter of the list naming the dataset whose tasks it shows. */
export const DATASET_PARAM = 'dataset';

export const taskPath = (id: number | string) => `${TASKS_PATH}${encodeURIComponent(String(id))}/`;

export const datasetTasksPath = (datasetId: number | string) =>
  `${TASKS_PATH}?${DATASET_PARAM}=${encodeURIComponent(String(datasetId))}`;

export const logsPath = (objectClass: string, id: number | string) =>
  `logs/${encodeURIComponent(objectClass)}/${encodeURIComponent(String(id))}/`;

/** Only the objects scenarios run on have a logs page (not the platform, nor a file being sent). */
export const hasLogsPage = (objectClass: string) => (SCENARIO_OBJECT_CLASSES as readonly string[]).includes(objectClass);

/** The object classes that have a page of their own, and its path. */
const OBJECT_PAGES: Partial<Record<string, (id: number) => string>> = {
  dataset: (id) => entityPaths(datasets).edit(id),
  remoteapiindex: indexerPaths.byId,
};

/**
 * The page of the object a task acts on: its own page, else its target's (the dataset of a
 * resource relation), else none.
 */
export function objectPagePath(task: Pick<Task, 'object_class' | 'object_id' | 'target'>): string | undefined {
  const own = OBJECT_PAGES[task.object_class];
  if (own && task.object_id !== null) return own(task.object_id);
  const target = task.target && OBJECT_PAGES[task.target.model];
  return target ? target(task.target!.pk) : undefined;
}
