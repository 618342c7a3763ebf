/**
 * What the style and layer scenarios do: a style's SLD made again from its config and uploaded
 * to the map server (or, without one, marked applied: the platform serves the layer itself); a
 * layer's table published on the map server as a feature type.
 */
import type { ScenarioContext } from '../tasks/context.ts';
import { TaskFailure } from '../tasks/failure.ts';
import { DATASTORE_SCHEMA } from './connection.ts';
import { GeoServerClient, MAPSERVER_STORE, MAPSERVER_WORKSPACE, MapserverError, mapserverClient, mapserverStoreUrl, storeParameters } from '../mapserver/client.ts';
import { styleSld, type StyleConfig } from './styles.ts';

/** The style's name on the map server. */
export function mapserverStyleName(styleId: number): string {
  return `publish_style_${styleId}`;
}

export function mapserverFailure(error: unknown): never {
  if (error instanceof MapserverError) throw new TaskFailure('geo.mapserverFailed', { reason: error.message });
  throw error;
}

/**
 * The platform's workspace and its PostGIS store on the map server, created when missing (a new
 * GeoServer has neither); the store only when asked, since styles need the workspace alone.
 */
async function ensurePlace(client: GeoServerClient, withStore: boolean): Promise<void> {
  await client.ensureWorkspace(MAPSERVER_WORKSPACE).catch(mapserverFailure);
  if (!withStore) return;
  await client
    .ensureDatastore(MAPSERVER_WORKSPACE, MAPSERVER_STORE, () => {
      const url = mapserverStoreUrl();
      if (!url) throw new TaskFailure('geo.mapserverStoreUnknown');
      return storeParameters(url, DATASTORE_SCHEMA);
    })
    .catch(mapserverFailure);
}

export async function applyStyle({ db, objectId, step }: ScenarioContext): Promise<void> {
  const { rows } = await db.query<{ display_name: string; config: StyleConfig }>('SELECT display_name, config FROM layer_styles WHERE id = $1', [objectId]);
  if (!rows[0]) throw new TaskFailure('task.objectGone');
  const sld = styleSld(mapserverStyleName(objectId!), rows[0].config);
  const client = mapserverClient();
  if (client) {
    await ensurePlace(client, false);
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
  await ensurePlace(client, true);
  await client.publishFeatureType(MAPSERVER_WORKSPACE, MAPSERVER_STORE, rows[0].table_name, rows[0].display_name).catch(mapserverFailure);
  await step('geo.layerPublished', { name: rows[0].display_name });
}
