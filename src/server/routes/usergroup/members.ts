/**
 * A group's members (/{locale}/usergroup/user-groups/{id}/members/ and members/{user}/): the
 * group's managers list, add, change and remove them. Detail actions of the user-groups entity.
 * A superuser adds a member directly; a delegated administrator's addition waits for the person
 * (status 0, pending verification) until they accept it (group-members/{id}/accept/) or a
 * superuser validates it, and meanwhile shows the person's name only.
 */
import type { FastifyRequest } from 'fastify';
import { canManageGroup } from '../../../../schemas/access.ts';
import { ROLE, STATUS } from '../../../../schemas/constants.ts';
import { groupMembers } from '../../../../schemas/usergroups.ts';
import { bodyId, databaseWriteError, requireId, validateWrite, type AccessRule, type DetailAction, type Row } from '../../crud/index.ts';
import { notFound, ValidationError, type FieldErrors } from '../../http/errors.ts';
import { listRequest, paginatedList, type ListSpec } from '../../http/pagination.ts';
import { fieldsJsonSchema } from '../../openapi/json-schema.ts';
import { t } from '../../i18n.ts';
import { isUserOfAdministeredGroup, MEMBER_NAME_SEARCH_SQL, memberDetail, USER_DETAIL_SQL, USER_SEARCH_SQL } from './users.ts';

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

/** The list as a delegated administrator searches and orders it: not by the e-mail of a person who has not accepted yet. */
const MEMBER_LIST_OF_ADMINISTRATOR: ListSpec = {
  ...MEMBER_LIST,
  fields: { ...MEMBER_LIST.fields, user__email: { column: `CASE WHEN m.status <> ${STATUS.pendingVerification} THEN u.email END`, type: 'text', orderable: true } },
  searchColumns: [MEMBER_NAME_SEARCH_SQL],
};

/** Why a person cannot be added to a group they are already attached to, by that attachment's status. */
function memberExistsMessage(status: number): 'memberExists' | 'memberExistsInvited' | 'memberExistsRequested' {
  if (status === STATUS.pendingVerification) return 'memberExistsInvited';
  if (status === STATUS.pendingValidation) return 'memberExistsRequested';
  return 'memberExists';
}

const MEMBER_SELECT = `${USER_DETAIL_SQL} AS "user", m.user_id, m.role, m.status, m.date_joined`;

/** A member as answered: the user (as much of them as the caller may see), role and status in the group. */
const MEMBER_DOC = {
  type: 'object',
  required: ['user', 'user_id', 'role', 'status', 'date_joined'],
  properties: {
    user: { type: 'object', description: 'The user, as much of them as the caller may see' },
    user_id: { type: 'integer' },
    role: { enum: Object.values(ROLE) },
    status: { enum: Object.values(STATUS) },
    date_joined: { type: 'string', format: 'date-time' },
  },
};

/** A member's role and status, as a write of the group-members entity takes them (both optional). */
const ROLE_STATUS_DOC = { type: 'object', properties: fieldsJsonSchema(groupMembers, ['role', 'status']) };

/** Whom to add (memberToAdd), with their role and status. */
const ADD_MEMBER_DOC = {
  ...ROLE_STATUS_DOC,
  properties: {
    account: { type: ['string', 'null'], description: 'The exact username or e-mail address of any account' },
    user_id: { type: ['integer', 'null'], description: 'A user the caller may read (any for a superuser, one of their groups\' users for a delegated administrator)' },
    role: { ...ROLE_STATUS_DOC.properties.role, default: ROLE.member },
    status: {
      ...ROLE_STATUS_DOC.properties.status,
      default: STATUS.active,
      description: "A superuser's choice; a delegated administrator's addition awaits the person's acceptance (0), whatever is given",
    },
  },
  anyOf: [{ required: ['account'], properties: { account: { type: 'string', minLength: 1 } } }, { required: ['user_id'], properties: { user_id: { type: 'integer' } } }],
};

const manage: AccessRule = (user, { id }) => canManageGroup(user, id);

/** A member row as the caller may see it (memberDetail). */
const presentMember = (request: FastifyRequest) => (row: Row): Row => ({ ...row, user: memberDetail(row.user as Row, row.status, request.user!) });

