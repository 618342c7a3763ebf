/**
 * Personal API tokens (auth/api-tokens.ts), under the login service:
 *
 *   GET    /{locale}/login/tokens/        the caller's tokens (superusers: `?user=<id>` for someone's, `?user=all` for everyone's)
 *   POST   /{locale}/login/tokens/        {name, expires_in_days: 30|90|365, scope: "read"|"write"} → 201 with `key`, shown only there
 *   DELETE /{locale}/login/tokens/{id}/   revokes one of the caller's tokens (superusers: anyone's) → 204
 *
 * and the "API tokens" section of the profile page (forms, without scripts but the copy button's).
 * A personal token may list tokens but neither create nor revoke one (403): a key never outlives
 * what its user chose.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createApiToken,
  findApiToken,
  listApiTokens,
  revokeApiToken,
  TOKEN_EXPIRIES_DAYS,
  TOKEN_NAME_MAX_LENGTH,
  TOKEN_SCOPES,
  type ApiToken,
  type TokenScope,
} from '../auth/api-tokens.ts';
import type { AuthUser } from '../auth/users.ts';
import { sanitizeText } from '../../../schemas/validators.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { translateValidation } from '../crud/validation.ts';
import { notAuthenticated, notFound, permissionDenied, ValidationError, type FieldErrors } from '../http/errors.ts';
import { loginStrings } from '../i18n.ts';
import { parseId } from '../crud/register.ts';
import { asForm, NEXT_QUERY, renderProfile, renderTokenRevoke, respond, withQuery } from './login-pages.ts';

export interface TokenInput {
  name: string;
  scope: TokenScope;
  expiresInDays: number;
}

/** Checks a token's creation body (JSON, or the profile page's form with its strings). */
export function validateTokenInput(body: unknown, locale: FastifyRequest['locale']): TokenInput {
  const raw = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  // Plain text, as every name: markup and control characters taken out.
  const name = typeof raw.name === 'string' ? sanitizeText(raw.name) : '';
  if (raw.name !== undefined && raw.name !== null && typeof raw.name !== 'string') errors.name = [translateValidation(locale, 'validation.invalid')];
  else if (name === '') errors.name = [translateValidation(locale, 'validation.required')];
  else if (name.length > TOKEN_NAME_MAX_LENGTH) errors.name = [translateValidation(locale, 'validation.maxLength', { max: TOKEN_NAME_MAX_LENGTH })];
  const days = typeof raw.expires_in_days === 'string' && /^\d{1,4}$/.test(raw.expires_in_days) ? Number(raw.expires_in_days) : raw.expires_in_days;
  if (days === undefined || days === null || days === '') errors.expires_in_days = [translateValidation(locale, 'validation.required')];
  else if (!(TOKEN_EXPIRIES_DAYS as readonly unknown[]).includes(days)) errors.expires_in_days = [translateValidation(locale, 'validation.invalid')];
  if (raw.scope === undefined || raw.scope === null || raw.scope === '') errors.scope = [translateValidation(locale, 'validation.required')];
  else if (!(TOKEN_SCOPES as readonly unknown[]).includes(raw.scope)) errors.scope = [translateValidation(locale, 'validation.invalid')];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { name, scope: raw.scope as TokenScope, expiresInDays: days as number };
}

/** A token as the API shows it. */
export function presentToken(token: ApiToken) {
  return {
    id: token.id,
    user_id: token.user_id,
    username: token.username,
    name: token.name,
    scope: token.scope,
    prefix: token.prefix,
    created_at: token.created_at.toISOString(),
    expires_at: token.expires_at.toISOString(),
    last_used_at: token.last_used_at?.toISOString() ?? null,
  };
}

/** Whose tokens a list shows: the caller's; a superuser's `?user=<id>` or `?user=all` (null). */
function listedUser(user: AuthUser, raw: string | undefined, locale: FastifyRequest['locale']): number | null {
  if (raw === undefined || raw === '') return user.id;
  if (!user.is_superuser) throw permissionDenied();
  if (raw === 'all') return null;
  const id = parseId(raw);
  if (id === null) throw new ValidationError({ user: [translateValidation(locale, 'validation.invalid')] });
  return id;
}

/** The token of the path, when the caller may revoke it (its owner, or a superuser); 404 otherwise. */
async function revocable(app: FastifyInstance, user: AuthUser, raw: string): Promise<ApiToken> {
  const id = parseId(raw);
  const token = id === null ? null : await findApiToken(app.db, id);
  if (!token || (token.user_id !== user.id && !user.is_superuser)) throw notFound();
  return token;
}

function noPersonalToken(request: FastifyRequest): void {
  if (request.authMethod === 'token') throw permissionDenied();
}

