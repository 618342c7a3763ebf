/** Server-side sessions: the cookie holds a random token, the database only its SHA-256. */
import { createHash, randomBytes } from 'node:crypto';
import type { PoolClient } from 'pg';
import type { Db } from '../db/pool.ts';

export const SESSION_COOKIE = 'sessionid';

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Db, userId: number, days: number): Promise<{ token: string; expires: Date }> {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))
     RETURNING expires_at`,
    [digest(token), userId, days],
  );
  return { token, expires: rows[0].expires_at };
}

/** What the database keeps of a session's cookie (its SHA-256), or null for a value no session can have. */
export function sessionKey(token: string): string | null {
  return /^[\w-]{20,100}$/.test(token) ? digest(token) : null;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id = $1', [digest(token)]);
}

/** After a password change: sign out everywhere except the current session. */
export async function deleteOtherSessions(db: Db | PoolClient, userId: number, keepToken: string | null): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, keepToken ? digest(keepToken) : '']);
}

export async function deleteExpiredSessions(db: Db): Promise<number> {
  const result = await db.query('DELETE FROM sessions WHERE expires_at <= now()');
  return result.rowCount ?? 0;
}
