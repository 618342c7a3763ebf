/** What a route tells the OpenAPI document (openapi/document.ts) beyond its method and path, in its `config.openapi`. */
import type { EntitySchema } from '../../../schemas/entity.ts';
import type { ListSpec } from '../http/pagination.ts';
import type { JsonSchema } from './json-schema.ts';

export interface RouteDoc {
  summary?: string;
  /** A registered entity's route: its record, write body and list are read from its schema. */
  entity?: { schema: EntitySchema; operation: 'list' | 'create' | 'retrieve' | 'update' | 'partial_update' | 'destroy'; list?: ListSpec; extraFilters?: string[] };
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
  /** Served but left out of the document: a write of a read-only entity, which answers 405. */
  hidden?: boolean;
}
