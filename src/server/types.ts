/** Fastify type extensions: decorators added by the server's plugins and per-route options. */
import type { Locale } from '../../schemas/constants.ts';
import type { AuthUser } from './auth/users.ts';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/pool.ts';
import type { RouteDoc } from './openapi/route-doc.ts';

/** Claims of the API tokens (Authorization: JWT <token>). */
export interface TokenPayload {
  user_id: number;
  username: string;
  /** The user's token generation when the token was issued (src/server/auth/tokens.ts). */
  gen: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: AuthUser | null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: ServerConfig;
  }
  interface FastifyRequest {
    locale: Locale;
    /** How the user was authenticated: a session cookie, an API token (JWT) or a personal API token. */
    authMethod: 'session' | 'jwt' | 'token' | null;
    /** The raw session cookie value of a signed-in session. */
    sessionToken: string | null;
    /** The CSRF token of this request's session, in the `csrftoken` (`__Host-csrftoken`) cookie. */
    csrfToken: string;
  }
  interface FastifyContextConfig {
    /**
     * none: no user lookup; optional: look the user up; required: 401 without a user.
     * Default none.
     */
    auth?: 'none' | 'optional' | 'required';
    /** With auth 'required': 403 terms-required until the current terms are accepted. Default true. */
    terms?: boolean;
    /** What the OpenAPI document says of the route beyond its method and path (openapi/document.ts). */
    openapi?: RouteDoc;
  }
}
