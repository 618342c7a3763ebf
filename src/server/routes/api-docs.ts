/**
 * The API's own description: `GET /{locale}/api/schema/` answers the OpenAPI 3.1 document
 * (openapi/document.ts) as JSON, or as YAML with `?format=yaml` or `Accept: application/yaml`;
 * `GET /{locale}/api/docs/` is its reference page (Swagger UI, served from the swagger-ui-dist
 * package: nothing comes from elsewhere, and the page's script is a file, as the CSP wants).
 */
import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { stringify } from 'yaml';
import type { Locale } from '../../../schemas/constants.ts';
import { buildOpenApiDocument } from '../openapi/document.ts';
import { localeFromPath, t } from '../i18n.ts';
import { escapeHtml } from '../http/html.ts';

const SWAGGER_UI_DIR = path.dirname(new URL(import.meta.resolve('swagger-ui-dist/package.json')).pathname);
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};
const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

function wantsYaml(format: string | undefined, accept: string | undefined): boolean {
  if (format !== undefined) return format === 'yaml';
  return /\b(application|text)\/(x-)?yaml\b/.test(accept ?? '');
}

export default async function apiDocRoutes(app: FastifyInstance) {
  const locale: Locale = localeFromPath(`${app.prefix}/`);
  let document: ReturnType<typeof buildOpenApiDocument> | null = null;
  const current = () => (document ??= buildOpenApiDocument(app.apiRoutes, { locale, version: VERSION }));

  const schemaDoc = {
    summary: 'This document (JSON, or YAML with ?format=yaml)',
    query: { format: { enum: ['json', 'yaml'] } },
    produces: ['application/json', 'application/yaml'],
    response: { type: 'object', required: ['openapi', 'info', 'paths', 'components'], properties: { openapi: { const: '3.1.0' } } },
  };
  app.get<{ Querystring: { format?: string } }>('/api/schema/', { config: { openapi: schemaDoc } }, async (request, reply) => {
    if (wantsYaml(request.query.format, request.headers.accept)) return reply.type('application/yaml; charset=utf-8').send(stringify(current(), { aliasDuplicateObjects: false }));
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(current()));
  });

  app.get('/api/docs/', { config: { openapi: { summary: 'The reference page of this API', produces: ['text/html'] } } }, async (_request, reply) => {
    const title = escapeHtml(t(locale, 'apiDocsTitle'));
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${title}</title>
<link rel="stylesheet" href="/${locale}/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui" data-url="/${locale}/api/schema/"></div>
<script src="/${locale}/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/${locale}/api/docs/init.js"></script>
</body>
</html>
`);
  });

  app.get('/api/docs/init.js', { config: { openapi: { summary: 'The reference page’s script', produces: ['text/javascript'] } } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(`var root = document.getElementById('swagger-ui');
window.ui = SwaggerUIBundle({ url: root.getAttribute('data-url'), domNode: root, deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: 0 });
`),
  );

  app.get<{ Params: { file: string } }>('/api/docs/assets/:file', { config: { openapi: { summary: 'The reference page’s assets', produces: ['text/css', 'text/javascript'] } } }, async (request, reply) => {
    const type = Object.hasOwn(ASSETS, request.params.file) ? ASSETS[request.params.file] : undefined;
    if (!type) return reply.code(404).send({ detail: t(request.locale, 'notFound') });
    return reply.type(type).header('cache-control', 'public, max-age=86400').send(createReadStream(path.join(SWAGGER_UI_DIR, request.params.file)));
  });
}
