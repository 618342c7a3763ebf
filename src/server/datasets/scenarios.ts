/**
 * The publication scenarios of datasets and of their resource links: the flag and, for a
 * dataset, its entry in the public catalogue change together.
 */
import type pg from 'pg';
import { exposeDataset, withdrawDataset } from '../catalog/entries.ts';
import { LISTED_CONDITION } from '../catalog/feed.ts';
import { inTransaction, type Db } from '../db/pool.ts';
import type { ScenarioHandler } from '../tasks/context.ts';
import { TaskFailure } from '../tasks/failure.ts';

/** Sets the dataset's `publish` flag (null: published by default, as a dataset never set) and answers its name. */
export async function setPublished(client: pg.PoolClient, id: number, publish: boolean | null): Promise<string> {
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
    const { name, listed } = await inTransaction(db, async (client) => {
      const name = await setPublished(client, objectId!, true);
      if (!(await exposeDataset(client, objectId!))) throw new TaskFailure('task.objectGone');
      // The feed lists only what anyone may find: a private dataset is ready for it, not in it.
      const { rows } = await client.query<{ listed: boolean }>(`SELECT ${LISTED_CONDITION} AS listed FROM datasets d WHERE d.id = $1`, [objectId]);
      return { name, listed: rows[0]?.listed === true };
    });
    await step('task.datasetPublished', { name });
    if (listed) await step('task.datasetExposed', { name });
    else await step('task.datasetExposedPrivate', { name }, 'warning');
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

export const PUBLICATION_SCENARIOS: Record<string, ScenarioHandler> = {
  'publish-dataset': publishDataset,
  'unpublish-dataset': unpublishDataset,
  'publish-resourcedataset': {
    async run({ db, objectId, step }) {
      await step('task.resourceDatasetPublished', { name: await setResourcePublished(db, objectId!, true) });
    },
  },
  'unpublish-resourcedataset': {
    async run({ db, objectId, step }) {
      await step('task.resourceDatasetUnpublished', { name: await setResourcePublished(db, objectId!, false) });
    },
  },
};
