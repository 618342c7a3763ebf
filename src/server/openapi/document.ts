/**
 * The OpenAPI 3.1 description of the platform API, made from the routes the server registers (each
 * collected by the onRoute hook of openapi/collect.ts) and from the schemas that validate them: an
 * entity's routes (crud/register.ts) describe its record, write body, orderings and filters from
 * schemas/*.ts (openapi/json-schema.ts); other routes say what they add in `config.openapi`
 * (openapi/route-doc.ts). Every route under the locale prefix is in it, relative to the server
 * `/{locale}`.
 */
import { LOCALES, type Locale } from '../../../schemas/constants.ts';
import type { ListSpec } from '../http/pagination.ts';
import { CSRF_FIELD } from '../plugins/csrf.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_HOURS, IDEMPOTENCY_KEY_PATTERN } from '../plugins/idempotency.ts';
import { orderingValues, recordJsonSchema, writeJsonSchema, type JsonSchema } from './json-schema.ts';
import { isCreation, page, type RouteDoc } from './route-doc.ts';

export interface CollectedRoute {
  method: string;
  /** The path under the locale prefix, in Fastify's form: '/dataset/datasets/:id/'. */
  url: string;
  auth: 'none' | 'optional' | 'required';
  doc?: RouteDoc;
}

const DOCUMENTED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Path parameters naming a record by its id, or a tile by its numbers: integers (any other value answers 404). */
const INTEGER_PARAMS = new Set(['id', 'scenario', 'taskId', 'roleId', 'otherId', 'userId', 'z', 'x']);
/** Path parameters a client cannot guess the value of from the path alone. */
const PARAM_DESCRIPTIONS: Record<string, string> = {
  scenario: "The scenario's `id` (an integer, not its codename), from the object's `…/_scenarios/` list",
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const errorResponse = (description: string, name: string) => ({ description, content: json(ref(name)) });

/** The header every creation takes (plugins/idempotency.ts). */
const IDEMPOTENCY_PARAMETER = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
  description:
    `A key of the caller's choosing (a UUID), new for each creation: the same key sent again by the same user within ${IDEMPOTENCY_HOURS} hours ` +
    'answers the first creation\'s status and body (with `Idempotent-Replayed: true`) and creates nothing, also when the two arrive together. ' +
    'Only successful creations are kept: after an error the key may be sent again. Reused for another request (method, path or body): 422.',
};

/** The body of an action that takes no fields. */
const NO_FIELDS: JsonSchema = { type: 'object', maxProperties: 0, description: 'No fields: `{}`, or no body' };

/** A JSON body's fields as a page's form sends them: text, with the CSRF token of a session and the form's own fields. */
function formSchema(body: JsonSchema, form: NonNullable<RouteDoc['form']>): JsonSchema {
  const names = [...Object.keys((body.properties ?? {}) as object), ...(form.fields ?? [])];
  const properties = Object.fromEntries(names.map((name) => [name, { type: 'string' }]));
  return { type: 'object', required: body.required ?? [], properties: { ...properties, [CSRF_FIELD]: { type: 'string', description: 'The `csrftoken` cookie' } } };
}

