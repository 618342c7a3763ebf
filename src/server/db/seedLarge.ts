/**
 * A large synthetic platform, for measuring lists and searches at scale: thousands of
 * organisations and tens of thousands of users with memberships, generated inside PostgreSQL
 * (generate_series) in one transaction. Idempotent: a platform already enlarged is left as is.
 */
import { hashPassword, randomPassword } from '../auth/passwords.ts';
import { inTransaction, type Db } from './pool.ts';

const FIRST_NAMES = [
  'Hélène', 'Jean', 'Marie', 'Pierre', 'Camille', 'Louis', 'Chloé', 'Lucas', 'Léa', 'Hugo', 'Manon', 'Jules', 'Inès', 'Gabriel',
  'Zoé', 'Arthur', 'Jade', 'Raphaël', 'Louise', 'Théo', 'Émile', 'Alice', 'Noé', 'Anaïs', 'Rémi', 'Elsa', 'Loïc', 'Maëlle',
  'Tom', 'Sarah', 'Nathan', 'Clara', 'Paul', 'Agathe', 'Victor', 'Romane', 'Adam', 'Éloïse', 'Sacha', 'Juliette',
];
const LAST_NAMES = [
  'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent',
  'Lefèbvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier', 'Morel', 'Girard', 'André', 'Mercier',
  'Dupont', 'Lambert', 'Bonnet', 'François', 'Martinez', 'Légaré', 'Giraud', 'Rossi', 'Blanc', 'Guérin', 'Muller', 'Henry',
  'Roussel', 'Nicolas', 'Perrin', 'Gauthier',
];
const ORGANISATION_KINDS = [
  'Commune de', 'Communauté de communes de', 'Syndicat des eaux de', 'Office de tourisme de', 'Agence d’urbanisme de',
  'Parc naturel de', 'Métropole de', 'Association des usagers de',
];
const PLACES = [
  'Aubagne', 'Cassis', 'Gémenos', 'Ceyreste', 'La Ciotat', 'Roquevaire', 'Allauch', 'Plan-de-Cuques', 'Gardanne', 'Vitrolles',
  'Martigues', 'Istres', 'Salon', 'Arles', 'Tarascon', 'Châteaurenard', 'Orgon', 'Pélissanne', 'Lançon', 'Rognac',
];

export interface LargePlatformOptions {
  users: number;
  organisations: number;
  /** The synthetic users' password; a random one (never shown) when not given. */
  password?: string;
  /** The terms of use the synthetic users have accepted (the current ones, so they may use the API). */
  termsVersion?: string;
}

/** Creates the synthetic organisations, users and memberships; answers false when already there. */
export async function seedLargePlatform(db: Db, { users, organisations, password: clear, termsVersion }: LargePlatformOptions): Promise<boolean> {
  const password = await hashPassword(clear ?? randomPassword());
  const created = await inTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['publish:seed-large']);
    const existing = await client.query(`SELECT 1 FROM usergroups WHERE slug = 'synthetic-organisation-1'`);
    if (existing.rowCount) return false;

    await client.query(
      `INSERT INTO usergroups (usergroup_type, display_name, slug, status, organisation_type_id, acronym, created_at)
       SELECT 'organisation',
              ($1::text[])[(n % array_length($1::text[], 1)) + 1] || ' ' || ($2::text[])[((n / 8) % array_length($2::text[], 1)) + 1] || ' ' || n,
              'synthetic-organisation-' || n,
              CASE WHEN n % 17 = 0 THEN 1 ELSE 2 END,
              (SELECT id FROM organisation_types ORDER BY id OFFSET (n % GREATEST((SELECT count(*) FROM organisation_types), 1)) LIMIT 1),
              'ORG' || n,
              now() - (n || ' hours')::interval
       FROM generate_series(1, $3::int) AS n`,
      [ORGANISATION_KINDS, PLACES, organisations],
    );
    await client.query(
      `INSERT INTO users (username, password, first_name, last_name, email, status, date_joined, last_login, terms_accepted_at, terms_version)
       SELECT 'synthetic' || n, $3,
              ($1::text[])[(n % array_length($1::text[], 1)) + 1],
              ($2::text[])[((n / 40) % array_length($2::text[], 1)) + 1],
              'user' || n || '@example.org',
              CASE WHEN n % 25 = 0 THEN 1 ELSE 2 END,
              now() - (n || ' minutes')::interval,
              CASE WHEN n % 3 = 0 THEN NULL ELSE now() - ((n % 1000) || ' hours')::interval END,
              now(), $5
       FROM generate_series(1, $4::int) AS n`,
      [FIRST_NAMES, LAST_NAMES, password, users, termsVersion ?? null],
    );
    // Each user belongs to one organisation: a delegated administrator in 50, an editor in 10,
    // a member otherwise; one in 20 memberships waits for validation.
    await client.query(
      `INSERT INTO usergroup_members (usergroup_id, user_id, role, status, date_joined)
       SELECT g.id, u.id,
              CASE WHEN n % 50 = 0 THEN 2 WHEN n % 10 = 0 THEN 1 ELSE 0 END,
              CASE WHEN n % 20 = 0 THEN 1 ELSE 2 END,
              u.date_joined
       FROM generate_series(1, $1::int) AS n
       JOIN users u ON u.username = 'synthetic' || n
       JOIN usergroups g ON g.slug = 'synthetic-organisation-' || ((n % $2::int) + 1)`,
      [users, organisations],
    );
    return true;
  });
  // As autovacuum would do in time: statistics for the planner, and the visibility map that lets
  // counts and orderings read indexes only.
  if (created) await db.query('VACUUM ANALYZE users, usergroups, usergroup_members');
  return created;
}
