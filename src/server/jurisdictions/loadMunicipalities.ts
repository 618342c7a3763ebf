/**
 * Fills the `municipalities` table with the current French communes (src/server/geo/communes.ts)
 * when it is empty, and adds the demo jurisdictions to freshly seeded demo data.
 *
 * The communes go in with a few `unnest` array inserts in one transaction, under an advisory lock,
 * so two servers starting together on an empty database load them once.
 */
import { loadCurrentCommunes, type Commune } from '../geo/communes.ts';
import { inTransaction, type Db } from '../db/pool.ts';
import { slugify } from '../../../schemas/slug.ts';
import { insertJurisdiction, resolveMunicipalities } from './store.ts';

/** Same key for every server: "communes" in ASCII, truncated to fit a bigint. */
const MUNICIPALITIES_LOCK_KEY = 0x636f6d6d756e;
const BATCH_SIZE = 10_000;

async function municipalitiesCount(db: Db): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM municipalities');
  return rows[0].count;
}

/**
 * Loads the communes into an empty table; returns how many rows this call inserted (0 when the
 * table already had them). `communes` is for tests; by default the reference data is read.
 */
export async function loadMunicipalities(db: Db, communes?: readonly Commune[]): Promise<number> {
  // Cheap check first: reading the reference data takes a few hundred milliseconds.
  if ((await municipalitiesCount(db)) > 0) return 0;
  const all = communes ?? (await loadCurrentCommunes());
  return inTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MUNICIPALITIES_LOCK_KEY]);
    const { rows } = await client.query('SELECT 1 FROM municipalities LIMIT 1');
    if (rows.length > 0) return 0;
    let inserted = 0;
    for (let start = 0; start < all.length; start += BATCH_SIZE) {
      const batch = all.slice(start, start + BATCH_SIZE);
      const result = await client.query(
        `INSERT INTO municipalities (codename, display_name, departement, population, min_lon, min_lat, max_lon, max_lat)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[],
                              $5::float8[], $6::float8[], $7::float8[], $8::float8[])
         ON CONFLICT (codename) DO NOTHING`,
        [
          batch.map((c) => c.code),
          batch.map((c) => c.name),
          batch.map((c) => c.departement),
          batch.map((c) => c.population),
          batch.map((c) => c.bbox[0]),
          batch.map((c) => c.bbox[1]),
          batch.map((c) => c.bbox[2]),
          batch.map((c) => c.bbox[3]),
        ],
      );
      inserted += result.rowCount ?? 0;
    }
    return inserted;
  });
}

interface DemoJurisdiction {
  display_name: string;
  codename: string;
  /** INSEE codes, or every commune of a department. */
  municipalities: string[] | { departement: string };
  /** Name of the demo organisation (db/seed.ts) whose territory it is. */
  organisation?: string;
}

/** Real communes under the demo platform's fictional names (db/seed.ts). */
export const DEMO_JURISDICTIONS: DemoJurisdiction[] = [
  {
    display_name: 'Métropole Côte-Azurine',
    codename: 'metropole-cote-azurine',
    // Nice, Cagnes-sur-Mer, Saint-Laurent-du-Var, Villefranche-sur-Mer, Antibes, Cannes
    municipalities: ['06088', '06027', '06123', '06159', '06004', '06029'],
    organisation: 'Métropole Côte-Azurine',
  },
  {
    display_name: 'Département des Alpes-Provençales',
    codename: 'departement-alpes-provencales',
    municipalities: { departement: '04' },
    organisation: 'Département des Alpes-Provençales',
  },
  {
    display_name: 'Littoral des Bouches-du-Rhône',
    codename: 'littoral-bouches-du-rhone',
    // Marseille, La Ciotat, Martigues, Fos-sur-Mer
    municipalities: ['13055', '13028', '13056', '13039'],
  },
];

/**
 * Adds the demo jurisdictions and gives two demo organisations their territory. Idempotent:
 * existing codenames are left alone and an organisation keeps a territory it already has.
 * Run it only for freshly seeded demo data, so that a deleted demo jurisdiction stays deleted.
 */
export async function seedDemoJurisdictions(db: Db): Promise<void> {
  await inTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MUNICIPALITIES_LOCK_KEY]);
    for (const demo of DEMO_JURISDICTIONS) {
      const existing = await client.query<{ id: number }>('SELECT id FROM jurisdictions WHERE codename = $1', [demo.codename]);
      let id = existing.rows[0]?.id;
      if (id === undefined) {
        const codes = Array.isArray(demo.municipalities)
          ? demo.municipalities
          : (
              await client.query<{ codename: string }>('SELECT codename FROM municipalities WHERE departement = $1', [
                demo.municipalities.departement,
              ])
            ).rows.map((row) => row.codename);
        const resolved = await resolveMunicipalities(client, codes);
        if (resolved.known.length === 0) continue; // communes not loaded
        id = await insertJurisdiction(client, demo, resolved);
      }
      if (demo.organisation) {
        await client.query('UPDATE usergroups SET jurisdiction_id = $1 WHERE slug = $2 AND jurisdiction_id IS NULL', [
          id,
          slugify(demo.organisation),
        ]);
      }
    }
  });
}

/**
 * The start-up step (main.ts, test global setup): communes when missing, demo jurisdictions when
 * demo data was just seeded.
 */
export async function loadJurisdictionData(db: Db, options: { demo: boolean }): Promise<void> {
  await loadMunicipalities(db);
  if (options.demo) await seedDemoJurisdictions(db);
}
