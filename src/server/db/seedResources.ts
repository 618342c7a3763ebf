/**
 * The demo platform's first resource, made the way an editor makes one: the region's list of
 * lycées, a CSV it dropped in its FTP folder, becomes the main resource of "Lycées de la région"
 * with its longitude and latitude columns, and its create scenario is queued like any other. The
 * task engine then copies the file, loads it into the datastore and makes its map layer, so a new
 * platform shows a resource, its task and its map from the first sign-in.
 */
import { inTransaction, type Db } from './pool.ts';
import { queueTasks } from '../tasks/store.ts';

const DEMO_RESOURCE = {
  dataset: 'lycees-de-la-region',
  group: 'region-sud-mediterranee',
  name: 'Implantation des lycées publics',
  codename: 'implantation-des-lycees-publics',
  description: 'Lycées publics de la région, avec leur effectif et leur position (WGS 84).',
  filename: 'lycees.csv',
  columnX: 'longitude',
  columnY: 'latitude',
  crs: 4326,
} as const;

/** Creates the demo resource and queues its create scenario; does nothing when its dataset is missing. */
export async function seedDemoResources(db: Db, options: { timeLimitSeconds: number }): Promise<void> {
  await inTransaction(db, async (client) => {
    const { rows } = await client.query<{ dataset_id: number; group_id: number; admin_id: number; format_id: number; scenario_id: number }>(
      `SELECT d.id AS dataset_id, g.id AS group_id,
              (SELECT id FROM users WHERE is_superuser ORDER BY id LIMIT 1) AS admin_id,
              (SELECT id FROM data_formats WHERE codename = 'csv') AS format_id,
              (SELECT id FROM scenarios WHERE codename = 'create-ftp') AS scenario_id
         FROM datasets d JOIN usergroups g ON g.id = d.usergroup_id
        WHERE d.codename = $1 AND g.slug = $2`,
      [DEMO_RESOURCE.dataset, DEMO_RESOURCE.group],
    );
    const found = rows[0];
    if (!found || found.format_id == null || found.scenario_id == null) return;
    const resource = await client.query<{ id: number }>(
      `INSERT INTO resources (display_name, codename, description, type, usergroup_id, dataformat_id, created_by)
       VALUES ($1, $2, $3, 'ftp', $4, $5, $6) RETURNING id`,
      [DEMO_RESOURCE.name, DEMO_RESOURCE.codename, DEMO_RESOURCE.description, found.group_id, found.format_id, found.admin_id],
    );
    const resourceId = resource.rows[0].id;
    await client.query(
      `INSERT INTO resource_sources (resource_id, kind, dataformat_id, filename, column_x, column_y, crs)
       VALUES ($1, 'ftp', $2, $3, $4, $5, $6)`,
      [resourceId, found.format_id, DEMO_RESOURCE.filename, DEMO_RESOURCE.columnX, DEMO_RESOURCE.columnY, DEMO_RESOURCE.crs],
    );
    await client.query('INSERT INTO resource_datasets (resource_id, dataset_id, type, publish) VALUES ($1, $2, 1, true)', [resourceId, found.dataset_id]);
    // Its coverage is the box of the loaded positions (datasets/coverage.ts).
    await client.query(`UPDATE datasets SET geographic_coverage = 'computed' WHERE id = $1`, [found.dataset_id]);
    await queueTasks(
      db,
      [{
        action: 'create-ftp', scenarioId: found.scenario_id, objectClass: 'resource', objectId: resourceId,
        // Filed under its dataset, as the wizard's runs are: the task list links to the dataset, whose latest tasks show it.
        target: { model: 'dataset', app_label: 'dataset', pk: found.dataset_id },
        trigger: 'system', createdBy: found.admin_id, timeLimitSeconds: options.timeLimitSeconds,
      }],
      client,
    );
  });
}
