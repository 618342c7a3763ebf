/**
 * Membership requests across groups (/{locale}/usergroup/group-members/), listed for review;
 * accepted or refused through a group's members actions (members.ts).
 */
import type { FastifyInstance } from 'fastify';
import { administeredGroupIds, canAccessAccounts, canManageGroup, canReviewMemberships } from '../../../../schemas/access.ts';
import { groupMembers } from '../../../../schemas/usergroups.ts';
import { USERGROUP_SEARCH_SQL } from '../../accounts/usergroups.ts';
import { integerParam, registerEntity } from '../../crud/index.ts';
import { USER_DETAIL_SQL, USER_SEARCH_SQL } from './users.ts';

export function registerMembershipRequests(app: FastifyInstance) {
  registerEntity(app, {
    schema: groupMembers,
    sql: {
      from: 'usergroup_members m JOIN users u ON u.id = m.user_id JOIN usergroups g ON g.id = m.usergroup_id',
      alias: 'm',
      columns: { user: 'm.user_id', usergroup: 'm.usergroup_id', usergroup_type: 'g.usergroup_type' },
      extras: {
        user_detail: USER_DETAIL_SQL,
        usergroup_detail: `json_build_object('id', g.id, 'display_name', g.display_name, 'usergroup_type', g.usergroup_type)`,
      },
      orderings: { user__date_joined: 'u.date_joined', user__last_name: 'u.last_name', usergroup__display_name: 'g.display_name' },
      searchColumns: [USER_SEARCH_SQL, USERGROUP_SEARCH_SQL],
      extraFilters: {
        usergroup: (value, params, request) => `m.usergroup_id = ${params.add(integerParam('usergroup', value, request.locale))}`,
      },
      listConditions: (params, request) => {
        const user = request.user!;
        return user.is_superuser ? [] : [`m.usergroup_id = ANY(${params.add(administeredGroupIds(user))}::integer[])`];
      },
    },
    access: {
      list: (user) => canReviewMemberships(user),
      retrieve: (user, { record }) => canAccessAccounts(user) && canManageGroup(user, record?.usergroup as number | undefined),
    },
  });
}
