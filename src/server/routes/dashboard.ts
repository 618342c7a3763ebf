/**
 * Task-queue dashboard (/{locale}/dashboard/): the tasks a reader may see (superusers all; others
 * the tasks on or for objects they see, and their own), one task, its retry, cancel and
 * acknowledgement, and every scenario for the action filter. For users who can open Data.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canAccessData } from '../../../schemas/access.ts';
import type { Task } from '../../../schemas/scenarios.ts';
import { ApiError, invalidPage, notFound, permissionDenied, ValidationError } from '../http/errors.ts';
import { listClauses, listRequest, pageLinks, parsePageParams, type ListSpec, type QueryParams } from '../http/pagination.ts';
import { t } from '../i18n.ts';
import { TASK_DOC, type RouteDoc } from '../openapi/route-doc.ts';
import { scenarioHandler } from '../tasks/scenarios.ts';
import { datasetTasksSql, loadTask, presentTask, queueUserRun, TASK_FROM, taskSelectSql, taskVisibleSql, type TaskRow } from '../tasks/store.ts';

export const TASK_LIST: ListSpec = {
  fields: {
    id: { column: 'tq.id', type: 'integer', orderable: true, filters: ['in'] },
    status: { column: 'tq.status', type: 'text', orderable: true, filters: ['exact', 'in'] },
    action: { column: 'tq.action', type: 'text', orderable: true, filters: ['exact', 'in'] },
    object_class: { column: 'tq.object_class', type: 'text', filters: ['exact'] },
    object_id: { column: 'tq.object_id', type: 'integer', filters: ['exact'] },
    trigger: { column: 'tq.trigger', type: 'text', filters: ['exact'] },
    acknowledged: { column: '(tq.acknowledged_at IS NOT NULL)', type: 'boolean', filters: ['exact'] },
    start_date: { column: 'tq.start_date', type: 'timestamp', orderable: true },
    end_date: { column: 'tq.end_date', type: 'timestamp', orderable: true },
  },
  defaultOrdering: ['-start_date'],
  searchColumns: ['tq.action', 'tq.object_class', 'tq.status', "COALESCE(s.labels->>'fr', '')"],
};

async function requireDataAccess(request: FastifyRequest) {
  if (!canAccessData(request.user)) throw permissionDenied();
}

const TASK_ID = /^\d{1,15}$/;

export default async function dashboardRoutes(app: FastifyInstance) {
  const options = { config: { auth: 'required' as const }, preHandler: requireDataAccess };
  const documented = (openapi: RouteDoc) => ({ ...options, config: { ...options.config, openapi } });

  app.get<{ Querystring: QueryParams }>(
    '/dashboard/task-queue-track/',
    documented({
      summary: 'The tasks the caller may see',
      list: TASK_LIST,
      response: TASK_DOC,
      query: {
        object: {
          type: 'integer',
          description: "A dataset's tasks: run on it, on behalf of it (with the dataset as target), on its resources, their links, layers and styles, and its bulk changes",
        },
      },
    }),
    async (request) => {
    const object = request.query.object;
    if (object !== undefined && (typeof object !== 'string' || !/^\d{1,9}$/.test(object))) {
      throw new ValidationError({ object: [t(request.locale, 'invalidInteger')] });
    }
    const user = request.user!;
    const { page, pageSize } = parsePageParams(request.query);
    const { where, orderBy, params } = await listClauses(app.db, {}, TASK_LIST, request, (params) => {
      const conditions: string[] = [];
      const visible = taskVisibleSql(user, params);
      if (visible) conditions.push(visible);
      // `object`: the tasks of a dataset (tasks/store.ts datasetTasksSql says which).
      if (object) conditions.push(datasetTasksSql(params.add(Number(object))));
      return conditions;
    });
    const countValues = [...params.values];
    // The SELECT list's placeholders come after the count's, which does not use them.
    const select = taskSelectSql(user, params);
    const limit = params.add(pageSize);
    const offset = params.add((page - 1) * pageSize);
    const [counted, rows] = await Promise.all([
      app.db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM ${TASK_FROM} ${where}`, countValues),
      app.db.query<TaskRow>(`SELECT ${select} FROM ${TASK_FROM} ${where} ${orderBy} LIMIT ${limit} OFFSET ${offset}`, params.values),
    ]);
    const count = counted.rows[0].count;
    if (page > 1 && rows.rows.length === 0) throw invalidPage();
    const results = rows.rows.map((row) => presentTask(row, request.locale));
    return { count, ...pageLinks(listRequest(request), page, pageSize, count), results };
  });

  const taskOr404 = async (request: FastifyRequest<{ Params: { id: string } }>): Promise<Task> => {
    if (!TASK_ID.test(request.params.id)) throw notFound();
    const task = await loadTask(app.db, Number(request.params.id), request.user!, request.locale);
    if (!task) throw notFound();
    return task;
  };

  app.get<{ Params: { id: string } }>('/dashboard/task-queue-track/:id/', documented({ summary: 'A task', response: TASK_DOC }), taskOr404);

  app.post<{ Params: { id: string } }>('/dashboard/task-queue-track/:id/retry/', documented({ summary: 'Retry a failed task (a new task)', status: 202, response: TASK_DOC, optionalBody: true }), async (request, reply) => {
    const task = await taskOr404(request);
    if (!task.can_retry) {
      // An upload cannot run again: its bytes came with a request that is gone.
      const { rows: once } = await app.db.query('SELECT 1 FROM task_queue_track WHERE id = $1 AND interrupted_error IS NOT NULL', [task.id]);
      if (once.length > 0) throw new ApiError(400, 'task.notRerunnable');
      if (task.status === 'FAILURE' || task.status === 'REVOKED') throw permissionDenied();
      throw new ApiError(400, 'task.notRetriable');
    }
    const { rows } = await app.db.query<{ scenario_id: number | null; kwargs: Record<string, unknown> }>(
      'SELECT scenario_id, kwargs FROM task_queue_track WHERE id = $1',
      [task.id],
    );
    const limit = scenarioHandler(task.action, app.config.tasks.diagnosticScenarios)?.timeLimitSeconds ?? app.config.tasks.timeLimitSeconds;
    const id = await queueUserRun(app.db, {
      action: task.action,
      scenarioId: rows[0].scenario_id,
      objectClass: task.object_class,
      objectId: task.object_id,
      target: task.target,
      kwargs: rows[0].kwargs,
      trigger: 'retry',
      createdBy: request.user!.id,
      retryOf: task.id,
      timeLimitSeconds: limit,
    });
    return reply.code(202).send(await loadTask(app.db, id, request.user!, request.locale));
  });

  app.post<{ Params: { id: string } }>('/dashboard/task-queue-track/:id/cancel/', documented({ summary: 'Cancel a pending or running task', response: TASK_DOC, optionalBody: true }), async (request) => {
    const task = await taskOr404(request);
    if (task.status !== 'PENDING') {
      throw new ValidationError({ status: [t(request.locale, 'task.notPending', { status: task.status })] });
    }
    if (!task.can_cancel) throw permissionDenied();
    // Only a task still queued: a worker that gets its job afterwards finds it REVOKED and skips it.
    const { rowCount } = await app.db.query(
      `UPDATE task_queue_track SET status = 'REVOKED', end_date = now(),
              error = jsonb_build_object('code', 'task.revoked', 'params', jsonb_build_object('user', $2::text)),
              timeline = timeline || jsonb_build_array(jsonb_build_object('date', now(), 'level', 'warning', 'code', 'task.revoked',
                'params', jsonb_build_object('user', $2::text)))
        WHERE id = $1 AND status = 'PENDING'`,
      [task.id, request.user!.username],
    );
    if (!rowCount) {
      const now = await loadTask(app.db, task.id, request.user!, request.locale);
      throw new ValidationError({ status: [t(request.locale, 'task.notPending', { status: now?.status ?? task.status })] });
    }
    return loadTask(app.db, task.id, request.user!, request.locale);
  });

  app.post<{ Params: { id: string } }>('/dashboard/task-queue-track/:id/acknowledge/', documented({ summary: 'Acknowledge a failure', response: TASK_DOC, optionalBody: true }), async (request) => {
    const task = await taskOr404(request);
    if (task.status !== 'FAILURE') throw new ValidationError({ status: [t(request.locale, 'task.notFailed')] });
    // Whoever may run the task's scenario acknowledges it (can_retry says so once it is acknowledged).
    if (!task.can_acknowledge && !(task.acknowledged && task.can_retry)) throw permissionDenied();
    if (!task.acknowledged) {
      await app.db.query('UPDATE task_queue_track SET acknowledged_at = now(), acknowledged_by = $2 WHERE id = $1 AND acknowledged_at IS NULL', [
        task.id,
        request.user!.id,
      ]);
    }
    return loadTask(app.db, task.id, request.user!, request.locale);
  });

  // Every scenario of the platform, for the task list's action filter.
  const scenariosDoc = {
    summary: 'Every scenario of the platform, by kind of object',
    response: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'codename', 'action', 'object_class', 'display_name'],
        properties: { id: { type: 'integer' }, codename: { type: 'string' }, action: { enum: ['create', 'update'] }, object_class: { type: 'string' }, display_name: { type: 'string' } },
      },
    },
  };
  app.get('/dashboard/scenarios/', documented(scenariosDoc), async (request) => {
    const { rows } = await app.db.query(
      `SELECT id, codename, action, object_class, COALESCE(labels->>$1, labels->>'fr') AS display_name FROM scenarios ORDER BY object_class, codename`,
      [request.locale],
    );
    return rows;
  });
}
