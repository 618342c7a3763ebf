/**
 * What a scenario handler receives and what it is: the contract between the task runner and
 * the handlers of every domain (datasets, resources, datastore, harvest).
 */
import type { TaskConfig } from '../config.ts';
import type { Db } from '../db/pool.ts';
import type { MessageKey } from '../i18n.ts';
import type { StepParams } from './failure.ts';

export interface ScenarioContext {
  db: Db;
  /** The settings the task runs with (DATA_DIR, outbound rules, upload limit). */
  config: TaskConfig;
  taskId: number;
  objectId: number | null;
  kwargs: Record<string, unknown>;
  /** Aborted when the time limit passes or the task is no longer this worker's. */
  signal: AbortSignal;
  step(code: MessageKey, params?: StepParams, level?: 'info' | 'warning' | 'error'): Promise<void>;
}

export interface ScenarioHandler {
  run(context: ScenarioContext): Promise<void>;
  /** Its own time limit, replacing TASK_TIME_LIMIT_SECONDS. */
  timeLimitSeconds?: number;
}
