/**
 * Availability of the datastore (data pusher) and of the map-server database. HEAD answers 200
 * when configured and 503 when not (Fastify derives it from GET); GET lists the databases.
 * Only the database name is shown, never the connection URL with its credentials.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.ts';
import type { MessageKey } from '../i18n.ts';

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
  const endpoints: Array<{ path: string; url: string | null; unavailable: MessageKey }> = [
    { path: '/datapusher/datastores/databases/', url: app.config.datastoreUrl, unavailable: 'datastoreUnavailable' },
    { path: '/geospatial/datastores/databases/', url: app.config.mapserverUrl, unavailable: 'mapserverUnavailable' },
  ];
  for (const { path, url, unavailable } of endpoints) {
    app.get(path, { config: { auth: 'required' } }, async (): Promise<DatastoreDatabase[]> => {
      if (!url) throw new ApiError(503, unavailable);
      return [{ name: databaseName(url) }];
    });
  }
}
