/** A hand-built scenario context for calling the datastore loader directly, recording its steps. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../src/server/db/pool.ts';
import type { ScenarioContext, StepParams } from '../../src/server/tasks/scenarios.ts';
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
