/** The language of messages comes from the path prefix: /fr/, /en/ or /it/ (default fr). */
import fp from 'fastify-plugin';
import { DEFAULT_LOCALE } from '../../../schemas/constants.ts';
import { localeFromPath } from '../i18n.ts';

export default fp(
  async (app) => {
    app.decorateRequest('locale', DEFAULT_LOCALE);
    app.addHook('onRequest', async (request) => {
      request.locale = localeFromPath(request.url);
    });
  },
  { name: 'locale' },
);
