/**
 * API tokens (JWT, HS256). Each carries its user's token generation (`gen`): bumping the generation
 * at sign-out or on a password change revokes every token issued before, long before `exp`.
 */
import type { FastifyInstance } from 'fastify';
import type { PoolClient } from 'pg';
import type { Db } from '../db/pool.ts';
import { deleteOtherSessions } from './sessions.ts';
import type { TokenPayload } from '../types.ts';

/** Options of @fastify/jwt: one algorithm, and a token without an expiry is no token. */
export function jwtOptions(secret: string, expiresIn: string) {
  return {
    secret,
    sign: { algorithm: 'HS256' as const, expiresIn },
    verify: { algorithms: ['HS256' as const], requiredClaims: ['exp'] },
  };
}

export function signToken(app: FastifyInstance, user: { id: number; username: string; token_generation: number }): string {
  const payload: TokenPayload = { user_id: user.id, username: user.username, gen: user.token_generation };
  return app.jwt.sign(payload);
}

/** Whether a verified token is still of its user's current generation. */
export function isCurrentToken(payload: TokenPayload, user: { token_generation: number }): boolean {
  return Number.isInteger(payload.gen) && payload.gen === user.token_generation;
}

/** Revokes every API token of the user. */
export async function revokeTokens(db: Db | PoolClient, userId: number): Promise<void> {
  await db.query('UPDATE users SET token_generation = token_generation + 1 WHERE id = $1', [userId]);
}

/** After a password change: every token and every other session of the user stop working. */
export async function revokeAfterPasswordChange(db: Db | PoolClient, userId: number, keepSessionToken: string | null): Promise<void> {
  await revokeTokens(db, userId);
  await deleteOtherSessions(db, userId, keepSessionToken);
}
