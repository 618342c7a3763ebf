/**
 * What the style and layer scenarios do: a style's SLD made again from its config and uploaded
 * to the map server (or, without one, marked applied: the platform serves the layer itself); a
 * layer's table published on the map server as a feature type.
 */
import type { ScenarioContext } from '../tasks/scenarios.ts';
import { TaskFailure } from '../tasks/scenarios.ts';
import { MAPSERVER_STORE, MAPSERVER_WORKSPACE, MapserverError, mapserverClient } from '../mapserver/client.ts';
import { styleSld, type StyleConfig } from './styles.ts';

/** The style's name on the map server. */
export function mapserverStyleName(styleId: number): string {
  return `publish_style_${styleId}`;
}

function mapserverFailure(error: unknown): never {
  if (error instanceof MapserverError) throw new TaskFailure('geo.mapserverFailed', { reason: error.message });
  throw error;
}

export async function applyStyle({ db, objectId, step }: ScenarioContext): Promise<void> {
  const { rows } = await db.query<{ display_name: string; config: StyleConfig }>('SELECT display_name, config FROM layer_styles WHERE id = $1', [objectId]);
  if (!rows[0]) throw new TaskFailure('task.objectGone');
  const sld = styleSld(mapserverStyleName(objectId!), rows[0].config);
  const client = mapserverClient();
  if (client) {
    await client.putStyle(MAPSERVER_WORKSPACE, mapserverStyleName(objectId!), sld).catch(mapserverFailure);
    await step('geo.styleUploaded', { name: rows[0].display_name });
  }
  await db.query('UPDATE layer_styles SET sld = $2, applied_at = now() WHERE id = $1', [objectId, sld]);
  await step('geo.styleSaved', { name: rows[0].display_name });
}

export async function publishLayer({ db, objectId, step }: ScenarioContext): Promise<void> {
  const { rows } = await db.query<{ display_name: string; table_name: string }>('SELECT display_name, table_name FROM geographic_layers WHERE id = $1', [objectId]);
  if (!rows[0]) throw new TaskFailure('task.objectGone');
  const client = mapserverClient();
  if (!client) {
    await step('geo.layerPublishedLocally', { name: rows[0].display_name });
    return;
  }
  await client.publishFeatureType(MAPSERVER_WORKSPACE, MAPSERVER_STORE, rows[0].table_name, rows[0].display_name).catch(mapserverFailure);
  await step('geo.layerPublished', { name: rows[0].display_name });
}
