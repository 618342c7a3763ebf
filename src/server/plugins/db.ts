/** Shares the pool and the settings with every route (app.db, app.config). */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config.ts';
import { closeDatastore, configureDatastore } from '../datastore/connection.ts';
import type { Db } from '../db/pool.ts';
import { configureMapserver } from '../mapserver/client.ts';

export default fp<{ db: Db; config: ServerConfig }>(
  async (app, { db, config }) => {
    app.decorate('db', db);
    app.decorate('config', config);
    configureDatastore(config.datastoreUrl);
    configureMapserver(config.mapserverUrl, config.mapserverDatastoreUrl ?? config.datastoreUrl ?? config.databaseUrl);
    app.addHook('onClose', closeDatastore);
  },
  { name: 'db' },
);
