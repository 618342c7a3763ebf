/**
 * Dataset contacts (/{locale}/dataset/contacts/): read by the members of their group, written by
 * its editors and administrators; contacts of no group are the superuser's. A contact linked to a
 * dataset its deleter may not change (any member of its group may link it to their datasets) is
 * not deleted: 403, the dataset keeping it.
 */
import type { FastifyInstance } from 'fastify';
import { canEditDataset, canEditGroupContent, canReadGroupContent } from '../../../schemas/access.ts';
import { contacts } from '../../../schemas/contacts.ts';
import { bodyGroupId, integerParam, registerEntity, type DestroyContext } from '../crud/index.ts';
import { recordContactLinkChange } from '../datasets/store.ts';
import { ApiError } from '../http/errors.ts';
import { oweAssessment } from '../quality/owed.ts';

/**
 * Before a contact's deletion, which takes its links to datasets with it: refused when one of
 * those datasets is not the deleter's to change; else each dataset records the link it loses, as
 * a contact-role removal does, and owes a new score (a contact point counts).
 */
async function releaseDatasetLinks({ client, user, id }: DestroyContext): Promise<void> {
  // The contact's row lock makes a link made meanwhile wait for the deletion (then fail on its key).
  await client.query('SELECT 1 FROM contacts WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await client.query<{ dataset_id: number; usergroup_id: number; role_id: number }>(
    `SELECT dc.dataset_id, d.usergroup_id, dc.role_id FROM dataset_contacts dc JOIN datasets d ON d.id = dc.dataset_id
      WHERE dc.contact_id = $1 ORDER BY dc.dataset_id, dc.id`,
    [id],
  );
  if (rows.some((row) => !canEditDataset(user, { usergroup: row.usergroup_id }))) throw new ApiError(403, 'contactOfOthersDatasets');
  for (const row of rows) {
    await recordContactLinkChange(client, { datasetId: row.dataset_id, userId: user.id, before: { contact: id, role: row.role_id }, after: null });
  }
  for (const datasetId of new Set(rows.map((row) => row.dataset_id))) await oweAssessment(client, datasetId);
}

export default async function contactRoutes(app: FastifyInstance) {
  registerEntity(app, {
    schema: contacts,
    sql: {
      from: 'contacts c',
      alias: 'c',
      columns: { usergroup: 'c.usergroup_id' },
      searchColumns: [`c.name || ' ' || c.email || ' ' || c.position`],
      extraFilters: {
        usergroup_id: (value, params, request) => `c.usergroup_id = ${params.add(integerParam('usergroup_id', value, request.locale))}`,
      },
      listConditions: (params, request) => {
        const user = request.user!;
        if (user.is_superuser) return [];
        return [`c.usergroup_id = ANY(${params.add(user.usergroup_roles.map((r) => r.usergroup_id))}::integer[])`];
      },
    },
    write: {
      table: 'contacts',
      columns: { usergroup: 'usergroup_id' },
      unique: { contacts_usergroup_email_key: 'email' },
      beforeDestroy: releaseDatasetLinks,
    },
    access: {
      list: () => true,
      retrieve: (user, { record }) => user.is_superuser || canReadGroupContent(user, record?.usergroup as number | null),
      create: (user, { body }) => canEditGroupContent(user, bodyGroupId(body)),
      update: (user, { record, body }) => {
        const target = bodyGroupId(body);
        return canEditGroupContent(user, record?.usergroup as number | null) && (target === undefined || canEditGroupContent(user, target));
      },
      destroy: (user, { record }) => canEditGroupContent(user, record?.usergroup as number | null),
    },
  });
}
