/** What a route tells the OpenAPI document (openapi/document.ts) beyond its method and path, in its `config.openapi`. */
import type { EntitySchema } from '../../../schemas/entity.ts';
import { TASK_STATUSES } from '../../../schemas/scenarios.ts';
import type { ListSpec } from '../http/pagination.ts';
import type { JsonSchema } from './json-schema.ts';

export interface RouteDoc {
  summary?: string;
  /** A registered entity's route: its record, write body and list are read from its schema. */
  entity?: { schema: EntitySchema; operation: 'list' | 'create' | 'retrieve' | 'update' | 'partial_update' | 'destroy'; list?: ListSpec; extraFilters?: string[] };
  /** The answer is a record of this entity (its component). */
  record?: EntitySchema;
  /** A list of the DRF kind (page, page_size, ordering, search, filters), from its ListSpec. */
  list?: ListSpec;
  /** Query parameters of their own. */
  query?: Record<string, JsonSchema>;
  body?: JsonSchema;
  /** The answer's body, on `status`. */
  response?: JsonSchema;
  /** The success status; default 204 for DELETE, 200 otherwise. */
  status?: number;
  /** Other success statuses and their bodies, e.g. 200 besides 202. */
  also?: Record<number, { description: string; schema?: JsonSchema }>;
  /** The answer's media types when it is not JSON (a file, a page): its body is described as binary or text. */
  produces?: string[];
  /** The body is multipart/form-data with this file part (and the other text parts named). */
  upload?: { file: string; fields?: string[] };
  /** The body may be left out (a scenario run's kwargs); without `body`, the action takes none (`{}` or nothing). */
  optionalBody?: boolean;
  /** The body is also taken as a page's form (application/x-www-form-urlencoded, with its CSRF field and these of its own). */
  form?: { fields?: string[] };
  /** The body is the raw file itself, of these media types. */
  rawBody?: string[];
  /** Served but left out of the document: a write of a read-only entity, which answers 405. */
  hidden?: boolean;
}

/** A page of a list: `{count, next, previous, results}` of these items. */
export const page = (item: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['count', 'next', 'previous', 'results'],
  properties: {
    count: { type: 'integer' },
    count_capped: { type: 'boolean', description: 'Present (true) when only the first `count` rows were counted and more exist (dataset searches and filters, at 1,000).' },
    next: { type: ['string', 'null'], format: 'uri', description: "The next page's absolute address (under PUBLIC_URL), or null." },
    previous: { type: ['string', 'null'], format: 'uri', description: "The previous page's absolute address, or null." },
    results: { type: 'array', items: item },
  },
});

/** A task as the dashboard and scenario runs answer it (`Task` in schemas/scenarios.ts). */
export const TASK_DOC: JsonSchema = (() => {
  const text = { type: 'string' };
  const nullable = (type: string) => ({ type: [type, 'null'] });
  return {
    type: 'object',
    required: ['id', 'status', 'action', 'object_class', 'timeline', 'start_date'],
    properties: {
      id: { type: 'integer' },
      status: { enum: [...TASK_STATUSES] },
      action: { ...text, description: "The scenario's codename" },
      action_label: { ...text, description: "The scenario's name in the path's language" },
      object_class: text,
      object_id: nullable('integer'),
      object_name: nullable('string'),
      target: {
        type: ['object', 'null'],
        properties: { model: text, app_label: text, pk: { type: 'integer' } },
      },
      target_name: { ...nullable('string'), description: "The target's name, when the caller may see it" },
      timeline: {
        type: 'array',
        items: { type: 'object', properties: { date: { type: 'string', format: 'date-time' }, level: { enum: ['info', 'warning', 'error'] }, message: text } },
      },
      warnings: { type: 'array', items: text },
      error: nullable('string'),
      trigger: { enum: ['user', 'schedule', 'harvest', 'retry', 'system'] },
      created_by: nullable('string'),
      retry_of: nullable('integer'),
      acknowledged: { type: 'boolean' },
      start_date: { type: 'string', format: 'date-time' },
      end_date: { type: ['string', 'null'], format: 'date-time' },
      can_retry: { type: 'boolean' },
      can_cancel: { type: 'boolean' },
      can_acknowledge: { type: 'boolean' },
    },
  };
})();

/**
 * A creation: a POST whose success is 201 (an entity's create, a duplicate, a link, a token…).
 * The Idempotency-Key header applies to these (plugins/idempotency.ts), and the document says so.
 */
export function isCreation(method: string, doc: RouteDoc | undefined): boolean {
  return method === 'POST' && (doc?.entity?.operation === 'create' || doc?.status === 201);
}
