/**
 * Who is calling: an API token (`Authorization: JWT <token>`), a personal API token
 * (`Authorization: Token <key>`, auth/api-tokens.ts: never beyond its scope, and failed attempts
 * throttled as sign-ins are) or the `sessionid` cookie set at sign-in. Routes choose with `config.auth` ('none' | 'optional' | 'required'); 'required' routes
 * also demand acceptance of the current terms of use unless `config.terms` is false. Answers of
 * every route with auth are `Cache-Control: no-store`, unless the route says otherwise (vector tiles
 * are `private` with an ETag).
 */
import fastifyJwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resolveApiToken } from '../auth/api-tokens.ts';
import { SESSION_COOKIE, sessionKey } from '../auth/sessions.ts';
import { isCurrentToken, jwtOptions, PERSONAL_TOKEN_HEADER, TOKEN_HEADER } from '../auth/tokens.ts';
import { isActive, loadAuthUser, loadSessionUser, type AuthUser } from '../auth/users.ts';
import { invalidToken, notAuthenticated, permissionDenied, termsRequired } from '../http/errors.ts';
import type { TokenPayload } from '../types.ts';

/** What a read-only personal token may do. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function hasAcceptedTerms(user: AuthUser, termsVersion: string): boolean {
  return user.terms_version === termsVersion;
}

export default fp(
  async (app) => {
    await app.register(fastifyJwt, {
      ...jwtOptions(app.config.secretKey, app.config.jwtExpiresIn),
      // request.user is set by the hook below, for both kinds of authentication.
      decoratorName: 'tokenPayload',
    });
    app.decorateRequest('user', null);
    app.decorateRequest('authMethod', null);
    app.decorateRequest('sessionToken', null);

    async function authenticateKey(request: FastifyRequest, reply: FastifyReply, key: string): Promise<void> {
      const token = await resolveApiToken(app.db, key);
      const user = token ? await loadAuthUser(app.db, token.userId) : null;
      if (!token || !user || !isActive(user)) {
        await app.failedTokenAttempt(request, reply);
        throw invalidToken();
      }
      if (token.scope === 'read' && !READ_METHODS.has(request.method)) throw permissionDenied();
      request.user = user;
      request.authMethod = 'token';
    }

    async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const header = request.headers.authorization;
      const key = header ? PERSONAL_TOKEN_HEADER.exec(header)?.[1] : undefined;
      if (key) return authenticateKey(request, reply, key);
      if (header) {
        const token = TOKEN_HEADER.exec(header)?.[1];
        if (!token) throw invalidToken();
        let payload: TokenPayload;
        try {
          payload = app.jwt.verify<TokenPayload>(token);
        } catch {
          throw invalidToken();
        }
        const user = Number.isInteger(payload.user_id) ? await loadAuthUser(app.db, payload.user_id) : null;
        if (!user || !isActive(user) || !isCurrentToken(payload, user)) throw invalidToken();
        request.user = user;
        request.authMethod = 'jwt';
        return;
      }
      const sessionToken = request.cookies[SESSION_COOKIE];
      if (!sessionToken) return;
      const stored = sessionKey(sessionToken);
      const user = stored === null ? null : await loadSessionUser(app.db, stored);
      if (!user || !isActive(user)) return;
      request.user = user;
      request.authMethod = 'session';
      request.sessionToken = sessionToken;
    }

    // Answers that depend on who asks are never stored, by the browser or on the way.
    app.addHook('onSend', async (request, reply) => {
      if ((request.routeOptions.config?.auth ?? 'none') !== 'none' && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });

    app.addHook('onRequest', async (request, reply) => {
      const { auth = 'none', terms = true } = request.routeOptions.config;
      if (auth === 'none') return;
      await authenticate(request, reply);
      if (auth !== 'required') return;
      if (!request.user) throw notAuthenticated();
      if (terms && !hasAcceptedTerms(request.user, app.config.termsVersion)) throw termsRequired();
    });
  },
  { name: 'auth', dependencies: ['db', 'signin-throttle'] },
);
