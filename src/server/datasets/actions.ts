/**
 * Routes under one dataset (DRF detail actions): its thumbnail, children, activity, duplication
 * and contacts with their roles. Each runs after the generic handler loaded the dataset within the
 * user's reach (404 otherwise) and its access rule agreed (403 otherwise).
 */
import type { PoolClient } from 'pg';
import { canEditDataset, canReadGroupContent } from '../../../schemas/access.ts';
import { datasets } from '../../../schemas/datasets.ts';
import { deleteFile, DATASET_FILES, readImageUpload, sendFile, storeFile } from '../accounts/files.ts';
import { bodyId, databaseWriteError, translateValidation, type AccessRule, type DetailAction, type DetailRequest, type Row } from '../crud/index.ts';
import { inTransaction } from '../db/pool.ts';
import { notFound, ValidationError } from '../http/errors.ts';
import { listRequest, paginatedList, type ListSpec } from '../http/pagination.ts';
import { t } from '../i18n.ts';
import { oweAssessment } from '../quality/owed.ts';
import { wakeScorer } from '../tasks/store.ts';
import { changedFields, recordActivity, recordContactLinkChange, uniqueCodename } from './store.ts';

const canRead: AccessRule = () => true;
const canEdit: AccessRule = (user, { record }) => !record || canEditDataset(user, record as { usergroup: number });

/** Columns copied by a duplication; the copy gets its own name and codename and starts unpublished. */
const COPIED_COLUMNS = [
  'description', 'usergroup_id', 'keywords', 'licence_id', 'restriction_id', 'granularity_id',
  'usage_recommendation', 'geographic_coverage', 'jurisdiction_id', 'min_lon', 'min_lat', 'max_lon', 'max_lat',
  'creation_date', 'revision_date', 'publication_date', 'last_update_date', 'update_frequency_id', 'year',
  'constitution_mode', 'record_type_id', 'parent_id', 'default_permission_level', 'extras', 'dataviz_href', 'thumbnail_updated_at',
].join(', ');

/** Tables of a dataset copied row for row, with their columns beyond dataset_id. */
const COPIED_RELATIONS: Array<[string, string]> = [
  ['dataset_tags', 'tag_id'],
  ['dataset_categories', 'category_id'],
  ['dataset_topics', 'topic_id'],
  ['dataset_kinds', 'kind_id'],
  ['dataset_permissions', 'usergroup_id, level'],
  ['dataset_contacts', 'contact_id, role_id'],
  ['dataset_files', 'kind, content, content_type, filename, size, updated_at'],
];

const ACTIVITY_LIST: ListSpec = {
  fields: {
    id: { column: 'a.id', type: 'integer', orderable: true },
    created_at: { column: 'a.created_at', type: 'timestamp', orderable: true },
    action: { column: 'a.action', type: 'text', filters: ['exact'] },
  },
  defaultOrdering: ['-created_at', '-id'],
};

const ACTIVITY_SELECT = `a.id, a.action, a.changes, a.created_at,
  CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'username', u.username,
    'first_name', u.first_name, 'last_name', u.last_name) END AS "user"`;

const CONTACT_ROLE_LIST: ListSpec = {
  fields: {
    id: { column: 'dc.id', type: 'integer', orderable: true },
    name: { column: 'c.name', type: 'text', orderable: true },
    role: { column: 'dc.role_id', type: 'integer', filters: ['exact'] },
  },
  defaultOrdering: ['name'],
};

const CONTACT_ROLE_DOC = {
  type: 'object',
  required: ['id', 'dataset', 'contact', 'role', 'contact_detail'],
  properties: {
    id: { type: 'integer' },
    dataset: { type: 'integer' },
    contact: { type: 'integer' },
    role: { type: 'integer' },
    contact_detail: {
      type: 'object',
      required: ['id', 'name', 'email', 'phone', 'position'],
      properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' }, phone: { type: ['string', 'null'] }, position: { type: ['string', 'null'] } },
    },
  },
};

