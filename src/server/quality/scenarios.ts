/**
 * The quality scenarios, run for the whole platform by their schedules (migrations 025 and 026):
 * check-quality scores every dataset again (nightly), check-links checks the links that are due
 * (hourly; each link at most once a day). check-quality then records the day's point of the trend.
 * check-dataset-links checks one dataset's links now, for those who may change it (migration 040).
 */
import { CHECK_DATASET_LINKS_SCENARIO } from '../../../schemas/scenarios.ts';
import type { ScenarioContext, ScenarioHandler } from '../tasks/context.ts';
import { assessDataset } from './assess.ts';
import { checkDatasetLinks, checkDueLinks } from './links.ts';
import { recordTrend } from './trend.ts';

const BATCH = 200;

/** Scores every dataset again, in id order, a batch at a time; stops between datasets when the task is aborted. */
async function assessAll({ db, signal, step }: ScenarioContext): Promise<void> {
  let last = 0;
  let count = 0;
  for (;;) {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM datasets WHERE id > $1 ORDER BY id LIMIT $2', [last, BATCH]);
    for (const { id } of rows) {
      signal.throwIfAborted();
      if (await assessDataset(db, id)) count += 1;
      last = id;
    }
    if (rows.length < BATCH) break;
  }
  await recordTrend(db);
  await step('quality.assessed', { count });
}

async function checkLinks({ db, signal, step, config }: ScenarioContext): Promise<void> {
  const summary = await checkDueLinks(db, config, signal);
  await step('quality.linksChecked', summary);
}

async function checkOneDatasetLinks({ db, signal, step, config, objectId }: ScenarioContext): Promise<void> {
  const summary = await checkDatasetLinks(db, config, objectId!, signal);
  await step('quality.linksChecked', summary);
}

export const QUALITY_SCENARIOS: Record<string, ScenarioHandler> = {
  'check-quality': { run: assessAll, timeLimitSeconds: 6 * 3600 },
  'check-links': { run: checkLinks, timeLimitSeconds: 3600 },
  [CHECK_DATASET_LINKS_SCENARIO]: { run: checkOneDatasetLinks, timeLimitSeconds: 3600 },
};
