/**
 * Which scenarios a resource or a style may run for a creation or an update (spec, section 4),
 * or the message that says why none can: no scenario at all, or none of that action.
 */
import type { Scenario, ScenarioAction } from '../../../schemas/scenarios.ts';

const L = 'resources.dataset-resources.messages';

export const NO_SCENARIO = `${L}.noScenario`;
export const NO_ACTION_SCENARIO: Record<ScenarioAction, string> = {
  create: `${L}.noCreateScenario`,
  update: `${L}.noUpdateScenario`,
};

export type ScenarioChoice = { scenarios: Scenario[]; error?: undefined } | { scenarios: []; error: string };

export function scenariosFor(all: Scenario[], action: ScenarioAction): ScenarioChoice {
  if (all.length === 0) return { scenarios: [], error: NO_SCENARIO };
  const scenarios = all.filter((scenario) => scenario.action === action);
  return scenarios.length ? { scenarios } : { scenarios: [], error: NO_ACTION_SCENARIO[action] };
}
