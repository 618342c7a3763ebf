/**
 * Sign-in throttling, shared by every locale's sign-in route: attempts are counted per client
 * address and username (SIGNIN_RATE_LIMIT a minute), and per client address whatever the username
 * (SIGNIN_ADDRESS_RATE_LIMIT), so neither guessing one password nor trying many names goes far.
 * A throttled attempt is answered before any password is hashed; so is one arriving while too many
 * hashes already wait (see passwords.ts), with Retry-After: 1. Failed personal API tokens
 * (`Authorization: Token <key>`) count against the same per-address limit as sign-ins. Checks of
 * a signed-in account's current password (the profile's password change) are counted per account,
 * from whatever address (SIGNIN_RATE_LIMIT a minute), so a session or token in other hands cannot
 * guess the password it would need to take the account over. The counts
 * are kept in PostgreSQL (auth/rate-store.ts), shared by every process and kept across restarts.
 */
import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/errors.ts';
import { isHashingSaturated } from './passwords.ts';

const WINDOW_MS = 60_000;

/** The username the attempt names, as a digest: any name sent, however long or whatever it holds, makes a key the counters' table takes. */
function username(request: FastifyRequest): string {
  const body = request.body;
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>).username : undefined;
  return createHash('sha256').update(typeof value === 'string' ? value.trim().toLowerCase() : '').digest('base64url');
}

export function tooManyAttempts(reply: FastifyReply, seconds: number): ApiError {
  const wait = Math.max(1, seconds);
  reply.header('retry-after', String(wait));
  return new ApiError(429, 'tooManyRequests', {}, { seconds: wait });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of the sign-in routes: 429 when throttled. */
    signinThrottle: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Counts a failed personal token: 429 once the client address has failed too often. */
    failedTokenAttempt: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Counts a check of the signed-in user's current password: 429 once their account was checked too often. */
    passwordCheckThrottle: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export default fp(
  async (app) => {
    // The counters live in one table (auth/rate-store.ts): each limiter's keys have their own prefix.
    const perAddress = app.createRateLimit({ max: app.config.signinAddressRateLimit, timeWindow: WINDOW_MS, keyGenerator: (request) => `signin|${normalizeIP(request.ip)}` });
    const perUsername = app.createRateLimit({
      max: app.config.signinRateLimit,
      timeWindow: WINDOW_MS,
      keyGenerator: (request) => `signin-user|${normalizeIP(request.ip)}|${username(request)}`,
    });

    app.decorate('signinThrottle', async (request: FastifyRequest, reply: FastifyReply) => {
      for (const limiter of [perAddress, perUsername]) {
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) throw tooManyAttempts(reply, result.ttlInSeconds);
      }
      if (isHashingSaturated()) throw tooManyAttempts(reply, 1);
    });

    const failedTokens = app.createRateLimit({ max: app.config.signinAddressRateLimit, timeWindow: WINDOW_MS, keyGenerator: (request) => `token|${normalizeIP(request.ip)}` });
    app.decorate('failedTokenAttempt', async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await failedTokens(request);
      if (!result.isAllowed && result.isExceeded) throw tooManyAttempts(reply, result.ttlInSeconds);
    });

    const passwordChecks = app.createRateLimit({ max: app.config.signinRateLimit, timeWindow: WINDOW_MS, keyGenerator: (request) => `password-check|${request.user?.id ?? ''}` });
    app.decorate('passwordCheckThrottle', async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await passwordChecks(request);
      if (!result.isAllowed && result.isExceeded) throw tooManyAttempts(reply, result.ttlInSeconds);
      if (isHashingSaturated()) throw tooManyAttempts(reply, 1);
    });
  },
  { name: 'signin-throttle', dependencies: ['@fastify/rate-limit', 'db'] },
);
