/**
 * Dataset API (/{locale}/dataset/): the lookup lists, datasets (list, count, CRUD) and, under
 * usergroup/, keyword suggestions. Every dataset call sees only the datasets the user reaches
 * (datasets/visibility.ts): one they cannot see answers 404, as if it did not exist, so ids do not
 * tell what exists; one they see but may not change answers 403.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canCreateDataset, canEditDataset } from '../../../schemas/access.ts';
import { DATASET_LOOKUPS } from '../../../schemas/datasetLookups.ts';
import { DATASET_PERMS_FILTERS, datasets } from '../../../schemas/datasets.ts';
import { QUALITY_RATINGS } from '../../../schemas/quality.ts';
import { unfilledFields, writableFields } from '../../../schemas/entity.ts';
import { fileUrlSql, withFileUrls } from '../accounts/files.ts';
import { bodyGroupId, choiceParam, integerListParam, translateValidation, registerEntity, type RegisteredEntity, type WriteContext } from '../crud/index.ts';
import { datasetActions } from '../datasets/actions.ts';
import { datasetCounts } from '../datasets/counts.ts';
import { computedBoxJson, HAS_GEOGRAPHIC_RESOURCE } from '../datasets/coverage.ts';
import { datasetPage, datasetSearchCondition } from '../datasets/pages.ts';
import { datasetPagesBase } from '../config.ts';
import { ODL_JOINS, odlSelect, sendOdlExport } from '../datasets/export.ts';
import { changedFields, DATASET_LINKS, recordActivity, setLinks, setTags, uniqueCodename, type DatasetLink } from '../datasets/store.ts';
import { registerBulkRoutes } from './bulk.ts';
import { datasetAccessAction, registerPermissionRoutes } from './dataset-permissions.ts';
import { datasetEditCondition, datasetReachCondition } from '../datasets/visibility.ts';
import { HARVEST_ORIGIN_SQL, presentHarvestOrigin } from '../harvest/origin.ts';
import { ValidationError } from '../http/errors.ts';
import { listRequest, paginatedList, SqlParams, type ListSpec } from '../http/pagination.ts';
import { labelSql, localeFromPath, t } from '../i18n.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { datasetQualityAction } from '../quality/action.ts';
import { oweAssessment } from '../quality/owed.ts';
import { wakeScorer } from '../tasks/store.ts';
import { asName } from '../db/collation.ts';

const date = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** A resource of the dataset as its lists show it (main_resource, resource_annexes). */
const RESOURCE_JSON = `json_build_object('id', r.id, 'display_name', r.display_name, 'type', r.type, 'dataformat', f.display_name,
      'size', r.size, 'last_update', r.last_update, 'publish', rd.publish, 'resource_dataset_id', rd.id)`;
const RESOURCES_OF_DATASET = `FROM resource_datasets rd JOIN resources r ON r.id = rd.resource_id LEFT JOIN data_formats f ON f.id = r.dataformat_id
    WHERE rd.dataset_id = d.id`;

