/**
 * Security headers. The CSP lets the built admin app run: own scripts, inline styles (MUI/emotion),
 * data: images. Permissions-Policy always; HSTS when served over https (TRUST_PROXY behind a proxy).
 */
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { DEFAULT_TILE_URL } from '../../../schemas/constants.ts';

/** Browser features the app never uses, refused to it and to anything embedded. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Map tiles come from tile servers; data: and blob: for inline images and uploads previews.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          // MapLibre fetches the background tiles of a layer's map.
          connectSrc: ["'self'", new URL(DEFAULT_TILE_URL).origin],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // Tiles and thumbnails from other origins must still load.
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      // Sent below, over https only: a plain-http server (local, tests) must not pin https.
      hsts: false,
    });

    app.addHook('onSend', async (request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
  },
  { name: 'security' },
);
