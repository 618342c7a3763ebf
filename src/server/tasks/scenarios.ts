/**
 * What each scenario does, by codename. A handler runs inside a claimed task: it reports steps
 * (stored as message codes, translated when read) and throws a TaskFailure to fail with a reason.
 * The scenarios themselves (ids, labels) are rows of the `scenarios` table.
 */
import type pg from 'pg';
import { exposeDataset, withdrawDataset } from '../catalog/entries.ts';
import type { TaskConfig } from '../config.ts';
import { applyStyle, publishLayer } from '../datastore/apply.ts';
import { inTransaction, type Db } from '../db/pool.ts';
import { harvestScenario } from '../harvest/scenario.ts';
import type { MessageKey } from '../i18n.ts';
import { RESOURCE_SCENARIOS } from '../resources/scenarios.ts';

export type StepParams = Record<string, string | number>;

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

/** A failure with a reason the task shows (a message code). */
export class TaskFailure extends Error {
  constructor(
    readonly code: MessageKey,
    readonly params: StepParams = {},
  ) {
    super(code);
  }
}

async function setPublished(client: pg.PoolClient, id: number, publish: boolean): Promise<string> {
  const { rows } = await client.query<{ display_name: string }>(
    'UPDATE datasets SET publish = $2 WHERE id = $1 RETURNING display_name',
    [id, publish],
  );
  if (!rows[0]) throw new TaskFailure('task.objectGone');
  return rows[0].display_name;
}

const publishDataset: ScenarioHandler = {
  async run({ db, objectId, step }) {
    // The flag and the catalogue entry change together: never published yet absent, or the reverse.
    const name = await inTransaction(db, async (client) => {
      const name = await setPublished(client, objectId!, true);
      if (!(await exposeDataset(client, objectId!))) throw new TaskFailure('task.objectGone');
      return name;
    });
    await step('task.datasetPublished', { name });
    await step('task.datasetExposed', { name });
  },
};

const unpublishDataset: ScenarioHandler = {
  async run({ db, objectId, step }) {
    const name = await inTransaction(db, async (client) => {
      const name = await setPublished(client, objectId!, false);
      await withdrawDataset(client, objectId!);
      return name;
    });
    await step('task.datasetUnpublished', { name });
    await step('task.datasetWithdrawn', { name });
  },
};

async function setResourcePublished(db: Db, id: number, publish: boolean): Promise<string> {
  const { rows } = await db.query<{ display_name: string }>(
    `UPDATE resource_datasets rd SET publish = $2 FROM resources r WHERE rd.id = $1 AND r.id = rd.resource_id RETURNING r.display_name`,
    [id, publish],
  );
  if (!rows[0]) throw new TaskFailure('task.objectGone');
  return rows[0].display_name;
}

const publishResourceDataset: ScenarioHandler = {
  async run({ db, objectId, step }) {
    await step('task.resourceDatasetPublished', { name: await setResourcePublished(db, objectId!, true) });
  },
};

const unpublishResourceDataset: ScenarioHandler = {
  async run({ db, objectId, step }) {
    await step('task.resourceDatasetUnpublished', { name: await setResourcePublished(db, objectId!, false) });
  },
};

const SCENARIO_HANDLERS: Record<string, ScenarioHandler> = {
  'publish-dataset': publishDataset,
  'unpublish-dataset': unpublishDataset,
  'publish-resourcedataset': publishResourceDataset,
  'unpublish-resourcedataset': unpublishResourceDataset,
  // Geographic layers and their styles (src/server/datastore/apply.ts).
  'create-style': { run: applyStyle },
  'update-style': { run: applyStyle },
  'publish-geographiclayer': { run: publishLayer },
  'harvest-remoteapiindex': harvestScenario,
};

/** Scenarios for tests and the bench only (TASK_DIAGNOSTIC_SCENARIOS): they act on no object. */
export const DIAGNOSTIC_SCENARIOS: Record<string, ScenarioHandler> = {
  noop: {
    async run({ step }) {
      await step('task.noop');
    },
  },
  sleep: {
    async run({ kwargs, signal, step }) {
      const seconds = Math.min(Math.max(Number(kwargs.seconds) || 1, 0), 3600);
      await step('task.sleep', { seconds });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, seconds * 1000);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  },
  fail: {
    async run() {
      throw new TaskFailure('task.failed', { reason: 'diagnostic failure' });
    },
  },
};

export function scenarioHandler(codename: string, diagnostics: boolean): ScenarioHandler | null {
  if (Object.hasOwn(SCENARIO_HANDLERS, codename)) return SCENARIO_HANDLERS[codename];
  // Read at call time: resources/scenarios.ts imports this module (TaskFailure).
  if (Object.hasOwn(RESOURCE_SCENARIOS, codename)) return RESOURCE_SCENARIOS[codename];
  if (diagnostics && Object.hasOwn(DIAGNOSTIC_SCENARIOS, codename)) return DIAGNOSTIC_SCENARIOS[codename];
  return null;
}
