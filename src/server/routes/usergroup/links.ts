/**
 * A group's parent and child links (/{locale}/usergroup/user-groups/{id}/parents/ and children/,
 * a sphere's children being its organisations): read with the group, changed by superusers.
 * Detail actions of the user-groups entity.
 */
import { canManageGroups, canReadGroupContent } from '../../../../schemas/access.ts';
import { addLink } from '../../accounts/usergroups.ts';
import { bodyId, requireId, type AccessRule, type DetailAction } from '../../crud/index.ts';
import { inTransaction } from '../../db/pool.ts';
import { notFound, ValidationError } from '../../http/errors.ts';
import { t } from '../../i18n.ts';

const read: AccessRule = (user, { id }) => canReadGroupContent(user, id);
const change: AccessRule = (user) => canManageGroups(user);

function relationActions(relation: 'parents' | 'children'): DetailAction[] {
  // The payload names the other group; `self` and `other` are the link's columns on each side.
  const [payloadField, self, other] = relation === 'parents' ? (['parent_id', 'child_id', 'parent_id'] as const) : (['child_id', 'parent_id', 'child_id'] as const);
  return [
    {
      method: 'GET',
      path: `${relation}/`,
      access: read,
      listsRecords: true,
      doc: { summary: `The group's ${relation}` },
      handler: (request, record, _reply, groups) =>
        groups.list(request, (params) => [`g.id IN (SELECT ${other} FROM usergroup_links WHERE ${self} = ${params.add(record.id)})`]),
    },
    {
      method: 'POST',
      path: `${relation}/`,
      access: change,
      answersRecord: true,
      doc: { summary: `Link a group as one of the ${relation}`, status: 201, body: { type: 'object', required: [payloadField], properties: { [payloadField]: { type: 'integer' } } } },
      handler: async (request, record, reply, groups) => {
        const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
        const raw = Object.hasOwn(body, payloadField) ? body[payloadField] : undefined;
        if (raw == null || raw === '') throw new ValidationError({ [payloadField]: [t(request.locale, 'required')] });
        const otherId = bodyId(raw);
        if (otherId === null) throw new ValidationError({ [payloadField]: [t(request.locale, 'invalidInteger')] });
        const id = record.id as number;
        await inTransaction(request.server.db, (client) =>
          relation === 'parents' ? addLink(client, otherId, id, payloadField, request.locale) : addLink(client, id, otherId, payloadField, request.locale),
        );
        return reply.code(201).send(await groups.load(request, otherId));
      },
    },
    {
      method: 'DELETE',
      path: `${relation}/:otherId/`,
      access: change,
      handler: async (request, record, reply) => {
        const otherId = requireId(request.params.otherId);
        const { rowCount } = await request.server.db.query(`DELETE FROM usergroup_links WHERE ${self} = $1 AND ${other} = $2`, [record.id, otherId]);
        if (!rowCount) throw notFound();
        return reply.code(204).send();
      },
    },
  ];
}

export const linkActions: DetailAction[] = [...relationActions('parents'), ...relationActions('children')];
