/**
 * Demo data for an empty database: a fictional regional platform with organisations, user groups,
 * a sphere and one account per role. All written in one transaction, only when there is no user.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PoolClient } from 'pg';
import { ROLE, STATUS } from '../../../schemas/constants.ts';
import { slugify } from '../../../schemas/slug.ts';
import { hashPassword } from '../auth/passwords.ts';
import { exposeDataset } from '../catalog/entries.ts';
import { inTransaction, type Db } from './pool.ts';

/** Same key for every server: two servers seeding one empty database at once seed it once. */
const SEED_LOCK_KEY = 0x7365656421;

/** Organisation types of the demo groups, among those migration 002 creates. */
const ORGANISATION_TYPES = ['region', 'departement', 'epci', 'commune', 'etablissement-public', 'association', 'entreprise'] as const;

type OrganisationType = (typeof ORGANISATION_TYPES)[number];

interface DemoGroup {
  key: string;
  type: 'organisation' | 'user-group' | 'group-of-organisation';
  name: string;
  description: string;
  organisationType?: OrganisationType;
  acronym?: string;
  siret?: string;
  website?: string;
  address?: string;
  status?: number;
  conventionSigned?: boolean;
}

const GROUPS: DemoGroup[] = [
  {
    key: 'region',
    type: 'organisation',
    name: 'Région Sud-Méditerranée',
    description: 'Collectivité régionale, animatrice de la plateforme de données ouvertes.',
    organisationType: 'region',
    acronym: 'RSM',
    siret: '20005378800010',
    website: 'https://www.region-sud-mediterranee.example',
    address: '27 place Jules Guesde, 13002 Marseille',
    conventionSigned: true,
  },
  {
    key: 'departement',
    type: 'organisation',
    name: 'Département des Alpes-Provençales',
    description: 'Conseil départemental.',
    organisationType: 'departement',
    acronym: 'CD-AP',
    website: 'https://www.alpes-provencales.example',
    conventionSigned: true,
  },
  {
    key: 'metropole',
    type: 'organisation',
    name: 'Métropole Côte-Azurine',
    description: 'Établissement public de coopération intercommunale.',
    organisationType: 'epci',
    acronym: 'MCA',
    website: 'https://www.cote-azurine.example',
  },
  {
    key: 'commune',
    type: 'organisation',
    name: 'Commune de Saint-Aubin-sur-Mer',
    description: 'Commune littorale.',
    organisationType: 'commune',
    address: 'Hôtel de ville, 1 place de la République',
  },
  {
    key: 'eau',
    type: 'organisation',
    name: "Office de l'eau du bassin de la Durance",
    description: 'Établissement public chargé de la gestion de la ressource en eau.',
    organisationType: 'etablissement-public',
    acronym: 'OEBD',
    conventionSigned: true,
  },
  {
    key: 'association',
    type: 'organisation',
    name: 'Association Données ouvertes en Provence',
    description: 'Association de réutilisateurs (adhésion en attente de validation).',
    organisationType: 'association',
    status: STATUS.pendingValidation,
  },
  {
    key: 'mobilite',
    type: 'user-group',
    name: 'Groupe de travail Mobilité',
    description: 'Producteurs et réutilisateurs de données de transport.',
  },
  {
    key: 'geomaticiens',
    type: 'user-group',
    name: 'Réseau des géomaticiens',
    description: 'Échanges entre les services SIG du territoire.',
  },
  {
    key: 'littoral',
    type: 'group-of-organisation',
    name: 'Sphère Territoires littoraux',
    description: 'Organisations du littoral méditerranéen.',
  },
];

/** Sphere → member organisations. */
const LINKS: Array<[string, string]> = [
  ['littoral', 'metropole'],
  ['littoral', 'commune'],
  ['littoral', 'departement'],
];

/** Dataset contacts of the demo organisations. */
const CONTACTS: Array<{ group: string; name: string; email: string; phone?: string; position?: string; role?: string }> = [
  { group: 'region', name: 'Service données ouvertes', email: 'opendata@region-sud-mediterranee.example', phone: '0491000000', position: 'Mission données', role: 'Point de contact' },
  { group: 'region', name: 'Hélène Garnier', email: 'helene.garnier@region-sud-mediterranee.example', position: 'Cheffe de projet SIG', role: 'Auteur' },
  { group: 'departement', name: 'Pôle observatoire', email: 'observatoire@alpes-provencales.example', role: 'Distributeur' },
  { group: 'metropole', name: 'Direction de la mobilité', email: 'mobilite@cote-azurine.example', phone: '0493000000', role: 'Gestionnaire' },
  { group: 'eau', name: 'Cellule hydrométrie', email: 'hydro@oebd.example', position: 'Hydrologue', role: 'Point de contact' },
];

