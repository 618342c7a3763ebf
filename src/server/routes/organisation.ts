/**
 * Organisation API (/{locale}/organisation/): organisations (usergroups of type organisation) with
 * their spheres, logo and convention, the agreement switch, and the organisation types.
 */
import type { FastifyInstance } from 'fastify';
import type { PoolClient } from 'pg';
import type { Locale } from '../../../schemas/constants.ts';
import { boolean, object, ValidationError as YupValidationError } from 'yup';
import { canManageGroup, canManageGroups, lockedGroupChanges } from '../../../schemas/access.ts';
import { organisations, organisationTypes } from '../../../schemas/organisations.ts';
import { fileUrlSql, readPdfUpload, withFileUrls } from '../accounts/files.ts';
import { MEMBER_COUNT_SQL, memberGroupsCondition, setSpheres, THUMBNAIL_URL_SQL, uniqueSlug, USERGROUP_ACCESS, USERGROUP_SEARCH_SQL } from '../accounts/usergroups.ts';
import { registerEntity, translateValidation, type AccessRule, type DetailAction } from '../crud/index.ts';
import { permissionDenied, ValidationError } from '../http/errors.ts';
import type { AuthUser } from '../auth/users.ts';
import { refuseDeletingDatasetOwner } from '../datasets/store.ts';
import { labelSql, localeFromPath, t } from '../i18n.ts';
import { canChangeJurisdiction } from '../jurisdictions/access.ts';
import { groupFileActions } from './usergroup/file-actions.ts';

const manage: AccessRule = (user, { id }) => canManageGroup(user, id);
const superuser: AccessRule = (user) => canManageGroups(user);

const agreementBody = object({ convention_signed: boolean().typeError('validation.invalid').required('validation.required') });

/** The agreement switch (superusers) and the convention file (the organisation's managers). */
const organisationActions: DetailAction[] = [
  {
    method: 'PUT',
    path: 'agreement/',
    access: superuser,
    answersRecord: true,
    doc: { summary: "Say whether the organisation's convention is signed", body: { type: 'object', required: ['convention_signed'], properties: { convention_signed: { type: 'boolean' } } } },
    handler: async (request, record, _reply, organisations) => {
      let signed: boolean;
      try {
        signed = (await agreementBody.validate(request.body ?? {}, { abortEarly: false })).convention_signed;
      } catch (error) {
        if (!(error instanceof YupValidationError)) throw error;
        throw new ValidationError({ convention_signed: [translateValidation(request.locale, error.errors[0])] });
      }
      await request.server.db.query('UPDATE usergroups SET convention_signed = $1 WHERE id = $2', [signed, record.id]);
      return organisations.load(request, record.id as number);
    },
  },
  ...groupFileActions('convention', readPdfUpload, { read: manage, write: manage, remove: superuser }),
];

/**
 * A delegated administrator gives their organisation only a territory they may change themselves
 * (jurisdictions/access.ts): taking another organisation's would share it without a superuser, and
 * keep that organisation's administrators from their own territory. The row is locked so two
 * organisations taking one free territory at once are checked one after the other.
 */
async function checkTerritory(client: PoolClient, user: AuthUser, chosen: unknown, current: unknown, locale: Locale) {
  if (user.is_superuser || typeof chosen !== 'number' || chosen === current) return;
  await client.query('SELECT id FROM jurisdictions WHERE id = $1 FOR UPDATE', [chosen]);
  if (!(await canChangeJurisdiction(client, user, chosen))) throw new ValidationError({ jurisdiction: [t(locale, 'jurisdictionNotYours')] });
}

export default async function organisationRoutes(app: FastifyInstance) {
  // Types are named in the language of this prefix; organisations sort by that name too.
  const typeLabel = labelSql('ot', localeFromPath(`${app.prefix}/`));
  registerEntity(app, {
    schema: organisations,
    sql: {
      from: 'usergroups g',
      alias: 'g',
      columns: {
        organisation_type: 'g.organisation_type_id',
        jurisdiction: 'g.jurisdiction_id',
        spheres: `ARRAY(SELECT ls.parent_id FROM usergroup_links ls JOIN usergroups s ON s.id = ls.parent_id
          WHERE ls.child_id = g.id AND s.usergroup_type = 'group-of-organisation' ORDER BY ls.parent_id)`,
        logo: THUMBNAIL_URL_SQL,
        convention_file: fileUrlSql('convention', 'g.id', 'g.convention_updated_at', 'organisation/organisations'),
        member_count: MEMBER_COUNT_SQL,
      },
      orderings: {
        organisation_type: `immutable_unaccent(lower((SELECT ${typeLabel} FROM organisation_types ot WHERE ot.id = g.organisation_type_id)))`,
      },
      searchColumns: [USERGROUP_SEARCH_SQL],
      fixedConditions: () => [`g.usergroup_type = 'organisation'`],
      listConditions: (params, request) => memberGroupsCondition(request, 'g.id', (value) => params.add(value)),
      present: withFileUrls(['logo', 'convention_file']),
    },
    write: {
      table: 'usergroups',
      unique: { usergroups_type_name_key: 'display_name' },
      beforeDestroy: refuseDeletingDatasetOwner,
      columns: { organisation_type: 'organisation_type_id', jurisdiction: 'jurisdiction_id' },
      virtual: ['spheres'],
      beforeWrite: async ({ client, operation, row, values, existing, user, request }) => {
        if (operation === 'create') {
          row.usergroup_type = 'organisation';
          row.slug = await uniqueSlug(client, String(values.display_name ?? ''), 'organisation');
        }
        if (existing && lockedGroupChanges(user, values, existing).length > 0) throw permissionDenied();
        await checkTerritory(client, user, values.jurisdiction, existing?.jurisdiction, request.locale);
      },
      afterWrite: async ({ client, id, values, request }) => {
        if (Array.isArray(values.spheres)) await setSpheres(client, id, values.spheres as number[], request.locale);
      },
    },
    access: USERGROUP_ACCESS,
    actions: organisationActions,
  });

  registerEntity(app, {
    schema: organisationTypes,
    sql: {
      from: 'organisation_types ot',
      alias: 'ot',
      columns: { display_name: typeLabel },
      orderings: { display_name: `immutable_unaccent(lower(${typeLabel}))` },
    },
    access: { list: () => true, retrieve: () => true },
  });
}