/** `/dataset/datasets/:id/` → `/dataset/datasets/{id}/`, and the names of its parameters. */
export function openapiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url.replace(/:(\w+)/g, (_match, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

function listParameters(spec: ListSpec, extraFilters: readonly string[] = [], inFilters: ReadonlySet<string> = new Set()) {
  const parameters: Record<string, unknown>[] = [
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 }, description: 'Page number, from 1 (an unknown page answers 404).' },
    { name: 'page_size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
  ];
  const orderable = Object.entries(spec.fields).filter(([, field]) => field.orderable).map(([name]) => name);
  if (orderable.length > 0) {
    parameters.push({
      name: 'ordering',
      in: 'query',
      description: `Comma-separated fields, \`-\` for descending. Default: ${spec.defaultOrdering.join(',') || 'id'}.`,
      schema: { type: 'string' },
      examples: Object.fromEntries(orderingValues(orderable).map((value) => [value.replace(/^-/, 'desc_'), { value }])),
      'x-orderings': orderingValues(orderable),
    });
  }
  if (spec.searchColumns?.length || spec.searchCondition) parameters.push({ name: 'search', in: 'query', schema: { type: 'string' } });
  const typeOf = (type: string) => (type === 'integer' ? 'integer' : type === 'boolean' ? 'boolean' : 'string');
  for (const [name, field] of Object.entries(spec.fields)) {
    if (field.filters?.includes('exact')) parameters.push({ name, in: 'query', schema: { type: typeOf(field.type) } });
    if (field.filters?.includes('in')) parameters.push({ name: `${name}__in`, in: 'query', schema: { type: 'string' }, description: 'Comma-separated values.' });
  }
  for (const name of extraFilters) {
    const key = inFilters.has(name) ? `${name}__in` : name;
    if (!parameters.some((parameter) => parameter.name === key)) parameters.push({ name: key, in: 'query', schema: { type: 'string' } });
  }
  return parameters;
}

function security(auth: CollectedRoute['auth']) {
  if (auth === 'none') return [];
  const schemes = [{ session: [], csrf: [] }, { jwt: [] }, { token: [] }];
  return auth === 'optional' ? [...schemes, {}] : schemes;
}

function operation(route: CollectedRoute, params: string[], componentNames: Map<string, string>) {
  const doc = route.doc ?? {};
  const entity = doc.entity;
  const segments = route.url.split('/').filter(Boolean);
  const tag = segments[0] ?? 'platform';
  const parameters: Record<string, unknown>[] = params.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: INTEGER_PARAMS.has(name) ? 'integer' : 'string' },
    ...(PARAM_DESCRIPTIONS[name] ? { description: PARAM_DESCRIPTIONS[name] } : {}),
  }));
  let body: JsonSchema | undefined = doc.body;
  let response: JsonSchema | undefined = doc.response;
  let status = doc.status ?? (route.method === 'DELETE' ? 204 : 200);
  let summary = doc.summary;

  if (entity) {
    const name = componentNames.get(entity.schema.resource)!;
    const record = ref(name);
    const inFilters = new Set(Object.entries(entity.schema.list.filters).filter(([, filter]) => filter.lookup === 'in').map(([key]) => key));
    switch (entity.operation) {
      case 'list':
        parameters.push(...listParameters(entity.list!, entity.extraFilters, inFilters));
        response = page(record);
        summary ??= `List ${entity.schema.resource}`;
        break;
      case 'create':
        // Fields of its own (createDoc) besides the schema's.
        body = doc.body ? { allOf: [ref(`${name}Write`), doc.body] } : ref(`${name}Write`);
        response = record;
        status = 201;
        summary ??= `Create a record of ${entity.schema.resource}`;
        break;
      case 'retrieve':
        response = record;
        summary ??= `Read a record of ${entity.schema.resource}`;
        break;
      case 'update':
        body = ref(`${name}Write`);
        response = record;
        summary ??= `Replace a record of ${entity.schema.resource}`;
        break;
      case 'partial_update':
        body = ref(`${name}Patch`);
        response = record;
        summary ??= `Change fields of a record of ${entity.schema.resource}`;
        break;
      case 'destroy':
        summary ??= `Delete a record of ${entity.schema.resource}`;
        break;
    }
  }
  if (doc.record) response = ref(componentNames.get(doc.record.resource)!);
  if (doc.list) {
    parameters.push(...listParameters(doc.list));
    response = page(response ?? { type: 'object' });
  }
  for (const [name, schema] of Object.entries(doc.query ?? {})) {
    const { description, required, ...rest } = schema as JsonSchema & { description?: string; required?: boolean };
    parameters.push({ name, in: 'query', schema: rest, ...(description ? { description } : {}), ...(required === true ? { required: true } : {}) });
  }
  if (isCreation(route.method, doc)) parameters.push(IDEMPOTENCY_PARAMETER);
  // A write without a body of its own says so: the contract test refuses one left undescribed.
  if (!body && doc.optionalBody && route.method !== 'GET' && route.method !== 'DELETE') body = NO_FIELDS;
  const requestContent = doc.upload
    ? {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [doc.upload.file],
            properties: { [doc.upload.file]: { type: 'string', contentMediaType: 'application/octet-stream' }, ...Object.fromEntries((doc.upload.fields ?? []).map((field) => [field, { type: 'string' }])) },
          },
        },
      }
    : doc.rawBody
      ? Object.fromEntries(doc.rawBody.map((type) => [type, { schema: { type: 'string' } }]))
      : body && { ...json(body), ...(doc.form ? { 'application/x-www-form-urlencoded': { schema: formSchema(body, doc.form) } } : {}) };
  const success = doc.produces
    ? Object.fromEntries(doc.produces.map((type) => [type, { schema: type === 'application/json' ? (response ?? {}) : type.startsWith('text/') || type.endsWith('+json') || type.endsWith('xml') ? { type: 'string' } : { type: 'string', contentMediaType: type } }]))
    : json(response ?? {});

  const responses: Record<string, unknown> = {
    [String(status)]: status === 204 ? { description: 'No content' } : status >= 300 ? { description: 'Done: to the `Location` given' } : { description: 'Success', content: success },
  };
  for (const [code, also] of Object.entries(doc.also ?? {})) responses[code] = { description: also.description, ...(also.schema ? { content: json(also.schema) } : {}) };
  // Any call may be refused as malformed: a bad id, filter, ordering or body.
  responses['400'] = {
    description: 'Invalid request: messages per field (a detail alone for a body that is not JSON)',
    content: json({ anyOf: [ref('FieldErrors'), ref('Detail')] }),
  };
  if (requestContent && WRITE_METHODS.has(route.method)) {
    responses['413'] = errorResponse('A body too large, or a multipart body with too many parts or fields', 'Detail');
    responses['415'] = errorResponse('A body of another media type, or in another charset than UTF-8', 'Detail');
  }
  if (route.auth !== 'none') responses['401'] = errorResponse('Not signed in, or the token is invalid or expired', 'Detail');
  if (route.auth !== 'none') responses['403'] = errorResponse('Forbidden (also: terms of use not accepted, a read-only token writing, a missing CSRF header)', 'Detail');
  if (params.length > 0 || route.auth !== 'none') responses['404'] = errorResponse('Not found (or not visible to the caller)', 'Detail');
  if (isCreation(route.method, doc)) {
    responses['409'] ??= errorResponse(`A request with the same ${IDEMPOTENCY_HEADER} is still in progress: try again`, 'Detail');
    responses['422'] ??= errorResponse(`The ${IDEMPOTENCY_HEADER} was already used for another request (method, path or body)`, 'Detail');
  }
  if (route.auth !== 'none') responses['429'] = errorResponse('Too many failed attempts', 'Detail');

  return {
    operationId: `${route.method.toLowerCase()}_${route.url.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '')}`,
    tags: [tag],
    summary: summary ?? `${route.method} ${openapiPath(route.url).path}`,
    parameters,
    ...(requestContent && WRITE_METHODS.has(route.method) ? { requestBody: { required: route.method !== 'DELETE' && !doc.optionalBody, content: requestContent } } : {}),
    responses,
    security: security(route.auth),
  };
}

