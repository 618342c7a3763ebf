/** Task-queue dashboard: the background tasks, for users who can open Data. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canAccessData } from '../../../schemas/access.ts';
import { notFound, permissionDenied, ValidationError } from '../http/errors.ts';
import { paginatedList, type ListSpec, type QueryParams } from '../http/pagination.ts';
import { t } from '../i18n.ts';

export interface Task {
  id: number;
  status: string;
  action: string;
  object_class: string;
  object_id: number | null;
  target: unknown;
  timeline: unknown[];
  warnings: unknown[];
  start_date: Date;
  end_date: Date | null;
}

const TASK_COLUMNS = 'id, status, action, object_class, object_id, target, timeline, warnings, start_date, end_date';

export const TASK_LIST: ListSpec = {
  fields: {
    id: { column: 'id', type: 'integer', orderable: true, filters: ['in'] },
    status: { column: 'status', type: 'text', orderable: true, filters: ['exact', 'in'] },
    action: { column: 'action', type: 'text', filters: ['exact'] },
    object_class: { column: 'object_class', type: 'text', filters: ['exact'] },
    object_id: { column: 'object_id', type: 'integer', filters: ['exact'] },
    start_date: { column: 'start_date', type: 'timestamp', orderable: true },
    end_date: { column: 'end_date', type: 'timestamp', orderable: true },
  },
  defaultOrdering: ['-start_date'],
  searchColumns: ['action', 'object_class', 'status'],
};

async function requireDataAccess(request: FastifyRequest) {
  if (!canAccessData(request.user)) throw permissionDenied();
}

export default async function dashboardRoutes(app: FastifyInstance) {
  const options = { config: { auth: 'required' as const }, preHandler: requireDataAccess };

  app.get<{ Querystring: QueryParams }>('/dashboard/task-queue-track/', options, async (request) => {
    const object = request.query.object;
    if (object !== undefined && (typeof object !== 'string' || !/^\d{1,9}$/.test(object))) {
      throw new ValidationError({ object: [t(request.locale, 'invalidInteger')] });
    }
    return paginatedList<Task>(
      app.db,
      { from: 'task_queue_track', select: TASK_COLUMNS },
      TASK_LIST,
      request,
      {
        // `object`: tasks of a dataset, run on the dataset itself or on behalf of it (target).
        extraConditions: (params) => {
          if (!object) return [];
          const id = params.add(Number(object));
          return [
            `((object_class = 'dataset' AND object_id = ${id}) OR (target->>'model' = 'dataset' AND target->>'pk' = ${id}::text))`,
          ];
        },
      },
    );
  });

  app.get<{ Params: { id: string } }>('/dashboard/task-queue-track/:id/', options, async (request) => {
    if (!/^\d{1,15}$/.test(request.params.id)) throw notFound();
    const { rows } = await app.db.query<Task>(`SELECT ${TASK_COLUMNS} FROM task_queue_track WHERE id = $1`, [
      request.params.id,
    ]);
    if (!rows[0]) throw notFound();
    return rows[0];
  });
}
