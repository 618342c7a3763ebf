/**
 * Every scenario handler, by codename: the one registry above the domains that define them. A
 * handler runs inside a claimed task (tasks/context.ts) and throws a TaskFailure
 * (tasks/failure.ts) to fail with a reason; no handler imports this module. The scenarios
 * themselves (ids, labels) are rows of the `scenarios` table.
 */
import { BULK_SCENARIOS } from '../bulk/tasks.ts';
import { applyStyle, publishLayer } from '../datastore/apply.ts';
import { PUBLICATION_SCENARIOS } from '../datasets/scenarios.ts';
import { harvestScenario } from '../harvest/scenario.ts';
import { QUALITY_SCENARIOS } from '../quality/scenarios.ts';
import { RESOURCE_SCENARIOS } from '../resources/scenarios.ts';
import type { ScenarioHandler } from './context.ts';
import { DIAGNOSTIC_SCENARIOS } from './diagnostics.ts';

const SCENARIO_HANDLERS: Record<string, ScenarioHandler> = {
  ...PUBLICATION_SCENARIOS,
  ...RESOURCE_SCENARIOS,
  // Geographic layers and their styles (src/server/datastore/apply.ts).
  'create-style': { run: applyStyle },
  'update-style': { run: applyStyle },
  'publish-geographiclayer': { run: publishLayer },
  'harvest-remoteapiindex': harvestScenario,
  // Metadata quality and link checks, for the whole platform (src/server/quality/).
  ...QUALITY_SCENARIOS,
  // Bulk changes of datasets and their undo (src/server/bulk/).
  ...BULK_SCENARIOS,
};

export function scenarioHandler(codename: string, diagnostics: boolean): ScenarioHandler | null {
  if (Object.hasOwn(SCENARIO_HANDLERS, codename)) return SCENARIO_HANDLERS[codename];
  if (diagnostics && Object.hasOwn(DIAGNOSTIC_SCENARIOS, codename)) return DIAGNOSTIC_SCENARIOS[codename];
  return null;
}
