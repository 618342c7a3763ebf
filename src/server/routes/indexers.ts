/**
 * Indexers (/{locale}/indexer/): the kinds of remote catalogue, the indexers (CRUD), and the trial
 * of a saved indexer or of an unsaved form. Superusers and the delegated administrators (role 2)
 * of an indexer's usergroup see and change it (schemas/access.ts `canManageIndexers`); its
 * scheduler becomes the scheduled run of the harvest scenario on it. Running it now is the
 * scenario run route (routes/scenarios.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canAccessAccounts, canManageIndexers } from '../../../schemas/access.ts';
import { HARVEST_EVERYTHING, HARVEST_SCENARIO, indexers, validUrlPattern, type HarvestTrial } from '../../../schemas/indexers.ts';
import { isHttpUrl } from '../../../schemas/validators.ts';
import { bodyGroupId, bodyId, fieldError, integerParam, registerEntity, translateValidation, type WriteContext } from '../crud/index.ts';
import { ApiError, permissionDenied, ValidationError, type FieldErrors } from '../http/errors.ts';
import { HarvestError } from '../harvest/errors.ts';
import { isOwnFeedUrl } from '../harvest/origin.ts';
import { loadIndexer, type Indexer } from '../harvest/indexer.ts';
import { trialHarvest } from '../harvest/run.ts';
import { localeFromPath, t } from '../i18n.ts';
import { page } from '../openapi/route-doc.ts';
import { nextRun } from '../tasks/schedules.ts';
import type { Locale } from '../../../schemas/constants.ts';

/** The addresses this platform answers at: PUBLIC_URL's host, and the portal's (host[:port], lower case). */
function ownHosts(request: FastifyRequest): string[] {
  const { publicUrl, portalUrl } = request.server.config;
  // Through URL, so a default port (host:80) compares equal to the address without it.
  return [...new Set([new URL(publicUrl).host, new URL(portalUrl, publicUrl).host].map((host) => host.toLowerCase()))];
}

/** Checks what the schema cannot say: the URL pattern's placeholder, the owning group's kind, and that the catalogue is not this platform's. */
async function prepareIndexer({ client, request, values, row, existing }: WriteContext): Promise<void> {
  if (typeof values.url === 'string' && isOwnFeedUrl(values.url, ownHosts(request))) {
    throw new ValidationError({ url: [t(request.locale, 'harvest.errorOwnCatalogue', { url: values.url })] });
  }
  if (Object.hasOwn(values, 'url_pattern') && !validUrlPattern(values.url_pattern as string | null)) {
    throw fieldError(request.locale, 'url_pattern', 'validation.urlPattern');
  }
  if (Object.hasOwn(values, 'url_pattern') && values.url_pattern == null) row.url_pattern = '';
  for (const field of ['description', 'organisation_filter'] as const) if (Object.hasOwn(values, field) && values[field] == null) row[field] = '';
  if (Object.hasOwn(values, 'usergroup')) {
    const { rows } = await client.query<{ usergroup_type: string }>('SELECT usergroup_type FROM usergroups WHERE id = $1', [values.usergroup]);
    if (!rows[0] || rows[0].usergroup_type === 'group-of-organisation') throw fieldError(request.locale, 'usergroup', 'validation.invalid');
  }
  if (existing) row.updated_at = new Date();
}

/** The indexer's scheduler is the harvest's scheduled run on it. */
async function scheduleHarvest({ client, id, values, user }: WriteContext & { id: number }): Promise<void> {
  if (!Object.hasOwn(values, 'scheduler')) return;
  const { rows } = await client.query<{ cron: string }>('SELECT cron FROM schedulers WHERE id = $1', [values.scheduler]);
  await client.query(
    `INSERT INTO scenario_execution_frequencies (scenario_id, object_class, object_id, scheduler_id, next_run_at, created_by)
     SELECT s.id, 'remoteapiindex', $1, $2, $3, $4 FROM scenarios s WHERE s.codename = $5
     ON CONFLICT (scenario_id, object_class, object_id) DO UPDATE SET scheduler_id = EXCLUDED.scheduler_id,
       next_run_at = CASE WHEN scenario_execution_frequencies.scheduler_id = EXCLUDED.scheduler_id
                          THEN scenario_execution_frequencies.next_run_at ELSE EXCLUDED.next_run_at END`,
    [id, values.scheduler, rows[0] ? nextRun(rows[0].cron) : null, user.id, HARVEST_SCENARIO],
  );
}