/** Fields read otherwise than `d.<field>` (alias d, its usergroup g). */
const DATASET_COLUMNS: Record<string, string> = {
  usergroup: 'd.usergroup_id',
  tags: `ARRAY(SELECT tg.name FROM dataset_tags dt JOIN tags tg ON tg.id = dt.tag_id WHERE dt.dataset_id = d.id ORDER BY tg.sort_key, tg.name)`,
  categories: `d.${DATASET_LINKS.categories.ids}`,
  topics: `d.${DATASET_LINKS.topics.ids}`,
  kinds: `d.${DATASET_LINKS.kinds.ids}`,
  licence: 'd.licence_id',
  restriction: 'd.restriction_id',
  granularity: 'd.granularity_id',
  jurisdiction: 'd.jurisdiction_id',
  bbox: `CASE WHEN d.geographic_coverage = 'computed' THEN ${computedBoxJson('d')}
    WHEN d.min_lon IS NULL THEN NULL ELSE json_build_array(d.min_lon, d.min_lat, d.max_lon, d.max_lat) END`,
  creation_date: date('d.creation_date'),
  revision_date: date('d.revision_date'),
  publication_date: date('d.publication_date'),
  last_update_date: date('d.last_update_date'),
  update_frequency: 'd.update_frequency_id',
  record_type: 'd.record_type_id',
  parent: 'd.parent_id',
  // Null counts as published (and the `publish` filter reads it so, on datasets_published_idx).
  publish: 'COALESCE(d.publish, true)',
  thumbnail: fileUrlSql('thumbnail', 'd.id', 'd.thumbnail_updated_at', 'dataset/datasets'),
  thumbnail_name: `CASE WHEN d.thumbnail_updated_at IS NULL THEN NULL ELSE
    (SELECT tf.filename FROM dataset_files tf WHERE tf.dataset_id = d.id AND tf.kind = 'thumbnail') END`,
  // Read for the page's rows only, each on resource_datasets_one_main_idx / resource_datasets_dataset_idx.
  main_resource: `(SELECT ${RESOURCE_JSON} ${RESOURCES_OF_DATASET} AND rd.type = 1)`,
  resource_annexes: `COALESCE((SELECT json_agg(${RESOURCE_JSON} ORDER BY rd.id) ${RESOURCES_OF_DATASET} AND rd.type = 2), '[]'::json)`,
  annex_count: '(SELECT count(*)::integer FROM resource_datasets rd WHERE rd.dataset_id = d.id AND rd.type = 2)',
  // Counted for the reader by `readerColumns`: only the children they may see.
  children_count: 'NULL::integer',
  // Computed for the request by `present`.
  unfilled_fields: 'NULL::json',
  editable: 'NULL::boolean',
  detail_url: 'NULL::text',
};

/** Writable fields stored under another column name; tags, classifications and bbox are written by the hooks. */
const WRITE_COLUMNS: Record<string, string> = {
  usergroup: 'usergroup_id',
  licence: 'licence_id',
  restriction: 'restriction_id',
  granularity: 'granularity_id',
  jurisdiction: 'jurisdiction_id',
  update_frequency: 'update_frequency_id',
  record_type: 'record_type_id',
  parent: 'parent_id',
};

/** Fields an activity entry compares. */
const TRACKED_FIELDS = writableFields(datasets);

const CODENAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The advisory lock a save giving a dataset a parent holds until it commits ('parent' in ASCII). */
const PARENT_CHANGES_LOCK = 0x706172656e74;

