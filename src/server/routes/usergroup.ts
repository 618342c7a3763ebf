/** Start-up lists of the usergroup API: user and membership statuses, group roles. */
import type { FastifyInstance } from 'fastify';
import { ROLE, STATUS, type Locale } from '../../../schemas/constants.ts';
import { t } from '../i18n.ts';

export function statusChoices(locale: Locale) {
  return Object.values(STATUS).map((id) => ({ id, label: t(locale, `status.${id}`) }));
}

export function roleChoices(locale: Locale) {
  return Object.values(ROLE).map((id) => ({ id, label: t(locale, `role.${id}`) }));
}

export default async function usergroupRoutes(app: FastifyInstance) {
  const config = { auth: 'required' as const };
  app.get('/usergroup/user-status/', { config }, async (request) => statusChoices(request.locale));
  app.get('/usergroup/user-group-status/', { config }, async (request) => statusChoices(request.locale));
  app.get('/usergroup/user-group-roles/', { config }, async (request) => roleChoices(request.locale));
}