/**
 * Trials running at once in this process. Each holds the remote's pages in memory while it reads
 * them (up to 50 MB of text a page, several times that once parsed), and runs in the request
 * rather than in a worker bounded by WORKER_CONCURRENCY: unbounded, a few dozen asked together of
 * a hostile catalogue would exhaust the server's memory. More answer 429.
 */
export const MAX_RUNNING_TRIALS = 2;
let runningTrials = 0;

/** A trial's answer: what a run would do, or its failure in the reader's language. */
async function trial(app: FastifyInstance, indexer: Indexer, request: FastifyRequest, reply: FastifyReply): Promise<HarvestTrial> {
  const locale: Locale = request.locale;
  if (isOwnFeedUrl(indexer.url, ownHosts(request))) return { status: 'FAILURE', error: t(locale, 'harvest.errorOwnCatalogue', { url: indexer.url }) };
  if (runningTrials >= MAX_RUNNING_TRIALS) {
    reply.header('retry-after', '10');
    throw new ApiError(429, 'harvest.trialsBusy');
  }
  runningTrials += 1;
  try {
    return await trialHarvest(app.db, indexer, { settings: app.config.tasks.harvest, outbound: app.config.outbound });
  } catch (error) {
    if (error instanceof HarvestError) return { status: 'FAILURE', error: t(locale, error.code, error.params) };
    throw error;
  } finally {
    runningTrials -= 1;
  }
}

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** The indexer an unsaved form describes, or a 400 naming what is wrong. */
async function formIndexer(app: FastifyInstance, request: FastifyRequest): Promise<Indexer> {
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const locale = request.locale;
  const errors: FieldErrors = {};
  const required = [translateValidation(locale, 'validation.required')];
  const typeId = bodyId(body.implementation_type);
  const kind = typeId === null ? undefined : (await app.db.query<{ codename: Indexer['kind'] }>('SELECT codename FROM remote_api_index_types WHERE id = $1', [typeId])).rows[0]?.codename;
  if (!kind) errors.implementation_type = body.implementation_type == null ? required : [translateValidation(locale, 'validation.invalid')];
  const url = text(body.url, 1000);
  if (!url) errors.url = required;
  else if (!isHttpUrl(url)) errors.url = [translateValidation(locale, 'validation.url')];
  const pattern = text(body.url_pattern, 1000);
  if (!validUrlPattern(pattern)) errors.url_pattern = [translateValidation(locale, 'validation.urlPattern')];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return {
    id: null,
    name: text(body.name, 255),
    kind: kind!,
    url,
    command: text(body.command, 500) || HARVEST_EVERYTHING,
    organisation_filter: text(body.organisation_filter, 255),
    url_pattern: pattern,
    usergroup_id: null,
  };
}

/** `HarvestTrial` in schemas/indexers.ts: the first records a harvest would make, or why it fails. */
const TRIAL_DOC = {
  summary: 'Read the remote catalogue as a harvest would, changing nothing',
  response: {
    type: 'object',
    required: ['status'],
    properties: {
      status: { enum: ['SUCCESS', 'FAILURE'] },
      error: { type: 'string' },
      complete: { type: 'boolean', description: 'Every page was read' },
      pages: { type: 'integer' },
      counts: { type: 'object', additionalProperties: { type: 'integer' } },
      records: { type: 'array', items: { type: 'object', required: ['remote_id', 'action'], properties: { remote_id: { type: 'string' }, remote_url: { type: ['string', 'null'] }, action: { enum: ['create', 'update', 'unchanged'] } } } },
    },
  },
};

