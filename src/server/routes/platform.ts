/**
 * Routes outside the locale prefixes: the probes of a load balancer (/health: the process answers
 * and reaches its database; /ready: database reachable, every migration applied and none unknown,
 * file storage reachable), runtime configuration of the admin app, root redirect.
 */
import type { FastifyInstance } from 'fastify';
import { schemaState } from '../db/migrate.ts';
import { storageOf } from '../storage/index.ts';
import type { RuntimeConfig } from '../../../schemas/api.ts';

export function runtimeConfig(app: FastifyInstance): RuntimeConfig {
  const { config } = app;
  return {
    links: {
      login: '/{locale}/login/signin/',
      profile: '/{locale}/login/profile/',
      terms: '/{locale}/login/terms/',
      signout: '/{locale}/login/session/signout/',
      home: config.portalUrl,
    },
    services: config.services.map(({ key, url, available, superusers }) => ({ key, url, available, superusers })),
  };
}

export default async function platformRoutes(app: FastifyInstance) {
  app.get('/health', async (request, reply) => {
    try {
      await app.db.query('SELECT 1');
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'error', database: 'error' });
    }
  });

  app.get('/ready', async (request, reply) => {
    const checks = { database: 'ok', migrations: 'ok', storage: 'ok' };
    try {
      const state = await schemaState(app.db);
      if (state.missing.length > 0 || state.unknown.length > 0) {
        checks.migrations = 'error';
        request.log.error({ missing: state.missing, unknown: state.unknown }, 'readiness: the schema differs from this version');
      }
    } catch (error) {
      checks.database = checks.migrations = 'error';
      request.log.error({ err: error }, 'readiness: database unreachable');
    }
    try {
      await storageOf(app.config).check();
    } catch (error) {
      checks.storage = 'error';
      request.log.error({ err: error }, 'readiness: file storage unreachable');
    }
    const ready = Object.values(checks).every((value) => value === 'ok');
    reply.header('cache-control', 'no-store');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'error', ...checks });
  });

  app.get('/publish/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return runtimeConfig(app);
  });

  app.get('/', async (_request, reply) => reply.redirect('/publish/', 302));
}