export default async function loginTokenRoutes(app: FastifyInstance) {
  const config = { auth: 'required' as const };

  const tokenSchema = {
    type: 'object',
    properties: {
      id: { type: 'integer' }, user_id: { type: 'integer' }, username: { type: 'string' }, name: { type: 'string' }, scope: { enum: [...TOKEN_SCOPES] },
      prefix: { type: 'string' }, created_at: { type: 'string', format: 'date-time' }, expires_at: { type: 'string', format: 'date-time' },
      last_used_at: { type: ['string', 'null'], format: 'date-time' },
    },
  };
  /** What validateTokenInput takes, from the API and from the profile page's form. */
  const tokenInput = {
    type: 'object',
    required: ['name', 'expires_in_days', 'scope'],
    properties: { name: { type: 'string', maxLength: TOKEN_NAME_MAX_LENGTH }, expires_in_days: { enum: [...TOKEN_EXPIRIES_DAYS] }, scope: { enum: [...TOKEN_SCOPES] } },
  };
  const createDoc: RouteDoc = {
    summary: 'Create a personal API token; its key is in this answer only',
    body: tokenInput,
    status: 201,
    response: { ...tokenSchema, properties: { ...tokenSchema.properties, key: { type: 'string', description: 'Send as `Authorization: Token <key>`' } } },
  };

  const listDoc: RouteDoc = {
    summary: 'The caller’s personal API tokens (superusers: `?user=<id>` or `?user=all`)',
    query: { user: { type: 'string' } },
    response: { type: 'array', items: tokenSchema },
  };
  app.get<{ Querystring: { user?: string } }>('/login/tokens/', { config: { ...config, openapi: listDoc } }, async (request) => {
    const userId = listedUser(request.user!, request.query.user, request.locale);
    return (await listApiTokens(app.db, userId)).map(presentToken);
  });

  app.post('/login/tokens/', { config: { ...config, openapi: createDoc } }, async (request, reply) => {
    noPersonalToken(request);
    const input = validateTokenInput(request.body, request.locale);
    const { key, ...token } = await createApiToken(app.db, request.user!.id, input);
    return reply.code(201).send({ ...presentToken(token), key });
  });

  app.delete<{ Params: { id: string } }>('/login/tokens/:id/', { config }, async (request, reply) => {
    noPersonalToken(request);
    const token = await revocable(app, request.user!, request.params.id);
    await revokeApiToken(app.db, token.id);
    return reply.code(204).send();
  });

  // The profile page's forms (login-pages.ts renders the section).
  const pageConfig = { config: { auth: 'optional' as const } };
  const signinFirst = (request: FastifyRequest, reply: FastifyReply) => {
    if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') || request.method === 'GET') {
      return reply.redirect(withQuery(`/${request.locale}/login/signin/`, { next: `/${request.locale}/login/profile/` }), request.method === 'GET' ? 302 : 303);
    }
    throw notAuthenticated();
  };

  const createPage = { config: { ...pageConfig.config, openapi: { summary: 'Make a token from the profile page (its form): the page again, showing the key once', body: tokenInput, form: { fields: ['next'] }, produces: ['text/html'], status: 201 } } };
  // Each form carries the page's `next` (where it leads back to in the app), kept on the page it answers.
  const nextOf = (body: unknown) => asForm(body).next || undefined;
  app.post('/login/profile/tokens/', createPage, async (request, reply) => {
    if (!request.user || request.authMethod !== 'session') return signinFirst(request, reply);
    const tokens = () => listApiTokens(app.db, request.user!.id);
    const next = nextOf(request.body);
    let input: TokenInput;
    try {
      input = validateTokenInput(request.body, request.locale);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const errors = Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field, messages[0]]));
      return respond(reply, renderProfile(request, { next }, request.user, {}, { tokens: await tokens(), errors, values: request.body as Record<string, string> }), 400);
    }
    const created = await createApiToken(app.db, request.user.id, input);
    return respond(reply, renderProfile(request, { next }, request.user, {}, { tokens: await tokens(), created }), 201);
  });

  const revokePage = { config: { ...pageConfig.config, openapi: { summary: "The page asking to confirm a token's revocation", query: { next: NEXT_QUERY }, produces: ['text/html'], also: { 302: { description: 'Not signed in: to the sign-in page' } } } } };
  app.get<{ Params: { id: string }; Querystring: { next?: string } }>('/login/profile/tokens/:id/revoke/', revokePage, async (request, reply) => {
    if (!request.user) return signinFirst(request, reply);
    const token = await revocable(app, request.user, request.params.id);
    return respond(reply, renderTokenRevoke(request, token, request.query.next || undefined));
  });

  const revokeForm = { config: { ...pageConfig.config, openapi: { summary: 'Revoke a token from the profile page (its form): back to the page', status: 303, optionalBody: true, form: { fields: ['next'] } } } };
  app.post<{ Params: { id: string } }>('/login/profile/tokens/:id/revoke/', revokeForm, async (request, reply) => {
    if (!request.user || request.authMethod !== 'session') return signinFirst(request, reply);
    const token = await revocable(app, request.user, request.params.id);
    await revokeApiToken(app.db, token.id);
    return reply.redirect(withQuery(`/${request.locale}/login/profile/`, { saved: 'token-revoked', next: nextOf(request.body) }), 303);
  });

  // The copy button of a new key (the pages' CSP runs scripts of this origin only).
  app.get('/login/assets/copy.js', { config: { auth: 'none', openapi: { summary: "The profile page's copy button", produces: ['text/javascript'] } } }, async (request, reply) => {
    const s = loginStrings(request.locale);
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(COPY_SCRIPT.replace('__COPIED__', JSON.stringify(s.tokens.copied)));
  });
}

const COPY_SCRIPT = `document.querySelectorAll('[data-copy]').forEach(function (button) {
  button.addEventListener('click', function () {
    var field = document.getElementById(button.getAttribute('data-copy'));
    field.select();
    (navigator.clipboard ? navigator.clipboard.writeText(field.value) : Promise.reject()).catch(function () { document.execCommand('copy'); });
    button.textContent = __COPIED__;
  });
});
`;
