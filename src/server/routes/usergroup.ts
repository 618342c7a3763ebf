/**
 * Usergroup API (/{locale}/usergroup/): start-up lists, users, user groups and spheres (with
 * organisations readable here too), their thumbnails, members, parent/child links, and the
 * membership requests across groups (group-members). Who may do what: schemas/access.ts.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  administeredGroupIds,
  canAccessAccounts,
  canManageGroup,
  canManageGroups,
  canManageUsers,
  canReadGroupContent,
  canReadUsers,
  canReviewMemberships,
  canEditUser,
  lockedGroupChanges,
  type UsergroupRole,
} from '../../../schemas/access.ts';
import { ROLE, STATUS, type Locale } from '../../../schemas/constants.ts';
import type { EntitySchema } from '../../../schemas/entity.ts';
import { groupMembers, spheres, usergroups } from '../../../schemas/usergroups.ts';
import { users } from '../../../schemas/users.ts';
import { deleteFile, readImageUpload, sendFile, storeFile, withFileUrls } from '../accounts/files.ts';
import { addLink, memberGroupsCondition, uniqueSlug, USERGROUP_ACCESS, USERGROUP_COLUMNS, USERGROUP_SEARCH_SQL, WRITABLE_USERGROUP_TYPES } from '../accounts/usergroups.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { AuthUser } from '../auth/users.ts';
import {
  databaseWriteError,
  fieldError,
  integerListParam,
  integerParam,
  registerEntity,
  requireId,
  validateWrite,
  type RegisteredEntity,
  type Row,
} from '../crud/index.ts';
import { inTransaction } from '../db/pool.ts';
import { ApiError, notFound, permissionDenied, ValidationError, type FieldErrors } from '../http/errors.ts';
import { paginatedList, type ListSpec, type QueryParams } from '../http/pagination.ts';
import { t } from '../i18n.ts';

export function statusChoices(locale: Locale) {
  return Object.values(STATUS).map((id) => ({ id, label: t(locale, `status.${id}`) }));
}

export function roleChoices(locale: Locale) {
  return Object.values(ROLE).map((id) => ({ id, label: t(locale, `role.${id}`) }));
}

/** Search expression matching the trigram index users_search_idx (alias u). */
const USER_SEARCH_SQL = `u.username || ' ' || u.first_name || ' ' || u.last_name || ' ' || u.email`;

const USER_DETAIL_SQL = `json_build_object('id', u.id, 'username', u.username, 'first_name', u.first_name,
  'last_name', u.last_name, 'email', u.email)`;

/** The user-groups endpoint serves every usergroup type; spheres add their organisation count. */
const usergroupResource: EntitySchema = {
  ...usergroups,
  fields: { ...usergroups.fields, organisation_count: spheres.fields.organisation_count },
  list: { ...usergroups.list, orderable: [...usergroups.list.orderable, 'organisation_count'] },
};

const MEMBER_LIST: ListSpec = {
  fields: {
    user_id: { column: 'm.user_id', type: 'integer', orderable: true, filters: ['exact', 'in'] },
    role: { column: 'm.role', type: 'integer', orderable: true, filters: ['exact', 'in'] },
    status: { column: 'm.status', type: 'integer', orderable: true, filters: ['exact', 'in'] },
    date_joined: { column: 'm.date_joined', type: 'timestamp', orderable: true },
    user__username: { column: 'u.username', type: 'text', orderable: true },
    user__last_name: { column: 'u.last_name', type: 'text', orderable: true },
    user__first_name: { column: 'u.first_name', type: 'text', orderable: true },
    user__email: { column: 'u.email', type: 'text', orderable: true },
    user__date_joined: { column: 'u.date_joined', type: 'timestamp', orderable: true },
  },
  defaultOrdering: ['user__last_name', 'user__first_name'],
  tieBreaker: 'user_id',
  searchColumns: [USER_SEARCH_SQL],
};

const MEMBER_SELECT = `${USER_DETAIL_SQL} AS "user", m.user_id, m.role, m.status, m.date_joined`;

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/** A delegated administrator reads the users who belong to, or ask to join, one of their groups. */
async function isUserOfAdministeredGroup(request: FastifyRequest, user: AuthUser, userId: number): Promise<boolean> {
  const groups = administeredGroupIds(user);
  if (groups.length === 0) return false;
  const { rows } = await request.server.db.query(
    'SELECT 1 FROM usergroup_members WHERE user_id = $1 AND usergroup_id = ANY($2::integer[]) LIMIT 1',
    [userId, groups],
  );
  return rows.length > 0;
}

