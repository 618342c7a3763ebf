/**
 * Dataset contacts (/{locale}/dataset/contacts/): read by the members of their group, written by
 * its editors and administrators; contacts of no group are the superuser's.
 */
import type { FastifyInstance } from 'fastify';
import { canEditGroupContent, canReadGroupContent } from '../../../schemas/access.ts';
import { contacts } from '../../../schemas/contacts.ts';
import { bodyGroupId, integerParam, registerEntity } from '../crud/index.ts';

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
