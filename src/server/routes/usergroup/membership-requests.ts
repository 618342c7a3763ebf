/**
 * Membership requests across groups (/{locale}/usergroup/group-members/), listed for review;
 * accepted or refused through a group's members actions (members.ts). A person lists their own
 * (`?user={their id}`) and accepts or declines a membership a delegated administrator gave them
 * (status 0) with `{id}/accept/` and `{id}/decline/`.
 */
import type { FastifyInstance } from 'fastify';
import { administeredGroupIds, canAccessAccounts, canManageGroup, canReviewMemberships } from '../../../../schemas/access.ts';
import { STATUS } from '../../../../schemas/constants.ts';
import { groupMembers } from '../../../../schemas/usergroups.ts';
import { USERGROUP_SEARCH_SQL } from '../../accounts/usergroups.ts';
import { integerParam, registerEntity, type AccessRule, type Row } from '../../crud/index.ts';
import { MEMBER_NAME_SEARCH_SQL, memberDetail, USER_DETAIL_SQL } from './users.ts';

/** The person's own membership, waiting for their word. */
const ownInvitation: AccessRule = (user, { record }) => record?.user === user.id && record?.status === STATUS.pendingVerification;

export function registerMembershipRequests(app: FastifyInstance) {
  registerEntity(app, {
    schema: groupMembers,
    sql: {
      from: 'usergroup_members m JOIN users u ON u.id = m.user_id JOIN usergroups g ON g.id = m.usergroup_id',
      alias: 'm',
      columns: { user: 'm.user_id', usergroup: 'm.usergroup_id', usergroup_type: 'g.usergroup_type' },
      extras: {
        user_detail: USER_DETAIL_SQL,
        // The group's status tells a request to join it from one to create it (a group not active yet, validated by a superuser).
        usergroup_detail: `json_build_object('id', g.id, 'display_name', g.display_name, 'usergroup_type', g.usergroup_type, 'status', g.status)`,
      },
      orderings: { user__date_joined: 'u.date_joined', user__last_name: 'u.last_name', usergroup__display_name: 'g.display_name' },
      searchColumns: [MEMBER_NAME_SEARCH_SQL, USERGROUP_SEARCH_SQL],
      extraFilters: {
        usergroup: (value, params, request) => `m.usergroup_id = ${params.add(integerParam('usergroup', value, request.locale))}`,
        user: (value, params, request) => `m.user_id = ${params.add(integerParam('user', value, request.locale))}`,
      },
      listConditions: (params, request) => {
        const user = request.user!;
        return user.is_superuser ? [] : [`(m.usergroup_id = ANY(${params.add(administeredGroupIds(user))}::integer[]) OR m.user_id = ${params.add(user.id)})`];
      },
      present: (row, request) => ({ ...row, user_detail: memberDetail(row.user_detail as Row, row.status, request.user!) }),
    },
    access: {
      // Reviewers list their groups' requests; anyone lists their own.
      list: (user, { request }) => canReviewMemberships(user) || (request.query as Record<string, unknown>).user === String(user.id),
      retrieve: (user, { record }) => (canAccessAccounts(user) && canManageGroup(user, record?.usergroup as number | undefined)) || record?.user === user.id,
    },
    actions: [
      {
        method: 'POST',
        path: 'accept/',
        access: ownInvitation,
        answersRecord: true,
        doc: { summary: 'Accept an invitation to the group', optionalBody: true },
        handler: async (request, record, _reply, entity) => {
          await request.server.db.query('UPDATE usergroup_members SET status = $2 WHERE id = $1 AND status = $3', [record.id, STATUS.active, STATUS.pendingVerification]);
          return entity.load(request, record.id as number);
        },
      },
      {
        method: 'POST',
        path: 'decline/',
        access: ownInvitation,
        doc: { summary: 'Decline an invitation to the group', status: 204, optionalBody: true },
        handler: async (request, record, reply) => {
          await request.server.db.query('DELETE FROM usergroup_members WHERE id = $1 AND status = $2', [record.id, STATUS.pendingVerification]);
          return reply.code(204).send();
        },
      },
    ],
  });
}
