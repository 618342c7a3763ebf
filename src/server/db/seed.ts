/**
 * Demo data for an empty database: a fictional regional platform with organisations, user groups,
 * a sphere and one account per role. All written in one transaction, only when there is no user.
 */
import type { PoolClient } from 'pg';
import { ROLE, STATUS } from '../../../schemas/constants.ts';
import { slugify } from '../../../schemas/slug.ts';
import { hashPassword } from '../auth/passwords.ts';
import { inTransaction, type Db } from './pool.ts';

/** Same key for every server: two servers seeding one empty database at once seed it once. */
const SEED_LOCK_KEY = 0x7365656421;

const ORGANISATION_TYPES = [
  ['region', 'Région'],
  ['departement', 'Département'],
  ['epci', 'Intercommunalité'],
  ['commune', 'Commune'],
  ['etablissement-public', 'Établissement public'],
  ['association', 'Association'],
  ['entreprise', 'Entreprise'],
] as const;

type OrganisationType = (typeof ORGANISATION_TYPES)[number][0];

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
    siret: '20005378800014',
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

    const typeIds = new Map<string, number>();
    for (const [codename, displayName] of ORGANISATION_TYPES) {
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO organisation_types (codename, display_name) VALUES ($1, $2)
         ON CONFLICT (codename) DO UPDATE SET display_name = EXCLUDED.display_name RETURNING id`,
        [codename, displayName],
      );
      typeIds.set(codename, rows[0].id);
    }
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
    return { seeded: true, usernames: DEMO_USERS.map((user) => user.username) };
  });
}
