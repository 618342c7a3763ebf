/**
 * Scenario runs (/{locale}/dataset/datasets/{id}/_scenarios/…, and every path registered with
 * registerScenarioPath: resources, layers, styles, indexers) and scheduled runs
 * (/{locale}/resource/scenario-execution-frequency/…). A dataset the user cannot see answers 404;
 * one they see but may not change, 403 (the rules of dataset writes, tasks/objects.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessSubject } from '../../../schemas/access.ts';
import { FINISHED_STATUSES, type ScenarioExecutionFrequency, type TaskTarget } from '../../../schemas/scenarios.ts';
import { notFound, permissionDenied, ValidationError, type FieldErrors } from '../http/errors.ts';
import { TASK_DOC, type RouteDoc } from '../openapi/route-doc.ts';
import { SqlParams } from '../http/pagination.ts';
import { t } from '../i18n.ts';
import { objectClass } from '../tasks/objects.ts';
import { scenarioHandler } from '../tasks/scenarios.ts';
import { nextRun } from '../tasks/schedules.ts';
import { loadTask, queueUserRun } from '../tasks/store.ts';

const ID = /^\d{1,9}$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type User = AccessSubject & { id: number };

/** Object class → the API path of its records, under which `{id}/_scenarios/` lists and runs its scenarios. */
/** 'none' (404), 'see' or 'run' for the user on an object of a registered class. */
async function objectAccess(app: FastifyInstance, className: string, id: number, user: User): Promise<'none' | 'see' | 'run'> {
  const cls = objectClass(className);
  if (!cls) return 'none';
  const params = new SqlParams();
  // A checked integer: written as a literal, so a superuser's query (no conditions) has no unused parameter.
  const idSql = String(Math.trunc(id));
  const visible = cls.visibleSql(idSql, user, params) ?? 'true';
  const runnable = cls.runnableSql(idSql, user, params) ?? 'true';
  if ((await cls.name(app.db, id)) === null) return 'none';
  const { rows } = await app.db.query<{ visible: boolean; runnable: boolean }>(`SELECT ${visible} AS visible, ${runnable} AS runnable`, params.values);
  if (!rows[0].visible) return 'none';
  return rows[0].runnable ? 'run' : 'see';
}

function parseKwargs(body: unknown, locale: FastifyRequest['locale']): { kwargs: Record<string, unknown>; target: TaskTarget | null } {
  const errors: FieldErrors = {};
  const raw = body && typeof body === 'object' && !Array.isArray(body) ? (body as { kwargs?: unknown }).kwargs : undefined;
  if (raw === undefined || raw === null) return { kwargs: {}, target: null };
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new ValidationError({ kwargs: [t(locale, 'task.kwargsObject')] });
  const kwargs = raw as Record<string, unknown>;
  let target: TaskTarget | null = null;
  if (kwargs.target !== undefined && kwargs.target !== null) {
    const candidate = kwargs.target as Partial<TaskTarget>;
    if (
      typeof candidate !== 'object' || Array.isArray(candidate) || typeof candidate.model !== 'string' || typeof candidate.app_label !== 'string' ||
      !Number.isInteger(candidate.pk) || (candidate.pk as number) < 1 || (candidate.pk as number) > 2_147_483_647
    ) {
      errors.target = [t(locale, 'task.targetInvalid')];
    } else {
      target = { model: candidate.model.slice(0, 100), app_label: candidate.app_label.slice(0, 100), pk: candidate.pk as number };
    }
  }
  // PostgreSQL's jsonb holds no NUL character; and kwargs stay small.
  const text = JSON.stringify(kwargs);
  if (text.length > 10_000 || text.includes('\\u0000')) errors.kwargs = [t(locale, 'invalidValue')];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { kwargs, target };
}

/**
 * `?asynchrone`: present without a value (`?asynchrone`), or `true` / `1`, queues the run and
 * answers 202 at once; absent, `false` or `0`, waits for its end. Any other value is a 400.
 */
