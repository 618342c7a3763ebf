/** Checking credentials and opening a session, shared by the JSON API and the HTML form. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rotateCsrfToken } from '../plugins/csrf.ts';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { SESSION_COOKIE, createSession } from './sessions.ts';
import { signToken } from './tokens.ts';
import { findUserByUsername, isActive } from './users.ts';

/**
 * The account for valid credentials of an active account, else null. Takes as long either way.
 * Throws HashingBusyError when too many sign-ins are already being checked.
 */
export async function checkCredentials(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<{ id: number; username: string } | null> {
  // PostgreSQL text cannot hold NUL: such a name matches nobody.
  const user = username && !username.includes('\u0000') ? await findUserByUsername(app.db, username) : null;
  const valid = await verifyPassword(password, user?.password ?? (await dummyPasswordHash()), { refuseWhenBusy: true });
  if (!user || !valid || !isActive(user)) return null;
  if (needsRehash(user.password)) {
    // Unless the password changed meanwhile, store it at the current strength.
    await app.db.query('UPDATE users SET password = $1 WHERE id = $2 AND password = $3', [
      await hashPassword(password),
      user.id,
      user.password,
    ]);
  }
  return { id: user.id, username: user.username };
}

export function sessionCookieOptions(request: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https' };
}

/** Opens a session (cookie) and returns an API token for the same user. */
export async function signIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, userId: number, username: string): Promise<string> {
  const { token, expires } = await createSession(app.db, userId, app.config.sessionDays);
  const { rows } = await app.db.query<{ token_generation: number }>(
    'UPDATE users SET last_login = now() WHERE id = $1 RETURNING token_generation',
    [userId],
  );
  reply.setCookie(SESSION_COOKIE, token, { ...sessionCookieOptions(request), expires });
  // Tokens issued before sign-in are not good for the new session.
  rotateCsrfToken(request, reply, token);
  return signToken(app, { id: userId, username, token_generation: rows[0].token_generation });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request));
  rotateCsrfToken(request, reply, null);
}
