/**
 * A resource's link checks as the resource calls show them: its latest check (`link_check` on the
 * record) and the history, newest first (GET resource/resources/{id}/link-checks/, for whoever
 * sees the resource).
 */
import type { DetailAction } from '../crud/index.ts';
import { listRequest, paginatedList, type ListSpec } from '../http/pagination.ts';

const CHECK_JSON = `json_build_object('url', c.url, 'broken', c.broken, 'status', c.status, 'media_type', c.media_type,
  'size', c.size, 'duration_ms', c.duration_ms, 'error', c.error, 'checked_at', c.checked_at)`;

/** The resource's latest check (alias r), or null. */
export const LATEST_LINK_CHECK_SQL = `(SELECT ${CHECK_JSON} FROM link_checks c WHERE c.resource_id = r.id ORDER BY c.checked_at DESC, c.id DESC LIMIT 1)`;

const HISTORY: ListSpec = {
  fields: {
    id: { column: 'c.id', type: 'integer', orderable: true },
    checked_at: { column: 'c.checked_at', type: 'timestamp', orderable: true },
    broken: { column: 'c.broken', type: 'boolean', filters: ['exact'] },
  },
  defaultOrdering: ['-checked_at', '-id'],
};

export const linkChecksAction: DetailAction = {
  method: 'GET',
  path: 'link-checks/',
  access: () => true,
  doc: { summary: "The checks of the resource's link, newest first", list: HISTORY },
  handler: (request, record) =>
    paginatedList(
      request.server.db,
      {
        from: 'link_checks c',
        select: 'c.id, c.url, c.broken, c.status, c.media_type, c.size, c.duration_ms, c.error, c.checked_at',
        where: (params) => [`c.resource_id = ${params.add(record.id)}`],
      },
      HISTORY,
      listRequest(request),
    ),
};
