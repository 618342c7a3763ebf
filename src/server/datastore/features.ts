/**
 * A layer's features as GeoJSON: the rows of its datastore table whose point lies in a box, read
 * through the GiST index on the point, paged in the table's order.
 */
import type { Db } from '../db/pool.ts';
import type { Bbox } from './layers.ts';

export interface LayerTable {
  schema_name: string;
  table_name: string;
}

export interface FeatureCollection {
  type: 'FeatureCollection';
  numberMatched: number;
  numberReturned: number;
  features: Array<{ type: 'Feature'; id: number; geometry: { type: 'Point'; coordinates: [number, number] }; properties: Record<string, unknown> }>;
}

const HIDDEN = new Set(['_id', '_point']);

/** The table's columns as users see them (without the loader's own), or null when it is gone. */
export async function tableColumns(db: Db, layer: LayerTable): Promise<string[] | null> {
  const { rows } = await db.query<{ column_name: string }>(
    'SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
    [layer.schema_name, layer.table_name],
  );
  if (rows.length === 0) return null;
  return rows.map((row) => row.column_name).filter((name) => !HIDDEN.has(name));
}

export async function featuresInBox(db: Db, layer: LayerTable, box: Bbox | null, limit: number, offset: number): Promise<FeatureCollection | null> {
  const client = await db.connect();
  try {
    const quote = (name: string) => client.escapeIdentifier(name);
    const table = `${quote(layer.schema_name)}.${quote(layer.table_name)}`;
    const where = box ? '"_point" <@ box(point($1, $2), point($3, $4))' : '"_point" IS NOT NULL';
    const params = box ? [...box] : [];
    const present = await client.query("SELECT to_regclass($1) IS NOT NULL AS present", [table]);
    if (!present.rows[0].present) return null;
    const [{ rows: counted }, { rows }] = [
      await client.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM ${table} WHERE ${where}`, params),
      await client.query<{ _id: number; lon: number; lat: number; properties: Record<string, unknown> }>(
        `SELECT t."_id", t.lon, t.lat, to_jsonb(t) - '_id' - '_point' - 'lon' - 'lat' AS properties FROM ${table} t WHERE ${where}
          ORDER BY t."_id" LIMIT ${Math.trunc(limit)} OFFSET ${Math.trunc(offset)}`,
        params,
      ),
    ];
    return {
      type: 'FeatureCollection',
      numberMatched: counted[0].n,
      numberReturned: rows.length,
      features: rows.map((row) => ({ type: 'Feature', id: row._id, geometry: { type: 'Point', coordinates: [row.lon, row.lat] }, properties: row.properties })),
    };
  } finally {
    client.release();
  }
}
