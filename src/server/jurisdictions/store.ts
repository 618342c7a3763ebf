/**
 * Jurisdictions in the database: how a record reads (the API payload), how its communes are
 * resolved from INSEE codes and its bounding box computed, and the writes.
 */
import type pg from 'pg';
import type { Db } from '../db/pool.ts';
import { unionBoundingBox, type BoundingBox } from '../geo/communes.ts';

/** A pool or a client inside a transaction. */
export type Queryable = Db | pg.PoolClient;

export interface Jurisdiction {
  id: number;
  display_name: string;
  codename: string;
  /** INSEE codes, sorted. */
  municipalities: string[];
  /** [min_lon, min_lat, max_lon, max_lat], or null without communes. */
  latlon_bounding_box: BoundingBox | null;
  municipality_count: number;
}

export interface Municipality {
  id: number;
  codename: string;
  display_name: string;
  departement: string;
}

/** FROM and SELECT of a jurisdiction as the API returns it (alias `j`). */
export const JURISDICTION_FROM = 'jurisdictions j';
export const JURISDICTION_SELECT = `j.id, j.display_name, j.codename,
  COALESCE((SELECT array_agg(jm.municipality ORDER BY jm.municipality) FROM jurisdiction_municipalities jm
             WHERE jm.jurisdiction_id = j.id), '{}') AS municipalities,
  CASE WHEN j.min_lon IS NULL THEN NULL
       ELSE json_build_array(j.min_lon, j.min_lat, j.max_lon, j.max_lat) END AS latlon_bounding_box,
  (SELECT count(*) FROM jurisdiction_municipalities jm WHERE jm.jurisdiction_id = j.id)::int AS municipality_count`;

export const MUNICIPALITY_SELECT = 'id, codename, display_name, departement';

export async function findJurisdiction(q: Queryable, id: number): Promise<Jurisdiction | null> {
  const { rows } = await q.query<Jurisdiction>(`SELECT ${JURISDICTION_SELECT} FROM ${JURISDICTION_FROM} WHERE j.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Trims, upper-cases (Corsican codes such as 2A004) and removes duplicates, keeping the first order. */
export function normaliseCodes(codes: readonly string[]): string[] {
  return [...new Set(codes.map((code) => code.trim().toUpperCase()).filter((code) => code !== ''))];
}

export interface ResolvedMunicipalities {
  /** Known codes, sorted. */
  known: string[];
  /** Codes that are not current communes, in the order given. */
  unknown: string[];
  /** Union of the known communes' boxes; null when none is known. */
  bbox: BoundingBox | null;
}

/** Looks the codes up among the current communes and computes the union of their boxes. */
export async function resolveMunicipalities(q: Queryable, codes: readonly string[]): Promise<ResolvedMunicipalities> {
  const wanted = normaliseCodes(codes);
  if (wanted.length === 0) return { known: [], unknown: [], bbox: null };
  const { rows } = await q.query<{ codename: string; min_lon: number; min_lat: number; max_lon: number; max_lat: number }>(
    `SELECT codename, min_lon, min_lat, max_lon, max_lat FROM municipalities WHERE codename = ANY($1::text[]) ORDER BY codename`,
    [wanted],
  );
  const found = new Set(rows.map((row) => row.codename));
  return {
    known: rows.map((row) => row.codename),
    unknown: wanted.filter((code) => !found.has(code)),
    bbox: unionBoundingBox(rows.map((row): BoundingBox => [row.min_lon, row.min_lat, row.max_lon, row.max_lat])),
  };
}

/** Replaces the communes of a jurisdiction (codes already resolved) and stores their box. */
export async function setJurisdictionMunicipalities(
  client: pg.PoolClient,
  id: number,
  resolved: Pick<ResolvedMunicipalities, 'known' | 'bbox'>,
): Promise<void> {
  await client.query('DELETE FROM jurisdiction_municipalities WHERE jurisdiction_id = $1', [id]);
  if (resolved.known.length > 0) {
    await client.query(
      `INSERT INTO jurisdiction_municipalities (jurisdiction_id, municipality)
       SELECT $1, code FROM unnest($2::text[]) AS code ON CONFLICT DO NOTHING`,
      [id, resolved.known],
    );
  }
  const box = resolved.bbox;
  await client.query('UPDATE jurisdictions SET min_lon = $2, min_lat = $3, max_lon = $4, max_lat = $5 WHERE id = $1', [
    id,
    box?.[0] ?? null,
    box?.[1] ?? null,
    box?.[2] ?? null,
    box?.[3] ?? null,
  ]);
}

export async function insertJurisdiction(
  client: pg.PoolClient,
  values: { display_name: string; codename: string },
  resolved: Pick<ResolvedMunicipalities, 'known' | 'bbox'>,
): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    'INSERT INTO jurisdictions (display_name, codename) VALUES ($1, $2) RETURNING id',
    [values.display_name, values.codename],
  );
  await setJurisdictionMunicipalities(client, rows[0].id, resolved);
  return rows[0].id;
}

/** Updates the fields given; false when the jurisdiction does not exist. */
export async function updateJurisdiction(
  client: pg.PoolClient,
  id: number,
  values: { display_name?: string; codename?: string },
  resolved: Pick<ResolvedMunicipalities, 'known' | 'bbox'> | null,
): Promise<boolean> {
  const { rows } = await client.query<{ id: number }>(
    `UPDATE jurisdictions SET display_name = COALESCE($2, display_name), codename = COALESCE($3, codename)
      WHERE id = $1 RETURNING id`,
    [id, values.display_name ?? null, values.codename ?? null],
  );
  if (!rows[0]) return false;
  if (resolved) await setJurisdictionMunicipalities(client, id, resolved);
  return true;
}

/** True when another jurisdiction already uses this codename. */
export async function codenameTaken(q: Queryable, codename: string, exceptId?: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM jurisdictions WHERE codename = $1 AND id IS DISTINCT FROM $2', [
    codename,
    exceptId ?? null,
  ]);
  return rows.length > 0;
}

/** Organisations whose territory is this jurisdiction, by name. */
export async function attachedOrganisations(q: Queryable, id: number): Promise<string[]> {
  const { rows } = await q.query<{ display_name: string }>(
    'SELECT display_name FROM usergroups WHERE jurisdiction_id = $1 ORDER BY display_name, id',
    [id],
  );
  return rows.map((row) => row.display_name);
}
