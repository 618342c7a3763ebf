/**
 * User groups and spheres (/{locale}/usergroup/user-groups/, every usergroup type readable for
 * references): their records, thumbnails, members and links.
 */
import type { FastifyInstance } from 'fastify';
import { canManageGroup, lockedGroupChanges } from '../../../../schemas/access.ts';
import { STATUS } from '../../../../schemas/constants.ts';
import type { EntitySchema } from '../../../../schemas/entity.ts';
import { spheres, usergroups } from '../../../../schemas/usergroups.ts';
import { readImageUpload, withFileUrls } from '../../accounts/files.ts';
import { memberGroupsCondition, uniqueSlug, USERGROUP_ACCESS, USERGROUP_COLUMNS, USERGROUP_SEARCH_SQL, WRITABLE_USERGROUP_TYPES } from '../../accounts/usergroups.ts';
import { fieldError, integerListParam, registerEntity, type AccessRule } from '../../crud/index.ts';
import { permissionDenied } from '../../http/errors.ts';
import type { QueryParams } from '../../http/pagination.ts';
import { groupFileActions } from './file-actions.ts';
import { linkActions } from './links.ts';
import { memberActions } from './members.ts';
import { refuseDeletingDatasetOwner } from '../../datasets/store.ts';

/** The user-groups endpoint serves every usergroup type; spheres add their organisation count. */
const usergroupResource: EntitySchema = {
  ...usergroups,
  fields: { ...usergroups.fields, organisation_count: spheres.fields.organisation_count },
  list: { ...usergroups.list, orderable: [...usergroups.list.orderable, 'organisation_count'] },
};

const manage: AccessRule = (user, { id }) => canManageGroup(user, id);

/** A new usergroup's type, in its body or its query (the admin app's fixed filter): a user group or a sphere. */
const USERGROUP_TYPE_DOC = { enum: [...WRITABLE_USERGROUP_TYPES], default: 'user-group', description: 'A user group or a sphere (organisations have their own endpoint); the body wins over the query' };

/** Thumbnails (logos of organisations): anyone signed in sees them, the group's managers change them. */
const thumbnailActions = groupFileActions('thumbnail', readImageUpload, { read: () => true, write: manage, remove: manage });

export function registerUserGroups(app: FastifyInstance) {
  registerEntity(app, {
    schema: usergroupResource,
    path: '/usergroup/user-groups/',
    sql: {
      from: 'usergroups g',
      alias: 'g',
      columns: USERGROUP_COLUMNS,
      searchColumns: [USERGROUP_SEARCH_SQL],
      extraFilters: {
        // Groups where the current user holds one of these roles (active membership).
        user__role__in: (value, params, request) =>
          `EXISTS (SELECT 1 FROM usergroup_members mu WHERE mu.usergroup_id = g.id AND mu.user_id = ${params.add(request.user!.id)}
            AND mu.status = ${STATUS.active} AND mu.role = ANY(${params.add(integerListParam('user__role__in', value, request.locale))}::integer[]))`,
      },
      listConditions: (params, request) => memberGroupsCondition(request, 'g.id', (value) => params.add(value)),
      present: withFileUrls(['thumbnail']),
    },
    write: {
      table: 'usergroups',
      unique: { usergroups_type_name_key: 'display_name' },
      createDoc: { query: { usergroup_type: USERGROUP_TYPE_DOC }, body: { properties: { usergroup_type: USERGROUP_TYPE_DOC } } },
      beforeDestroy: refuseDeletingDatasetOwner,
      beforeWrite: async ({ client, operation, row, values, existing, user, request }) => {
        if (operation === 'create') {
          const body = (request.body ?? {}) as Record<string, unknown>;
          const query = request.query as QueryParams;
          const raw = typeof body.usergroup_type === 'string' ? body.usergroup_type : typeof query.usergroup_type === 'string' ? query.usergroup_type : 'user-group';
          const type = WRITABLE_USERGROUP_TYPES.find((candidate) => candidate === raw);
          if (!type) throw fieldError(request.locale, 'usergroup_type', 'validation.invalid');
          row.usergroup_type = type;
          row.slug = await uniqueSlug(client, String(values.display_name ?? ''), type);
        }
        if (existing && lockedGroupChanges(user, values, existing).length > 0) throw permissionDenied();
      },
    },
    access: USERGROUP_ACCESS,
    actions: [...thumbnailActions, ...memberActions, ...linkActions],
  });
}
