/**
 * Layers loaded before geometries were kept whole had a core `point` column `_point` next to their
 * lon/lat: when the server starts, their tables get the storage of today (geometry.ts) from those
 * lon/lat, one table per transaction, and the layer its storage. A table that is gone is left so
 * (its features answer 404, as before).
 */
import type { Db } from '../db/pool.ts';
import { datastoreDb } from './connection.ts';
import { datastoreStorage } from './geometry.ts';

export async function upgradeLegacyLayers(platform: Db): Promise<number> {
  const { rows: layers } = await platform.query<{ id: number; schema_name: string; table_name: string }>(
    'SELECT id, schema_name, table_name FROM geographic_layers WHERE storage IS NULL ORDER BY id',
  );
  if (layers.length === 0) return 0;
  const db = datastoreDb(platform);
  const storage = await datastoreStorage(db);
  for (const layer of layers) {
    const client = await db.connect();
    try {
      const table = `${client.escapeIdentifier(layer.schema_name)}.${client.escapeIdentifier(layer.table_name)}`;
      const { rowCount } = await client.query(
        "SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 AND column_name = '_point'",
        [layer.schema_name, layer.table_name],
      );
      if (rowCount) {
        await client.query('BEGIN');
        try {
          if (storage === 'postgis') {
            await client.query(`ALTER TABLE ${table} ADD COLUMN geom geometry(Point, 4326)`);
            await client.query(`UPDATE ${table} SET geom = ST_SetSRID(ST_MakePoint(lon, lat), 4326) WHERE lon IS NOT NULL AND lat IS NOT NULL`);
            await client.query(`CREATE INDEX ON ${table} USING gist (geom)`);
          } else {
            await client.query(`ALTER TABLE ${table} ADD COLUMN geom json, ADD COLUMN _bbox box`);
            await client.query(
              `UPDATE ${table} SET geom = json_build_object('type', 'Point', 'coordinates', json_build_array(lon, lat)), _bbox = box(point(lon, lat), point(lon, lat))
                WHERE lon IS NOT NULL AND lat IS NOT NULL`,
            );
            await client.query(`CREATE INDEX ON ${table} USING gist (_bbox)`);
          }
          await client.query(`ALTER TABLE ${table} DROP COLUMN _point`);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      }
    } finally {
      client.release();
    }
    await platform.query("UPDATE geographic_layers SET storage = $2, geometry_type = COALESCE(geometry_type, 'Point') WHERE id = $1", [layer.id, storage]);
  }
  return layers.length;
}