/**
 * A user's record as a delegated administrator reads it: what concerns their groups only, not the
 * account's phone, superuser flag, or roles and organisation elsewhere.
 */
function asSeenByGroupAdministrator(row: Row, reader: AuthUser): Row {
  const groups = new Set(administeredGroupIds(reader));
  const { phone: _phone, is_superuser: _superuser, ...visible } = row;
  const roles = Array.isArray(row.usergroup_roles) ? (row.usergroup_roles as UsergroupRole[]) : [];
  return {
    ...visible,
    organisation: groups.has(row.organisation as number) ? row.organisation : null,
    usergroup_roles: roles.filter((role) => groups.has(role.usergroup_id)),
  };
}

/** An id given in a body, as a number or its digits; null for anything else (objects are never converted). */
function bodyId(raw: unknown): number | null {
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d{1,10}\s*$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * The user a members POST adds: `user_id` names a user the caller may already read (any user for
 * a superuser, a user of one of their groups for a delegated administrator); `account` is the
 * exact username or e-mail address of any account. Unknown and unreadable ids answer alike.
 */
async function memberToAdd(request: FastifyRequest, body: Record<string, unknown>): Promise<number> {
  const { locale } = request;
  const user = request.user!;
  const account = Object.hasOwn(body, 'account') ? body.account : undefined;
  if (typeof account === 'string' && account.trim() !== '') {
    const { rows } = await request.server.db.query<{ id: number }>(
      `SELECT id FROM users WHERE lower(username) = lower($1)
       UNION ALL SELECT id FROM users WHERE lower(email) = lower($1) AND NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1))
       LIMIT 2`,
      [account.trim()],
    );
    if (rows.length === 0) throw new ValidationError({ account: [t(locale, 'accountNotFound')] });
    if (rows.length > 1) throw new ValidationError({ account: [t(locale, 'accountAmbiguous')] });
    return rows[0].id;
  }
  if (account !== undefined && account !== null && account !== '') throw new ValidationError({ account: [t(locale, 'invalidValue')] });
  const raw = Object.hasOwn(body, 'user_id') ? body.user_id : undefined;
  if (raw == null || raw === '') throw new ValidationError({ account: [t(locale, 'required')] });
  const id = bodyId(raw);
  if (id === null) throw new ValidationError({ user_id: [t(locale, 'invalidInteger')] });
  const readable = user.is_superuser
    ? (await request.server.db.query('SELECT 1 FROM users WHERE id = $1', [id])).rows.length > 0
    : await isUserOfAdministeredGroup(request, user, id);
  if (!readable) throw new ValidationError({ user_id: [t(locale, 'invalidValue')] });
  return id;
}

export default async function usergroupRoutes(app: FastifyInstance) {
  await app.register(fastifyMultipart);
  const config = { auth: 'required' as const };

  app.get('/usergroup/user-status/', { config }, async (request) => statusChoices(request.locale));
  app.get('/usergroup/user-group-status/', { config }, async (request) => statusChoices(request.locale));
  app.get('/usergroup/user-group-roles/', { config }, async (request) => roleChoices(request.locale));

  // Not managed by this server yet: empty lists, so forms that offer them still open.
  const emptyPage = { count: 0, next: null, previous: null, results: [] };
  app.get('/usergroup/taggit/tags/', { config }, async () => emptyPage);
  app.get('/usergroup/schedulers/', { config }, async () => emptyPage);

  // Users.
  registerEntity(app, {
    schema: users,
    sql: {
      from: 'users u',
      alias: 'u',
      columns: {
        organisation: `(SELECT mo.usergroup_id FROM usergroup_members mo JOIN usergroups go ON go.id = mo.usergroup_id
          WHERE mo.user_id = u.id AND mo.status = ${STATUS.active} AND go.usergroup_type = 'organisation'
          ORDER BY mo.date_joined, mo.id LIMIT 1)`,
        usergroup_roles: `(SELECT coalesce(json_agg(json_build_object('usergroup_id', gr.id, 'usergroup_name', gr.display_name,
            'usergroup_type', gr.usergroup_type, 'role', mr.role) ORDER BY gr.display_name, gr.id), '[]'::json)
          FROM usergroup_members mr JOIN usergroups gr ON gr.id = mr.usergroup_id
          WHERE mr.user_id = u.id AND mr.status = ${STATUS.active})`,
      },
      searchColumns: [USER_SEARCH_SQL],
      extraFilters: {
        organisation: (value, params, request) =>
          `EXISTS (SELECT 1 FROM usergroup_members mf WHERE mf.user_id = u.id AND mf.status = ${STATUS.active}
            AND mf.usergroup_id = ${params.add(integerParam('organisation', value, request.locale))})`,
        // Exact e-mail lookup (case-insensitive), within the users one may list.
        email: (value, params) => `lower(u.email) = lower(${params.add(value)})`,
      },
      // A delegated administrator lists only the users of their groups (members and applicants).
      listConditions: (params, request) => {
        const user = request.user!;
        if (user.is_superuser) return [];
        return [`EXISTS (SELECT 1 FROM usergroup_members mv WHERE mv.user_id = u.id
          AND mv.usergroup_id = ANY(${params.add(administeredGroupIds(user))}::integer[]))`];
      },
      present: (row, request) => (request.user!.is_superuser ? row : asSeenByGroupAdministrator(row, request.user!)),
    },
    write: {
      table: 'users',
      // Hashed by beforeWrite.
      virtual: ['password'],
      unique: { users_username_key: 'username' },
      beforeWrite: async ({ operation, row, values, user, id, request }) => {
        if (id === user.id && values.is_superuser === false) {
          throw new ValidationError({ is_superuser: [t(request.locale, 'cannotRemoveOwnSuperuser')] });
        }
        const password = typeof values.password === 'string' && values.password !== '' ? values.password : null;
        // Without a password the account cannot sign in until one is set ('!' never verifies).
        if (password) row.password = await hashPassword(password);
        else if (operation === 'create') row.password = '!';
      },
      beforeDestroy: ({ id, user }) => {
        if (id === user.id) throw new ApiError(400, 'cannotDeleteSelf');
      },
    },
    access: {
      list: (user) => canReadUsers(user),
      retrieve: (user, { id, request }) => user.is_superuser || (canReadUsers(user) && id !== undefined && isUserOfAdministeredGroup(request, user, id)),
      create: (user) => canManageUsers(user),
      update: (user) => canEditUser(user),
      destroy: (user) => canManageUsers(user),
    },
  });

  // User groups, spheres, and every usergroup for references.
  const groupEntity: RegisteredEntity = registerEntity(app, {
    schema: usergroupResource,
    path: '/usergroup/user-groups/',
    sql: {
      from: 'usergroups g',
      alias: 'g',
      columns: USERGROUP_COLUMNS,
      searchColumns: [USERGROUP_SEARCH_SQL],
      extraFilters: {
        // Groups where the current user holds one of these roles (active membership).
        user__role__in: (value, params, request) =>
          `EXISTS (SELECT 1 FROM usergroup_members mu WHERE mu.usergroup_id = g.id AND mu.user_id = ${params.add(request.user!.id)}
            AND mu.status = ${STATUS.active} AND mu.role = ANY(${params.add(integerListParam('user__role__in', value, request.locale))}::integer[]))`,
      },
      listConditions: (params, request) => memberGroupsCondition(request, 'g.id', (value) => params.add(value)),
      present: withFileUrls(['thumbnail']),
    },
    write: {
      table: 'usergroups',
      beforeWrite: async ({ client, operation, row, values, existing, user, request }) => {
        if (operation === 'create') {
          const body = (request.body ?? {}) as Record<string, unknown>;
          const query = request.query as QueryParams;
          const raw = typeof body.usergroup_type === 'string' ? body.usergroup_type : typeof query.usergroup_type === 'string' ? query.usergroup_type : 'user-group';
          const type = WRITABLE_USERGROUP_TYPES.find((candidate) => candidate === raw);
          if (!type) throw fieldError(request.locale, 'usergroup_type', 'validation.invalid');
          row.usergroup_type = type;
          row.slug = await uniqueSlug(client, String(values.display_name ?? ''), type);
        }
        if (existing && lockedGroupChanges(user, values, existing).length > 0) throw permissionDenied();
      },
    },
    access: USERGROUP_ACCESS,
  });

  /** The group of the path, after the access rule: 403 first, then 404. */
  async function group(request: IdRequest, allowed: (user: AuthUser, id: number) => boolean): Promise<Row> {
    const id = requireId(request.params.id);
    if (!allowed(request.user!, id)) throw permissionDenied();
    const record = await groupEntity.load(request, id);
    if (!record) throw notFound();
    return record;
  }

  // Thumbnails (logos of organisations): anyone signed in sees them, the group's managers change them.
  app.get<{ Params: { id: string } }>('/usergroup/user-groups/:id/thumbnail/', { config }, async (request, reply) => {
    const record = await group(request, () => true);
    if (!(await sendFile(app.db, reply, record.id as number, 'thumbnail'))) throw notFound();
    return reply;
  });
  app.put<{ Params: { id: string } }>('/usergroup/user-groups/:id/thumbnail/', { config }, async (request) => {
    const record = await group(request, canManageGroup);
    await storeFile(app.db, record.id as number, 'thumbnail', await readImageUpload(request));
    return groupEntity.load(request, record.id as number);
  });
  app.delete<{ Params: { id: string } }>('/usergroup/user-groups/:id/thumbnail/', { config }, async (request, reply) => {
    const record = await group(request, canManageGroup);
    await deleteFile(app.db, record.id as number, 'thumbnail');
    return reply.code(204).send();
  });

  // Members of a group: its managers list, add, change and remove them.
  async function member(groupId: number, userId: number) {
    const { rows } = await app.db.query<Row>(
      `SELECT ${MEMBER_SELECT} FROM usergroup_members m JOIN users u ON u.id = m.user_id WHERE m.usergroup_id = $1 AND m.user_id = $2`,
      [groupId, userId],
    );
    return rows[0] ?? null;
  }

  app.get<{ Params: { id: string }; Querystring: QueryParams }>('/usergroup/user-groups/:id/members/', { config }, async (request) => {
    const record = await group(request, canManageGroup);
    return paginatedList<Row>(
      app.db,
      { from: 'usergroup_members m JOIN users u ON u.id = m.user_id', select: MEMBER_SELECT, where: (params) => [`m.usergroup_id = ${params.add(record.id)}`] },
      MEMBER_LIST,
      request,
    );
  });

  app.post<{ Params: { id: string } }>('/usergroup/user-groups/:id/members/', { config }, async (request, reply) => {
    const record = await group(request, canManageGroup);
    const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
    // Every error at once: the role and status, and the user to add.
    const [checked, found] = await Promise.allSettled([
      validateWrite(groupMembers, { role: body.role, status: body.status }, { partial: true, locale: request.locale }),
      memberToAdd(request, body),
    ]);
    const errors: FieldErrors = {};
    for (const outcome of [checked, found]) {
      if (outcome.status === 'fulfilled') continue;
      if (!(outcome.reason instanceof ValidationError)) throw outcome.reason;
      Object.assign(errors, outcome.reason.fields);
    }
    if (checked.status === 'rejected' || found.status === 'rejected') throw new ValidationError(errors);
    const values = checked.value;
    const userId = found.value;
    try {
      await app.db.query('INSERT INTO usergroup_members (usergroup_id, user_id, role, status) VALUES ($1, $2, $3, $4)', [
        record.id,
        userId,
        values.role ?? ROLE.member,
        values.status ?? STATUS.active,
      ]);
    } catch (error) {
      throw databaseWriteError(error, request.locale, { user_id: 'user_id' }, { usergroup_members_usergroup_id_user_id_key: 'user_id' });
    }
    return reply.code(201).send(await member(record.id as number, userId));
  });

  app.put<{ Params: { id: string; userId: string } }>('/usergroup/user-groups/:id/members/:userId/', { config }, async (request) => {
    const record = await group(request, canManageGroup);
    const userId = requireId(request.params.userId);
    if (!(await member(record.id as number, userId))) throw notFound();
    const values = await validateWrite(groupMembers, request.body, { partial: true, locale: request.locale });
    const sets: string[] = [];
    const params: unknown[] = [];
    for (const field of ['role', 'status'] as const) {
      if (values[field] == null) continue;
      params.push(values[field]);
      sets.push(`${field} = $${params.length}`);
    }
    if (sets.length > 0) {
      await app.db.query(`UPDATE usergroup_members SET ${sets.join(', ')} WHERE usergroup_id = $${params.length + 1} AND user_id = $${params.length + 2}`, [
        ...params,
        record.id,
        userId,
      ]);
    }
    return member(record.id as number, userId);
  });

  app.delete<{ Params: { id: string; userId: string } }>('/usergroup/user-groups/:id/members/:userId/', { config }, async (request, reply) => {
    const record = await group(request, canManageGroup);
    const userId = requireId(request.params.userId);
    const { rowCount } = await app.db.query('DELETE FROM usergroup_members WHERE usergroup_id = $1 AND user_id = $2', [record.id, userId]);
    if (!rowCount) throw notFound();
    return reply.code(204).send();
  });

  // Parent and child links: read with the group, changed by superusers.
  for (const [relation, payloadField, self, other] of [
    ['parents', 'parent_id', 'child_id', 'parent_id'],
    ['children', 'child_id', 'parent_id', 'child_id'],
  ] as const) {
    const base = `/usergroup/user-groups/:id/${relation}/`;
    app.get<{ Params: { id: string } }>(base, { config }, async (request) => {
      const record = await group(request, canReadGroupContent);
      return groupEntity.list(request, (params) => [`g.id IN (SELECT ${other} FROM usergroup_links WHERE ${self} = ${params.add(record.id)})`]);
    });

    app.post<{ Params: { id: string } }>(base, { config }, async (request, reply) => {
      const record = await group(request, (user) => canManageGroups(user));
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const raw = Object.hasOwn(body, payloadField) ? body[payloadField] : undefined;
      if (raw == null || raw === '') throw new ValidationError({ [payloadField]: [t(request.locale, 'required')] });
      const otherId = bodyId(raw);
      if (otherId === null) throw new ValidationError({ [payloadField]: [t(request.locale, 'invalidInteger')] });
      const id = record.id as number;
      await inTransaction(app.db, (client) =>
        relation === 'parents' ? addLink(client, otherId, id, payloadField, request.locale) : addLink(client, id, otherId, payloadField, request.locale),
      );
      return reply.code(201).send(await groupEntity.load(request, otherId));
    });

    app.delete<{ Params: { id: string; otherId: string } }>(`${base}:otherId/`, { config }, async (request, reply) => {
      const record = await group(request, (user) => canManageGroups(user));
      const otherId = requireId(request.params.otherId);
      const { rowCount } = await app.db.query(`DELETE FROM usergroup_links WHERE ${self} = $1 AND ${other} = $2`, [record.id, otherId]);
      if (!rowCount) throw notFound();
      return reply.code(204).send();
    });
  }

  // Membership requests across groups; accepted or refused through the members calls above.
  registerEntity(app, {
    schema: groupMembers,
    sql: {
      from: 'usergroup_members m JOIN users u ON u.id = m.user_id JOIN usergroups g ON g.id = m.usergroup_id',
      alias: 'm',
      columns: { user: 'm.user_id', usergroup: 'm.usergroup_id', usergroup_type: 'g.usergroup_type' },
      extras: {
        user_detail: USER_DETAIL_SQL,
        usergroup_detail: `json_build_object('id', g.id, 'display_name', g.display_name, 'usergroup_type', g.usergroup_type)`,
      },
      orderings: { user__date_joined: 'u.date_joined', user__last_name: 'u.last_name', usergroup__display_name: 'g.display_name' },
      searchColumns: [USER_SEARCH_SQL, USERGROUP_SEARCH_SQL],
      extraFilters: {
        usergroup: (value, params, request) => `m.usergroup_id = ${params.add(integerParam('usergroup', value, request.locale))}`,
      },
      listConditions: (params, request) => {
        const user = request.user!;
        return user.is_superuser ? [] : [`m.usergroup_id = ANY(${params.add(administeredGroupIds(user))}::integer[])`];
      },
    },
    access: {
      list: (user) => canReviewMemberships(user),
      retrieve: (user, { record }) => canAccessAccounts(user) && canManageGroup(user, record?.usergroup as number | undefined),
    },
  });
}
