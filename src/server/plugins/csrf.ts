/**
 * Django-style CSRF double submit, with signed tokens. The server hands out a readable
 * `csrftoken` cookie (`__Host-csrftoken` over https, so no sibling site can plant one); a write
 * (POST/PUT/PATCH/DELETE) sent with the session cookie, or as an HTML form, must repeat it in the
 * `X-CSRFToken` header or the `csrfmiddlewaretoken` form field. A cross-site page can make the
 * browser send the cookies but cannot read them, so it cannot repeat the token.
 *
 * A token is `<random>.<HMAC(secret key, session cookie + random)>`: only this server can make
 * one, and it is good only with the session cookie it was made for. A new token is issued when
 * the session changes (sign-in, sign-out). API-token requests carry no ambient credentials and
 * are exempt.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { isApiCredentialHeader } from '../auth/tokens.ts';
import { csrfFailed } from '../http/errors.ts';

export const CSRF_COOKIE = 'csrftoken';
/** The cookie's name over https: Secure, Path=/ and no Domain, enforced by browsers. */
export const SECURE_CSRF_COOKIE = '__Host-csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const CSRF_FIELD = 'csrfmiddlewaretoken';
const TOKEN_PATTERN = /^([\w-]{43})\.([\w-]{43})$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

export function tokensMatch(expected: string | undefined, given: unknown): boolean {
  if (typeof expected !== 'string' || typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function csrfCookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? SECURE_CSRF_COOKIE : CSRF_COOKIE;
}

function signature(secret: string, session: string, random: string): string {
  return createHmac('sha256', secret).update(`csrf\0${session}\0${random}`).digest('base64url');
}

/** A new token for the session cookie `session` ('' without one). */
export function makeCsrfToken(secret: string, session: string): string {
  const random = randomBytes(32).toString('base64url');
  return `${random}.${signature(secret, session, random)}`;
}

/** Whether `token` was made by this server for the session cookie `session`. */
export function isCsrfTokenValid(secret: string, session: string, token: unknown): boolean {
  if (typeof token !== 'string') return false;
  const parts = TOKEN_PATTERN.exec(token);
  return parts !== null && tokensMatch(signature(secret, session, parts[1]), parts[2]);
}

function isFormPost(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return /^(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)/i.test(type);
}

/** Static files need no token; everything else gets one so the app and forms can read it. */
function wantsToken(request: FastifyRequest): boolean {
  return !request.url.startsWith('/publish/assets/');
}

function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const https = request.protocol === 'https';
  reply.setCookie(csrfCookieName(request), token, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: https,
    maxAge: 365 * 24 * 3600,
  });
}

/** Issues a token for the session cookie the response sets (null: the one it clears). */
export function rotateCsrfToken(request: FastifyRequest, reply: FastifyReply, session: string | null): void {
  request.csrfToken = makeCsrfToken(request.server.config.secretKey, session ?? '');
  setCsrfCookie(request, reply, request.csrfToken);
}

export default fp(
  async (app) => {
    const secret = app.config.secretKey;
    app.decorateRequest('csrfToken', '');

    app.addHook('onRequest', async (request, reply) => {
      const session = request.cookies[SESSION_COOKIE] ?? '';
      // A program that authenticates by its Authorization header alone has no use for a token: its
      // writes are exempt (below), and a cookie for each of its requests would only cost time.
      if (session === '' && isApiCredentialHeader(request.headers.authorization)) return;
      const existing = request.cookies[csrfCookieName(request)];
      if (isCsrfTokenValid(secret, session, existing)) {
        request.csrfToken = existing!;
        return;
      }
      request.csrfToken = makeCsrfToken(secret, session);
      if (wantsToken(request)) setCsrfCookie(request, reply, request.csrfToken);
    });

    // preValidation runs after body parsing, so the form field is readable, and before any write.
    app.addHook('preValidation', async (request) => {
      if (SAFE_METHODS.has(request.method) || request.authMethod === 'jwt' || request.authMethod === 'token') return;
      const session = request.cookies[SESSION_COOKIE];
      if (session === undefined && !isFormPost(request)) return;
      const body = request.body as Record<string, unknown> | undefined;
      const given = request.headers[CSRF_HEADER] ?? (body && typeof body === 'object' ? body[CSRF_FIELD] : undefined);
      const cookie = request.cookies[csrfCookieName(request)];
      if (!tokensMatch(cookie, given) || !isCsrfTokenValid(secret, session ?? '', given)) throw csrfFailed();
    });
  },
  { name: 'csrf', dependencies: ['db'] },
);
