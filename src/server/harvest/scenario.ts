/** The scenario harvest-remoteapiindex: a harvest run as a task of the queue (tasks/). */
import type { ScenarioHandler } from '../tasks/context.ts';
import { TaskFailure } from '../tasks/failure.ts';
import { harvestErrorOf, HarvestError } from './errors.ts';
import { loadIndexer } from './indexer.ts';
import { runHarvest } from './run.ts';

export const harvestScenario: ScenarioHandler = {
  async run({ db, objectId, signal, step, config }) {
    const indexer = objectId === null ? null : await loadIndexer(db, objectId);
    if (!indexer) throw new TaskFailure('task.objectGone');
    try {
      await runHarvest(db, indexer, { settings: config.harvest, outbound: config.outbound, signal, step });
    } catch (error) {
      // Only a reading failure is the remote's: anything else is ours and shows as unexpected.
      if (error instanceof HarvestError) throw new TaskFailure(error.code, error.params);
      if ((error as { code?: string }).code === 'aborted') throw new TaskFailure(harvestErrorOf(error, indexer.url).code);
      throw error;
    }
  },
};
