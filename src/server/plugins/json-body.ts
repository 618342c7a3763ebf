/**
 * JSON request bodies: Fastify's parser, which refuses `__proto__` and `constructor.prototype`
 * keys, behind a nesting limit checked on the raw text, so a deeply nested body is a 400 before
 * any recursive code (parsing, validation, error messages) walks it. Every body is read as UTF-8:
 * one declared in another charset is refused (415) rather than stored garbled. The API reads JSON,
 * forms and multipart only: Fastify's own text/plain parser is removed, so such a body (what
 * fetch() sends a string as) is a 415 rather than a body without fields. Every JSON body the API
 * takes is an object of fields: a list, a string, a number, a boolean or null is a 400 on
 * `non_field_errors`, as Django REST framework answers, never read as a write of nothing.
 */
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, ValidationError } from '../http/errors.ts';
import { t } from '../i18n.ts';

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)/i;

/** The charset a Content-Type declares, lower-cased, or null. */
export function declaredCharset(contentType: string | undefined): string | null {
  const match = contentType ? CHARSET.exec(contentType) : null;
  return match ? match[1].toLowerCase() : null;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a Content-Type is JSON (`application/json`, with or without parameters). */
const isJson = (contentType: string | undefined) => /^application\/json\s*(;|$)/i.test(contentType ?? '');

/** Far deeper than any body of the API, far shallower than what recursion could choke on. */
export const MAX_JSON_DEPTH = 64;

/** True when brackets outside strings nest deeper than `limit`; one pass, no recursion. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

function tooDeep(): FastifyError {
  return Object.assign(new Error('JSON body nested too deeply'), { statusCode: 400, code: 'PUBLISH_JSON_TOO_DEEP', name: 'FastifyError' });
}

export default fp(
  async (app) => {
    app.addHook('preParsing', async (request) => {
      const charset = declaredCharset(request.headers['content-type']);
      if (charset !== null && charset !== 'utf-8' && charset !== 'utf8' && charset !== 'us-ascii') throw new ApiError(415, 'unsupportedCharset');
    });
    app.addHook('preValidation', async (request) => {
      if (!WRITES.has(request.method) || request.body === undefined || !isJson(request.headers['content-type'])) return;
      const body: unknown = request.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw new ValidationError({ non_field_errors: [t(request.locale, 'bodyNotObject')] });
      }
    });
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) return done(tooDeep(), undefined);
      return parse(request, body as string, done);
    });
  },
  { name: 'json-body' },
);
