/**
 * Django-style CSRF double submit. The server hands out a readable `csrftoken` cookie; a write
 * (POST/PUT/PATCH/DELETE) sent with the session cookie, or as an HTML form, must repeat it in the
 * `X-CSRFToken` header or the `csrfmiddlewaretoken` form field. A cross-site page can make the
 * browser send the cookies but cannot read them, so it cannot repeat the token. API-token
 * requests carry no ambient credentials and are exempt.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { csrfFailed } from '../http/errors.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const CSRF_FIELD = 'csrfmiddlewaretoken';
const TOKEN_PATTERN = /^[\w-]{32,64}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

export function tokensMatch(expected: string | undefined, given: unknown): boolean {
  if (typeof expected !== 'string' || typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isFormPost(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return /^(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)/i.test(type);
}

/** Static files need no token; everything else gets one so the app and forms can read it. */
function wantsToken(request: FastifyRequest): boolean {
  return !request.url.startsWith('/publish/assets/');
}

export function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: request.protocol === 'https',
    maxAge: 365 * 24 * 3600,
  });
}

export default fp(
  async (app) => {
    app.decorateRequest('csrfToken', '');

    app.addHook('onRequest', async (request, reply) => {
      const existing = request.cookies[CSRF_COOKIE];
      if (existing && TOKEN_PATTERN.test(existing)) {
        request.csrfToken = existing;
        return;
      }
      request.csrfToken = randomBytes(32).toString('base64url');
      if (wantsToken(request)) setCsrfCookie(request, reply, request.csrfToken);
    });

    // preValidation runs after body parsing, so the form field is readable, and before any write.
    app.addHook('preValidation', async (request) => {
      if (SAFE_METHODS.has(request.method) || request.authMethod === 'jwt') return;
      const cookieAuthenticated = request.cookies[SESSION_COOKIE] !== undefined;
      if (!cookieAuthenticated && !isFormPost(request)) return;
      const body = request.body as Record<string, unknown> | undefined;
      const given = request.headers[CSRF_HEADER] ?? (body && typeof body === 'object' ? body[CSRF_FIELD] : undefined);
      if (!tokensMatch(request.cookies[CSRF_COOKIE], given)) throw csrfFailed();
    });
  },
  { name: 'csrf' },
);
