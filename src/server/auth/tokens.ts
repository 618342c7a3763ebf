/**
 * API tokens (JWT, HS256). Each carries its user's token generation (`gen`): bumping the generation
 * at sign-out or on a password change revokes every token issued before, long before `exp`.
 */
import type { FastifyInstance } from 'fastify';
import type { PoolClient } from 'pg';
import type { Db } from '../db/pool.ts';
import { deleteOtherSessions } from './sessions.ts';
import type { TokenPayload } from '../types.ts';

/** `Authorization: JWT <token>` (or Bearer): a signed API token. */
export const TOKEN_HEADER = /^(?:JWT|Bearer)\s+(\S+)$/i;
/** `Authorization: Token <key>`: a personal API token (api-tokens.ts). */
export const PERSONAL_TOKEN_HEADER = /^Token\s+(\S+)$/i;

/** Whether a request's Authorization header is one of the platform's API credentials (not, say, a proxy's Basic). */
export function isApiCredentialHeader(header: string | undefined): boolean {
  return header !== undefined && (TOKEN_HEADER.test(header) || PERSONAL_TOKEN_HEADER.test(header));
}

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