const CONTACT_ROLE_BODY = { type: 'object', required: ['contact', 'role'], properties: { contact: { type: 'integer' }, role: { type: 'integer', description: 'A contact role (contact-roles/)' } } };

/** `?force=true`: the change may leave the dataset without a point of contact (keepingPointOfContact). */
const FORCE_QUERY = { force: { enum: ['true', 'false'], description: "`true` to change or remove the dataset's last point of contact" } };

const CONTACT_ROLE_FROM = 'dataset_contacts dc JOIN contacts c ON c.id = dc.contact_id';
const CONTACT_ROLE_SELECT = `dc.id, dc.dataset_id AS dataset, dc.contact_id AS contact, dc.role_id AS role,
  json_build_object('id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone, 'position', c.position) AS contact_detail`;

const POINT_OF_CONTACT = 'pointOfContact';

/** The contact and role ids of a contact-role body: 400 on each missing or malformed one. */
function contactRoleBody(body: unknown, locale: 'fr' | 'en' | 'it'): { contact: number; role: number } {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const contact = bodyId(input.contact);
  const role = bodyId(input.role);
  for (const [name, value] of [['contact', contact], ['role', role]] as const) {
    if (value === null) errors[name] = [translateValidation(locale, input[name] == null ? 'validation.required' : 'validation.invalid')];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { contact: contact!, role: role! };
}

/**
 * A contact is linked only by someone who may read it (as GET contacts/{id} says): another group's
 * contact answers as an unknown id would, so links reveal no one's address.
 */
async function refuseUnreadableContact(db: Queryable, request: DetailRequest, contact: number): Promise<void> {
  const { rows } = await db.query<{ usergroup_id: number | null }>('SELECT usergroup_id FROM contacts WHERE id = $1', [contact]);
  if (rows[0] && !canReadGroupContent(request.user, rows[0].usergroup_id)) {
    throw new ValidationError({ contact: [translateValidation(request.locale, 'validation.invalid')] });
  }
}

const CONTACT_ROLE_CONSTRAINTS = {
  dataset_contacts_contact_id_fkey: 'contact',
  dataset_contacts_role_id_fkey: 'role',
  dataset_contacts_dataset_id_contact_id_role_id_key: 'contact',
};

export const datasetActions: DetailAction[] = [
  {
    method: 'GET',
    path: 'thumbnail/',
    access: canRead,
    doc: { summary: "The dataset's thumbnail", produces: ['image/png', 'image/jpeg'] },
    handler: async (request, record, reply) => {
      if (!(await sendFile(request.server.db, reply, record.id as number, 'thumbnail', DATASET_FILES))) throw notFound();
      return reply;
    },
  },
  {
    method: 'PUT',
    path: 'thumbnail/',
    access: canEdit,
    answersRecord: true,
    doc: { summary: "Replace the dataset's thumbnail (multipart, part `file`: PNG or JPEG, 2 MB at most)", upload: { file: 'file' } },
    handler: async (request, record, _reply, entity) => {
      await storeFile(request.server.db, record.id as number, 'thumbnail', await readImageUpload(request), DATASET_FILES);
      return entity.load(request, record.id as number);
    },
  },
  {
    method: 'DELETE',
    path: 'thumbnail/',
    access: canEdit,
    handler: async (request, record, reply) => {
      await deleteFile(request.server.db, record.id as number, 'thumbnail', DATASET_FILES);
      return reply.code(204).send();
    },
  },
  {
    // The children the user may see, as the list answers them.
    method: 'GET',
    path: 'children/',
    access: canRead,
    listsRecords: true,
    doc: { summary: 'The children datasets the caller may see' },
    handler: (request, record, _reply, entity) => entity.list(request, (params) => [`d.parent_id = ${params.add(record.id)}`]),
  },
  {
    method: 'GET',
    path: 'activity/',
    access: canEdit,
    doc: { summary: "The dataset's changes, newest first", list: ACTIVITY_LIST },
    handler: (request, record) =>
      paginatedList(
        request.server.db,
        { from: 'dataset_activity a LEFT JOIN users u ON u.id = a.user_id', select: ACTIVITY_SELECT, where: (params) => [`a.dataset_id = ${params.add(record.id)}`] },
        ACTIVITY_LIST,
        listRequest(request),
      ),
  },
  {
    // A copy named as one ("… (copie)"), with a new codename, unpublished, with the same parent,
    // classifications, permissions and contacts.
    method: 'POST',
    path: 'duplicate/',
    access: canEdit,
    answersRecord: true,
    doc: { summary: 'Duplicate the dataset (the copy starts unpublished)', status: 201, optionalBody: true },
    handler: async (request, record, reply, entity) => {
      const id = await inTransaction(request.server.db, async (client) => {
        const codename = await uniqueCodename(client, record.display_name as string, null);
        const name = t(request.locale, 'dataset.copyName', { name: record.display_name as string }).slice(0, datasets.fields.display_name.maxLength);
        const { rows } = await client.query<{ id: number }>(
          `INSERT INTO datasets (codename, display_name, publish, ${COPIED_COLUMNS})
           SELECT $2, $3, false, ${COPIED_COLUMNS} FROM datasets WHERE id = $1 RETURNING id`,
          [record.id, codename, name],
        );
        const copy = rows[0].id;
        for (const [table, columns] of COPIED_RELATIONS) {
          await client.query(`INSERT INTO ${table} (dataset_id, ${columns}) SELECT $2, ${columns} FROM ${table} WHERE dataset_id = $1`, [
            record.id,
            copy,
          ]);
        }
        const created = (await entity.load(request, copy, client)) as Row;
        const changes = { ...changedFields(null, created, Object.keys(created)), duplicated_from: { old: null, new: record.id } };
        await recordActivity(client, { datasetId: copy, userId: request.user!.id, action: 'duplicate', changes });
        return copy;
      });
      return reply.code(201).send(await entity.load(request, id));
    },
  },
  {
    method: 'GET',
    path: 'contact-roles/',
    access: canRead,
    doc: { summary: "The dataset's contacts and their roles", list: CONTACT_ROLE_LIST, response: CONTACT_ROLE_DOC },
    handler: (request, record) =>
      paginatedList(
        request.server.db,
        { from: CONTACT_ROLE_FROM, select: CONTACT_ROLE_SELECT, where: (params) => [`dc.dataset_id = ${params.add(record.id)}`] },
        CONTACT_ROLE_LIST,
        listRequest(request),
      ),
  },
  {
    method: 'POST',
    path: 'contact-roles/',
    access: canEdit,
    doc: { summary: 'Link a contact to the dataset with a role', status: 201, body: CONTACT_ROLE_BODY, response: CONTACT_ROLE_DOC },
    handler: async (request, record, reply) => {
      const { contact, role } = contactRoleBody(request.body, request.locale);
      try {
        const created = await inTransaction(request.server.db, async (client) => {
          await refuseUnreadableContact(client, request, contact);
          const { rows } = await client.query<{ id: number }>(
            'INSERT INTO dataset_contacts (dataset_id, contact_id, role_id) VALUES ($1, $2, $3) RETURNING id',
            [record.id, contact, role],
          );
          const link = await loadContactRole(client, record.id as number, rows[0].id);
          await recordContactChange(client, request, record.id as number, null, link);
          return link;
        });
        wakeScorer(request.server.db);
        return reply.code(201).send(created);
      } catch (error) {
        throw databaseWriteError(error, request.locale, {}, CONTACT_ROLE_CONSTRAINTS);
      }
    },
  },
  {
    // Changing the role of the dataset's last point of contact needs ?force=true.
    method: 'PUT',
    path: 'contact-roles/:roleId/',
    access: canEdit,
    doc: { summary: "Change a contact's role on the dataset (`force=true` for its last point of contact)", query: FORCE_QUERY, body: CONTACT_ROLE_BODY, response: CONTACT_ROLE_DOC },
    handler: async (request, record) => {
      const { contact, role } = contactRoleBody(request.body, request.locale);
      const linkId = bodyId(request.params.roleId);
      if (linkId === null) throw notFound();
      try {
        await keepingPointOfContact(request, record.id as number, async (client) => {
          const before = await loadContactRole(client, record.id as number, linkId);
          // The link's contact as it stands may stay, whoever chose it; a new one must be readable.
          if (before.contact !== contact) await refuseUnreadableContact(client, request, contact);
          await client.query('UPDATE dataset_contacts SET contact_id = $3, role_id = $4 WHERE id = $2 AND dataset_id = $1', [
            record.id, linkId, contact, role,
          ]);
          await recordContactChange(client, request, record.id as number, before, await loadContactRole(client, record.id as number, linkId));
        });
      } catch (error) {
        throw databaseWriteError(error, request.locale, {}, CONTACT_ROLE_CONSTRAINTS);
      }
      wakeScorer(request.server.db);
      return loadContactRole(request.server.db, record.id as number, linkId);
    },
  },
  {
    // Removing the dataset's last point of contact needs ?force=true.
    method: 'DELETE',
    path: 'contact-roles/:roleId/',
    access: canEdit,
    doc: { summary: 'Remove a contact from the dataset (`force=true` for its last point of contact)', query: FORCE_QUERY },
    handler: async (request, record, reply) => {
      const linkId = bodyId(request.params.roleId);
      if (linkId === null) throw notFound();
      await keepingPointOfContact(request, record.id as number, async (client) => {
        const before = await loadContactRole(client, record.id as number, linkId);
        await client.query('DELETE FROM dataset_contacts WHERE id = $2 AND dataset_id = $1', [record.id, linkId]);
        await recordContactChange(client, request, record.id as number, before, null);
      });
      wakeScorer(request.server.db);
      return reply.code(204).send();
    },
  },
];

type Queryable = Pick<PoolClient, 'query'>;

async function loadContactRole(db: Queryable, datasetId: number, id: number): Promise<Row> {
  const { rows } = await db.query(`SELECT ${CONTACT_ROLE_SELECT} FROM ${CONTACT_ROLE_FROM} WHERE dc.dataset_id = $1 AND dc.id = $2`, [datasetId, id]);
  if (!rows[0]) throw notFound();
  return rows[0];
}

/**
 * An activity entry of a contact-role change (the link's contact and role before and after), and
 * the new score it owes the dataset: a point of contact counts, and the lists show the score.
 */
async function recordContactChange(client: Queryable, request: DetailRequest, datasetId: number, before: Row | null, after: Row | null) {
  await oweAssessment(client, datasetId);
  await recordContactLinkChange(client, { datasetId, userId: request.user!.id, before, after });
}

async function pointsOfContact(client: Queryable, datasetId: number): Promise<number> {
  const { rows } = await client.query(
    `SELECT count(*)::integer AS n FROM dataset_contacts dc JOIN contact_roles r ON r.id = dc.role_id
      WHERE dc.dataset_id = $1 AND r.codename = $2`,
    [datasetId, POINT_OF_CONTACT],
  );
  return rows[0].n as number;
}

/**
 * Runs a change of a dataset's contacts in a transaction: a dataset that had a point of contact
 * keeps one unless the call says `force=true` (otherwise the change is rolled back with a 400).
 */
async function keepingPointOfContact(
  request: DetailRequest,
  datasetId: number,
  change: (client: Queryable) => Promise<void>,
): Promise<void> {
  await inTransaction(request.server.db, async (client) => {
    // Changes of one dataset's contacts follow one another: two removals at once would each count
    // the other's point of contact as kept, and together leave none.
    await client.query('SELECT 1 FROM datasets WHERE id = $1 FOR NO KEY UPDATE', [datasetId]);
    const before = await pointsOfContact(client, datasetId);
    await change(client);
    if (before > 0 && (await pointsOfContact(client, datasetId)) === 0 && request.query.force !== 'true') {
      throw new ValidationError({ role: [t(request.locale, 'lastPointOfContact')] });
    }
  });
}