interface DemoDataset {
  group: string;
  name: string;
  description: string;
  tags: string[];
  topic: string;
  kind: string;
  /** 0 private, 1 search, 2 consultation, 3 download. */
  level: number;
  publish?: boolean;
  /** Special permissions: group key → level. */
  grants?: Record<string, number>;
}

/** A few datasets per organisation, at every default level, some shared by a special permission. */
export const DEMO_DATASETS: DemoDataset[] = [
  { group: 'region', name: 'Lycées de la région', description: 'Implantation et capacité des lycées publics.', tags: ['éducation', 'lycées'], topic: 'us', kind: 'tabular', level: 3 },
  { group: 'region', name: 'Budget primitif régional 2024', description: 'Budget voté par chapitre.', tags: ['budget', 'finances'], topic: 'au', kind: 'tabular', level: 1 },
  {
    group: 'region', name: 'Schéma régional des données (projet)', description: 'Document de travail interne.', tags: ['gouvernance'],
    topic: 'au', kind: 'document', level: 0, publish: false, grants: { geomaticiens: 2 },
  },
  { group: 'departement', name: 'Routes départementales', description: 'Réseau routier départemental.', tags: ['routes', 'transport'], topic: 'tn', kind: 'vector', level: 3 },
  {
    group: 'departement', name: 'Collèges publics', description: 'Collèges du département et leurs effectifs.', tags: ['éducation', 'collèges'],
    topic: 'us', kind: 'tabular', level: 0, grants: { littoral: 1 },
  },
  { group: 'metropole', name: 'Arrêts de bus du réseau urbain', description: 'Arrêts et lignes du réseau de bus.', tags: ['mobilité', 'transport'], topic: 'tn', kind: 'vector', level: 3 },
  { group: 'metropole', name: 'Comptages vélo', description: 'Comptages horaires des pistes cyclables.', tags: ['mobilité', 'vélo'], topic: 'tn', kind: 'realtime', level: 0 },
  { group: 'commune', name: 'Délibérations du conseil municipal', description: 'Délibérations publiées depuis 2015.', tags: ['délibérations'], topic: 'au', kind: 'document', level: 2 },
  { group: 'eau', name: 'Stations hydrométriques', description: 'Débits et hauteurs d’eau de la Durance.', tags: ['eau', 'hydrométrie'], topic: 'hy', kind: 'tabular', level: 3 },
  { group: 'eau', name: 'Prélèvements d’eau (données brutes)', description: 'Volumes prélevés par point de captage.', tags: ['eau'], topic: 'hy', kind: 'tabular', level: 0 },
  { group: 'mobilite', name: 'Offre de covoiturage', description: 'Aires de covoiturage du territoire.', tags: ['mobilité', 'covoiturage'], topic: 'tn', kind: 'vector', level: 1 },
];