export function isAsynchronous(raw: string | string[] | undefined, locale: FastifyRequest['locale']): boolean {
  if (raw === undefined) return false;
  const value = (Array.isArray(raw) ? raw[raw.length - 1] : raw).trim().toLowerCase();
  if (value === '' || value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ValidationError({ asynchrone: [t(locale, 'invalidValue')] });
}

/**
 * Checks a run's `kwargs.target`: the run's own object, or a dataset the object belongs to (the
 * dataset of a resource link, one holding a resource) that the user sees. Anything else answers
 * the same 400, whether the dataset exists or not.
 */
async function checkTarget(app: FastifyInstance, className: string, id: number, target: TaskTarget, user: User, locale: FastifyRequest['locale']) {
  if (target.model === className && target.pk === id) return;
  const cls = objectClass(className);
  if (target.model === 'dataset' && cls?.targetDatasetsSql) {
    const params = new SqlParams();
    const pk = params.add(target.pk);
    const visible = objectClass('dataset')!.visibleSql(pk, user, params) ?? 'true';
    const { rows } = await app.db.query(
      `SELECT 1 WHERE ${pk}::integer IN (${cls.targetDatasetsSql(String(Math.trunc(id)))}) AND ${visible}`,
      params.values,
    );
    if (rows.length > 0) return;
  }
  throw new ValidationError({ target: [t(locale, 'task.targetNotAllowed')] });
}

/**
 * Where scenarios run from: `{path}{id}/_scenarios/` lists them and `…/{scenarioId}/run/` queues one
 * on the object of that id. The id of the path may stand for another object (a resource's source
 * stands for its resource): `objectOf` answers that object's id, or null when there is none (404).
 */
export interface ScenarioPath {
  /** Path under the locale with slashes at both ends: '/dataset/datasets/'. */
  path: string;
  /** The object class of the tasks (tasks/objects.ts). */
  className: string;
  objectOf?: (app: FastifyInstance, id: number) => Promise<number | null>;
  /** The scenarios offered there, when not every scenario of the class. */
  codenames?: readonly string[];
  /** Checks the path's other parameters once the object is found and allowed (throws: 404 for an unknown one, 503 for a missing service). */
  guard?: (request: FastifyRequest) => void;
}

function scenariosOf(app: FastifyInstance, where: ScenarioPath, locale: string) {
  return app.db
    .query(
      `SELECT id, codename, action, COALESCE(labels->>$2, labels->>'fr') AS display_name FROM scenarios
        WHERE object_class = $1 AND ($3::text[] IS NULL OR codename = ANY($3::text[])) ORDER BY id`,
      [where.className, locale, where.codenames ?? null],
    )
    .then(({ rows }) => rows as { id: number; codename: string }[]);
}

const RUN_DOC: RouteDoc = {
  summary: 'Run a scenario on the object',
  query: {
    asynchrone: {
      type: 'string',
      enum: ['', 'true', '1', 'false', '0'],
      description: 'Present without a value, `true` or `1`: queued, 202 at once. Absent, `false` or `0`: 200 once the task has ended.',
    },
  },
  body: {
    type: 'object',
    properties: {
      kwargs: {
        type: 'object',
        properties: { target: { type: 'object', properties: { model: { type: 'string' }, app_label: { type: 'string' }, pk: { type: 'integer' } }, required: ['model', 'app_label', 'pk'] } },
      },
    },
  },
  optionalBody: true,
  status: 202,
  response: TASK_DOC,
  also: { 200: { description: 'Run without `asynchrone`: the ended task', schema: TASK_DOC } },
};

/** A scheduled scenario (`ScenarioExecutionFrequency` in schemas/scenarios.ts). */
const FREQUENCY_DOC = {
  type: 'object',
  required: ['id', 'scenario', 'object_class', 'object_id', 'scheduler', 'next_run', 'last_task'],
  properties: {
    id: { type: 'integer' },
    scenario: { type: 'integer' },
    object_class: { type: 'string' },
    object_id: { type: 'integer' },
    scheduler: { type: 'integer' },
    next_run: { type: ['string', 'null'], format: 'date-time' },
    last_task: { type: ['integer', 'null'], description: 'The task of its last run' },
  },
};

const FREQUENCY_BODY = {
  type: 'object',
  required: ['scenario', 'object_class', 'object_id', 'scheduler'],
  properties: { scenario: { type: 'integer' }, object_class: { type: 'string' }, object_id: { type: 'integer' }, scheduler: { type: 'integer', description: 'A scheduler (usergroup/schedulers/)' } },
};

const SCENARIOS_DOC: RouteDoc = {
  summary: 'The scenarios that may run on the object',
  response: {
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'codename', 'action', 'display_name'],
      properties: { id: { type: 'integer' }, codename: { type: 'string' }, action: { enum: ['create', 'update'] }, display_name: { type: 'string', description: "In the path's language" } },
    },
  },
};

