/**
 * Builds the platform server (Fastify) without listening: main.ts listens, tests use inject().
 * One plugin per concern; the API routes (routes/index.ts) are registered once per locale prefix
 * (/fr, /en, /it).
 */
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { LOCALES } from '../../schemas/constants.ts';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/pool.ts';
import { ApiError } from './http/errors.ts';
import { pgRateStore } from './auth/rate-store.ts';
import signinThrottle from './auth/signin-throttle.ts';
import authPlugin from './plugins/auth.ts';
import csrfPlugin from './plugins/csrf.ts';
import dbPlugin from './plugins/db.ts';
import errorsPlugin, { frameworkError } from './plugins/errors.ts';
import idempotencyPlugin from './plugins/idempotency.ts';
import jsonBodyPlugin from './plugins/json-body.ts';
import localePlugin from './plugins/locale.ts';
import multipartPlugin from './plugins/multipart.ts';
import securityPlugin from './plugins/security.ts';
import slowBodiesPlugin from './plugins/slow-bodies.ts';
import staticApp from './plugins/static.ts';
import { LOCALE_ROUTES } from './routes/index.ts';
import platformRoutes from './routes/platform.ts';
import openapiCollect from './openapi/collect.ts';
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

/** The API under one locale prefix: the route plugins of routes/index.ts. */
async function localeApi(app: FastifyInstance) {
  for (const routes of LOCALE_ROUTES) await app.register(routes);
}

export async function buildApp({ db, config, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger: logger ?? { level: config.logLevel } }),
    // Behind a reverse proxy, X-Forwarded-Proto decides the Secure flag of the cookies.
    trustProxy: config.trustProxy,
    frameworkErrors: frameworkError,
    // The logger options change Fastify's generic logger type; the rest of the code uses the base one.
  }) as unknown as FastifyInstance;

  await app.register(dbPlugin, { db, config });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(jsonBodyPlugin);
  await app.register(multipartPlugin);
  await app.register(slowBodiesPlugin);
  await app.register(securityPlugin);
  await app.register(localePlugin);
  await app.register(errorsPlugin);
  await app.register(csrfPlugin);
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in the database: every process of the platform counts the same attempts.
    store: pgRateStore(db),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'tooManyRequests', {}, { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  await app.register(signinThrottle);
  await app.register(authPlugin);
  // After auth: a key is the signed-in caller's.
  await app.register(idempotencyPlugin);

  // Before any route: the OpenAPI document lists every route registered after it.
  await app.register(openapiCollect);
  await app.register(platformRoutes);
  for (const locale of LOCALES) await app.register(localeApi, { prefix: `/${locale}` });
  await app.register(staticApp, { prefix: '/publish', root: config.staticDir });
  return app;
}
