/** A hand-built scenario context for calling the datastore loader directly, recording its steps. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../src/server/db/pool.ts';
import type { ScenarioContext } from '../../src/server/tasks/context.ts';
import { TaskFailure, type StepParams } from '../../src/server/tasks/failure.ts';
import { testConfig } from './helpers.ts';

export interface RecordedStep {
  code: string;
  params: StepParams;
  level: string;
}

export function scenarioContext(db: Db, options: { signal?: AbortSignal; onStep?: (code: string) => void } = {}) {
  const steps: RecordedStep[] = [];
  const context: ScenarioContext = {
    db,
    taskId: 1,
    objectId: null,
    kwargs: {},
    config: testConfig().tasks,
    signal: options.signal ?? new AbortController().signal,
    async step(code, params = {}, level = 'info') {
      steps.push({ code, params, level });
      options.onStep?.(code);
    },
  };
  return { context, steps };
}

const dir = mkdtempSync(path.join(tmpdir(), 'publish-datastore-'));
let counter = 0;

/** Writes a file for a test (bytes or text) and answers its path. */
export function dataFile(content: string | Buffer, extension = 'csv'): string {
  counter += 1;
  const file = path.join(dir, `file-${counter}.${extension}`);
  writeFileSync(file, content);
  return file;
}

/**
 * Resources of these ids, owned by a group of their own (so no demo account but the superuser
 * reaches them): the datastore's tables and layers belong to a resource.
 */
export async function insertResources(db: Pick<Db, 'query'>, ids: number[]): Promise<void> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO usergroups (usergroup_type, display_name, slug) VALUES ('organisation', 'Datastore tests', 'datastore-tests')
     ON CONFLICT (slug) DO UPDATE SET display_name = EXCLUDED.display_name RETURNING id`,
  );
  await db.query(
    `INSERT INTO resources (id, display_name, codename, type, usergroup_id)
     SELECT id, 'Resource ' || id, 'datastore-test-' || id, 'file-upload', $2 FROM unnest($1::integer[]) AS id
     ON CONFLICT (id) DO NOTHING`,
    [ids, rows[0].id],
  );
}

/** The TaskFailure a load ends with; a load that succeeds fails the test. */
export async function failure(promise: Promise<unknown>): Promise<TaskFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TaskFailure) return error;
    throw error;
  }
  throw new Error('the load succeeded');
}
