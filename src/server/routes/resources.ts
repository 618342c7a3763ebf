/**
 * Resources (spec, section 7 "Resources"): /{locale}/resource/resources/ through registerEntity,
 * with their processing state (`_processing`) and relations (`rel`), and their links to datasets,
 * /{locale}/resource/resource-dataset/. Readers: whoever reads a dataset the resource is in, the
 * editors of its usergroup, superusers (datasets/resource-visibility.ts); writers: its editors
 * and superusers (schemas/access.ts canEditResource).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canEditResource } from '../../../schemas/access.ts';
import { RESOURCE_DATASET_TYPE, RESOURCE_TYPES, SOURCE_SLUGS, resources, type ResourceType } from '../../../schemas/resources.ts';
import type { Locale } from '../../../schemas/constants.ts';
import { slugify } from '../../../schemas/slug.ts';
import { LATEST_LINK_CHECK_SQL, linkChecksAction } from '../quality/link-history.ts';
import { bodyGroupId, bodyId, parseId, registerEntity, type RegisteredEntity, type Row, type WriteContext } from '../crud/index.ts';
import { resourceReachCondition } from '../datasets/resource-visibility.ts';
import { uniqueCodename } from '../datasets/store.ts';
import { inTransaction } from '../db/pool.ts';
import { notFound, permissionDenied, ValidationError, type FieldErrors } from '../http/errors.ts';
import { listRequest, paginatedList, type ListSpec, type QueryParams } from '../http/pagination.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { datasetReach, resourceReach } from '../resources/access.ts';
import { t, type MessageKey } from '../i18n.ts';
import { datastoreDatabaseName } from '../datastore/connection.ts';
import { dropResourceTable } from '../datastore/index.ts';
import { mapserverConfigured } from '../mapserver/client.ts';
import { storageOf } from '../storage/index.ts';
import { actionLabel, wakeScorer } from '../tasks/store.ts';
import { oweAssessment, oweAssessmentsOf } from '../quality/owed.ts';
import { UPLOAD_ACTION } from '../resources/upload-task.ts';

/** The latest task of each scenario run on the resource; acknowledged failures and cancellations left out. */
const PROCESSING_SQL = `COALESCE((SELECT json_agg(json_build_object('task_id', p.id, 'action', p.action, 'labels', sc.labels,
    'status', p.status, 'error', p.error, 'date', p.start_date, 'acknowledged', p.acknowledged_at IS NOT NULL)
    ORDER BY p.start_date DESC, p.id DESC)
  FROM (SELECT DISTINCT ON (tq.action) tq.id, tq.action, tq.scenario_id, tq.status, tq.error, tq.start_date, tq.acknowledged_at
          FROM task_queue_track tq
         WHERE tq.object_class = 'resource' AND tq.object_id = r.id AND tq.status <> 'REVOKED'
         ORDER BY tq.action, tq.start_date DESC, tq.id DESC) p
  LEFT JOIN scenarios sc ON sc.id = p.scenario_id
  WHERE NOT (p.status = 'FAILURE' AND p.acknowledged_at IS NOT NULL)), '[]'::json)`;

/**
 * Whether the resource's data is there: a scenario once succeeded on it, a harvest wrote it, or,
 * never created through a scenario (made before scenarios existed, or imported), its source holds
 * it already: a stored file, a link, a table, a map server layer. Its file's upload is no
 * scenario: a creation left before its scenario (its file still pending) or failed is not loaded.
 */
const LOADED_SQL = `(EXISTS (SELECT 1 FROM task_queue_track tq WHERE tq.object_class = 'resource' AND tq.object_id = r.id
                     AND tq.status = 'SUCCESS' AND tq.action <> '${UPLOAD_ACTION}')
   OR EXISTS (SELECT 1 FROM harvested_resources h WHERE h.resource_id = r.id)
   OR (NOT EXISTS (SELECT 1 FROM task_queue_track tq JOIN scenarios sc ON sc.id = tq.scenario_id
                    WHERE tq.object_class = 'resource' AND tq.object_id = r.id AND sc.action = 'create')
       AND EXISTS (SELECT 1 FROM resource_sources s WHERE s.resource_id = r.id
                    AND CASE s.kind WHEN 'href' THEN s.href IS NOT NULL WHEN 'datastore' THEN s.table_name IS NOT NULL
                                    WHEN 'geoserver' THEN s.layer_name IS NOT NULL ELSE s.storage_key IS NOT NULL END)))`;

