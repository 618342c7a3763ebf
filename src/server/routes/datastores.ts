/**
 * The datastore databases (/{type}/datastores/databases/, type = datapusher | geospatial): the
 * datastore is always there — the `datastore` schema of the platform's database, or the database
 * at DATASTORE_URL — so HEAD answers 200 and GET lists it. Only the database name is shown, never
 * the connection URL with its credentials. Its tables (…/{database}/tables/, `?free=true` or
 * `?search=`, the first 10) are those the caller may make a resource of (datastore/attach.ts);
 * the resources made of them are served with the other sources (resource-sources.ts).
 */
import type { FastifyInstance } from 'fastify';
import { canAccessData } from '../../../schemas/access.ts';
import { attachableTables, type DatastoreTable } from '../datastore/attach.ts';
import { datastoreDatabaseName } from '../datastore/connection.ts';
import { notFound, permissionDenied } from '../http/errors.ts';

export interface DatastoreDatabase {
  name: string;
}

/** Where the datastore's databases and tables are listed. */
export const DATASTORE_TYPES = ['datapusher', 'geospatial'] as const;

const DATABASES_DOC = {
  summary: 'The datastore databases',
  response: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
};
const TABLES_DOC = {
  summary: "The tables the caller may attach: their resources' tables, or (superusers, `free=true`) those of no resource",
  query: { search: { type: 'string' }, free: { type: 'boolean' } },
  response: { type: 'array', items: { type: 'object', required: ['schema_name', 'table_name'], properties: { schema_name: { type: 'string' }, table_name: { type: 'string' } } } },
};

export default async function datastoreRoutes(app: FastifyInstance) {
  for (const type of DATASTORE_TYPES) {
    app.get(`/${type}/datastores/databases/`, { config: { auth: 'required', openapi: DATABASES_DOC } }, async (): Promise<DatastoreDatabase[]> => [{ name: datastoreDatabaseName() }]);

    app.get<{ Params: { database: string }; Querystring: { free?: string; search?: string } }>(
      `/${type}/datastores/:database/tables/`,
      { config: { auth: 'required', openapi: TABLES_DOC } },
      async (request): Promise<DatastoreTable[]> => {
        if (!canAccessData(request.user)) throw permissionDenied();
        if (request.params.database !== datastoreDatabaseName()) throw notFound();
        const search = typeof request.query.search === 'string' ? request.query.search.replaceAll('\u0000', '').slice(0, 200) : '';
        const free = ['true', '1'].includes(String(request.query.free ?? '').toLowerCase());
        return attachableTables(app.db, request.user!, { search, free });
      },
    );
  }
}
