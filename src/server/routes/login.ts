/**
 * The login service's JSON API: sign in, current user, session state, sign out.
 * Registered under each locale prefix.
 */
import type { CurrentUser } from '../../../schemas/api.ts';
import { ROLE, USERGROUP_TYPES } from '../../../schemas/constants.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HashingBusyError } from '../auth/passwords.ts';
import { safeNext } from '../auth/safe-next.ts';
import { deleteSession } from '../auth/sessions.ts';
import { tooManyAttempts } from '../auth/signin-throttle.ts';
import { checkCredentials, clearSessionCookie, signIn } from '../auth/signin.ts';
import { revokeTokens } from '../auth/tokens.ts';
import type { AuthUser } from '../auth/users.ts';
import { ApiError, ValidationError, notAuthenticated, permissionDenied } from '../http/errors.ts';
import { t } from '../i18n.ts';
import { hasAcceptedTerms } from '../plugins/auth.ts';
import { renderSignin, renderSignoutConfirmation, respond } from './login-pages.ts';

export function currentUserPayload(user: AuthUser, termsVersion: string): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_superuser: user.is_superuser,
    usergroup_roles: user.usergroup_roles,
    terms_accepted: hasAcceptedTerms(user, termsVersion),
  };
}

function isForm(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

function field(body: unknown, name: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

/**
 * A text field of a JSON body as Django REST framework's CharField reads it: a string, a number as
 * its text, '' when absent or null; null for a list, an object or a boolean.
 */
function jsonText(body: unknown, name: string): string | null {
  const value = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

const CURRENT_USER_DOC = {
  summary: 'The signed-in user, with their roles in groups',
  response: {
    type: 'object',
    required: ['id', 'username', 'first_name', 'last_name', 'email', 'is_superuser', 'usergroup_roles', 'terms_accepted'],
    properties: {
      id: { type: 'integer' },
      username: { type: 'string' },
      first_name: { type: 'string' },
      last_name: { type: 'string' },
      email: { type: 'string' },
      is_superuser: { type: 'boolean' },
      usergroup_roles: {
        type: 'array',
        items: {
          type: 'object',
          required: ['usergroup_id', 'usergroup_name', 'usergroup_type', 'role'],
          properties: { usergroup_id: { type: 'integer' }, usergroup_name: { type: 'string' }, usergroup_type: { enum: [...USERGROUP_TYPES] }, role: { enum: Object.values(ROLE) } },
        },
      },
      terms_accepted: { type: 'boolean' },
    },
  },
};

const SESSION_DOC = {
  summary: 'Whether the caller is signed in, and as whom',
  response: { type: 'object', required: ['is_authenticated', 'username'], properties: { is_authenticated: { type: 'boolean' }, username: { type: ['string', 'null'] } } },
};

const SIGNOUT_DOC = {
  summary: "Sign out: ends the session and revokes the user's sign-in tokens",
  query: { next: { type: 'string', description: 'Where to go next (a path of this platform): answers 302' } },
  response: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } },
  also: { 302: { description: 'With `next`: there' } },
};

export default async function loginRoutes(app: FastifyInstance) {
  app.post(
    '/login/signin/',
    {
      config: {
        auth: 'none',
        openapi: {
          summary: 'Sign in: a JSON body answers a token to send as `Authorization: JWT <token>`; a form sets the session cookie',
          body: { type: 'object', required: ['username', 'password'], properties: { username: { type: 'string' }, password: { type: 'string', format: 'password' } } },
          response: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } },
          also: {
            303: { description: 'Sent as the sign-in form: to `next`, with the session cookie' },
            429: {
              description: 'Too many attempts a minute for this address and username (`SIGNIN_RATE_LIMIT`) or for this address (`SIGNIN_ADDRESS_RATE_LIMIT`): `Retry-After` says how many seconds to wait',
              schema: { $ref: '#/components/schemas/Detail' },
            },
          },
          form: { fields: ['next'] },
        },
      },
      // Throttled attempts stop here, after the CSRF check and before any password is hashed.
      preHandler: app.signinThrottle,
      // A person using the form gets the form back with the reason, not a JSON body.
      errorHandler: (error: FastifyError | ApiError, request, reply) => {
        const reason = error instanceof ApiError && error.detail === 'csrfFailed' ? 'csrf' : error.statusCode === 429 ? 'tooManyAttempts' : null;
        if (!reason || !isForm(request)) throw error;
        return reply
          .code(error.statusCode ?? 400)
          .type('text/html; charset=utf-8')
          .send(renderSignin(request, { username: field(request.body, 'username'), next: field(request.body, 'next'), error: reason }));
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const form = isForm(request);
      // Each field read once, as a form or JSON gives it (null: a JSON value that is no text).
      const read = (name: string) => (form ? field(request.body, name) : jsonText(request.body, name));
      const given = { username: read('username')?.trim() ?? null, password: read('password') };
      if (!form) {
        const refused: Record<string, string[]> = {};
        for (const [name, value] of Object.entries(given)) {
          // A list, an object or a boolean is refused as such, not taken for a missing field.
          if (value === null) refused[name] = [t(request.locale, 'invalidValue')];
          else if (!value) refused[name] = [t(request.locale, 'required')];
        }
        if (Object.keys(refused).length > 0) throw new ValidationError(refused);
      }
      const username = given.username ?? '';
      const password = given.password ?? '';
      const user = await checkCredentials(app, username, password).catch((error: unknown) => {
        throw error instanceof HashingBusyError ? tooManyAttempts(reply, 1) : error;
      });
      if (user === null) {
        request.log.info({ username }, 'sign-in refused');
        if (form) {
          return reply
            .code(400)
            .type('text/html; charset=utf-8')
            .send(renderSignin(request, { username, next: field(request.body, 'next'), error: 'invalidCredentials' }));
        }
        throw new ValidationError({ non_field_errors: [t(request.locale, 'invalidCredentials')] });
      }
      const token = await signIn(app, request, reply, user.id, user.username);
      reply.header('cache-control', 'no-store');
      if (form) return reply.redirect(safeNext(field(request.body, 'next')), 303);
      return { token };
    },
  );

  app.get('/login/', { config: { auth: 'optional', openapi: CURRENT_USER_DOC } }, async (request) => {
    if (!request.user) throw notAuthenticated();
    return currentUserPayload(request.user, app.config.termsVersion);
  });

  app.get('/login/session/', { config: { auth: 'optional', openapi: SESSION_DOC } }, async (request) => ({
    is_authenticated: request.user !== null,
    username: request.user?.username ?? null,
  }));

  app.get<{ Querystring: { next?: string } }>(
    '/login/session/signout/',
    { config: { auth: 'optional', openapi: SIGNOUT_DOC } },
    async (request, reply) => {
      // A personal API token is a script's, not a sign-in: it may not end the user's sessions (a read one may change nothing).
      if (request.authMethod === 'token') throw permissionDenied();
      // A browser sent here by another site (a link, a redirect) asks first; the header is the browser's own.
      if (request.headers['sec-fetch-site'] === 'cross-site' && request.cookies.sessionid) {
        return respond(reply, renderSignoutConfirmation(request, request.query.next));
      }
      // The cookie may name an expired session that the auth hook ignored: delete it all the same.
      const token = request.cookies.sessionid;
      if (token) await deleteSession(app.db, token);
      // Signing out also revokes the user's API tokens, wherever they were handed out.
      if (request.user) await revokeTokens(app.db, request.user.id);
      clearSessionCookie(request, reply);
      if (request.query.next !== undefined) return reply.redirect(safeNext(request.query.next), 302);
      return { detail: t(request.locale, 'signedOut') };
    },
  );
}