export default async function indexerRoutes(app: FastifyInstance) {
  const config = { auth: 'required' as const };
  const locale = localeFromPath(`${app.prefix}/`);

  const typeItem = { type: 'object', required: ['id', 'codename', 'display_name'], properties: { id: { type: 'integer' }, codename: { type: 'string' }, display_name: { type: 'string' } } };
  app.get('/indexer/remote-api-index-types/', { config: { ...config, openapi: { summary: 'The kinds of remote catalogue, every one in one page', response: page(typeItem) } } }, async (request) => {
    if (!canAccessAccounts(request.user)) throw permissionDenied();
    const { rows } = await app.db.query(
      `SELECT id, codename, COALESCE(labels->>$1, labels->>'fr') AS display_name FROM remote_api_index_types ORDER BY id`,
      [locale],
    );
    return { count: rows.length, next: null, previous: null, results: rows };
  });

  // The trial of a form not saved yet: the same answer as a saved indexer's.
  app.post('/indexer/remote-api-indexes/trial/', { config: { ...config, openapi: { ...TRIAL_DOC, summary: "Try a remote catalogue's settings before saving them", body: { $ref: '#/components/schemas/IndexersWrite' } } } }, async (request, reply) => {
    const group = bodyGroupId(request.body);
    const allowed = group == null ? canAccessAccounts(request.user) : canManageIndexers(request.user, group);
    if (!allowed) throw permissionDenied();
    return trial(app, await formIndexer(app, request), request, reply);
  });

  registerEntity(app, {
    schema: indexers,
    sql: {
      from: 'remote_api_indexes r',
      alias: 'r',
      columns: { implementation_type: 'r.implementation_type_id', scheduler: 'r.scheduler_id', usergroup: 'r.usergroup_id' },
      searchColumns: [`r.name || ' ' || r.url`],
      orderings: { name: 'immutable_unaccent(lower(r.name))' },
      extraFilters: {
        usergroup_id: (value, params, request) => `r.usergroup_id = ${params.add(integerParam('usergroup_id', value, request.locale))}`,
      },
      listConditions: (params, request) => {
        const user = request.user!;
        if (user.is_superuser) return [];
        const groups = user.usergroup_roles.filter((role) => canManageIndexers(user, role.usergroup_id)).map((role) => role.usergroup_id);
        return [`r.usergroup_id = ANY(${params.add(groups)}::integer[])`];
      },
    },
    write: {
      table: 'remote_api_indexes',
      columns: { implementation_type: 'implementation_type_id', scheduler: 'scheduler_id', usergroup: 'usergroup_id' },
      unique: {
        remote_api_indexes_implementation_type_id_fkey: 'implementation_type',
        remote_api_indexes_scheduler_id_fkey: 'scheduler',
        remote_api_indexes_usergroup_id_fkey: 'usergroup',
        remote_api_indexes_url_pattern_check: 'url_pattern',
      },
      beforeWrite: prepareIndexer,
      afterWrite: scheduleHarvest,
      beforeDestroy: async ({ client, id }) => {
        await client.query(`DELETE FROM scenario_execution_frequencies WHERE object_class = 'remoteapiindex' AND object_id = $1`, [id]);
      },
    },
    access: {
      list: (user) => canAccessAccounts(user),
      retrieve: (user, { record }) => !record || canManageIndexers(user, record.usergroup as number),
      create: (user, { body }) => {
        const group = bodyGroupId(body);
        return group == null ? canAccessAccounts(user) : canManageIndexers(user, group);
      },
      update: (user, { record, body }) => {
        if (!record) return canAccessAccounts(user);
        const target = bodyGroupId(body);
        return canManageIndexers(user, record.usergroup as number) && (target == null || canManageIndexers(user, target));
      },
      destroy: (user, { record }) => (!record ? canAccessAccounts(user) : canManageIndexers(user, record.usergroup as number)),
    },
    actions: [
      {
        method: 'GET',
        path: 'trial/',
        doc: TRIAL_DOC,
        access: (user, { record }) => !record || canManageIndexers(user, record.usergroup as number),
        handler: async (request, record, reply) => trial(app, (await loadIndexer(app.db, record.id as number))!, request, reply),
      },
    ],
  });
}