async function insertDatasets(client: PoolClient, groupIds: Map<string, number>): Promise<void> {
  for (const [index, dataset] of DEMO_DATASETS.entries()) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO datasets (codename, display_name, description, usergroup_id, keywords, default_permission_level, publish,
         record_type_id, update_frequency_id, publication_date, last_update_date, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7,
         (SELECT id FROM record_types WHERE codename = 'dataset'), (SELECT id FROM update_frequencies WHERE codename = 'ANNUAL'),
         current_date - $8::integer * 30, current_date - $8::integer * 7, now() - make_interval(days => $8 * 10), now() - make_interval(days => $8))
       RETURNING id`,
      [slugify(dataset.name), dataset.name, dataset.description, groupIds.get(dataset.group), dataset.tags.join(' '), dataset.level,
        dataset.publish ?? true, DEMO_DATASETS.length - index],
    );
    const id = rows[0].id;
    await client.query('INSERT INTO tags (name) SELECT unnest($1::text[]) ON CONFLICT ((lower(name))) DO NOTHING', [dataset.tags]);
    await client.query('INSERT INTO dataset_tags (dataset_id, tag_id) SELECT $1, id FROM tags WHERE name = ANY($2::text[])', [id, dataset.tags]);
    await client.query('INSERT INTO dataset_topics (dataset_id, topic_id) SELECT $1, id FROM topics WHERE codename = $2', [id, dataset.topic]);
    await client.query('INSERT INTO dataset_kinds (dataset_id, kind_id) SELECT $1, id FROM kinds WHERE codename = $2', [id, dataset.kind]);
    for (const [group, level] of Object.entries(dataset.grants ?? {})) {
      await client.query('INSERT INTO dataset_permissions (dataset_id, usergroup_id, level) VALUES ($1, $2, $3)', [id, groupIds.get(group), level]);
    }
    // The published demo datasets are in the public catalogue, as if their publish scenario had run.
    if (dataset.publish ?? true) await exposeDataset(client, id);
  }
}

interface DemoUser {
  username: string;
  first_name: string;
  last_name: string;
  is_superuser?: boolean;
  status?: number;
  memberships?: Array<{ group: string; role: number; status?: number }>;
}

export const DEMO_USERS: DemoUser[] = [
  { username: 'admin', first_name: 'Alice', last_name: 'Martin', is_superuser: true },
  {
    username: 'referent',
    first_name: 'Claire',
    last_name: 'Dubois',
    memberships: [
      { group: 'region', role: ROLE.admin },
      { group: 'geomaticiens', role: ROLE.admin },
    ],
  },
  {
    username: 'editor',
    first_name: 'Julien',
    last_name: 'Moreau',
    memberships: [
      { group: 'metropole', role: ROLE.editor },
      { group: 'mobilite', role: ROLE.member },
    ],
  },
  {
    username: 'member',
    first_name: 'Sophie',
    last_name: 'Laurent',
    memberships: [
      { group: 'commune', role: ROLE.member },
      { group: 'mobilite', role: ROLE.member, status: STATUS.pendingVerification },
    ],
  },
  {
    username: 'newcomer',
    first_name: 'Lucas',
    last_name: 'Bernard',
    memberships: [{ group: 'region', role: ROLE.member, status: STATUS.pendingValidation }],
  },
  {
    username: 'marie.lefebvre',
    first_name: 'Marie',
    last_name: 'Lefebvre',
    memberships: [
      { group: 'departement', role: ROLE.editor },
      { group: 'geomaticiens', role: ROLE.member, status: STATUS.pendingValidation },
    ],
  },
  {
    username: 'thomas.girard',
    first_name: 'Thomas',
    last_name: 'Girard',
    memberships: [
      { group: 'eau', role: ROLE.admin },
      { group: 'geomaticiens', role: ROLE.member },
      { group: 'region', role: ROLE.editor, status: STATUS.pendingValidation },
    ],
  },
  {
    username: 'camille.roux',
    first_name: 'Camille',
    last_name: 'Roux',
    status: STATUS.pendingValidation,
    memberships: [{ group: 'metropole', role: ROLE.member, status: STATUS.pendingValidation }],
  },
  { username: 'nicolas.fontaine', first_name: 'Nicolas', last_name: 'Fontaine', status: STATUS.pendingVerification },
  {
    username: 'elodie.mercier',
    first_name: 'Élodie',
    last_name: 'Mercier',
    memberships: [{ group: 'association', role: ROLE.admin, status: STATUS.pendingValidation }],
  },
];

async function insertGroups(client: PoolClient, typeIds: Map<string, number>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const group of GROUPS) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO usergroups (usergroup_type, display_name, slug, description, status, organisation_type_id,
         acronym, siret, website, address, convention_signed)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        group.type,
        group.name,
        slugify(group.name),
        group.description,
        group.status ?? STATUS.active,
        group.organisationType ? typeIds.get(group.organisationType) : null,
        group.acronym ?? '',
        group.siret ?? '',
        group.website ?? '',
        group.address ?? '',
        group.conventionSigned ?? false,
      ],
    );
    ids.set(group.key, rows[0].id);
  }
  return ids;
}

export interface SeedResult {
  seeded: boolean;
  usernames: string[];
}

/** Seeds when the users table is empty; the password is shared by every demo account. */
export async function seedDemoData(db: Db, options: { password: string; termsVersion: string }): Promise<SeedResult> {
  // Hashing is slow on purpose: do it before taking the lock and opening the transaction.
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(options.password)));
  return inTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const { rows: existing } = await client.query('SELECT 1 FROM users LIMIT 1');
    if (existing.length > 0) return { seeded: false, usernames: [] };

    const { rows: types } = await client.query<{ id: number; codename: string }>(
      'SELECT id, codename FROM organisation_types WHERE codename = ANY($1)',
      [ORGANISATION_TYPES],
    );
    const typeIds = new Map(types.map((type) => [type.codename, type.id]));
    const groupIds = await insertGroups(client, typeIds);
    for (const [parent, child] of LINKS) {
      await client.query('INSERT INTO usergroup_links (parent_id, child_id) VALUES ($1, $2)', [
        groupIds.get(parent),
        groupIds.get(child),
      ]);
    }

    for (const [index, user] of DEMO_USERS.entries()) {
      const email = `${user.username}@demo.publish.example`;
      // Spread join dates so lists ordered by date are meaningful.
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO users (username, password, first_name, last_name, email, status, is_superuser,
           date_joined, terms_version, terms_accepted_at, email_notifications)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(days => $8), $9, now(), true) RETURNING id`,
        [
          user.username,
          hashes[index],
          user.first_name,
          user.last_name,
          email,
          user.status ?? STATUS.active,
          user.is_superuser ?? false,
          (DEMO_USERS.length - index) * 7,
          options.termsVersion,
        ],
      );
      for (const membership of user.memberships ?? []) {
        await client.query(
          `INSERT INTO usergroup_members (usergroup_id, user_id, role, status, date_joined)
           VALUES ($1, $2, $3, $4, now() - make_interval(days => $5))`,
          [groupIds.get(membership.group), rows[0].id, membership.role, membership.status ?? STATUS.active, index],
        );
      }
    }
    for (const contact of CONTACTS) {
      await client.query(
        `INSERT INTO contacts (usergroup_id, name, email, phone, position, role) VALUES ($1, $2, $3, $4, $5, $6)`,
        [groupIds.get(contact.group), contact.name, contact.email, contact.phone ?? '', contact.position ?? '', contact.role ?? ''],
      );
    }
    await insertDatasets(client, groupIds);
    return { seeded: true, usernames: DEMO_USERS.map((user) => user.username) };
  });
}

