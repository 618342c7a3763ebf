/**
 * Bulk changes of datasets (/{locale}/dataset/bulk/…, src/server/bulk/):
 *
 *   POST bulk/preview/            {action, params, ids | filters} → what would change, and what not
 *   POST bulk/apply/              the same body → 202, the task that writes it
 *   GET  bulk/{task_id}/          the change and whether it can still be undone
 *   POST bulk/{task_id}/undo/     → 202, the task that puts every changed dataset back
 *
 * Only datasets the caller sees count: an id of one they cannot see is refused as an unknown one.
 * Those they see but may not change are skipped, as are those already so. A change may be undone
 * by whoever made it (or a superuser) for BULK_UNDO_MINUTES after it ran.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canAccessData, type AccessSubject } from '../../../schemas/access.ts';
import {
  BULK_ACTIONS,
  BULK_MAX_DATASETS,
  BULK_PREVIEW_SAMPLE,
  BULK_PREVIEW_SKIPPED,
  BULK_SKIP_REASONS,
  BULK_TASK_ACTION,
  BULK_UNDO_TASK_ACTION,
  type BulkAction,
  type BulkOperation,
  type BulkPreview,
} from '../../../schemas/bulk.ts';
import type { Locale } from '../../../schemas/constants.ts';
import { BULK_SPECS, shown, type BulkActionSpec, type Params } from '../bulk/actions.ts';
import { planChanges, visibleRows, type Plan } from '../bulk/plan.ts';
import { bodyId, type RegisteredEntity } from '../crud/index.ts';
import { inTransaction } from '../db/pool.ts';
import { ApiError, notFound, permissionDenied, ValidationError, type FieldErrors } from '../http/errors.ts';
import { t } from '../i18n.ts';
import { TASK_DOC, type RouteDoc } from '../openapi/route-doc.ts';
import { loadTask, queueTasks, wakeTaskEngine } from '../tasks/store.ts';

interface BulkRequest {
  action: BulkAction;
  spec: BulkActionSpec;
  params: Params;
  ids: number[] | null;
  filters: Record<string, string> | null;
}

/** List parameters that do not select datasets. */
const NOT_FILTERS = new Set(['page', 'page_size', 'ordering', 'format']);

