/** The signed-in user as the API and the access rules (schemas/access.ts) see it. */
import type { UsergroupRole } from '../../../schemas/access.ts';
import type { CurrentUser } from '../../../schemas/api.ts';
import { STATUS } from '../../../schemas/constants.ts';
import type { Db } from '../db/pool.ts';

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
export async function loadUsergroupRoles(db: Db, userId: number): Promise<UsergroupRole[]> {
  const { rows } = await db.query<UsergroupRole>(
    `SELECT g.id AS usergroup_id, g.display_name AS usergroup_name, g.usergroup_type, m.role
       FROM usergroup_members m JOIN usergroups g ON g.id = m.usergroup_id
      WHERE m.user_id = $1 AND m.status = $2
      ORDER BY g.display_name, g.id`,
    [userId, STATUS.active],
  );
  return rows;
}

export async function loadAuthUser(db: Db, userId: number): Promise<AuthUser | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [userId]);
  const row = rows[0];
  if (!row) return null;
  const { password: _password, ...user } = row;
  return { ...user, usergroup_roles: await loadUsergroupRoles(db, userId) };
}

/** Only active accounts may sign in or use a session. */
export function isActive(user: { status: number }): boolean {
  return user.status === STATUS.active;
}
