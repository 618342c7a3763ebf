/**
 * Builds the platform server (Fastify) without listening: main.ts listens, tests use inject().
 * One plugin per concern; API routes are registered once per locale prefix (/fr, /en, /it).
 */
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { LOCALES } from '../../schemas/constants.ts';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/pool.ts';
import { ApiError } from './http/errors.ts';
import authPlugin from './plugins/auth.ts';
import csrfPlugin from './plugins/csrf.ts';
import dbPlugin from './plugins/db.ts';
import errorsPlugin from './plugins/errors.ts';
import localePlugin from './plugins/locale.ts';
import securityPlugin from './plugins/security.ts';
import staticApp from './plugins/static.ts';
import contactRoutes from './routes/contacts.ts';
import dashboardRoutes from './routes/dashboard.ts';
import datastoreRoutes from './routes/datastores.ts';
import jurisdictionRoutes from './routes/jurisdictions.ts';
import loginPages from './routes/login-pages.ts';
import loginRoutes from './routes/login.ts';
import organisationRoutes from './routes/organisation.ts';
import platformRoutes from './routes/platform.ts';
import resourceRoutes from './routes/resource.ts';
import usergroupRoutes from './routes/usergroup.ts';
import './types.ts';

export interface BuildAppOptions {
  db: Db;
  config: ServerConfig;
  /** A pino logger, pino options, or false for none (tests). Default: pino at config.logLevel. */
  logger?: FastifyBaseLogger | { level: string } | boolean;
}

function isLoggerInstance(logger: BuildAppOptions['logger']): logger is FastifyBaseLogger {
  return typeof logger === 'object' && logger !== null && typeof (logger as FastifyBaseLogger).child === 'function';
}

/** The API under one locale prefix. */
async function localeApi(app: FastifyInstance) {
  await app.register(loginRoutes);
  await app.register(loginPages);
  await app.register(usergroupRoutes);
  await app.register(resourceRoutes);
  await app.register(datastoreRoutes);
  await app.register(dashboardRoutes);
  await app.register(jurisdictionRoutes);
  await app.register(contactRoutes);
  await app.register(organisationRoutes);
}

export async function buildApp({ db, config, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger: logger ?? { level: config.logLevel } }),
    // Behind a reverse proxy, X-Forwarded-Proto decides the Secure flag of the cookies.
    trustProxy: config.trustProxy,
    // The logger options change Fastify's generic logger type; the rest of the code uses the base one.
  }) as unknown as FastifyInstance;

  await app.register(dbPlugin, { db, config });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(securityPlugin);
  await app.register(localePlugin);
  await app.register(errorsPlugin);
  await app.register(csrfPlugin);
  await app.register(authPlugin);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'tooManyRequests', {}, { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });

  await app.register(platformRoutes);
  for (const locale of LOCALES) await app.register(localeApi, { prefix: `/${locale}` });
  await app.register(staticApp, { prefix: '/publish', root: config.staticDir });
  return app;
}
