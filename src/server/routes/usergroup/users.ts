/**
 * Users (/{locale}/usergroup/users/): superusers manage them all; a delegated administrator
 * lists and reads the users of their groups (members and applicants), without the account's
 * phone, superuser flag, or roles elsewhere.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { administeredGroupIds, canEditUser, canManageUsers, canReadUsers, type UsergroupRole } from '../../../../schemas/access.ts';
import { STATUS } from '../../../../schemas/constants.ts';
import { checkPassword } from '../../../../schemas/password.ts';
import { users } from '../../../../schemas/users.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeAfterPasswordChange } from '../../auth/tokens.ts';
import type { AuthUser } from '../../auth/users.ts';
import { booleanParam, fieldError, integerParam, registerEntity, type Row } from '../../crud/index.ts';
import { ApiError, ValidationError } from '../../http/errors.ts';
import { t } from '../../i18n.ts';

/** Search expression matching the trigram index users_search_idx (alias u). */
export const USER_SEARCH_SQL = `u.username || ' ' || u.first_name || ' ' || u.last_name || ' ' || u.email`;

/**
 * USER_SEARCH_SQL without the e-mail of a person who has not accepted their membership `m` yet, so
 * that searching for it tells nothing about it (see memberDetail).
 */
export const MEMBER_NAME_SEARCH_SQL = `CASE WHEN m.status = ${STATUS.pendingVerification} THEN u.username || ' ' || u.first_name || ' ' || u.last_name ELSE ${USER_SEARCH_SQL} END`;

/** A user as members and membership requests show them (alias u). */
export const USER_DETAIL_SQL = `json_build_object('id', u.id, 'username', u.username, 'first_name', u.first_name,
  'last_name', u.last_name, 'email', u.email)`;

/**
 * The memberships through which a delegated administrator reads an account: the person belongs to
 * or asked to join the group. One they were added to and have not accepted yet (status 0) shows
 * their name only (`nameOnly`), until they accept it or a superuser validates it.
 */
const READABLE_MEMBERSHIP_SQL = `status >= ${STATUS.pendingValidation}`;

/** A delegated administrator reads the users who belong to, or ask to join, one of their groups. */
export async function isUserOfAdministeredGroup(request: FastifyRequest, user: AuthUser, userId: number): Promise<boolean> {
  const groups = administeredGroupIds(user);
  if (groups.length === 0) return false;
  const { rows } = await request.server.db.query(
    `SELECT 1 FROM usergroup_members WHERE user_id = $1 AND usergroup_id = ANY($2::integer[]) AND ${READABLE_MEMBERSHIP_SQL} LIMIT 1`,
    [userId, groups],
  );
  return rows.length > 0;
}

/**
 * A membership's user detail as `reader` may see it: name only (no e-mail) while the person has not
 * accepted a membership a delegated administrator gave them; all of it for superusers and the person.
 */
export function memberDetail(detail: Row, status: unknown, reader: AuthUser): Row {
  if (reader.is_superuser || status !== STATUS.pendingVerification || detail.id === reader.id) return detail;
  return { id: detail.id, username: detail.username, first_name: detail.first_name, last_name: detail.last_name };
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

export function registerUsers(app: FastifyInstance) {
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
      // A delegated administrator filters on what they see of an account: its memberships of their
      // groups, not those elsewhere, nor its superuser flag (ignored for them).
      extraFilters: {
        organisation: (value, params, request) => {
          const group = integerParam('organisation', value, request.locale);
          const user = request.user!;
          if (!user.is_superuser && !administeredGroupIds(user).includes(group)) return 'false';
          return `EXISTS (SELECT 1 FROM usergroup_members mf WHERE mf.user_id = u.id AND mf.status = ${STATUS.active}
            AND mf.usergroup_id = ${params.add(group)})`;
        },
        is_superuser: (value, params, request) =>
          request.user!.is_superuser ? `u.is_superuser = ${params.add(booleanParam('is_superuser', value, request.locale))}` : null,
        // Exact e-mail lookup (case-insensitive), within the users one may list.
        email: (value, params) => `lower(u.email) = lower(${params.add(value)})`,
      },
      // A delegated administrator lists only the users of their groups (members and applicants).
      listConditions: (params, request) => {
        const user = request.user!;
        if (user.is_superuser) return [];
        return [`EXISTS (SELECT 1 FROM usergroup_members mv WHERE mv.user_id = u.id
          AND mv.usergroup_id = ANY(${params.add(administeredGroupIds(user))}::integer[]) AND mv.${READABLE_MEMBERSHIP_SQL})`];
      },
      present: (row, request) => (request.user!.is_superuser ? row : asSeenByGroupAdministrator(row, request.user!)),
    },
    write: {
      table: 'users',
      // Hashed by beforeWrite.
      virtual: ['password'],
      unique: { users_username_key: 'username' },
      beforeWrite: async ({ client, operation, row, values, user, id, request, existing }) => {
        if (id === user.id && values.is_superuser === false) {
          throw new ValidationError({ is_superuser: [t(request.locale, 'cannotRemoveOwnSuperuser')] });
        }
        const password = typeof values.password === 'string' && values.password !== '' ? values.password : null;
        if (password) {
          // The rule (schemas/password.ts) knows the account's name and e-mail, as changed by this write.
          const owner = { username: values.username ?? existing?.username, email: values.email ?? existing?.email };
          const problem = await checkPassword(password, owner);
          if (problem) throw fieldError(request.locale, 'password', problem.message, problem.params);
        }
        // Without a password the account cannot sign in until one is set ('!' never verifies).
        if (password) row.password = await hashPassword(password);
        else if (operation === 'create') row.password = '!';
        // A new password signs the account out elsewhere (the caller's own session stays).
        if (password && id !== null) {
          await revokeAfterPasswordChange(client, id, id === user.id && request.authMethod === 'session' ? request.sessionToken : null);
        }
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
}
