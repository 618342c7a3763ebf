/**
 * What the style and layer scenarios do: a style's SLD made again from its config (by the SLD
 * parser, styleFiles.ts) and uploaded
 * to the map server (or, without one, marked applied: the platform serves the layer itself); a
 * layer's table published on the map server as a feature type (its geometry column typed, in
 * EPSG:4326), which needs the PostGIS storage.
 */
import type { ScenarioContext } from '../tasks/context.ts';
import { TaskFailure } from '../tasks/failure.ts';
import { datastoreDb, DATASTORE_SCHEMA } from './connection.ts';
import { GeoServerClient, MAPSERVER_STORE, MAPSERVER_WORKSPACE, MapserverError, mapserverClient, mapserverStoreUrl, storeParameters, type FeatureTypeDescription } from '../mapserver/client.ts';
import { DEFAULT_LOCALE } from '../../../schemas/constants.ts';
import { upgradeStyle, type Style } from '../../../schemas/styles.ts';
import { nameOtherValuesRules, styleToSld } from './styleFiles.ts';

/** The style's name on the map server. */
export function mapserverStyleName(styleId: number): string {
  return `publish_style_${styleId}`;
}

/** The SLD the map server is given for a style: its legend names the "other values" rule in the platform's own language. */
export function mapserverSld(style: Style, styleId: number): Promise<string> {
  return styleToSld(nameOtherValuesRules(style, DEFAULT_LOCALE), mapserverStyleName(styleId));
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
  const { rows } = await db.query<{ display_name: string; config: unknown; geometry_type: string | null }>(
    'SELECT s.display_name, s.config, l.geometry_type FROM layer_styles s JOIN geographic_layers l ON l.id = s.layer_id WHERE s.id = $1',
    [objectId],
  );
  if (!rows[0]) throw new TaskFailure('task.objectGone');
  const sld = await mapserverSld(upgradeStyle(rows[0].config, rows[0].geometry_type), objectId!);
  const client = mapserverClient();
  if (client) {
    await ensurePlace(client, false);
    await client.putStyle(MAPSERVER_WORKSPACE, mapserverStyleName(objectId!), sld).catch(mapserverFailure);
    await step('geo.styleUploaded', { name: rows[0].display_name });
  }
  await db.query('UPDATE layer_styles SET sld = $2, applied_at = now() WHERE id = $1', [objectId, sld]);
  await step('geo.styleSaved', { name: rows[0].display_name });
}

/** Java classes GeoServer binds PostgreSQL column types to. */
const BINDINGS: Record<string, string> = {
  integer: 'java.lang.Integer', bigint: 'java.lang.Long', 'double precision': 'java.lang.Double', boolean: 'java.lang.Boolean', date: 'java.sql.Date', text: 'java.lang.String',
};

/** The feature type of a layer's table: its attributes with their bindings, the geometry's JTS class, WGS 84 declared. */
async function featureTypeOf(db: ScenarioContext['db'], layer: { table_name: string; geometry_type: string; bbox: number[] | null }): Promise<FeatureTypeDescription> {
  const { rows } = await datastoreDb(db).query<{ column_name: string; data_type: string }>(
    'SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
    [DATASTORE_SCHEMA, layer.table_name],
  );
  if (rows.length === 0) throw new TaskFailure('geo.tableMissing');
  const attributes = rows.map(({ column_name: name, data_type: type }) => ({
    name,
    binding: name === 'geom' ? `org.locationtech.jts.geom.${layer.geometry_type}` : (BINDINGS[type] ?? 'java.lang.String'),
  }));
  return { srs: 'EPSG:4326', bbox: (layer.bbox as [number, number, number, number] | null) ?? null, attributes };
}

export async function publishLayer({ db, objectId, step }: ScenarioContext): Promise<void> {
  const { rows } = await db.query<{ display_name: string; table_name: string; storage: string | null; geometry_type: string | null; bbox: number[] | null }>(
    'SELECT display_name, table_name, storage, geometry_type, bbox FROM geographic_layers WHERE id = $1',
    [objectId],
  );
  if (!rows[0]) throw new TaskFailure('task.objectGone');
  const client = mapserverClient();
  if (!client) {
    await step('geo.layerPublishedLocally', { name: rows[0].display_name });
    return;
  }
  // GeoServer's PostGIS store reads geometry columns: a table without PostGIS has none.
  if (rows[0].storage !== 'postgis') throw new TaskFailure('geo.publishNeedsPostgis');
  const description = await featureTypeOf(db, { table_name: rows[0].table_name, geometry_type: rows[0].geometry_type ?? 'Geometry', bbox: rows[0].bbox });
  await ensurePlace(client, true);
  await client.publishFeatureType(MAPSERVER_WORKSPACE, MAPSERVER_STORE, rows[0].table_name, rows[0].display_name, description).catch(mapserverFailure);
  await step('geo.layerPublished', { name: rows[0].display_name });
}
