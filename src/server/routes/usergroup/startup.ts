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

/** A list of choices, each with its number and its label in the path's language. */
const choices = (summary: string) => ({
  auth: 'required' as const,
  openapi: { summary, response: { type: 'array', items: { type: 'object', required: ['id', 'label'], properties: { id: { type: 'integer' }, label: { type: 'string' } } } } },
});

const SCHEDULERS_DOC = {
  summary: 'The frequencies a scenario can be scheduled at',
  response: {
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'codename', 'display_name', 'cron'],
      properties: { id: { type: 'integer' }, codename: { type: 'string' }, display_name: { type: 'string' }, cron: { type: 'string' } },
    },
  },
};

export function registerStartupLists(app: FastifyInstance) {
  const config = { auth: 'required' as const };
  app.get('/usergroup/user-status/', { config: choices("The statuses of a user's account") }, async (request) => statusChoices(request.locale));
  app.get('/usergroup/user-group-status/', { config: choices("The statuses of a group's membership") }, async (request) => statusChoices(request.locale));
  app.get('/usergroup/user-group-roles/', { config: choices('The roles in a group') }, async (request) => roleChoices(request.locale));

  // The frequencies a scenario can be scheduled at (schemas/scenarios.ts Scheduler).
  app.get('/usergroup/schedulers/', { config: { ...config, openapi: SCHEDULERS_DOC } }, async (request): Promise<Scheduler[]> => {
    const { rows } = await app.db.query<Scheduler>(
      `SELECT id, codename, COALESCE(labels->>$1, labels->>'fr') AS display_name, cron FROM schedulers ORDER BY id`,
      [request.locale],
    );
    return rows;
  });
}
