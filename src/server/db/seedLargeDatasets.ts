/**
 * Large synthetic catalogue, for measuring dataset lists, searches, counts and exports at scale:
 * by default 300,000 datasets over 500 organisations, with keywords, classifications, licences,
 * record types, publication flags, dates, default levels (mostly private, some search,
 * consultation or download), special permissions of organisations, user groups and spheres, and
 * spheres holding organisations. Generated inside PostgreSQL (generate_series, batched
 * INSERT … SELECT) in one transaction. Idempotent: a catalogue already enlarged is left as is.
 *
 * Every value derives from the dataset's number through `seed_rand(n, k)` (a hash in [0, 1)), so
 * two runs make the same catalogue.
 */
import { inTransaction, type Db } from './pool.ts';

/** Subjects of dataset names, as French open-data portals title them. */
const SUBJECTS = [
  'Inventaire des arbres d’alignement', 'Plan local d’urbanisme', 'Qualité de l’eau potable', 'Équipements sportifs',
  'Horaires des bibliothèques', 'Budget primitif', 'Marchés publics attribués', 'Places de stationnement', 'Pistes cyclables',
  'Collecte des déchets ménagers', 'Consommation électrique des bâtiments publics', 'Population légale', 'Arrêts de bus',
  'Écoles maternelles et élémentaires', 'Zones inondables', 'Monuments historiques', 'Parcs et jardins',
  'Bornes de recharge pour véhicules électriques', 'Qualité de l’air', 'Délibérations du conseil municipal',
  'Subventions aux associations', 'Permis de construire', 'Base adresse locale', 'Parcelles cadastrales',
  'Réseau d’assainissement', 'Éclairage public', 'Occupation du domaine public', 'Fréquentation touristique',
  'Accidents de la circulation', 'Défibrillateurs', 'Points d’apport volontaire', 'Menus des cantines scolaires',
  'Marchés forains', 'Sentiers de randonnée', 'Plages et baignades', 'Risques naturels et technologiques',
  'Logements sociaux', 'Prix de l’eau', 'Comptages routiers', 'Espaces naturels sensibles',
];
/** What the description says the dataset lists. */
const OBJECTS = [
  'les équipements publics', 'les arbres plantés sur l’espace public', 'les points de mesure', 'les lieux d’accueil du public',
  'les parcelles concernées', 'les voies communales', 'les bâtiments communaux', 'les points de collecte', 'les stations de mesure',
  'les aménagements cyclables', 'les dépenses et recettes', 'les arrêtés et délibérations', 'les zones réglementées',
  'les sites remarquables', 'les itinéraires balisés',
];
const SENTENCES = [
  'Les données sont mises à jour chaque année par le service concerné.',
  'Chaque enregistrement est géolocalisé et daté.',
  'Le jeu de données est produit à partir du système d’information géographique de la collectivité.',
  'Les valeurs manquantes sont laissées vides.',
  'Les informations proviennent des relevés de terrain des agents.',
  'Les coordonnées sont exprimées en Lambert 93.',
  'Ce fichier complète les données publiées par l’Insee.',
  'La réutilisation est libre sous réserve de mentionner la source.',
  'Les données historiques sont disponibles depuis 2010.',
  'Un dictionnaire des variables accompagne le fichier.',
  'Les données sont issues du recensement réalisé par la direction de l’environnement.',
  'Les seuils réglementaires figurent dans la documentation jointe.',
];
const PLACES = [
  'Aubagne', 'Cassis', 'Gémenos', 'Ceyreste', 'La Ciotat', 'Roquevaire', 'Allauch', 'Plan-de-Cuques', 'Gardanne', 'Vitrolles',
  'Martigues', 'Istres', 'Salon-de-Provence', 'Arles', 'Tarascon', 'Châteaurenard', 'Orgon', 'Pélissanne', 'Lançon', 'Rognac',
];
/** Keywords, one word each (several words would be several keywords once split). */
const TAGS = [
  'urbanisme', 'environnement', 'mobilité', 'transport', 'vélo', 'eau', 'assainissement', 'déchets', 'énergie', 'budget',
  'finances', 'éducation', 'culture', 'sport', 'tourisme', 'santé', 'social', 'logement', 'population', 'démographie',
  'cadastre', 'adresses', 'risques', 'inondation', 'biodiversité', 'arbres', 'air', 'bruit', 'voirie', 'stationnement',
  'patrimoine', 'citoyenneté', 'élections', 'marchés', 'associations', 'agriculture', 'littoral', 'randonnée', 'sécurité',
  'géographie',
];

