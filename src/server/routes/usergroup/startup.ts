/** The start-up lists of the usergroup API: statuses and roles in the request's language. */
import type { FastifyInstance } from 'fastify';
import { ROLE, STATUS, type Locale } from '../../../../schemas/constants.ts';
import type { Scheduler } from '../../../../schemas/scenarios.ts';
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

  // The frequencies a scenario can be scheduled at (schemas/scenarios.ts Scheduler).
  app.get('/usergroup/schedulers/', { config }, async (request): Promise<Scheduler[]> => {
    const { rows } = await app.db.query<Scheduler>(
      `SELECT id, codename, COALESCE(labels->>$1, labels->>'fr') AS display_name, cron FROM schedulers ORDER BY id`,
      [request.locale],
    );
    return rows;
  });
}
