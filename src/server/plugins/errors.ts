/**
 * One place turns every failure into a DRF-style JSON body, so clients never get HTML or a 500
 * for something they sent: typed errors (http/errors.ts), schema validation, bad JSON, unknown
 * routes (a browser's page load outside the app and the API reads an HTML page instead). Paths
 * without their trailing slash are redirected like Django's APPEND_SLASH.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, ValidationError, type FieldErrors } from '../http/errors.ts';
import { localeFromPath, t, type MessageKey } from '../i18n.ts';
import { renderNotFoundPage, wantsHtmlPage } from '../http/not-found-page.ts';

interface SchemaIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Route schema failures, in the request's locale (the validator's own text may quote the body). */
function validationFields(request: FastifyRequest, issues: SchemaIssue[]): FieldErrors {
  const fields = new Map<string, string[]>();
  for (const issue of issues) {
    const missing = issue.params?.missingProperty;
    const field =
      typeof missing === 'string' ? missing : issue.instancePath?.split('/').filter(Boolean)[0] || 'non_field_errors';
    const message = t(request.locale, typeof missing === 'string' ? 'required' : 'invalidValue');
    fields.set(field, [...(fields.get(field) ?? []), message]);
  }
  return Object.fromEntries(fields);
}

/** Fastify's own client errors (body too large, bad content length…), in the request's locale. */
const CLIENT_ERRORS: Record<number, MessageKey> = {
  400: 'parseError',
  404: 'notFound',
  405: 'methodNotAllowed',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
};

/** GET or HEAD on an API or app path missing its final slash: redirect, as the API paths all end with one. */
function slashRedirect(request: FastifyRequest): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const [path, query] = request.url.split('?', 2);
  if (path.endsWith('/') || path.includes('//')) return null;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  if (lastSegment.includes('.')) return null;
  if (!/^\/(fr|en|it)\/./.test(path) && path !== '/publish') return null;
  return `${path}/${query === undefined ? '' : `?${query}`}`;
}

/**
 * Fastify's errors before a route is found (a path that is not valid percent-encoding): the same
 * body as every other client error, in the path's language, never quoting the path.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const key: MessageKey = status !== 400 && Object.hasOwn(CLIENT_ERRORS, status) ? CLIENT_ERRORS[status] : 'badRequest';
  return reply.code(status).type('application/json; charset=utf-8').send({ detail: t(localeFromPath(request.url), key) });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).type('application/json; charset=utf-8').send({ detail: t(request.locale, 'notFound') });
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | ApiError | ValidationError, request, reply) => {
      const { locale } = request;
      if (error instanceof ValidationError) return reply.code(400).send(error.fields);
      if (error instanceof ApiError) {
        if (error.statusCode === 401) reply.header('www-authenticate', 'JWT realm="api"');
        const detail = typeof error.detail === 'string' ? t(locale, error.detail, error.params) : error.detail.text;
        return reply.code(error.statusCode).send({ detail, ...error.extra });
      }
      const fastifyError = error as FastifyError;
      if (fastifyError.validation) {
        return reply.code(400).send(validationFields(request, fastifyError.validation as SchemaIssue[]));
      }
      // Safety net: PostgreSQL refusing a value the client sent (data exception class 22,
      // e.g. a NUL character or an out-of-range number) is the client's error, not the server's.
      const sqlState = (error as { code?: unknown }).code;
      if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState) && !fastifyError.statusCode) {
        request.log.warn({ err: error }, 'value refused by the database');
        return reply.code(400).send({ detail: t(locale, 'invalidValue') });
      }
      // Never the error's own message: it may quote the request body.
      const status = fastifyError.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const key = Object.hasOwn(CLIENT_ERRORS, status) ? CLIENT_ERRORS[status] : 'badRequest';
        return reply.code(status).send({ detail: t(locale, key) });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ detail: t(locale, 'serverError') });
    });

    app.setNotFoundHandler((request, reply) => {
      const target = slashRedirect(request);
      if (target) return reply.redirect(target, 301);
      if (wantsHtmlPage(request)) {
        const { locale, body } = renderNotFoundPage(request);
        return reply.code(404).type('text/html; charset=utf-8').header('content-language', locale).header('vary', 'Accept, Accept-Language').send(body);
      }
      return sendNotFound(request, reply);
    });
  },
  { name: 'errors' },
);