/** Files demo organisations dropped in their FTP folders (DATA_DIR/ftp/<id>/), by group slug, for the ftp resources. */
export const DEMO_FTP_FILES: Record<string, Record<string, string>> = {
  'metropole-cote-azurine': {
    'arrets-bus.csv': [
      'code;nom;commune;longitude;latitude',
      'A001;Gare routière;Nice;7.2619;43.7045',
      'A002;Port Lympia;Nice;7.2846;43.6960',
      'A003;Place Masséna;Nice;7.2700;43.6976',
      'A004;Hôpital Pasteur;Nice;7.2826;43.7233',
      'A005;Cimiez Monastère;Nice;7.2793;43.7198',
      '',
    ].join('\n'),
    'releves/comptages-velo-2026-01.csv': [
      'compteur,date,heure,passages,x,y',
      'Promenade des Anglais,2026-01-05,08:00,412,1043250.2,6297120.8',
      'Promenade des Anglais,2026-01-05,09:00,388,1043250.2,6297120.8',
      'Boulevard Gambetta,2026-01-05,08:00,175,1044010.6,6298015.4',
      'Boulevard Gambetta,2026-01-05,09:00,161,1044010.6,6298015.4',
      '',
    ].join('\n'),
  },
  // Loaded as the main resource of "Lycées de la région" (db/seedResources.ts).
  'region-sud-mediterranee': {
    'lycees.csv': [
      'uai,nom,commune,effectif,longitude,latitude',
      '0130001A,Lycée du Vieux-Port,Marseille,1420,5.3698,43.2951',
      '0130002B,Lycée des Calanques,Marseille,980,5.4120,43.2540',
      '0130003C,Lycée Sainte-Victoire,Aix-en-Provence,1210,5.4474,43.5297',
      '0830004D,Lycée de la Rade,Toulon,1105,5.9280,43.1242',
      '0060005E,Lycée de la Baie des Anges,Nice,1330,7.2620,43.7009',
      '0060006F,Lycée du Mont-Boron,Nice,760,7.2990,43.7010',
      '0840007G,Lycée des Papes,Avignon,1010,4.8055,43.9493',
      '0040008H,Lycée de la Durance,Manosque,640,5.7866,43.8290',
      '',
    ].join('\n'),
  },
};

/** Writes the demo FTP files once (an existing file is left as it is). */
export async function seedDemoFtpFiles(db: Db, dataDir: string): Promise<void> {
  for (const [slug, files] of Object.entries(DEMO_FTP_FILES)) {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM usergroups WHERE slug = $1', [slug]);
    if (!rows[0]) continue;
    const folder = path.join(dataDir, 'ftp', String(rows[0].id));
    for (const [name, content] of Object.entries(files)) {
      const file = path.join(folder, ...name.split('/'));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
    }
  }
}
