/**
 * The geographic layer of a resource: made or updated by each load with geometries (a geographic
 * file's, or X/Y columns and a CRS), removed when a load no longer gives any. Layers live in the
 * platform's database.
 */
import type { Db } from '../db/pool.ts';
import type { Bbox, Storage } from './geometry.ts';

export type { Bbox };

export interface LayerSource {
  resourceId: number;
  columnX: string | null;
  columnY: string | null;
  /** EPSG code of the source's CRS; null for a file's CRS without one. */
  crs: number | null;
  bbox: Bbox | null;
  featureCount: number;
  schemaName: string;
  tableName: string;
  geometryType: string;
  storage: Storage;
  sourceLayer: string | null;
}

/** The resource's name when the resources table is there, else a name made from its id. */
async function resourceName(db: Db, resourceId: number): Promise<string> {
  const { rows } = await db.query<{ present: boolean }>("SELECT to_regclass('public.resources') IS NOT NULL AS present");
  if (rows[0].present) {
    const named = await db.query<{ display_name: string }>('SELECT display_name FROM resources WHERE id = $1', [resourceId]);
    if (named.rows[0]) return named.rows[0].display_name;
  }
  return `resource_${resourceId}`;
}

/** Creates or updates the resource's layer; answers its id. */
export async function saveLayer(db: Db, source: LayerSource): Promise<number> {
  const name = await resourceName(db, source.resourceId);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO geographic_layers (resource_id, display_name, codename, column_x, column_y, crs, bbox, feature_count, schema_name, table_name,
       geometry_type, storage, source_layer)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (resource_id) DO UPDATE SET column_x = EXCLUDED.column_x, column_y = EXCLUDED.column_y, crs = EXCLUDED.crs,
       bbox = EXCLUDED.bbox, feature_count = EXCLUDED.feature_count, schema_name = EXCLUDED.schema_name,
       table_name = EXCLUDED.table_name, geometry_type = EXCLUDED.geometry_type, storage = EXCLUDED.storage,
       source_layer = EXCLUDED.source_layer, updated_at = clock_timestamp()
     RETURNING id`,
    [source.resourceId, name.slice(0, 300), `resource_${source.resourceId}`, source.columnX, source.columnY, source.crs, source.bbox, source.featureCount, source.schemaName, source.tableName,
      source.geometryType, source.storage, source.sourceLayer],
  );
  return rows[0].id;
}

export async function removeLayer(db: Db, resourceId: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM geographic_layers WHERE resource_id = $1', [resourceId]);
  return (rowCount ?? 0) > 0;
}