/** Registers the `_scenarios/` list and the run route of one kind of object. */
export function registerScenarioPath(app: FastifyInstance, where: ScenarioPath) {
  const config = { auth: 'required' as const };
  const objectId = async (raw: string) => {
    if (!ID.test(raw)) return null;
    return where.objectOf ? where.objectOf(app, Number(raw)) : Number(raw);
  };

  app.get<{ Params: { id: string } }>(`${where.path}:id/_scenarios/`, { config: { ...config, openapi: SCENARIOS_DOC } }, async (request) => {
    const id = await objectId(request.params.id);
    if (id === null || (await objectAccess(app, where.className, id, request.user!)) === 'none') throw notFound();
    where.guard?.(request);
    return scenariosOf(app, where, request.locale);
  });

  app.post<{ Params: { id: string; scenario: string }; Querystring: { asynchrone?: string | string[] } }>(
    `${where.path}:id/_scenarios/:scenario/run/`,
    { config: { ...config, openapi: RUN_DOC } },
    async (request, reply) => {
      const { scenario } = request.params;
      const id = await objectId(request.params.id);
      if (id === null || !ID.test(scenario)) throw notFound();
      const access = await objectAccess(app, where.className, id, request.user!);
      if (access === 'none') throw notFound();
      const found = (await scenariosOf(app, where, request.locale)).find((row) => row.id === Number(scenario));
      if (!found) throw notFound();
      if (access !== 'run') throw permissionDenied();
      where.guard?.(request);
      const { kwargs, target } = parseKwargs(request.body, request.locale);
      const asynchronous = isAsynchronous(request.query.asynchrone, request.locale);
      if (target) await checkTarget(app, where.className, id, target, request.user!, request.locale);
      const limit = scenarioHandler(found.codename, false)?.timeLimitSeconds ?? app.config.tasks.timeLimitSeconds;
      const taskId = await queueUserRun(app.db, {
        action: found.codename, scenarioId: found.id, objectClass: where.className, objectId: id, target, kwargs, trigger: 'user', createdBy: request.user!.id, timeLimitSeconds: limit,
      });
      if (asynchronous) return reply.code(202).send(await loadTask(app.db, taskId, request.user!, request.locale));
      // Synchronous: wait for the end, at most the time limit and the recovery's margin.
      const deadline = Date.now() + (limit + 5) * 1000;
      let delay = 50;
      for (;;) {
        const task = await loadTask(app.db, taskId, request.user!, request.locale);
        if (!task || FINISHED_STATUSES.includes(task.status) || Date.now() > deadline) return reply.code(200).send(task);
        await sleep(delay);
        delay = Math.min(delay * 2, 500);
      }
    },
  );
}

