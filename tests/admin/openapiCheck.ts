/**
 * Holds every answer the fake server (msw) gives under `/{locale}/` against the platform's OpenAPI
 * document (tests/fixtures/openapi.json, kept equal to the served one by
 * tests/server/openapi-copy.test.ts): the operation (path, method) and status must be documented,
 * and a JSON body must validate against the operation's response schema for that status. So a
 * component test cannot pass on an answer the server never sends.
 *
 * On with OPENAPI_CHECK=1 only, while the fixtures that predate it are made whole (many answer
 * partial records): `OPENAPI_CHECK=1 npx vitest run --project unit tests/admin/<file>`.
 */
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SetupServer } from 'msw/node';
import { LOCALES } from '../../schemas/constants.ts';

type Operation = { responses: Record<string, { content?: Record<string, unknown> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

const document = JSON.parse(readFileSync(path.join(import.meta.dirname, '../fixtures/openapi.json'), 'utf8')) as Document;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, 'openapi.json');

/** Answers outside the API, by path under the locale: none today (calls outside `/{locale}/`, such as /publish/config.json, are not checked). */
const EXEMPT: Record<string, string> = {};

/** The document's paths as patterns, the literal ones first: `/dataset/datasets/quality-summary/` before `/dataset/datasets/{id}/`. */
const templates = Object.keys(document.paths)
  .map((path) => ({ path, pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`), params: (path.match(/\{/g) ?? []).length }))
  .sort((a, b) => a.params - b.params);

const localePrefix = new RegExp(`^/(${LOCALES.join('|')})(/.*)$`);
const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const describeErrors = (errors: ErrorObject[]) =>
  errors.slice(0, 5).map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`).join('; ');

/** What differs between a mocked answer and the document: null when they agree or the call is not the API's. */
async function mismatch(method: string, url: string, response: Response): Promise<string | null> {
  const local = localePrefix.exec(new URL(url).pathname)?.[2];
  if (!local || local in EXEMPT) return null;
  // Fastify answers HEAD with its GET route (the document lists the GET).
  const operationMethod = method === 'HEAD' ? 'get' : method.toLowerCase();
  const where = `${method} ${local} → ${response.status}`;
  const template = templates.find(({ path, pattern }) => pattern.test(local) && document.paths[path][operationMethod]);
  if (!template) return `${where}: an operation the document does not have`;
  const described = document.paths[template.path][operationMethod].responses[String(response.status)];
  if (!described) return `${where}: a status the document does not list for ${operationMethod.toUpperCase()} ${template.path}`;
  const type = (response.headers.get('content-type') ?? '').split(';')[0].trim();
  if (type !== 'application/json' || method === 'HEAD') return null;
  if (!described.content?.[type]) return `${where}: a JSON body where the document describes ${Object.keys(described.content ?? {}).join(', ') || 'none'}`;
  const validate = ajv.getSchema(`openapi.json#/${pointer('paths', template.path, operationMethod, 'responses', String(response.status), 'content', type, 'schema')}`)!;
  const body: unknown = await response.json();
  return validate(body) ? null : `${where} (${template.path}): ${describeErrors(validate.errors ?? [])}`;
}

let checks: Promise<string | null>[] = [];

/** Checks each answer the server mocks from now on. */
export function checkAnswersAgainstOpenApi(server: SetupServer): void {
  if (!process.env.OPENAPI_CHECK) return;
  server.events.on('response:mocked', ({ request, response }) => {
    checks.push(
      // A request the app gave up on (its page left) may end before its body is read: nothing to check.
      mismatch(request.method, request.url, response.clone()).catch((error: unknown) => (request.signal.aborted ? null : `${request.method} ${request.url}: ${String(error)}`)),
    );
  });
}

/** The mismatches of the answers mocked since the last call. */
export async function openApiMismatches(): Promise<string[]> {
  const found = (await Promise.all(checks)).filter((found): found is string => found !== null);
  checks = [];
  return [...new Set(found)];
}