/** Checks and completes a dataset row before it is written: owner, codename, coverage, box, extras. */
async function prepareDataset(context: WriteContext): Promise<void> {
  const { client, request, values, row, existing } = context;
  const locale = request.locale;
  const errors: Record<string, string[]> = {};

  const usergroup = (values.usergroup ?? existing?.usergroup) as number | undefined;
  let owner: { usergroup_type: string; jurisdiction_id: number | null } | undefined;
  // An owner kept as it was is read only when the coverage rule below needs its jurisdiction.
  const ownerChecked = !existing || Object.hasOwn(values, 'usergroup') || Object.hasOwn(values, 'geographic_coverage');
  if (usergroup != null && ownerChecked) {
    owner = (await client.query('SELECT usergroup_type, jurisdiction_id FROM usergroups WHERE id = $1', [usergroup])).rows[0];
    if (!owner) errors.usergroup = [t(locale, 'invalidValue')];
    else if (owner.usergroup_type === 'group-of-organisation') errors.usergroup = [t(locale, 'datasetOwnerType')];
  }

  if (Object.hasOwn(values, 'codename') || !existing) {
    const codename = typeof values.codename === 'string' ? values.codename : '';
    if (codename === '') {
      const name = (values.display_name ?? existing?.display_name ?? '') as string;
      row.codename = await uniqueCodename(client, name, context.id);
    } else if (!CODENAME_PATTERN.test(codename)) {
      errors.codename = [t(locale, 'datasetCodename')];
    }
  }

  const coverage = Object.hasOwn(values, 'geographic_coverage') ? values.geographic_coverage : existing?.geographic_coverage;
  if (Object.hasOwn(values, 'geographic_coverage') || Object.hasOwn(values, 'usergroup')) {
    if (coverage === 'organisation' && owner && owner.jurisdiction_id == null) {
      errors.geographic_coverage = [t(locale, 'datasetNoJurisdiction')];
    } else if (coverage === 'computed' && !(context.id !== null && (await client.query(HAS_GEOGRAPHIC_RESOURCE, [context.id])).rows[0]?.found)) {
      // A new dataset has no resource yet: it is computed once one of its resources is geographic.
      errors.geographic_coverage = [t(locale, 'datasetNoGeographicResource')];
    }
  }

  // A parent is a dataset the user sees (unchanged, it stays): one they cannot see answers as an unknown id.
  let parentKnown = true;
  if (values.parent != null && values.parent !== existing?.parent) {
    const params = new SqlParams();
    const visible = datasetReachCondition('d', context.user, params);
    const { rows } = await client.query(
      `SELECT 1 FROM datasets d WHERE d.id = ${params.add(values.parent)}${visible ? ` AND ${visible}` : ''}`,
      params.values,
    );
    if (rows.length === 0) {
      parentKnown = false;
      errors.parent = [translateValidation(locale, 'validation.invalid')];
    }
  }

  if (values.parent != null && context.id !== null && parentKnown) {
    // Serialise parent changes: two saves at once, each naming the other, would otherwise close a cycle together.
    await client.query('SELECT pg_advisory_xact_lock($1)', [PARENT_CHANGES_LOCK]);
    const { rows } = await client.query(
      `WITH RECURSIVE ancestors (id) AS (
         SELECT $1::integer UNION SELECT d.parent_id FROM datasets d JOIN ancestors a ON d.id = a.id WHERE d.parent_id IS NOT NULL
       ) SELECT 1 FROM ancestors WHERE id = $2`,
      [values.parent, context.id],
    );
    if (rows.length > 0) errors.parent = [translateValidation(locale, 'validation.parentCycle')];
  }

  if (Object.hasOwn(values, 'bbox')) {
    const box = values.bbox as number[] | null;
    [row.min_lon, row.min_lat, row.max_lon, row.max_lat] = box ?? [null, null, null, null];
  }

  // A JSON text: node-postgres would send an array as a PostgreSQL array.
  if (Object.hasOwn(values, 'extras')) row.extras = JSON.stringify(values.extras ?? []);
  if (Object.hasOwn(values, 'year') && values.year != null && ((values.year as number) < 1000 || (values.year as number) > 9999)) {
    errors.year = [t(locale, 'invalidValue')];
  }

  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (existing) row.updated_at = new Date();
}

