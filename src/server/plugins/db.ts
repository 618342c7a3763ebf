/** Shares the pool and the settings with every route (app.db, app.config). */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config.ts';
import { closeDatastore, configureDatastore } from '../datastore/connection.ts';
import type { Db } from '../db/pool.ts';
import { upgradeLegacyLayers } from '../datastore/upgrade.ts';
import { configureMapserver } from '../mapserver/client.ts';

export default fp<{ db: Db; config: ServerConfig }>(
  async (app, { db, config }) => {
    app.decorate('db', db);
    app.decorate('config', config);
    configureDatastore(config.datastoreUrl);
    configureMapserver(config.mapserverUrl, config.mapserverDatastoreUrl ?? config.datastoreUrl ?? config.databaseUrl);
    app.addHook('onClose', closeDatastore);
    // Layers of before whole geometries move to today's storage; a failure is logged, not fatal.
    app.addHook('onReady', async () => {
      await upgradeLegacyLayers(db).catch((error: unknown) => app.log.error({ err: error }, 'upgrading the layers of points failed'));
    });
  },
  { name: 'db' },
);
