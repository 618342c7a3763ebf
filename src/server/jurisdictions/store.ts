/**
 * Jurisdictions in the database: how a record reads (the API payload), how its communes are
 * resolved from INSEE codes and its bounding box computed, and the writes of its communes.
 */
import type pg from 'pg';
import type { Db } from '../db/pool.ts';
import { unionBoundingBox, type BoundingBox } from '../geo/communes.ts';
import { withoutControlCharacters } from '../../../schemas/validators.ts';

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

/** A jurisdiction as the API returns it: field → SQL expression on `jurisdictions j`. */
/** The computed fields of a jurisdiction (alias j); the others are its columns. */
export const JURISDICTION_COLUMNS = {
  municipalities: `COALESCE((SELECT array_agg(jm.municipality ORDER BY jm.municipality) FROM jurisdiction_municipalities jm
    WHERE jm.jurisdiction_id = j.id), '{}')`,
  latlon_bounding_box: `CASE WHEN j.min_lon IS NULL THEN NULL
    ELSE json_build_array(j.min_lon, j.min_lat, j.max_lon, j.max_lat) END`,
  municipality_count: '(SELECT count(*) FROM jurisdiction_municipalities jm WHERE jm.jurisdiction_id = j.id)::int',
  // Computed for the reader by `readerColumns` (routes/jurisdictions.ts).
  editable: 'NULL::boolean',
};

export const MUNICIPALITY_SELECT = 'id, codename, display_name, departement';

/**
 * Leaves out control characters (as a saved jurisdiction's text is sanitised), trims, upper-cases
 * (Corsican codes such as 2A004) and removes duplicates, keeping the first order.
 */
export function normaliseCodes(codes: readonly string[]): string[] {
  return [...new Set(codes.map((code) => withoutControlCharacters(code).trim().toUpperCase()).filter((code) => code !== ''))];
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

/** The stored columns of a box. */
export function boxColumns(box: BoundingBox | null): { min_lon: number | null; min_lat: number | null; max_lon: number | null; max_lat: number | null } {
  return { min_lon: box?.[0] ?? null, min_lat: box?.[1] ?? null, max_lon: box?.[2] ?? null, max_lat: box?.[3] ?? null };
}

/** Replaces the communes of a jurisdiction (codes already checked). */
export async function replaceJurisdictionMunicipalities(client: pg.PoolClient, id: number, codes: readonly string[]): Promise<void> {
  await client.query('DELETE FROM jurisdiction_municipalities WHERE jurisdiction_id = $1', [id]);
  if (codes.length === 0) return;
  await client.query(
    `INSERT INTO jurisdiction_municipalities (jurisdiction_id, municipality)
     SELECT $1, code FROM unnest($2::text[]) AS code ON CONFLICT DO NOTHING`,
    [id, codes],
  );
}

export async function insertJurisdiction(
  client: pg.PoolClient,
  values: { display_name: string; codename: string },
  resolved: Pick<ResolvedMunicipalities, 'known' | 'bbox'>,
): Promise<number> {
  const box = boxColumns(resolved.bbox);
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO jurisdictions (display_name, codename, min_lon, min_lat, max_lon, max_lat)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [values.display_name, values.codename, box.min_lon, box.min_lat, box.max_lon, box.max_lat],
  );
  await replaceJurisdictionMunicipalities(client, rows[0].id, resolved.known);
  return rows[0].id;
}

/** True when another jurisdiction already uses this codename. */
export async function codenameTaken(q: Queryable, codename: string, exceptId?: number): Promise<boolean> {
  const { rows } = await q.query('SELECT 1 FROM jurisdictions WHERE codename = $1 AND id IS DISTINCT FROM $2', [
    codename,
    exceptId ?? null,
  ]);
  return rows.length > 0;
}

/** How many datasets have the jurisdiction as their coverage (on datasets_jurisdiction_idx, migration 056). */
export async function coveredDatasetCount(q: Queryable, id: number): Promise<number> {
  const { rows } = await q.query<{ count: number }>('SELECT count(*)::integer AS count FROM datasets WHERE jurisdiction_id = $1', [id]);
  return rows[0].count;
}

/** Organisations whose territory is this jurisdiction, by name. */
export async function attachedOrganisations(q: Queryable, id: number): Promise<string[]> {
  const { rows } = await q.query<{ display_name: string }>(
    'SELECT display_name FROM usergroups WHERE jurisdiction_id = $1 ORDER BY display_name, id',
    [id],
  );
  return rows.map((row) => row.display_name);
}