interface ProcessingRow {
  task_id: number;
  action: string;
  labels: Record<string, string> | null;
  status: string;
  error: { code: string; params?: Record<string, string | number> } | null;
  date: string;
  acknowledged: boolean;
}

function translate(locale: Locale, code: string, params?: Record<string, string | number>): string {
  try {
    return t(locale, code as MessageKey, params);
  } catch {
    return code;
  }
}

/** The resource as the API shows it: processing translated, `rel` (its source, its map layer: `rel` is read as the layer's id), `editable`. */
export function presentResource(row: Row, request: FastifyRequest): Row {
  const locale = request.locale;
  const processing = ((row._processing as ProcessingRow[] | null) ?? []).map((task) => ({
    task_id: task.task_id,
    action: task.action,
    action_label: actionLabel(locale, task.action, task.labels),
    state: task.status === 'STARTED' ? 'PENDING' : task.status,
    message: task.error ? translate(locale, task.error.code, task.error.params) : null,
    date: task.date,
    acknowledged: task.acknowledged,
  }));
  const rel = row.source_id == null ? [] : [{ '@app': 'resource', '@class': row.type, '@uri': `/${locale}/${sourcePath(row.type as ResourceType)}${row.source_id as number}/` }];
  if (typeof row.rel === 'number') rel.push({ '@app': 'geospatial', '@class': 'geographiclayer', '@uri': `/${locale}/geospatial/geographiclayer/${row.rel}/` });
  return {
    ...row,
    size: row.size == null ? null : Number(row.size),
    editable: canEditResource(request.user, row as { usergroup_id: number }),
    _processing: processing,
    rel,
  };
}

/** Where the source of a resource of this type is served (routes/resource-sources.ts). */
function sourcePath(type: ResourceType): string {
  if (type === 'datastore') return `datapusher/datastores/${encodeURIComponent(datastoreDatabaseName())}/`;
  if (type === 'geoserver') return 'geoserv/mirror/';
  return `resource/${type}/`;
}

/** Storage keys of deleted resources, removed from disk once the deletion is committed. */
const filesToRemove = new WeakMap<FastifyRequest, string[]>();