async function member(request: FastifyRequest, groupId: number, userId: number): Promise<Row | null> {
  const { rows } = await request.server.db.query<Row>(
    `SELECT ${MEMBER_SELECT} FROM usergroup_members m JOIN users u ON u.id = m.user_id WHERE m.usergroup_id = $1 AND m.user_id = $2`,
    [groupId, userId],
  );
  return rows[0] ? presentMember(request)(rows[0]) : null;
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

export const memberActions: DetailAction[] = [
  {
    method: 'GET',
    path: 'members/',
    access: manage,
    doc: { summary: "The group's members", list: MEMBER_LIST, response: MEMBER_DOC },
    handler: async (request, record) => {
      const page = await paginatedList<Row>(
        request.server.db,
        { from: 'usergroup_members m JOIN users u ON u.id = m.user_id', select: MEMBER_SELECT, where: (params) => [`m.usergroup_id = ${params.add(record.id)}`] },
        request.user!.is_superuser ? MEMBER_LIST : MEMBER_LIST_OF_ADMINISTRATOR,
        listRequest(request),
      );
      return { ...page, results: page.results.map(presentMember(request)) };
    },
  },
  {
    method: 'POST',
    path: 'members/',
    access: manage,
    doc: { summary: 'Add or invite a member', status: 201, body: ADD_MEMBER_DOC, response: MEMBER_DOC },
    handler: async (request, record, reply) => {
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
      // Already attached: say how, and where to change it, rather than that a value is taken.
      const { rows: existing } = await request.server.db.query<{ status: number }>(
        'SELECT status FROM usergroup_members WHERE usergroup_id = $1 AND user_id = $2',
        [record.id, userId],
      );
      if (existing.length > 0) throw new ValidationError({ non_field_errors: [t(request.locale, memberExistsMessage(existing[0].status))] });
      try {
        await request.server.db.query('INSERT INTO usergroup_members (usergroup_id, user_id, role, status) VALUES ($1, $2, $3, $4)', [
          record.id,
          userId,
          values.role ?? ROLE.member,
          // Nobody is made a member of a group without their word, but by a superuser.
          request.user!.is_superuser ? (values.status ?? STATUS.active) : STATUS.pendingVerification,
        ]);
      } catch (error) {
        throw databaseWriteError(error, request.locale, { user_id: 'user_id' }, { usergroup_members_usergroup_id_user_id_key: 'user_id' });
      }
      return reply.code(201).send(await member(request, record.id as number, userId));
    },
  },
  {
    method: 'PUT',
    path: 'members/:userId/',
    access: manage,
    doc: { summary: "Change a member's role or status", body: ROLE_STATUS_DOC, response: MEMBER_DOC },
    handler: async (request, record) => {
      const userId = requireId(request.params.userId);
      const existing = await member(request, record.id as number, userId);
      if (!existing) throw notFound();
      const values = await validateWrite(groupMembers, request.body, { partial: true, locale: request.locale });
      // An addition the person has not accepted: only they (or a superuser) make it active.
      if (!request.user!.is_superuser && existing.status === STATUS.pendingVerification && values.status != null && values.status !== STATUS.pendingVerification) {
        throw new ValidationError({ status: [t(request.locale, 'memberAwaitsAcceptance')] });
      }
      const sets: string[] = [];
      const params: unknown[] = [];
      for (const field of ['role', 'status'] as const) {
        if (values[field] == null) continue;
        params.push(values[field]);
        sets.push(`${field} = $${params.length}`);
      }
      if (sets.length > 0) {
        await request.server.db.query(
          `UPDATE usergroup_members SET ${sets.join(', ')} WHERE usergroup_id = $${params.length + 1} AND user_id = $${params.length + 2}`,
          [...params, record.id, userId],
        );
      }
      return member(request, record.id as number, userId);
    },
  },
  {
    method: 'DELETE',
    path: 'members/:userId/',
    access: manage,
    handler: async (request, record, reply) => {
      const userId = requireId(request.params.userId);
      const { rowCount } = await request.server.db.query('DELETE FROM usergroup_members WHERE usergroup_id = $1 AND user_id = $2', [record.id, userId]);
      if (!rowCount) throw notFound();
      return reply.code(204).send();
    },
  },
];
