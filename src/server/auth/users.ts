/** The signed-in user as the API and the access rules (schemas/access.ts) see it. */
import type { CurrentUser } from '../../../schemas/api.ts';
import { STATUS } from '../../../schemas/constants.ts';
import { prepared, type Db } from '../db/pool.ts';

/** The API's current user (schemas/api.ts) plus what the server alone needs. */
export interface AuthUser extends Omit<CurrentUser, 'terms_accepted'> {
  status: number;
  terms_version: string | null;
  terms_accepted_at: Date | null;
  /** API tokens of an older generation are revoked. */
  token_generation: number;
}

interface UserRow extends Omit<AuthUser, 'usergroup_roles'> {
  password: string;
}

const USER_COLUMNS = `id, username, password, first_name, last_name, email, is_superuser, status,
  terms_version, terms_accepted_at, token_generation`;

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(username) = lower($1)`, [
    username,
  ]);
  return rows[0] ?? null;
}

/** Roles come only from active memberships (status 2). */
const ROLES_SQL = `SELECT g.id AS usergroup_id, g.display_name AS usergroup_name, g.usergroup_type, m.role
       FROM usergroup_members m JOIN usergroups g ON g.id = m.usergroup_id
      WHERE m.user_id = u.id AND m.status = $2
      ORDER BY g.display_name, g.id`;

/**
 * The user of a session or token, with their roles, in one statement (every request reads it),
 * prepared once per connection.
 */
const AUTH_USER = `SELECT u.id, u.username, u.first_name, u.last_name, u.email, u.is_superuser, u.status, u.terms_version, u.terms_accepted_at,
                u.token_generation, (SELECT COALESCE(json_agg(r), '[]') FROM (${ROLES_SQL}) r) AS usergroup_roles
           FROM users u WHERE u.id = `;

export async function loadAuthUser(db: Db, userId: number): Promise<AuthUser | null> {
  const { rows } = await db.query<AuthUser>(prepared(`${AUTH_USER}$1`, [userId, STATUS.active]));
  return rows[0] ?? null;
}

/** The user of a live session, by its key (sessions.ts `sessionKey`): one statement, as every request of the app asks it. */
export async function loadSessionUser(db: Db, sessionKey: string): Promise<AuthUser | null> {
  const { rows } = await db.query<AuthUser>(
    prepared(`${AUTH_USER}(SELECT s.user_id FROM sessions s WHERE s.id = $1 AND s.expires_at > now())`, [sessionKey, STATUS.active]),
  );
  return rows[0] ?? null;
}

/** Only active accounts may sign in or use a session. */
export function isActive(user: { status: number }): boolean {
  return user.status === STATUS.active;
}