/** The body's action, parameters and selection: every mistake a 400 on its field; an action for superusers only, 403 to others. */
async function parseBody(request: FastifyRequest): Promise<BulkRequest> {
  const locale = request.locale;
  const body = (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const action = body.action;
  if (typeof action !== 'string' || !(BULK_ACTIONS as readonly string[]).includes(action)) {
    errors.action = [t(locale, 'bulk.actionUnknown', { actions: BULK_ACTIONS.join(', ') })];
  }
  const rawParams = body.params ?? {};
  if (typeof rawParams !== 'object' || rawParams === null || Array.isArray(rawParams)) errors.params = [t(locale, 'task.kwargsObject')];

  let ids: number[] | null = null;
  let filters: Record<string, string> | null = null;
  if ((body.ids == null) === (body.filters == null)) {
    errors.ids = [t(locale, 'bulk.selectionRequired')];
  } else if (body.ids != null) {
    const list = body.ids;
    if (!Array.isArray(list) || list.length === 0 || list.length > BULK_MAX_DATASETS) {
      errors.ids = [t(locale, 'bulk.idsCount', { max: BULK_MAX_DATASETS })];
    } else {
      const parsed = list.map((value) => bodyId(value));
      if (parsed.includes(null)) errors.ids = [t(locale, 'invalidValue')];
      else ids = [...new Set(parsed as number[])];
    }
  } else {
    const raw = body.filters;
    const entries = raw && typeof raw === 'object' && !Array.isArray(raw) ? Object.entries(raw) : null;
    if (!entries || entries.some(([, value]) => !['string', 'number', 'boolean'].includes(typeof value) || String(value).length > 1000)) {
      errors.filters = [t(locale, 'invalidValue')];
    } else {
      filters = Object.fromEntries(entries.filter(([name]) => !NOT_FILTERS.has(name)).map(([name, value]) => [name, String(value)]));
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const spec = BULK_SPECS[action as BulkAction];
  if (spec.superuserOnly && !request.user!.is_superuser) throw permissionDenied();
  const params = await spec.parse(rawParams as Params, locale, request.server.db);
  return { action: action as BulkAction, spec, params, ids, filters };
}

/** The ids of the selection the user sees: named ones (an id they cannot see is a 400 as an unknown one) or those the list's filters match. */
async function selectedIds(request: FastifyRequest, entity: RegisteredEntity, bulk: BulkRequest): Promise<number[]> {
  const locale: Locale = request.locale;
  const user = request.user!;
  if (bulk.ids) {
    const rows = await visibleRows(request.server.db, user, bulk.ids);
    if (rows.length < bulk.ids.length) {
      const known = new Set(rows.map((row) => row.id));
      const unknown = bulk.ids.filter((id) => !known.has(id));
      throw new ValidationError({ ids: [t(locale, 'bulk.idsUnknown', { ids: unknown.slice(0, 10).join(', ') + (unknown.length > 10 ? ', …' : '') })] });
    }
    return bulk.ids;
  }
  // The list's own search and filters (and its 400s), over the datasets the user sees.
  const listRequest = Object.create(request, { query: { value: bulk.filters } }) as FastifyRequest;
  const query = await entity.listQuery(listRequest, 'd.id');
  const { rows } = await request.server.db.query<{ id: number }>(`${query.text} LIMIT ${BULK_MAX_DATASETS + 1}`, query.values);
  if (rows.length > BULK_MAX_DATASETS) throw new ValidationError({ filters: [t(locale, 'bulk.tooMany', { max: BULK_MAX_DATASETS })] });
  return rows.map((row) => row.id);
}

async function plan(request: FastifyRequest, entity: RegisteredEntity, bulk: BulkRequest): Promise<Plan> {
  const ids = await selectedIds(request, entity, bulk);
  const rows = await visibleRows(request.server.db, request.user!, ids);
  return inTransaction(request.server.db, (client) => planChanges(client, bulk.spec, bulk.params, rows));
}

function presentPreview(bulk: BulkRequest, result: Plan, locale: Locale): BulkPreview {
  return {
    count: result.changes.length,
    changes: result.changes.slice(0, BULK_PREVIEW_SAMPLE).map((change) => ({
      id: change.row.id,
      display_name: change.row.display_name,
      before: shown(bulk.spec, change.before),
      after: shown(bulk.spec, change.after),
    })),
    skipped: result.skipped.slice(0, BULK_PREVIEW_SKIPPED).map(({ row, reason }) => ({
      id: row.id,
      name: row.display_name,
      reason,
      message: t(locale, `bulk.reason.${reason}`),
    })),
    skipped_count: result.skipped.length,
  };
}

interface OperationRow {
  task_id: number;
  action: BulkAction;
  params: Params;
  count: number;
  changed: number;
  undo_until: Date | null;
  undo_task_id: number | null;
  created_by: number | null;
  status: string;
  open: boolean;
}

/** A bulk change the user may look at and undo (theirs, or any for a superuser); 404 otherwise. */
async function operationOf(request: FastifyRequest<{ Params: { taskId: string } }>): Promise<OperationRow> {
  const id = bodyId(request.params.taskId);
  if (id === null) throw notFound();
  const user = request.user!;
  const { rows } = await request.server.db.query<OperationRow>(
    `SELECT o.task_id, o.action, o.params, cardinality(o.dataset_ids) AS count,
            (SELECT count(*)::integer FROM bulk_snapshots s WHERE s.task_id = o.task_id) AS changed,
            o.undo_until, o.undo_task_id, o.created_by, tq.status, COALESCE(o.undo_until > now(), false) AS open
       FROM bulk_operations o JOIN task_queue_track tq ON tq.id = o.task_id
      WHERE o.task_id = $1 AND ($2 OR o.created_by = $3)`,
    [id, user.is_superuser, user.id],
  );
  if (!rows[0]) throw notFound();
  // Without the right any more (a superuser's action, for a former superuser), it is not theirs to undo.
  const spec = BULK_SPECS[rows[0].action];
  if (spec?.superuserOnly && !user.is_superuser) throw notFound();
  return rows[0];
}

function presentOperation(row: OperationRow): BulkOperation {
  const { params } = row;
  return {
    task_id: row.task_id,
    action: row.action,
    // Internal details of a parameter check stay on the server.
    params: Object.fromEntries(Object.entries(params).filter(([name]) => name !== 'territory')),
    count: row.count,
    changed: row.changed,
    undo_until: row.undo_until?.toISOString() ?? null,
    can_undo: row.status === 'SUCCESS' && row.undo_task_id === null && row.open,
    undo_task: row.undo_task_id,
  };
}

const requireDataAccess = async (request: FastifyRequest) => {
  if (!canAccessData(request.user as AccessSubject)) throw permissionDenied();
};

/** What parseBody takes: an action, its parameters (each action's own), and the datasets by id or by the list's filters. */
const BODY_DOC = {
  type: 'object',
  required: ['action'],
  properties: {
    action: { type: 'string', enum: [...BULK_ACTIONS] },
    // Each action's own (allOf below), any of them here.
    params: { description: 'As the action needs (docs/bulk.md): nothing, level, usergroup_ids, keyword or usergroup', anyOf: [...new Set(BULK_ACTIONS.map((action) => BULK_SPECS[action].params))] },
    ids: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: BULK_MAX_DATASETS },
    filters: {
      type: 'object',
      description: "The datasets list's search and filter parameters (page, page_size, ordering and format are left out)",
      additionalProperties: { type: ['string', 'number', 'boolean'], maxLength: 1000 },
    },
  },
  oneOf: [{ required: ['ids'] }, { required: ['filters'] }],
  allOf: BULK_ACTIONS.map((action) => ({
    if: { properties: { action: { const: action } } },
    then: { properties: { params: BULK_SPECS[action].params }, ...(BULK_SPECS[action].params.required ? { required: ['params'] } : {}) },
  })),
};
const PREVIEW_DOC = {
  type: 'object',
  required: ['count', 'changes', 'skipped', 'skipped_count'],
  properties: {
    count: { type: 'integer', description: 'The datasets the change would change' },
    changes: {
      type: 'array',
      description: `The first ${BULK_PREVIEW_SAMPLE}`,
      items: {
        type: 'object',
        required: ['id', 'display_name', 'before', 'after'],
        properties: { id: { type: 'integer' }, display_name: { type: 'string' }, before: { type: ['object', 'null'] }, after: { type: ['object', 'null'] } },
      },
    },
    skipped: {
      type: 'array',
      description: `The first ${BULK_PREVIEW_SKIPPED} left out, and why`,
      items: {
        type: 'object',
        required: ['id', 'name', 'reason', 'message'],
        properties: { id: { type: 'integer' }, name: { type: 'string' }, reason: { enum: [...BULK_SKIP_REASONS] }, message: { type: 'string' } },
      },
    },
    skipped_count: { type: 'integer' },
  },
};
const DOCS: Record<string, RouteDoc> = {
  preview: { summary: 'Preview a bulk change of datasets', body: BODY_DOC, response: PREVIEW_DOC },
  apply: { summary: 'Apply a bulk change of datasets as a task', body: BODY_DOC, status: 202, response: TASK_DOC },
  operation: {
    summary: 'A bulk change and whether it can still be undone',
    response: {
      type: 'object',
      required: ['task_id', 'action', 'params', 'count', 'changed', 'undo_until', 'can_undo', 'undo_task'],
      properties: {
        task_id: { type: 'integer' },
        action: { enum: [...BULK_ACTIONS] },
        params: { type: 'object' },
        count: { type: 'integer', description: 'The datasets it was applied to' },
        changed: { type: 'integer', description: 'Those it changed so far' },
        undo_until: { type: ['string', 'null'], format: 'date-time' },
        can_undo: { type: 'boolean' },
        undo_task: { type: ['integer', 'null'] },
      },
    },
  },
  undo: { summary: 'Undo a bulk change (a new task)', status: 202, response: TASK_DOC, optionalBody: true },
};

/** Registers the bulk routes under /{locale}/dataset/ (the datasets entity gives the list's filters). */
export function registerBulkRoutes(app: FastifyInstance, entity: RegisteredEntity): void {
  const options = (doc: RouteDoc) => ({ config: { auth: 'required' as const, openapi: doc }, preHandler: requireDataAccess });

  app.post('/dataset/bulk/preview/', options(DOCS.preview), async (request) => {
    const bulk = await parseBody(request);
    return presentPreview(bulk, await plan(request, entity, bulk), request.locale);
  });

  app.post('/dataset/bulk/apply/', options(DOCS.apply), async (request, reply) => {
    const bulk = await parseBody(request);
    const result = await plan(request, entity, bulk);
    if (result.changes.length === 0) throw new ValidationError({ non_field_errors: [t(request.locale, 'bulk.nothingToChange')] });
    const user = request.user!;
    const taskId = await inTransaction(app.db, async (client) => {
      const [id] = await queueTasks(
        app.db,
        [
          {
            action: BULK_TASK_ACTION,
            scenarioId: null,
            objectClass: 'dataset',
            objectId: null,
            kwargs: { action: bulk.action, count: result.changes.length },
            trigger: 'user',
            createdBy: user.id,
            timeLimitSeconds: app.config.tasks.timeLimitSeconds,
          },
        ],
        client,
      );
      await client.query(
        `INSERT INTO bulk_operations (task_id, action, params, dataset_ids, created_by, undo_seconds) VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, bulk.action, JSON.stringify(bulk.params), result.changes.map((change) => change.row.id), user.id, app.config.bulkUndoMinutes * 60],
      );
      return id;
    });
    wakeTaskEngine(app.db);
    return reply.code(202).send(await loadTask(app.db, taskId, user, request.locale));
  });

  app.get<{ Params: { taskId: string } }>('/dataset/bulk/:taskId/', options(DOCS.operation), async (request) => presentOperation(await operationOf(request)));

  app.post<{ Params: { taskId: string } }>('/dataset/bulk/:taskId/undo/', options(DOCS.undo), async (request, reply) => {
    const operation = await operationOf(request);
    const locale = request.locale;
    if (operation.undo_task_id !== null) throw new ApiError(400, 'bulk.undoAlready');
    if (operation.status !== 'SUCCESS') throw new ApiError(400, 'bulk.undoNotFinished');
    if (!operation.open) throw new ApiError(400, 'bulk.undoExpired', {}, { minutes: app.config.bulkUndoMinutes });
    const user = request.user!;
    const taskId = await inTransaction(app.db, async (client) => {
      const [id] = await queueTasks(
        app.db,
        [
          {
            action: BULK_UNDO_TASK_ACTION,
            scenarioId: null,
            objectClass: 'dataset',
            objectId: null,
            kwargs: { undo_of: operation.task_id },
            trigger: 'user',
            createdBy: user.id,
            timeLimitSeconds: app.config.tasks.timeLimitSeconds,
          },
        ],
        client,
      );
      // Once: a second call at the same moment finds it taken.
      const { rowCount } = await client.query(
        'UPDATE bulk_operations SET undo_task_id = $2 WHERE task_id = $1 AND undo_task_id IS NULL AND undo_until > now()',
        [operation.task_id, id],
      );
      if (!rowCount) throw new ApiError(400, 'bulk.undoAlready');
      return id;
    });
    wakeTaskEngine(app.db);
    return reply.code(202).send(await loadTask(app.db, taskId, user, locale));
  });
}
