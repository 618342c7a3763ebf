/**
 * What organisations, user groups and spheres share: their SQL columns, slugs, member counts and
 * the parent/child links (organisations inside spheres, nested groups) without cycles.
 */
import type { FastifyRequest } from 'fastify';
import type { PoolClient } from 'pg';
import { canAccessAccounts, canManageGroup, canManageGroups, canReadGroupContent } from '../../../schemas/access.ts';
import { STATUS, type Locale, type UsergroupType } from '../../../schemas/constants.ts';
import { slugify } from '../../../schemas/slug.ts';
import { ValidationError } from '../http/errors.ts';
import { t } from '../i18n.ts';
import type { AccessRule, Operation } from '../crud/index.ts';
import { translateValidation } from '../crud/validation.ts';
import { fileUrlSql } from './files.ts';

/** Active members of usergroup `g` (index-only scan of usergroup_members_group_status_idx). */
export const MEMBER_COUNT_SQL = `(SELECT count(*) FROM usergroup_members mc WHERE mc.usergroup_id = g.id AND mc.status = ${STATUS.active})`;

/** Organisations inside usergroup `g` (a sphere's children). */
export const ORGANISATION_COUNT_SQL = `(SELECT count(*) FROM usergroup_links lc JOIN usergroups oc ON oc.id = lc.child_id
  WHERE lc.parent_id = g.id AND oc.usergroup_type = 'organisation')`;

export const THUMBNAIL_URL_SQL = fileUrlSql('thumbnail', 'g.id', 'g.thumbnail_updated_at', 'usergroup/user-groups');

/** The columns of a usergroup record (alias g), for the user-groups endpoint. */
export const USERGROUP_COLUMNS = {
  thumbnail: THUMBNAIL_URL_SQL,
  member_count: MEMBER_COUNT_SQL,
  organisation_count: ORGANISATION_COUNT_SQL,
};

/** Search expression matching the trigram index usergroups_search_idx. */
export const USERGROUP_SEARCH_SQL = `g.display_name || ' ' || g.acronym`;

/** Advisory lock class of slug choices ('slug'). */
const SLUG_LOCK = 0x736c7567;

/**
 * A slug not used yet: the name's, then name-2, name-3… Choices of one slug wait for each other
 * until the transaction ends: two groups created at once whose names give one slug (« Vélo & co »,
 * « Vélo co ») would otherwise both take it, and the second fail on the unique index.
 */
export async function uniqueSlug(client: PoolClient, name: string, fallback: string): Promise<string> {
  const base = slugify(name).slice(0, 80) || fallback;
  await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SLUG_LOCK, base]);
  const { rows } = await client.query<{ slug: string }>(
    `SELECT slug FROM usergroups WHERE slug = $1 OR slug LIKE $2`,
    [base, `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`],
  );
  const used = new Set(rows.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Links parent → child, refusing self-links and cycles (the parent may not descend from the child).
 * `field` names the payload field the errors are reported on. Linking twice is harmless.
 */
export async function addLink(client: PoolClient, parentId: number, childId: number, field: string, locale: Locale): Promise<void> {
  if (parentId === childId) throw new ValidationError({ [field]: [t(locale, 'linkSelf')] });
  // Serialise link changes: two concurrent links could otherwise close a cycle together.
  await client.query('SELECT pg_advisory_xact_lock($1)', [0x6c696e6b73]);
  const { rows: existing } = await client.query<{ id: number }>('SELECT id FROM usergroups WHERE id = ANY($1::integer[])', [[parentId, childId]]);
  if (existing.length < 2) throw new ValidationError({ [field]: [translateValidation(locale, 'validation.invalid')] });
  const { rows } = await client.query(
    `WITH RECURSIVE ancestors(id) AS (
       SELECT parent_id FROM usergroup_links WHERE child_id = $1
       UNION SELECT l.parent_id FROM usergroup_links l JOIN ancestors a ON l.child_id = a.id
     ) SELECT 1 FROM ancestors WHERE id = $2 LIMIT 1`,
    [parentId, childId],
  );
  if (rows.length > 0) throw new ValidationError({ [field]: [t(locale, 'linkCycle')] });
  await client.query('INSERT INTO usergroup_links (parent_id, child_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [parentId, childId]);
}

/** Replaces the spheres (parents of type group-of-organisation) of an organisation. */
export async function setSpheres(client: PoolClient, organisationId: number, sphereIds: number[], locale: Locale): Promise<void> {
  const wanted = [...new Set(sphereIds)];
  const { rows } = await client.query<{ id: number }>(
    `SELECT id FROM usergroups WHERE id = ANY($1::integer[]) AND usergroup_type = 'group-of-organisation'`,
    [wanted],
  );
  if (rows.length !== wanted.length) throw new ValidationError({ spheres: [translateValidation(locale, 'validation.invalid')] });
  await client.query(
    `DELETE FROM usergroup_links l USING usergroups p
      WHERE l.child_id = $1 AND p.id = l.parent_id AND p.usergroup_type = 'group-of-organisation' AND NOT (l.parent_id = ANY($2::integer[]))`,
    [organisationId, wanted],
  );
  for (const sphereId of wanted) await addLink(client, sphereId, organisationId, 'spheres', locale);
}

export const WRITABLE_USERGROUP_TYPES: readonly UsergroupType[] = ['user-group', 'group-of-organisation'];

/** Lists of usergroups: Accounts users see them all (forms need them), others only the groups they belong to. */
export function memberGroupsCondition(request: FastifyRequest, groupIdColumn: string, add: (value: unknown) => string): string[] {
  const user = request.user!;
  if (canAccessAccounts(user)) return [];
  return [`${groupIdColumn} = ANY(${add(user.usergroup_roles.map((r) => r.usergroup_id))}::integer[])`];
}

/** Who may do what with a usergroup record, whatever its type (organisations, groups, spheres). */
export const USERGROUP_ACCESS: Record<Operation, AccessRule> = {
  list: () => true,
  retrieve: (user, { id }) => canReadGroupContent(user, id),
  create: (user) => canManageGroups(user),
  update: (user, { id }) => canManageGroup(user, id),
  destroy: (user) => canManageGroups(user),
};