export default async function scenarioRoutes(app: FastifyInstance) {
  const config = { auth: 'required' as const };

  registerScenarioPath(app, { path: '/dataset/datasets/', className: 'dataset' });
  registerScenarioPath(app, { path: '/resource/resource-dataset/', className: 'resourcedataset' });
  registerScenarioPath(app, { path: '/indexer/remote-api-indexes/', className: 'remoteapiindex' });

  // Scheduled runs.
  const FREQUENCY_SELECT = `f.id, f.scenario_id AS scenario, f.object_class, f.object_id, f.scheduler_id AS scheduler, f.next_run_at AS next_run, f.last_task_id AS last_task`;
  const present = (row: Omit<ScenarioExecutionFrequency, 'next_run'> & { next_run: Date | null }): ScenarioExecutionFrequency => ({
    ...row,
    next_run: row.next_run ? row.next_run.toISOString() : null,
  });

  interface FrequencyBody {
    scenario?: unknown;
    object_class?: unknown;
    object_id?: unknown;
    scheduler?: unknown;
  }

  /** An id a row may have: a whole number from 1 to the largest integer column value. */
  const isDatabaseId = (value: unknown) => Number.isInteger(value) && (value as number) >= 1 && (value as number) < 2_147_483_647;

  /** Checks a frequency's fields (all of them on creation); answers the scheduler's cron when one is given. */
  async function validateFrequency(request: FastifyRequest, body: FrequencyBody, partial: boolean, existing?: { object_class: string }) {
    const locale = request.locale;
    const errors: FieldErrors = {};
    const required = (field: keyof FrequencyBody) => !partial && (body[field] === undefined || body[field] === null);
    for (const field of ['scenario', 'object_class', 'object_id', 'scheduler'] as const) {
      if (required(field)) errors[field] = [t(locale, 'required')];
    }
    if (partial && (body.object_class !== undefined || body.object_id !== undefined)) errors.object_class = [t(locale, 'invalidValue')];
    const className = (partial ? existing?.object_class : body.object_class) as string;
    if (!partial && body.object_class !== undefined && (typeof body.object_class !== 'string' || !objectClass(body.object_class))) {
      errors.object_class = [t(locale, 'invalidValue')];
    }
    if (!partial && body.object_id !== undefined && (!Number.isInteger(body.object_id) || (body.object_id as number) < 1 || (body.object_id as number) > 2_147_483_647)) {
      errors.object_id = [t(locale, 'invalidInteger')];
    }
    let cron: string | null = null;
    if (body.scheduler !== undefined && body.scheduler !== null) {
      const scheduler = isDatabaseId(body.scheduler)
        ? (await app.db.query<{ cron: string }>('SELECT cron FROM schedulers WHERE id = $1', [body.scheduler])).rows[0]
        : undefined;
      if (!scheduler) errors.scheduler = [t(locale, 'task.schedulerUnknown')];
      else cron = scheduler.cron;
    }
    if (body.scenario !== undefined && body.scenario !== null && !errors.object_class) {
      const known = isDatabaseId(body.scenario)
        ? (await app.db.query('SELECT 1 FROM scenarios WHERE id = $1 AND object_class = $2', [body.scenario, className])).rowCount
        : 0;
      if (!known) errors.scenario = [t(locale, 'task.scenarioUnknown')];
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return cron;
  }

  /** The object of a frequency: 400 when it does not exist or is not visible, 403 when the user may not run scenarios on it. */
  async function requireRunnable(request: FastifyRequest, className: string, id: number, asField: boolean) {
    const access = await objectAccess(app, className, id, request.user!);
    if (access === 'none') {
      if (asField) throw new ValidationError({ object_id: [t(request.locale, 'task.objectUnknown')] });
      throw notFound();
    }
    if (access !== 'run') throw permissionDenied();
  }

  /**
   * A resource's scenarios are its source kind's (`create-<kind>`, `update-<kind>`), as its
   * source's `_scenarios/` offers them: another kind's would run on a source it was not made for.
   */
  async function requireApplicable(request: FastifyRequest, className: string, objectId: number, scenarioId: unknown) {
    if (className !== 'resource') return;
    const { rowCount } = await app.db.query(
      `SELECT 1 FROM scenarios s JOIN resources r ON s.codename IN ('create-' || r.type, 'update-' || r.type) WHERE s.id = $1 AND r.id = $2`,
      [scenarioId, objectId],
    );
    if (!rowCount) throw new ValidationError({ scenario: [t(request.locale, 'task.scenarioUnknown')] });
  }

  const base = '/resource/scenario-execution-frequency/';

  const frequenciesDoc = {
    summary: "A record's scheduled scenarios",
    query: { object_class: { type: 'string', required: true, description: "The record's kind: dataset, resource, …" }, object_id: { type: 'integer', required: true } },
    response: { type: 'array', items: FREQUENCY_DOC },
  };
  app.get<{ Querystring: { object_class?: string; object_id?: string } }>(base, { config: { ...config, openapi: frequenciesDoc } }, async (request) => {
    const { object_class: className, object_id: objectId } = request.query;
    if (typeof className !== 'string' || !objectClass(className)) throw new ValidationError({ object_class: [t(request.locale, 'invalidValue')] });
    if (typeof objectId !== 'string' || !ID.test(objectId)) throw new ValidationError({ object_id: [t(request.locale, 'invalidInteger')] });
    if ((await objectAccess(app, className, Number(objectId), request.user!)) === 'none') return [];
    const { rows } = await app.db.query(`SELECT ${FREQUENCY_SELECT} FROM scenario_execution_frequencies f WHERE f.object_class = $1 AND f.object_id = $2 ORDER BY f.id`, [className, Number(objectId)]);
    return rows.map(present);
  });

  app.post<{ Body: FrequencyBody }>(base, { config: { ...config, openapi: { summary: "Schedule a scenario's runs", status: 201, body: FREQUENCY_BODY, response: FREQUENCY_DOC } } }, async (request, reply) => {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as FrequencyBody;
    const cron = await validateFrequency(request, body, false);
    await requireRunnable(request, body.object_class as string, body.object_id as number, true);
    await requireApplicable(request, body.object_class as string, body.object_id as number, body.scenario);
    const { rows } = await app.db.query(
      `INSERT INTO scenario_execution_frequencies (scenario_id, object_class, object_id, scheduler_id, next_run_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (scenario_id, object_class, object_id) DO NOTHING
       RETURNING id, scenario_id AS scenario, object_class, object_id, scheduler_id AS scheduler, next_run_at AS next_run, last_task_id AS last_task`,
      [body.scenario, body.object_class, body.object_id, body.scheduler, nextRun(cron!), request.user!.id],
    );
    if (!rows[0]) throw new ValidationError({ scenario: [t(request.locale, 'task.frequencyExists')] });
    return reply.code(201).send(present(rows[0]));
  });

  const frequencyOr404 = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    if (!ID.test(request.params.id)) throw notFound();
    const { rows } = await app.db.query<{ object_class: string; object_id: number }>('SELECT object_class, object_id FROM scenario_execution_frequencies WHERE id = $1', [Number(request.params.id)]);
    if (!rows[0]) throw notFound();
    await requireRunnable(request, rows[0].object_class, rows[0].object_id, false);
    return rows[0];
  };

  app.get<{ Params: { id: string } }>(`${base}:id/`, { config: { ...config, openapi: { summary: 'Read a scheduled scenario', response: FREQUENCY_DOC } } }, async (request) => {
    await frequencyOr404(request);
    const { rows } = await app.db.query(`SELECT ${FREQUENCY_SELECT} FROM scenario_execution_frequencies f WHERE f.id = $1`, [Number(request.params.id)]);
    return present(rows[0]);
  });

  app.patch<{ Params: { id: string }; Body: FrequencyBody }>(`${base}:id/`, { config: { ...config, openapi: { summary: 'Change a scheduled scenario', body: { type: 'object', properties: FREQUENCY_BODY.properties }, response: FREQUENCY_DOC } } }, async (request) => {
    const existing = await frequencyOr404(request);
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as FrequencyBody;
    const cron = await validateFrequency(request, body, true, existing);
    if (body.scenario !== undefined && body.scenario !== null) await requireApplicable(request, existing.object_class, existing.object_id, body.scenario);
    try {
      await app.db.query(
        `UPDATE scenario_execution_frequencies SET scenario_id = COALESCE($2, scenario_id), scheduler_id = COALESCE($3, scheduler_id),
                next_run_at = CASE WHEN $3::integer IS NULL THEN next_run_at ELSE $4 END
          WHERE id = $1`,
        [Number(request.params.id), body.scenario ?? null, body.scheduler ?? null, cron ? nextRun(cron) : null],
      );
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new ValidationError({ scenario: [t(request.locale, 'task.frequencyExists')] });
      throw error;
    }
    const { rows } = await app.db.query(`SELECT ${FREQUENCY_SELECT} FROM scenario_execution_frequencies f WHERE f.id = $1`, [Number(request.params.id)]);
    return present(rows[0]);
  });

  app.delete<{ Params: { id: string } }>(`${base}:id/`, { config }, async (request, reply) => {
    await frequencyOr404(request);
    await app.db.query('DELETE FROM scenario_execution_frequencies WHERE id = $1', [Number(request.params.id)]);
    return reply.code(204).send();
  });
}
