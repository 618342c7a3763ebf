/**
 * The OpenAPI document: a valid OpenAPI 3.1 description, in JSON and YAML, listing every route the
 * server registers under a locale (collected by Fastify's onRoute hook), each documented path
 * answering; entities described from their schemas (fields, orderings, filters), the four ways to
 * authenticate, the error shapes.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { datasets } from '../../schemas/datasets.ts';
import { writableFields, writeValidator } from '../../schemas/entity.ts';
import { ENTITIES } from '../../schemas/index.ts';
import { writeJsonSchema } from '../../src/server/openapi/json-schema.ts';
import { createTestApp, type SignedIn, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: SignedIn;
type Document = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { parameters: { name: string; in: string; 'x-orderings'?: string[] }[]; requestBody?: unknown; responses: Record<string, unknown>; security: unknown[] }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>; securitySchemes: Record<string, unknown> };
};
let document: Document;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  const response = await t.app.inject({ url: '/fr/api/schema/' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json();
});
afterAll(() => t?.close());

const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, also as YAML', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([expect.objectContaining({ url: '/{locale}' })]);

    const yaml = await t.app.inject({ url: '/en/api/schema/?format=yaml' });
    expect(yaml.headers['content-type']).toMatch(/^application\/yaml/);
    expect(parse(yaml.body).paths).toEqual(document.paths);
    const byAccept = await t.app.inject({ url: '/it/api/schema/', headers: { accept: 'application/yaml' } });
    expect(byAccept.headers['content-type']).toMatch(/^application\/yaml/);
  });

  it('lists every route registered under a locale, and every path it lists answers', async () => {
    const registered = t.app.apiRoutes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS' && !route.doc?.hidden);
    expect(registered.length).toBeGreaterThan(200);
    const missing = registered.filter((route) => !document.paths[openapiPath(route.url)]?.[route.method.toLowerCase()]);
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);

    // Every documented operation answers something other than 404 for its path (ids of records that exist).
    const ids: Record<string, string> = {};
    const unanswered: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        // Only reads and deletions of unknown ids may 404: check what a path's route answers, not a record.
        const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => ids[name] ?? (name === 'database' ? 'datastore' : name === 'layerType' ? 'layer' : name === 'file' ? 'swagger-ui.css' : '1'));
        if (method !== 'get' || /\{id\}|\{\w+Id\}|\{scenario\}/.test(path)) {
          // A route exists when Fastify finds it: an unknown id answers our 404 body, an unknown route Fastify's.
          if (!t.app.hasRoute({ method: method.toUpperCase() as 'GET', url: `/fr${path.replace(/\{(\w+)\}/g, ':$1')}` })) unanswered.push(`${method} ${path}`);
          continue;
        }
        const response = await t.app.inject({ method: 'GET', url: `/fr${url}`, headers: admin.jwtHeaders });
        if (response.statusCode === 404 && !/\{/.test(path)) unanswered.push(`${method} ${path} ${response.statusCode}`);
      }
    }
    expect(unanswered).toEqual([]);
    // Unknown routes are not documented.
    expect(document.paths['/dataset/nothing-here/']).toBeUndefined();
  });

  it('names each operation once, gives creations their 201, and leaves out the writes the server refuses (405)', async () => {
    const ids = Object.values(document.paths).flatMap((operations) => Object.values(operations).map((operation) => (operation as unknown as { operationId: string }).operationId));
    expect(ids.length).toBeGreaterThan(200);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);

    for (const path of [
      '/usergroup/user-groups/{id}/members/', '/usergroup/user-groups/{id}/parents/', '/usergroup/user-groups/{id}/children/', '/dataset/datasets/{id}/contact-roles/',
      '/dataset/datasets/{id}/duplicate/', '/geospatial/geographiclayer/{id}/style/', '/resource/scenario-execution-frequency/', '/dataset/datasets/', '/resource/resources/',
    ]) {
      expect(Object.keys(document.paths[path].post.responses), path).toContain('201');
      expect(Object.keys(document.paths[path].post.responses), path).not.toContain('200');
    }

    // The lookup lists are read-only: their writes answer 405 and are not described.
    expect(Object.keys(document.paths['/dataset/categories/'])).toEqual(['get']);
    expect(Object.keys(document.paths['/dataset/categories/{id}/'])).toEqual(['get']);
    const superuser = await t.signIn('admin');
    expect((await t.app.inject({ method: 'POST', url: '/fr/dataset/categories/', headers: superuser.jwtHeaders, payload: { label: 'x' } })).statusCode).toBe(405);
    expect(Object.keys(document.paths['/dataset/licenses/'])).toEqual(['get', 'post']);
  });

  it('describes what tasks, files and pages answer, and the uploads as multipart', async () => {
    type Operation = { parameters: { name: string }[]; requestBody?: { content: Record<string, unknown> }; responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown>; $ref?: string } }> }> };
    const op = (path: string, method: string) => (document.paths[path] as unknown as Record<string, Operation>)[method];
    const superuser = await t.signIn('admin');
    const get = (url: string) => t.app.inject({ url: `/fr${url}`, headers: superuser.jwtHeaders });

    const taskList = op('/dashboard/task-queue-track/', 'get');
    expect(taskList.parameters.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['page', 'page_size', 'ordering', 'search', 'object', 'object_class', 'object_id', 'status__in']));
    const taskProperties = (taskList.responses['200'].content!['application/json'].schema.properties!.results as { items: { properties: Record<string, unknown> } }).items.properties;
    const dataset = (await get('/dataset/datasets/?page_size=1')).json().results[0].id;
    const scenario = (await get(`/dataset/datasets/${dataset}/_scenarios/`)).json()[0].id;
    const run = await t.app.inject({ method: 'POST', url: `/fr/dataset/datasets/${dataset}/_scenarios/${scenario}/run/?asynchrone`, headers: superuser.jwtHeaders });
    expect(run.statusCode).toBe(202);
    expect(Object.keys(op('/dataset/datasets/{id}/_scenarios/{scenario}/run/', 'post').responses['202'].content!['application/json'].schema.properties!).sort()).toEqual(Object.keys(run.json()).sort());
    const tasks = (await get('/dashboard/task-queue-track/?page_size=1')).json();
    expect(tasks.results).toHaveLength(1);
    expect(Object.keys(taskProperties).sort()).toEqual(Object.keys(tasks.results[0]).sort());
    expect(Object.keys(op('/dashboard/task-queue-track/{id}/', 'get').responses['200'].content!['application/json'].schema.properties!).sort()).toEqual(Object.keys(tasks.results[0]).sort());

    const exported = op('/dataset/datasets/export/odl/', 'get');
    expect(Object.keys(exported.responses['200'].content!)).toEqual(['text/csv']);
    expect(exported.parameters.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['search', 'ordering', 'usergroup_id']));
    expect((await get('/dataset/datasets/export/odl/')).headers['content-type']).toMatch(/^text\/csv/);
    expect(Object.keys(op('/dataset/catalog/', 'get').responses['200'].content!)).toEqual(['text/turtle', 'application/ld+json', 'application/rdf+xml']);
    expect(Object.keys(op('/login/signin/', 'get').responses['200'].content!)).toEqual(['text/html']);
    for (const path of ['/dataset/datasets/{id}/thumbnail/', '/usergroup/user-groups/{id}/thumbnail/', '/organisation/organisations/{id}/convention/', '/resource/file-upload/{id}/file/']) {
      expect(Object.keys(op(path, 'put').requestBody!.content), path).toEqual(['multipart/form-data']);
    }
    expect(Object.keys(op('/dataset/datasets/{id}/thumbnail/', 'get').responses['200'].content!)).toEqual(['image/png', 'image/jpeg']);
  });

  it('describes entities from their schemas: record, write body, orderings and filters', () => {
    const list = document.paths['/dataset/datasets/'].get;
    const ordering = list.parameters.find((parameter) => parameter.name === 'ordering')!;
    for (const field of datasets.list.orderable) expect(ordering['x-orderings']).toEqual(expect.arrayContaining([field, `-${field}`]));
    expect(ordering['x-orderings']).toEqual(expect.arrayContaining(['-last_update_date', 'publication_date']));
    expect(list.parameters.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['page', 'page_size', 'search', 'usergroup_id', 'categories__in', 'perms']));
    const record = document.components.schemas.Datasets;
    expect(Object.keys(record.properties!)).toEqual(Object.keys(datasets.fields));
    // Every field of a record is in every answer, its id never null.
    expect(record.required).toEqual(Object.keys(record.properties!));
    expect(record.properties!.id).toMatchObject({ type: 'integer', readOnly: true });
    // A jurisdiction takes one commune at least, in a PATCH too.
    expect(document.components.schemas.JurisdictionsPatch.properties!.municipalities).toMatchObject({ minItems: 1 });
    expect(document.components.schemas.DatasetsWrite.required).toEqual(['display_name', 'usergroup']);
    expect(document.components.schemas.DatasetsPatch.required).toBeUndefined();
    expect(document.paths['/dataset/datasets/'].post.responses).toHaveProperty('201');
    expect(document.paths['/dataset/datasets/{id}/'].delete.responses).toHaveProperty('204');
    expect(document.paths['/dataset/datasets/{id}/'].patch.responses['400']).toEqual({
      description: expect.any(String),
      content: { 'application/json': { schema: { anyOf: [{ $ref: '#/components/schemas/FieldErrors' }, { $ref: '#/components/schemas/Detail' }] } } },
    });
    // Resources no longer require their type.
    expect(document.components.schemas.ResourcesWrite.required).toEqual(['display_name', 'usergroup_id']);
    // The lists under a record answer pages, of the entity's records for its children and parents.
    for (const path of ['/dataset/datasets/{id}/children/', '/dataset/datasets/{id}/activity/', '/usergroup/user-groups/{id}/members/', '/usergroup/user-groups/{id}/parents/', '/resource/resources/{id}/link-checks/', '/geospatial/geographiclayer/']) {
      const answer = document.paths[path].get.responses['200'] as { content: { 'application/json': { schema: { required: string[] } } } };
      expect(answer.content['application/json'].schema.required, path).toEqual(['count', 'next', 'previous', 'results']);
      expect(document.paths[path].get.parameters.map((parameter) => parameter.name), path).toEqual(expect.arrayContaining(['page', 'page_size']));
    }
    expect(JSON.stringify(document.paths['/dataset/datasets/{id}/children/'].get.responses['200'])).toContain('#/components/schemas/Datasets');
    // Ids in paths are integers; names stay strings.
    const pathTypes = (path: string, method: string) =>
      Object.fromEntries((document.paths[path][method].parameters as unknown as { name: string; in: string; schema: { type: string } }[]).filter((parameter) => parameter.in === 'path').map((parameter) => [parameter.name, parameter.schema.type]));
    expect(pathTypes('/dataset/datasets/{id}/_scenarios/{scenario}/run/', 'post')).toEqual({ id: 'integer', scenario: 'integer' });
    expect(pathTypes('/datapusher/datastores/{database}/{id}/', 'get')).toEqual({ database: 'string', id: 'integer' });
    expect(pathTypes('/usergroup/user-groups/{id}/members/{userId}/', 'put')).toEqual({ id: 'integer', userId: 'integer' });
    // The lists that need a query parameter say it is required.
    const required = (path: string) => (document.paths[path].get.parameters as { name: string; required?: boolean }[]).filter((parameter) => parameter.required).map((parameter) => parameter.name);
    expect(required('/resource/ftp-choices/')).toEqual(['usergroup_id']);
    expect(required('/resource/scenario-execution-frequency/')).toEqual(['object_class', 'object_id']);
    expect(required('/organisation/municipalities/bbox/')).toEqual(['codename__in']);
    expect(required('/dataset/usergroup-permissions/')).toEqual(['dataset_id']);
    // Runs take the bare ?asynchrone and answer 202.
    const run = document.paths['/dataset/datasets/{id}/_scenarios/{scenario}/run/'].post;
    expect(run.parameters.map((parameter) => parameter.name)).toContain('asynchrone');
    expect(run.responses).toHaveProperty('202');
  });

  it('describes the rules the server applies to formatted fields: lengths, the username pattern', () => {
    const user = document.components.schemas.UsersWrite.properties as Record<string, { pattern?: string; maxLength?: number; format?: string }>;
    expect(user.email).toMatchObject({ format: 'email', maxLength: 254 });
    expect(document.components.schemas.ContactsWrite.properties!.email).toMatchObject({ format: 'email', maxLength: 254 });
    expect(user.username.maxLength).toBe(150);
    // JSON Schema reads patterns as ECMAScript's with Unicode classes.
    const username = new RegExp(user.username.pattern!, 'u');
    expect(['jean.dupont', 'Zoë_2', 'a@b+c-d', 'Ελένη'].filter((name) => !username.test(name))).toEqual([]);
    expect(['jean dupont', '<b>x</b>', '1; drop table x', ''].filter((name) => username.test(name))).toEqual([]);
  });

  it('describes a field as taking null exactly where the server takes it', async () => {
    const takesNull = (schema: { type?: unknown; enum?: unknown[] }) =>
      schema.type === undefined && schema.enum === undefined ? true : Array.isArray(schema.type) ? schema.type.includes('null') : (schema.enum ?? []).includes(null);
    const wrong: string[] = [];
    for (const entity of ENTITIES) {
      const described = writeJsonSchema(entity, true).properties as Record<string, { type?: unknown; enum?: unknown[] }>;
      const validator = writeValidator(entity, { partial: true });
      for (const name of writableFields(entity)) {
        const accepted = await validator.validate({ [name]: null }).then(() => true, () => false);
        if (accepted !== takesNull(described[name])) wrong.push(`${entity.resource}.${name}: the server ${accepted ? 'takes' : 'refuses'} null`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lists the 413 a body too large answers on every operation that takes one', async () => {
    const editor = await t.signIn('editor');
    const big = await t.app.inject({
      method: 'POST',
      url: '/en/dataset/contacts/',
      headers: { ...editor.jwtHeaders, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024), email: 'big@example.org' }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: expect.any(String) });
    const missing = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.requestBody !== undefined && !('413' in operation.responses))
        .map(([method]) => `${method} ${path}`),
    );
    expect(missing).toEqual([]);
    expect(document.paths['/dataset/contacts/'].post.responses['413']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Detail' } } } });
  });

  it("says a scenario run's path takes the scenario's id from its object's scenario list", () => {
    const runs = Object.entries(document.paths).filter(([path]) => path.endsWith('/_scenarios/{scenario}/run/'));
    expect(runs.length).toBeGreaterThan(5);
    for (const [path, item] of runs) {
      const scenario = item.post.parameters.find((parameter) => parameter.name === 'scenario') as unknown as { schema: unknown; description?: string };
      expect(scenario.schema, path).toEqual({ type: 'integer' });
      expect(scenario.description, path).toMatch(/`id`.*not its codename.*_scenarios\//);
    }
  });

  it("says what a read-only token may do, as the server lets it", async () => {
    const editor = await t.signIn('editor');
    const made = await t.app.inject({ method: 'POST', url: '/en/login/tokens/', headers: editor.jwtHeaders, payload: { name: 'Lecture', expires_in_days: 30, scope: 'read' } });
    const headers = { authorization: `Token ${made.json<{ key: string }>().key}` };
    for (const method of ['GET', 'HEAD', 'OPTIONS'] as const) expect((await t.app.inject({ method, url: '/en/dataset/datasets/', headers })).statusCode, method).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/en/dataset/contacts/', headers, payload: { name: 'x', email: 'x@example.org' } })).statusCode).toBe(403);
    expect((document.components.securitySchemes.token as { description: string }).description).toContain('read-only tokens may only GET, HEAD and OPTIONS');
  });

  it('says how to authenticate', () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['csrf', 'jwt', 'session', 'token']);
    expect(document.paths['/dataset/datasets/'].get.security).toEqual([{ session: [], csrf: [] }, { jwt: [] }, { token: [] }]);
    expect(document.paths['/login/signin/'].post.security).toEqual([]);
    expect(document.paths['/login/tokens/'].post.requestBody).toMatchObject({
      content: { 'application/json': { schema: { required: ['name', 'expires_in_days', 'scope'] } } },
    });
  });

  it('has a reference page, served from this server only', async () => {
    const page = await t.app.inject({ url: '/en/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // Every script, style and link it loads comes from here (the empty icon is inline, `data:,`).
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]).filter((source) => source !== 'data:,');
    expect(sources.length).toBeGreaterThan(2);
    expect(sources.every((source) => source.startsWith('/en/api/'))).toBe(true);
    for (const source of sources) expect((await t.app.inject({ url: source })).statusCode, source).toBe(200);
    expect((await t.app.inject({ url: '/en/api/docs/assets/package.json' })).statusCode).toBe(404);
  });
});
