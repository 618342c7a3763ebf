/**
 * The quality scenarios, run for the whole platform by their schedules (migrations 025 and 026):
 * check-quality scores again every dataset that changed (nightly, quality/nightly.ts), check-links checks the links that are due
 * (hourly; each link at most once a day). check-quality then records the day's point of the trend.
 * check-dataset-links checks one dataset's links now, for those who may change it (migration 040).
 */
import { CHECK_DATASET_LINKS_SCENARIO } from '../../../schemas/scenarios.ts';
import type { ScenarioContext, ScenarioHandler } from '../tasks/context.ts';
import { checkDatasetLinks, checkDueLinks } from './links.ts';
import { assessAllDatasets } from './nightly.ts';
import { recordTrend } from './trend.ts';

/** Scores every dataset again (those unchanged since their last assessment are skipped), then the day's trend. */
async function assessAll({ db, signal, step }: ScenarioContext): Promise<void> {
  const summary = await assessAllDatasets(db, signal);
  await recordTrend(db);
  await step('quality.assessed', summary);
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
