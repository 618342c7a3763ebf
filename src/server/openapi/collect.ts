/**
 * Collects the API's routes as they are registered (Fastify's onRoute hook), for the OpenAPI
 * document: those under the first locale prefix, without it (the other locales serve the same).
 * Registered before any route.
 */
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { LOCALES } from '../../../schemas/constants.ts';
import type { CollectedRoute } from './document.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The routes of one locale prefix, without it, as registered. */
    apiRoutes: CollectedRoute[];
  }
}

const PREFIX = `/${LOCALES[0]}/`;

export default fp(
  async (app) => {
    const routes: CollectedRoute[] = [];
    app.decorate('apiRoutes', routes);
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith(PREFIX)) return;
      const config = (route.config ?? {}) as { auth?: CollectedRoute['auth']; openapi?: CollectedRoute['doc'] };
      for (const method of [route.method].flat()) {
        // Fastify adds a HEAD route to every GET: documented with the GET.
        const url = route.url.slice(PREFIX.length - 1);
        if (method === 'HEAD' && routes.some((known) => known.method === 'GET' && known.url === url)) continue;
        routes.push({ method, url, auth: config.auth ?? 'none', doc: config.openapi });
      }
    });
  },
  { name: 'openapi-collect' },
);