/** PascalCase of a resource name: 'group-members' → 'GroupMembers'. */
const componentName = (resource: string) => resource.replace(/(^|[-_])(\w)/g, (_match, _sep, letter: string) => letter.toUpperCase());

export function buildOpenApiDocument(routes: readonly CollectedRoute[], options: { locale: Locale; version: string }) {
  const componentNames = new Map<string, string>();
  const schemas: Record<string, JsonSchema> = {
    FieldErrors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Messages per field, in the language of the path; `non_field_errors` for the others.' },
    Detail: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' }, code: { type: 'string' } } },
  };
  for (const route of routes) {
    const entity = route.doc?.entity?.schema;
    if (!entity || componentNames.has(entity.resource)) continue;
    const name = componentName(entity.resource);
    componentNames.set(entity.resource, name);
    schemas[name] = recordJsonSchema(entity);
    schemas[`${name}Write`] = writeJsonSchema(entity, false);
    schemas[`${name}Patch`] = writeJsonSchema(entity, true);
  }
  const paths: Record<string, Record<string, unknown>> = {};
  const operationIds = new Set<string>();
  for (const route of routes) {
    if (!DOCUMENTED_METHODS.has(route.method) || route.doc?.hidden) continue;
    const { path, params } = openapiPath(route.url);
    const described = operation(route, params, componentNames);
    // A path served with and without its trailing slash (/dataset/catalog, workspaces.json/) makes
    // the same id twice; OpenAPI wants each once.
    if (operationIds.has(described.operationId)) described.operationId += route.url.endsWith('/') ? '_slash' : '_no_slash';
    operationIds.add(described.operationId);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = described;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Publish platform API',
      version: options.version,
      description:
        'The API of the open-data platform, as the Publish admin app and programs use it (Django REST Framework conventions). ' +
        'Every path sits under a locale prefix (`/fr`, `/en`, `/it`: messages follow it) and ends with a slash. ' +
        'Lists answer `{count, next, previous, results}` (`count_capped: true` when the count stops at a threshold); errors are `{"field": ["message"]}` with 400 and `{"detail": "…"}` with 401, 403, 404 and 429.',
    },
    servers: [{ url: '/{locale}', description: 'This platform', variables: { locale: { enum: [...LOCALES], default: options.locale } } }],
    tags: [...new Set(routes.map((route) => route.url.split('/').filter(Boolean)[0] ?? 'platform'))].sort().map((name) => ({ name })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sessionid', description: 'Browser session, set by signing in on `/{locale}/login/signin/`.' },
        csrf: {
          type: 'apiKey',
          in: 'header',
          name: 'X-CSRFToken',
          description: 'With the session cookie, every write repeats the `csrftoken` cookie (`__Host-csrftoken` over https) in this header.',
        },
        jwt: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: '`Authorization: JWT <token>`, the `token` answered by `POST /{locale}/login/signin/` with `{username, password}`; no CSRF header.',
        },
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: '`Authorization: Token <key>`, a personal API token made on the profile page or `POST /{locale}/login/tokens/`; read-only tokens may only GET, HEAD and OPTIONS; no CSRF header.',
        },
      },
    },
  };
}
