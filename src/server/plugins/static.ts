/**
 * The built admin app under /publish/: files from STATIC_DIR, index.html for every other path
 * (client-side routes). Hashed assets are cached for a year; index.html is always revalidated.
 * Each file goes out brotli- or gzip-compressed as the request accepts, from the copies the build
 * wrote beside it (scripts/vite/precompress.ts): nothing is compressed per request.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Registered with prefix /publish. */
export default async function staticApp(app: FastifyInstance, opts: { root: string }) {
  const indexFile = path.join(opts.root, 'index.html');
  if (!existsSync(indexFile)) {
    app.get('/*', { config: { auth: 'none' } }, async (_request, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(`The admin app is not built (${opts.root} has no index.html). Run \`npm run build\`.\n`),
    );
    return;
  }

  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const relative = path.relative(opts.root, filePath);
      reply.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendNotFound(request, reply);
    const [pathname, query] = request.url.split('?', 2);
    if (pathname === '/publish') return reply.redirect(`/publish/${query === undefined ? '' : `?${query}`}`, 301);
    // A missing asset is a real 404: answering index.html would hide a broken build.
    if (request.url.startsWith('/publish/assets/')) return sendNotFound(request, reply);
    return reply.header('cache-control', REVALIDATE).sendFile('index.html');
  });
}