export default async function datasetRoutes(app: FastifyInstance) {
  const config = { auth: 'required' as const };
  const locale = localeFromPath(`${app.prefix}/`);

  // Lookup lists, in the language of this prefix.
  for (const { schema, table } of DATASET_LOOKUPS) {
    registerEntity(app, {
      schema,
      sql: {
        from: `${table} l`,
        alias: 'l',
        columns: { label: labelSql('l', locale) },
        searchColumns: [labelSql('l', locale)],
        // Accented capitals (É) sort with their letter whatever the database collation.
        orderings: { label: `immutable_unaccent(lower(${labelSql('l', locale)}))` },
      },
      access: { list: () => true, retrieve: () => true },
    });
  }

  const visible = (params: SqlParams, request: FastifyRequest) => {
    const condition = datasetReachCondition('d', request.user!, params);
    return condition ? [condition] : [];
  };
  const linkFilter = (link: DatasetLink) => (value: string, params: SqlParams, request: FastifyRequest) => {
    const ids = integerListParam(`${link}__in`, value, request.locale);
    // Any of the ids, on the array's GIN index (migration 019).
    return `d.${DATASET_LINKS[link].ids} && ${params.add(ids)}::integer[]`;
  };
  const presentFiles = withFileUrls(['thumbnail']);

  // The list as an ODL file (datasets/export.ts): same visibility, search, filters and ordering,
  // every row. Registered before the datasets' `{id}/` routes.
  const resources = `(CASE WHEN ${DATASET_COLUMNS.main_resource} IS NULL THEN 0 ELSE 1 END + ${DATASET_COLUMNS.annex_count})`;
  // Its parameters are the list's, known once the entity is registered below.
  const exportDoc: RouteDoc = { summary: 'The list as an ODL CSV file: same search, filters and ordering, every row', produces: ['text/csv'] };
  app.get('/dataset/datasets/export/odl/', { config: { ...config, openapi: exportDoc } }, async (request, reply) => {
    const query = await entity.listQuery(request, odlSelect(request.locale, resources), ODL_JOINS);
    return sendOdlExport(app.db, query, reply, {
      datasetUrl: datasetPagesBase(app.config.portalUrl, app.config.publicUrl),
      filename: `datasets-${new Date().toISOString().slice(0, 10)}.csv`,
      locale: request.locale,
    });
  });

  const entity: RegisteredEntity = registerEntity(app, {
    schema: datasets,
    sql: {
      // The owner, for the export's name, SIRET and territory. Lists order by `d.usergroup_name`, and
      // a left join on the group's key that they do not read is dropped by the planner.
      from: 'datasets d LEFT JOIN usergroups g ON g.id = d.usergroup_id',
      alias: 'd',
      columns: DATASET_COLUMNS,
      // A harvested dataset's origin (harvest/origin.ts).
      extras: { harvest: HARVEST_ORIGIN_SQL },
      // Full text (datasets/pages.ts).
      searchCondition: datasetSearchCondition,
      extraFilters: {
        categories: linkFilter('categories'),
        topics: linkFilter('topics'),
        kinds: linkFilter('kinds'),
        broken_links: (value, _params, request) => {
          const broken = ['true', '1'].includes(choiceParam('broken_links', value.trim().toLowerCase(), ['true', '1', 'false', '0'], request.locale));
          return `${broken ? '' : 'NOT '}EXISTS (SELECT 1 FROM resource_datasets rd JOIN resources r ON r.id = rd.resource_id
            WHERE rd.dataset_id = d.id AND r.link_broken)`;
        },
        // Each rating checked: an unknown one answers 400 rather than an empty list.
        quality_rating: (value, params, request) => {
          const ratings = value.split(',').map((rating) => choiceParam('quality_rating__in', rating.trim(), QUALITY_RATINGS, request.locale));
          return `d.quality_rating = ANY(${params.add(ratings)}::text[])`;
        },
        perms: (value, params, request) => {
          const perms = choiceParam('perms', value, DATASET_PERMS_FILTERS, request.locale);
          // Lists hold visible datasets only: 'viewable' adds nothing.
          return perms === 'editable' ? datasetEditCondition('d', request.user!, params) : null;
        },
      },
      fixedConditions: visible,
      // Counts kept per class, or capped; pages read in a bounded way (datasets/pages.ts).
      page: (query, request, narrowed) => datasetPage(app.db, query, request, narrowed),
      // Names as people read them (accents among the others), on their indexes (migration 057); by
      // the owning group's name, kept on the dataset (migration 007) so the order has an index;
      // dates as dates (as their text would), on their indexes (migrations 007 and 021).
      orderings: {
        display_name: asName('d.display_name'),
        usergroup: asName('d.usergroup_name'),
        revision_date: 'd.revision_date',
        creation_date: 'd.creation_date',
        publication_date: 'd.publication_date',
        last_update_date: 'd.last_update_date',
      },
      present: (row, request) => {
        const record = presentFiles(row, request);
        record.editable = canEditDataset(request.user, record as { usergroup: number });
        record.unfilled_fields = unfilledFields(datasets, record);
        record.detail_url = `/${request.locale}/${datasets.endpoint}/${row.id as number}/`;
        record.harvest = presentHarvestOrigin(row.harvest);
        return record;
      },
      // Only the children the reader may see, on datasets_parent_idx.
      readerColumns: (params, request) => {
        const visible = datasetReachCondition('c', request.user!, params);
        return { children_count: `(SELECT count(*)::integer FROM datasets c WHERE c.parent_id = d.id${visible ? ` AND ${visible}` : ''})` };
      },
    },
    write: {
      table: 'datasets',
      columns: WRITE_COLUMNS,
      virtual: ['tags', 'categories', 'topics', 'kinds', 'bbox'],
      unique: {
        datasets_codename_key: 'codename',
        datasets_check: 'parent',
        datasets_parent_id_check: 'parent',
        dataset_categories_category_id_fkey: 'categories',
        dataset_topics_topic_id_fkey: 'topics',
        dataset_kinds_kind_id_fkey: 'kinds',
      },
      beforeWrite: prepareDataset,
      afterWrite: async (context) => {
        const { client, values, id, request } = context;
        if (Object.hasOwn(values, 'tags')) await setTags(client, id, (values.tags as string[] | null) ?? []);
        for (const link of Object.keys(DATASET_LINKS) as DatasetLink[]) {
          if (Object.hasOwn(values, link)) await setLinks(client, link, id, (values[link] as number[] | null) ?? []);
        }
        // Its quality, for the lists: owed by every save, scored after it.
        await oweAssessment(client, id);
        // The record as it now is: for its history, and the answer.
        const after = await entity.load(request, id, client);
        if (!after) return null;
        const changes = changedFields(context.existing, after, TRACKED_FIELDS);
        if (!context.existing || Object.keys(changes).length > 0) {
          await recordActivity(client, { datasetId: id, userId: context.user.id, action: context.existing ? 'update' : 'create', changes });
        }
        return after;
      },
      // The owed score is taken by this process's worker in a moment, not at its next poll.
      afterCommit: ({ request }) => wakeScorer(request.server.db),
      // Its children lose their parent (ON DELETE SET NULL), whoever owns them: their histories say so and by whom.
      beforeDestroy: async ({ client, id, user }) => {
        await client.query(
          `INSERT INTO dataset_activity (dataset_id, user_id, action, changes)
           SELECT c.id, $2, 'update', jsonb_build_object('parent', jsonb_build_object('old', $1::integer, 'new', NULL))
             FROM datasets c WHERE c.parent_id = $1`,
          [id, user.id],
        );
      },
    },
    access: {
      list: () => true,
      // Invisible datasets are out of reach of the fixed conditions: their id answers 404.
      retrieve: () => true,
      create: (user, { body }) => canCreateDataset(user, bodyGroupId(body)),
      update: (user, { record, body }) => {
        if (!record) return true;
        const target = bodyGroupId(body);
        return canEditDataset(user, record as { usergroup: number }) && (target == null || canEditDataset(user, { usergroup: target }));
      },
      destroy: (user, { record }) => !record || canEditDataset(user, record as { usergroup: number }),
    },
    actions: [...datasetActions, datasetAccessAction, datasetQualityAction],
  });
  exportDoc.list = entity.listSpec;

  // The number of datasets on the platform, those the user may change and those they see.
  const count = { type: 'integer', minimum: 0 };
  const countsDoc = {
    summary: 'The number of datasets on the platform, of those the caller may change and of those they see',
    response: { type: 'object', required: ['count', 'editable', 'viewable'], properties: { count, editable: count, viewable: count } },
  };
  app.get('/dataset/datasets-count/', { config: { ...config, openapi: countsDoc } }, async (request) => datasetCounts(app.db, request.user!));

  // Keyword suggestions: the tags matching the search, by name, of datasets the user sees (a hidden
  // dataset's keywords would tell what it is about).
  const tagList: ListSpec = {
    fields: {
      id: { column: 't.id', type: 'integer', orderable: true, filters: ['in'] },
      name: { column: 't.sort_key', type: 'text', orderable: true },
    },
    defaultOrdering: ['name'],
    searchColumns: ['t.name'],
  };
  // Special permissions: the groups' levels on a dataset and their bulk changes (dataset-permissions.ts).
  registerPermissionRoutes(app);
  // Bulk changes of the list's datasets, with their preview and undo (bulk.ts).
  registerBulkRoutes(app, entity);

  const tagItem = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } };
  app.get('/usergroup/taggit/tags/', { config: { ...config, openapi: { summary: 'The keywords of the datasets the caller may see', list: tagList, response: tagItem } } }, async (request) =>
    paginatedList(
      app.db,
      {
        from: 'tags t',
        select: 't.id, t.name',
        where: (params) => {
          const visible = datasetReachCondition('d', request.user!, params);
          return visible === null ? [] : [`EXISTS (SELECT 1 FROM dataset_tags dt JOIN datasets d ON d.id = dt.dataset_id WHERE dt.tag_id = t.id AND ${visible})`];
        },
      },
      tagList,
      listRequest(request),
    ),
  );
}