export default async function resourceEntityRoutes(app: FastifyInstance) {
  const config = { auth: 'required' as const };

  async function prepare(context: WriteContext) {
    const { client, request, row, values, existing } = context;
    const locale = request.locale;
    const errors: FieldErrors = {};
    const type = (values.type ?? existing?.type) as string | undefined;
    if (Object.hasOwn(values, 'type') && type === 'geoserver' && !app.config.mapserverUrl) errors.type = [t(locale, 'resource.typeUnavailable')];
    if (existing && Object.hasOwn(values, 'type') && values.type !== existing.type && existing.source_id != null) {
      errors.type = [t(locale, 'resource.typeLocked')];
    }
    if (Object.hasOwn(values, 'usergroup_id') && values.usergroup_id != null) {
      const { rowCount } = await client.query('SELECT 1 FROM usergroups WHERE id = $1', [values.usergroup_id]);
      if (!rowCount) errors.usergroup_id = [t(locale, 'resource.unknownUsergroup')];
    }
    if (Object.hasOwn(values, 'codename') && values.codename) {
      const codename = slugify(String(values.codename));
      if (codename !== values.codename) errors.codename = [t(locale, 'invalidValue')];
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    if (!existing || (Object.hasOwn(values, 'codename') && !values.codename)) {
      row.codename = values.codename || (await uniqueCodename(client, String(values.display_name ?? existing?.display_name ?? ''), existing ? (existing.id as number) : null, 'resources'));
    }
    if (Object.hasOwn(row, 'description') && row.description == null) row.description = '';
    if (Object.hasOwn(values, 'hidden') && values.hidden == null) row.hidden = false;
    // last_update is the data's: its scenarios set it when they load or check the source.
    if (!existing) row.created_by = context.user.id;
  }

  const entity: RegisteredEntity = registerEntity(app, {
    schema: resources,
    sql: {
      from: 'resources r LEFT JOIN data_formats f ON f.id = r.dataformat_id LEFT JOIN resource_sources s ON s.resource_id = r.id',
      alias: 'r',
      columns: {
        dataformat: 'f.display_name', source_id: 's.id', editable: 'false', _processing: PROCESSING_SQL, rel: `(s.options->>'layer_id')::integer`,
        link_check: LATEST_LINK_CHECK_SQL,
        loaded: LOADED_SQL,
      },
      searchColumns: ['r.display_name', 'r.codename'],
      fixedConditions: (params, request) => {
        const condition = resourceReachCondition('r', request.user!, params);
        return condition ? [condition] : [];
      },
      present: presentResource,
    },
    write: {
      table: 'resources',
      unique: { resources_codename_key: 'codename', resources_usergroup_id_fkey: 'usergroup_id' },
      beforeWrite: prepare,
      beforeDestroy: async ({ client, request, id }) => {
        const { rows } = await client.query<{ storage_key: string | null; pending_key: string | null }>(
          'SELECT storage_key, pending_key FROM resource_sources WHERE resource_id = $1',
          [id],
        );
        filesToRemove.set(request, rows.flatMap((row) => [row.storage_key, row.pending_key]).filter((key): key is string => !!key));
        // Its datasets lose it: scored again once it is gone (the job runs after this commits).
        await oweAssessmentsOf(client, 'resource', id);
      },
    },
    access: {
      list: () => true,
      // Resources out of the user's reach are outside the fixed conditions: their id answers 404.
      retrieve: () => true,
      create: (user, { body }) => {
        const group = bodyGroupId(body, 'usergroup_id');
        return group == null ? user.is_superuser || user.usergroup_roles.some((r) => r.role >= 1) : canEditResource(user, { usergroup_id: group });
      },
      update: (user, { record, body }) => {
        if (!record) return true;
        const target = bodyGroupId(body, 'usergroup_id');
        return canEditResource(user, record as { usergroup_id: number }) && (target == null || canEditResource(user, { usergroup_id: target }));
      },
      destroy: (user, { record }) => !record || canEditResource(user, record as { usergroup_id: number }),
    },
    actions: [linkChecksAction],
  });

  // A deleted resource's files go once the deletion is committed.
  // (onSend runs after the handler, so after the commit, and before the client hears of it.)
  app.addHook('onSend', async (request, reply, payload) => {
    const keys = filesToRemove.get(request);
    if (!keys) return payload;
    filesToRemove.delete(request);
    if (reply.statusCode === 204) {
      for (const key of keys) await storageOf(app.config).delete(key).catch(() => {});
      const id = Number((request.params as { id?: string }).id);
      if (Number.isInteger(id)) await dropResourceTable(app.db, id).catch((error) => request.log.warn({ err: error }, 'datastore table not dropped'));
    }
    return payload;
  });

  // Resources in datasets.
  const LINK_SELECT = 'rd.id, rd.resource_id, rd.dataset_id, rd.type, rd.publish, rd.created_at';
  const linkList: ListSpec = {
    fields: {
      id: { column: 'rd.id', type: 'integer', orderable: false, filters: ['in'] },
      type: { column: 'rd.type', type: 'integer', orderable: true },
      created_at: { column: 'rd.created_at', type: 'timestamp', orderable: true },
    },
    defaultOrdering: ['type', 'created_at'],
    tieBreaker: 'id',
  };

  async function withResource(request: FastifyRequest, link: Row): Promise<Row> {
    return { ...link, resource: await entity.load(request, link.resource_id as number) };
  }

  const datasetAccess = (request: FastifyRequest, id: number) => datasetReach(app.db, request.user!, id);
  const resourceAccess = (request: FastifyRequest, id: number) => resourceReach(app.db, request.user!, id);

  const link = {
    type: 'object',
    required: ['id', 'resource_id', 'dataset_id', 'type', 'publish', 'created_at', 'resource'],
    properties: {
      id: { type: 'integer' },
      resource_id: { type: 'integer' },
      dataset_id: { type: 'integer' },
      type: { enum: [1, 2], description: '1: main resource, 2: annex' },
      publish: { type: 'boolean' },
      created_at: { type: 'string', format: 'date-time' },
      resource: { $ref: '#/components/schemas/Resources' },
    },
  };
  const linksDoc: RouteDoc = {
    summary: 'The resources of a dataset, main first, each with its resource',
    list: linkList,
    response: link,
    query: { dataset_id: { type: 'integer', required: true } as Record<string, unknown> },
  };
  app.get<{ Querystring: QueryParams }>('/resource/resource-dataset/', { config: { ...config, openapi: linksDoc } }, async (request) => {
    const raw = request.query.dataset_id;
    const datasetId = typeof raw === 'string' ? parseId(raw.trim()) : null;
    if (raw === undefined || raw === '') throw new ValidationError({ dataset_id: [t(request.locale, 'required')] });
    if (datasetId === null) throw new ValidationError({ dataset_id: [t(request.locale, 'invalidInteger')] });
    if ((await datasetAccess(request, datasetId)) === 'none') throw notFound();
    const page = await paginatedList<Row>(
      app.db,
      { from: 'resource_datasets rd', select: LINK_SELECT, id: 'rd.id', where: (params) => [`rd.dataset_id = ${params.add(datasetId)}`] },
      linkList,
      { ...listRequest(request), query: { ...request.query, dataset_id: undefined } },
      { defaultPageSize: resources.list.pageSize },
    );
    return { ...page, results: await Promise.all(page.results.map((link) => withResource(request, link))) };
  });

  const linkDoc: RouteDoc = {
    summary: 'Put a resource in a dataset: its main resource (type 1, one per dataset) or an annex (type 2)',
    body: {
      type: 'object',
      required: ['resource_id', 'dataset_id', 'type'],
      properties: { resource_id: { type: 'integer' }, dataset_id: { type: 'integer' }, type: { enum: [1, 2] }, publish: { type: 'boolean', default: true } },
    },
    status: 201,
    response: link,
  };
  app.post('/resource/resource-dataset/', { config: { ...config, openapi: linkDoc } }, async (request, reply) => {
    const locale = request.locale;
    const body = (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}) as Record<string, unknown>;
    const errors: FieldErrors = {};
    const resourceId = bodyId(body.resource_id);
    const datasetId = bodyId(body.dataset_id);
    if (body.resource_id == null) errors.resource_id = [t(locale, 'required')];
    else if (resourceId === null) errors.resource_id = [t(locale, 'invalidInteger')];
    if (body.dataset_id == null) errors.dataset_id = [t(locale, 'required')];
    else if (datasetId === null) errors.dataset_id = [t(locale, 'invalidInteger')];
    const types: unknown[] = Object.values(RESOURCE_DATASET_TYPE);
    if (body.type == null) errors.type = [t(locale, 'required')];
    else if (!types.includes(body.type)) errors.type = [t(locale, 'invalidValue')];
    if (body.publish != null && typeof body.publish !== 'boolean') errors.publish = [t(locale, 'invalidValue')];
    const resource = resourceId === null ? 'none' : await resourceAccess(request, resourceId);
    const dataset = datasetId === null ? 'none' : await datasetAccess(request, datasetId);
    if (resourceId !== null && resource === 'none') errors.resource_id = [t(locale, 'resource.unknownResource')];
    if (datasetId !== null && dataset === 'none') errors.dataset_id = [t(locale, 'resource.unknownDataset')];
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    if (resource !== 'edit' || dataset !== 'edit') throw permissionDenied();
    const id = await inTransaction(app.db, async (client) => {
      // Serialises the dataset's link writes, so the one-main check and the insert see the same links.
      await client.query('SELECT 1 FROM datasets WHERE id = $1 FOR UPDATE', [datasetId]);
      const { rows: existing } = await client.query<{ resource_id: number; type: number }>(
        'SELECT resource_id, type FROM resource_datasets WHERE dataset_id = $1 AND (type = 1 OR resource_id = $2)',
        [datasetId, resourceId],
      );
      if (existing.some((link) => link.resource_id === resourceId)) throw new ValidationError({ resource_id: [t(locale, 'resource.alreadyLinked')] });
      if (body.type === RESOURCE_DATASET_TYPE.main && existing.some((link) => link.type === RESOURCE_DATASET_TYPE.main)) {
        throw new ValidationError({ type: [t(locale, 'resource.oneMain')] });
      }
      const { rows } = await client.query<{ id: number }>(
        'INSERT INTO resource_datasets (resource_id, dataset_id, type, publish) VALUES ($1, $2, $3, $4) RETURNING id',
        [resourceId, datasetId, body.type, body.publish ?? true],
      );
      // What the dataset offers changed: its score with it.
      await oweAssessment(client, datasetId!);
      return rows[0].id;
    }).catch((error: { code?: string; constraint?: string }) => {
      // Two concurrent writes past the checks: the indexes answer.
      if (error.code === '23505' && error.constraint === 'resource_datasets_one_main_idx') throw new ValidationError({ type: [t(locale, 'resource.oneMain')] });
      if (error.code === '23505') throw new ValidationError({ resource_id: [t(locale, 'resource.alreadyLinked')] });
      throw error;
    });
    wakeScorer(app.db);
    const { rows } = await app.db.query<Row>(`SELECT ${LINK_SELECT} FROM resource_datasets rd WHERE rd.id = $1`, [id]);
    return reply.code(201).send(await withResource(request, rows[0]));
  });

  async function linkOr404(request: FastifyRequest<{ Params: { id: string } }>) {
    const id = parseId(request.params.id);
    if (id === null) throw notFound();
    const { rows } = await app.db.query<Row>(`SELECT ${LINK_SELECT} FROM resource_datasets rd WHERE rd.id = $1`, [id]);
    if (!rows[0]) throw notFound();
    const access = await datasetAccess(request, rows[0].dataset_id as number);
    if (access === 'none') throw notFound();
    return { link: rows[0], access };
  }

  app.get<{ Params: { id: string } }>('/resource/resource-dataset/:id/', { config: { ...config, openapi: { summary: "Read a resource's place in a dataset", response: link } } }, async (request) => withResource(request, (await linkOr404(request)).link));

  app.delete<{ Params: { id: string } }>('/resource/resource-dataset/:id/', { config }, async (request, reply) => {
    const { link, access } = await linkOr404(request);
    if (access !== 'edit') throw permissionDenied();
    await inTransaction(app.db, async (client) => {
      await client.query('DELETE FROM resource_datasets WHERE id = $1', [link.id]);
      await oweAssessment(client, link.dataset_id as number);
    });
    wakeScorer(app.db);
    return reply.code(204).send();
  });

  // The resource types a resource can be made of now: files and links, datastore tables (the
  // datastore is always there), map server layers only with MAPSERVER_URL.
  const kindsDoc = { summary: 'The types a resource can be made of now', response: { type: 'array', items: { enum: [...RESOURCE_TYPES] } } };
  app.get('/resource/kinds/', { config: { ...config, openapi: kindsDoc } }, async () =>
    RESOURCE_TYPES.filter((type) => (SOURCE_SLUGS as readonly string[]).includes(type) || type === 'datastore' || (type === 'geoserver' && mapserverConfigured())),
  );
}
