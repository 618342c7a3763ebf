/** The start-up lists of the usergroup API: statuses and roles in the request's language. */
import type { FastifyInstance } from 'fastify';
import { ROLE, STATUS, type Locale } from '../../../../schemas/constants.ts';
import { t } from '../../i18n.ts';

export function statusChoices(locale: Locale) {
  return Object.values(STATUS).map((id) => ({ id, label: t(locale, `status.${id}`) }));
}

export function roleChoices(locale: Locale) {
  return Object.values(ROLE).map((id) => ({ id, label: t(locale, `role.${id}`) }));
}

export function registerStartupLists(app: FastifyInstance) {
  const config = { auth: 'required' as const };
  app.get('/usergroup/user-status/', { config }, async (request) => statusChoices(request.locale));
  app.get('/usergroup/user-group-status/', { config }, async (request) => statusChoices(request.locale));
  app.get('/usergroup/user-group-roles/', { config }, async (request) => roleChoices(request.locale));

  // Not managed by this server yet: empty lists, so forms that offer them still open.
  const emptyPage = { count: 0, next: null, previous: null, results: [] };
  app.get('/usergroup/schedulers/', { config }, async () => emptyPage);
}
