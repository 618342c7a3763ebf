/**
 * The datastore databases (/{type}/datastores/databases/, type = datapusher | geospatial): the
 * datastore is always there — the `datastore` schema of the platform's database, or the database
 * at DATASTORE_URL — so HEAD answers 200 and GET lists it. Only the database name is shown, never
 * the connection URL with its credentials.
 */
import type { FastifyInstance } from 'fastify';

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
  }
}