export interface LargeCatalogueOptions {
  datasets: number;
  /** Organisations owning the datasets: synthetic-organisation-1 … -N, created when missing. */
  organisations?: number;
  userGroups?: number;
  spheres?: number;
}

const BATCH = 50_000;

/** The classifications each dataset gets (the first always, the others with a 40 % chance each). */
const CLASSIFICATIONS = [
  { table: 'dataset_categories', link: 'category_id', column: 'category_ids', array: 'categories', most: 2 },
  { table: 'dataset_topics', link: 'topic_id', column: 'topic_ids', array: 'topics', most: 3 },
  { table: 'dataset_kinds', link: 'kind_id', column: 'kind_ids', array: 'kinds', most: 2 },
] as const;

/** SQL drawing the dataset n's sorted, distinct ids from `seed_groups.<array>`. */
function classificationIds(array: string, most: number): string {
  return `ARRAY(SELECT DISTINCT s.${array}[1 + floor(pg_temp.seed_rand(n, 30 + k) * array_length(s.${array}, 1))::int]
                      FROM generate_series(1, ${most}) AS k WHERE k = 1 OR pg_temp.seed_rand(n, 40 + k) < 0.4 ORDER BY 1)`;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Creates the synthetic catalogue; answers false when it is already there (or nothing is asked). */
export async function seedLargeCatalogue(db: Db, { datasets, organisations = 500, userGroups = 100, spheres = 20 }: LargeCatalogueOptions): Promise<boolean> {
  if (datasets <= 0) return false;
  const created = await inTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['publish:seed-large-catalogue']);
    if ((await client.query(`SELECT 1 FROM datasets WHERE codename = 'synthetic-dataset-1'`)).rowCount) return false;

    // A deterministic pseudo-random number in [0, 1) for the dataset (or group) n and the draw k.
    await client.query(
      `CREATE FUNCTION pg_temp.seed_rand(n bigint, k integer) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE
       AS $$ SELECT (hashint8(n * 1000 + k)::bigint + 2147483648) / 4294967296.0 $$`,
    );

    // The owning organisations (the large platform's, completed up to `organisations`), user
    // groups and spheres.
    await client.query(
      `INSERT INTO usergroups (usergroup_type, display_name, slug, status, organisation_type_id, acronym, created_at)
       SELECT 'organisation', 'Organisation ' || ($1::text[])[(n % array_length($1::text[], 1)) + 1] || ' ' || n,
              'synthetic-organisation-' || n, 2,
              (SELECT id FROM organisation_types ORDER BY id OFFSET (n % GREATEST((SELECT count(*) FROM organisation_types), 1)) LIMIT 1),
              'ORG' || n, now() - (n || ' hours')::interval
       FROM generate_series(1, $2::int) AS n
       ON CONFLICT (slug) DO NOTHING`,
      [PLACES, organisations],
    );
    await client.query(
      `INSERT INTO usergroups (usergroup_type, display_name, slug, description, status, created_at)
       SELECT 'user-group', 'Groupe de travail ' || ($1::text[])[(n % array_length($1::text[], 1)) + 1] || ' ' || n,
              'synthetic-user-group-' || n, 'Réseau d’échange entre producteurs et réutilisateurs.', 2, now() - (n || ' days')::interval
       FROM generate_series(1, $2::int) AS n
       ON CONFLICT (slug) DO NOTHING`,
      [TAGS, userGroups],
    );
    await client.query(
      `INSERT INTO usergroups (usergroup_type, display_name, slug, description, status, created_at)
       SELECT 'group-of-organisation', 'Sphère ' || ($1::text[])[(n % array_length($1::text[], 1)) + 1] || ' ' || n,
              'synthetic-sphere-' || n, 'Organisations partageant leurs données.', 2, now() - (n || ' days')::interval
       FROM generate_series(1, $2::int) AS n
       ON CONFLICT (slug) DO NOTHING`,
      [PLACES, spheres],
    );
    await client.query(
      `CREATE TEMPORARY TABLE seed_groups ON COMMIT DROP AS
       SELECT (SELECT array_agg(g.id ORDER BY n) FROM generate_series(1, $1::int) n JOIN usergroups g ON g.slug = 'synthetic-organisation-' || n) AS organisations,
              (SELECT array_agg(g.id ORDER BY n) FROM generate_series(1, $2::int) n JOIN usergroups g ON g.slug = 'synthetic-user-group-' || n) AS user_groups,
              (SELECT array_agg(g.id ORDER BY n) FROM generate_series(1, $3::int) n JOIN usergroups g ON g.slug = 'synthetic-sphere-' || n) AS spheres,
              (SELECT array_agg(id ORDER BY id) FROM licences) AS licences,
              (SELECT array_agg(id ORDER BY id) FROM restrictions) AS restrictions,
              (SELECT array_agg(id ORDER BY id) FROM granularities) AS granularities,
              (SELECT array_agg(id ORDER BY id) FROM update_frequencies) AS frequencies,
              (SELECT array_agg(id ORDER BY id) FROM record_types) AS record_types,
              (SELECT array_agg(id ORDER BY id) FROM categories) AS categories,
              (SELECT array_agg(id ORDER BY id) FROM topics) AS topics,
              (SELECT array_agg(id ORDER BY id) FROM kinds) AS kinds`,
      [organisations, userGroups, spheres],
    );

    // Spheres hold organisations: each organisation is in one sphere, one in three in a second.
    await client.query(
      `INSERT INTO usergroup_links (parent_id, child_id)
       SELECT s.spheres[1 + (o.n + k) % array_length(s.spheres, 1)], o.id
       FROM seed_groups s, unnest(s.organisations) WITH ORDINALITY AS o (id, n), generate_series(0, 1) AS k
       WHERE k = 0 OR o.n % 3 = 0
       ON CONFLICT DO NOTHING`,
    );
    // One synthetic user in four also belongs to a user group.
    await client.query(
      `INSERT INTO usergroup_members (usergroup_id, user_id, role, status, date_joined)
       SELECT s.user_groups[1 + (substring(u.username FROM 10)::int / 4) % array_length(s.user_groups, 1)], u.id, 0, 2, u.date_joined
       FROM seed_groups s, users u
       WHERE u.username ~ '^synthetic[0-9]+$' AND substring(u.username FROM 10)::int % 4 = 2
       ON CONFLICT DO NOTHING`,
    );

    // The tags the keywords are drawn from.
    await client.query(`INSERT INTO tags (name) SELECT unnest($1::text[]) ON CONFLICT ((lower(name))) DO NOTHING`, [TAGS]);

    // A bulk load: the table's indexes are built once at the end, from their own definitions,
    // instead of being kept up to date row by row (most of the time a load takes otherwise).
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
       WHERE x.indrelid = 'datasets'::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)`,
    );
    for (const index of indexes) await client.query(`DROP INDEX ${quoteIdentifier(index.name)}`);
    // Every row is made from ids read from their tables, in this transaction: a superuser skips the
    // foreign-key checks and triggers meanwhile, as pg_restore does (the datasets get their group's
    // name and classification arrays from the statements themselves; the class counts are rebuilt).
    const { rows: role } = await client.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
    if (role[0]?.rolsuper) await client.query('SET LOCAL session_replication_role = replica');

    // Datasets, in batches. Owners are skewed (a few organisations own many datasets); levels are
    // mostly private (70 %), then search, consultation and download (10 % each).
    for (let first = 1; first <= datasets; first += BATCH) {
      const last = Math.min(datasets, first + BATCH - 1);
      await client.query(
        `INSERT INTO datasets (codename, display_name, description, usergroup_id, usergroup_name, keywords, licence_id, restriction_id,
                               granularity_id, geographic_coverage, min_lon, min_lat, max_lon, max_lat, creation_date,
                               revision_date, publication_date, last_update_date, update_frequency_id, year,
                               record_type_id, publish, default_permission_level, created_at, updated_at,
                               ${CLASSIFICATIONS.map(({ column }) => column).join(', ')})
         SELECT 'synthetic-dataset-' || n,
                ($1::text[])[1 + (n % array_length($1::text[], 1))] || ' — ' || ($4::text[])[1 + ((n / 40) % array_length($4::text[], 1))] || ' ' || (2010 + n % 16),
                'Ce jeu de données recense ' || ($2::text[])[1 + floor(pg_temp.seed_rand(n, 1) * array_length($2::text[], 1))::int]
                  || ' de ' || ($4::text[])[1 + ((n / 40) % array_length($4::text[], 1))] || '. '
                  || ($3::text[])[1 + floor(pg_temp.seed_rand(n, 2) * array_length($3::text[], 1))::int] || ' '
                  || ($3::text[])[1 + floor(pg_temp.seed_rand(n, 3) * array_length($3::text[], 1))::int],
                owner.id, owner.display_name,
                (SELECT string_agg(tag, ' ' ORDER BY lower(tag)) FROM (
                   SELECT DISTINCT ($5::text[])[1 + floor(pg_temp.seed_rand(n, 10 + k) * array_length($5::text[], 1))::int] AS tag
                   FROM generate_series(1, 1 + (n % 4)) AS k) AS t),
                CASE WHEN pg_temp.seed_rand(n, 5) < 0.1 THEN NULL ELSE s.licences[1 + floor(power(pg_temp.seed_rand(n, 6), 3) * array_length(s.licences, 1))::int] END,
                s.restrictions[1 + floor(power(pg_temp.seed_rand(n, 7), 4) * array_length(s.restrictions, 1))::int],
                s.granularities[1 + floor(pg_temp.seed_rand(n, 8) * array_length(s.granularities, 1))::int],
                CASE WHEN n % 5 = 0 THEN 'bbox' END,
                CASE WHEN n % 5 = 0 THEN 4.5 + pg_temp.seed_rand(n, 9) END, CASE WHEN n % 5 = 0 THEN 43.0 + pg_temp.seed_rand(n, 9) END,
                CASE WHEN n % 5 = 0 THEN 5.6 + pg_temp.seed_rand(n, 9) END, CASE WHEN n % 5 = 0 THEN 43.8 + pg_temp.seed_rand(n, 9) END,
                (created - interval '30 days')::date,
                CASE WHEN n % 10 = 0 THEN NULL ELSE (created + (pg_temp.seed_rand(n, 20) * (now() - created)))::date END,
                CASE WHEN n % 7 = 0 THEN NULL ELSE created::date END,
                CASE WHEN n % 6 = 0 THEN NULL ELSE (created + (pg_temp.seed_rand(n, 21) * (now() - created)))::date END,
                s.frequencies[1 + floor(pg_temp.seed_rand(n, 22) * array_length(s.frequencies, 1))::int],
                2010 + n % 16,
                s.record_types[1 + floor(power(pg_temp.seed_rand(n, 23), 5) * array_length(s.record_types, 1))::int],
                CASE WHEN pg_temp.seed_rand(n, 24) < 0.05 THEN NULL WHEN pg_temp.seed_rand(n, 24) < 0.2 THEN false ELSE true END,
                CASE WHEN level_draw < 0.7 THEN 0 WHEN level_draw < 0.8 THEN 1 WHEN level_draw < 0.9 THEN 2 ELSE 3 END,
                created,
                created + (pg_temp.seed_rand(n, 25) * (now() - created)),
                ${CLASSIFICATIONS.map(({ array, most }) => classificationIds(array, most)).join(',\n                ')}
         FROM seed_groups s,
              generate_series($6::int, $7::int) AS n,
              LATERAL (SELECT now() - (pg_temp.seed_rand(n, 26) * interval '3650 days') AS created, pg_temp.seed_rand(n, 27) AS level_draw) AS draws,
              LATERAL (SELECT g.id, g.display_name FROM usergroups g
                       WHERE g.id = s.organisations[1 + floor(power(pg_temp.seed_rand(n, 4), 2) * array_length(s.organisations, 1))::int]) AS owner`,
        [SUBJECTS, OBJECTS, SENTENCES, PLACES, TAGS, first, last],
      );
    }

    // Each synthetic dataset's keywords, classifications and special permissions.
    await client.query(
      `CREATE TEMPORARY TABLE seed_datasets ON COMMIT DROP AS
       SELECT id, substring(codename FROM 19)::bigint AS n, keywords FROM datasets WHERE codename LIKE 'synthetic-dataset-%'`,
    );
    await client.query(
      `INSERT INTO dataset_tags (dataset_id, tag_id)
       SELECT d.id, t.id FROM seed_datasets d, unnest(string_to_array(d.keywords, ' ')) AS k (name) JOIN tags t ON lower(t.name) = lower(k.name)
       ON CONFLICT DO NOTHING`,
    );
    // The link tables, from the arrays the datasets were given (their own sync triggers, which
    // would set the arrays again from the links, are off meanwhile).
    for (const { table, link, column } of CLASSIFICATIONS) {
      await client.query(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_sync_insert`);
      await client.query(
        `INSERT INTO ${table} (dataset_id, ${link}) SELECT d.id, unnest(d.${column}) FROM datasets d JOIN seed_datasets s ON s.id = d.id`,
      );
      await client.query(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_sync_insert`);
    }
    // One dataset in six has special permissions: one to three grants, to an organisation (half),
    // a user group or a sphere, at search, consultation or download; each with its dataset's
    // columns, which a trigger would copy (migration 042).
    await client.query(
      `INSERT INTO dataset_permissions (dataset_id, usergroup_id, level, dataset_owner_id, dataset_default_level, dataset_publish)
       SELECT d.id,
              CASE WHEN kind < 0.5 THEN s.organisations[1 + floor(pg_temp.seed_rand(d.n, 60 + k) * array_length(s.organisations, 1))::int]
                   WHEN kind < 0.8 THEN s.user_groups[1 + floor(pg_temp.seed_rand(d.n, 60 + k) * array_length(s.user_groups, 1))::int]
                   ELSE s.spheres[1 + floor(pg_temp.seed_rand(d.n, 60 + k) * array_length(s.spheres, 1))::int] END,
              1 + floor(pg_temp.seed_rand(d.n, 70 + k) * 3)::int,
              ds.usergroup_id, ds.default_permission_level, ds.publish
       FROM seed_groups s, seed_datasets d JOIN datasets ds ON ds.id = d.id, generate_series(1, 3) AS k, LATERAL (SELECT pg_temp.seed_rand(d.n, 50 + k) AS kind) AS draw
       WHERE pg_temp.seed_rand(d.n, 49) < 1.0 / 6 AND (k = 1 OR pg_temp.seed_rand(d.n, 80 + k) < 0.5)
       ON CONFLICT DO NOTHING`,
    );
    await client.query('SET LOCAL session_replication_role = DEFAULT');
    // What the skipped triggers keep: the counts per class (migration 030) and per topic (048), the search's lexemes (044).
    await client.query('SELECT dataset_class_counts_rebuild()');
    await client.query('SELECT dataset_topic_class_counts_rebuild()');
    await client.query('SELECT search_lexemes_rebuild()');
    for (const index of indexes) await client.query(index.definition);
    return true;
  });
  // As autovacuum would do in time: statistics for the planner, and the visibility map that lets
  // counts and orderings read indexes only.
  if (created) {
    await db.query(
      'VACUUM ANALYZE datasets, dataset_tags, dataset_categories, dataset_topics, dataset_kinds, dataset_permissions, tags, usergroups, usergroup_links, usergroup_members',
    );
  }
  return created;
}
