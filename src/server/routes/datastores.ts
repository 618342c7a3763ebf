/**
 * The datastore databases (/{type}/datastores/databases/, type = datapusher | geospatial): the
 * datastore is always there — the `datastore` schema of the platform's database, or the database
 * at DATASTORE_URL — so HEAD answers 200 and GET lists it. Only the database name is shown, never
 * the connection URL with its credentials. Its tables (…/{database}/tables/, those of the
 * `datastore` schema only) are listed to editors and superusers.
 */
import type { FastifyInstance } from 'fastify';
import { canAccessData } from '../../../schemas/access.ts';
import { datastoreDb, DATASTORE_SCHEMA } from '../datastore/connection.ts';
import { notFound, permissionDenied } from '../http/errors.ts';

export interface DatastoreDatabase {
  name: string;
}

export function databaseName(url: string): string {
  try {
    const parsed = new URL(url);
    return decodeURIComponent(parsed.pathname.replace(/^\//, '')) || parsed.hostname;
  } catch {
    return 'default';
  }
}

export default async function datastoreRoutes(app: FastifyInstance) {
  const name = app.config.datastoreUrl ? databaseName(app.config.datastoreUrl) : 'datastore';
  for (const type of ['datapusher', 'geospatial']) {
    app.get(`/${type}/datastores/databases/`, { config: { auth: 'required' } }, async (): Promise<DatastoreDatabase[]> => [{ name }]);

    app.get<{ Params: { database: string }; Querystring: { free?: string; search?: string } }>(
      `/${type}/datastores/:database/tables/`,
      { config: { auth: 'required' } },
      async (request) => {
        if (!canAccessData(request.user)) throw permissionDenied();
        if (request.params.database !== name) throw notFound();
        const db = datastoreDb(app.db);
        // Only the datastore schema: DATASTORE_URL may name a database holding other things too.
        const schemas = 't.schemaname = $1';
        const params: unknown[] = [DATASTORE_SCHEMA];
        const conditions = [schemas, "t.tablename NOT LIKE '%\\_\\_load\\_%'"];
        const search = typeof request.query.search === 'string' ? request.query.search.replaceAll('\u0000', '').slice(0, 200) : '';
        if (search !== '') {
          params.push(`%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
          conditions.push(`(t.schemaname || '.' || t.tablename) ILIKE $${params.length}`);
        }
        if (['true', '1'].includes(String(request.query.free ?? '').toLowerCase())) {
          // Free: not the table of a layer nor (once the resources tables exist) of a resource.
          const { rows: present } = await app.db.query<{ sources: boolean }>("SELECT to_regclass('public.resource_sources') IS NOT NULL AS sources");
          const used = await app.db.query<{ key: string }>(
            `SELECT schema_name || '.' || table_name AS key FROM geographic_layers${present[0].sources ? " UNION SELECT schema_name || '.' || table_name FROM resource_sources WHERE table_name IS NOT NULL" : ''}`,
          );
          params.push(used.rows.map((row) => row.key));
          conditions.push(`NOT ((t.schemaname || '.' || t.tablename) = ANY($${params.length}::text[]))`);
        }
        const { rows } = await db.query<{ schema_name: string; table_name: string }>(
          `SELECT t.schemaname AS schema_name, t.tablename AS table_name FROM pg_tables t WHERE ${conditions.join(' AND ')} ORDER BY 1, 2 LIMIT 10`,
          params,
        );
        return rows;
      },
    );
  }
}
