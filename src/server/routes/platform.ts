/** Routes outside the locale prefixes: health probe, runtime configuration of the admin app, root redirect. */
import type { FastifyInstance } from 'fastify';
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

  app.get('/publish/config.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return runtimeConfig(app);
  });

  app.get('/', async (_request, reply) => reply.redirect('/publish/', 302));
}
