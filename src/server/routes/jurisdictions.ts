/**
 * Jurisdictions and municipalities, under /{locale}/organisation/ (spec, sections 2, 3, 5 and 7).
 *
 * - jurisdictions/ and jurisdictions/{id}/: the generic entity handler (crud/) on the schema
 *   schemas/jurisdictions.ts: list (page, page_size default 50, search, ordering, id__in), POST
 *   (201), GET, PUT, PATCH, DELETE (204). Payload: {id, display_name, codename, municipalities:
 *   [INSEE codes], latlon_bounding_box: [min_lon, min_lat, max_lon, max_lat] | null,
 *   municipality_count, editable: whether the reader may change and delete it}. Codes are trimmed, upper-cased and deduplicated, must be current communes
 *   (400 {municipalities: ["Unknown INSEE code(s): 99999"]}); the box is the union of the
 *   communes' boxes, computed and stored on every write that gives `municipalities`.
 * - A jurisdiction that is some organisation's territory is not deleted: 409
 *   {detail: "... cannot be deleted: <organisation names>", code: "jurisdiction-in-use"}; nor one
 *   datasets cover: 409 {detail: "... coverage of datasets (<count>) ...", code: "jurisdiction-covers-datasets"}.
 * - Box preview before saving (the button under the form's pasted codes): POST jurisdictions/bbox/
 *   {municipalities: [codes] or "a, b"}, or GET municipalities/bbox/?codename__in=a,b; both answer
 *   {municipalities: [known codes, sorted], municipality_count, latlon_bounding_box}.
 * - municipalities/: current communes {id, codename, display_name, departement}, searched by name
 *   (any part, accents and case ignored) or INSEE code prefix, most populated first; filters
 *   codename__in, id__in, departement; page_size up to 1000.
 *
 * Reading: users who can open Accounts or Data; writing: superusers, and delegated administrators
 * for territories no other organisation has (jurisdictions/access.ts); nobody deletes one while an
 * organisation has it or datasets cover it (409).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { municipalities as municipalitiesSchema, jurisdictions as jurisdictionsSchema } from '../../../schemas/jurisdictions.ts';
import type { Locale } from '../../../schemas/constants.ts';
import { registerEntity, translateValidation, type AccessRule } from '../crud/index.ts';
import { ApiError, permissionDenied, ValidationError, type FieldErrors } from '../http/errors.ts';
import { listRequest, paginatedList, type ListSpec, type QueryParams } from '../http/pagination.ts';
import { t } from '../i18n.ts';
import { canChangeJurisdiction, canCreateJurisdictions, canReadJurisdictions, jurisdictionEditableSql } from '../jurisdictions/access.ts';
import {
  attachedOrganisations,
  coveredDatasetCount,
  boxColumns,
  codenameTaken,
  JURISDICTION_COLUMNS,
  MUNICIPALITY_SELECT,
  replaceJurisdictionMunicipalities,
  resolveMunicipalities,
  type Municipality,
} from '../jurisdictions/store.ts';

export const MUNICIPALITY_LIST: ListSpec = {
  fields: {
    id: { column: 'id', type: 'integer', orderable: true, filters: ['in'] },
    codename: { column: 'codename', type: 'text', orderable: municipalitiesSchema.list.orderable.includes('codename'), filters: ['in'] },
    display_name: { column: 'display_name', type: 'text', orderable: municipalitiesSchema.list.orderable.includes('display_name') },
    departement: { column: 'departement', type: 'text', filters: ['exact', 'in'] },
  },
  defaultOrdering: municipalitiesSchema.list.defaultOrdering,
};

/** A search without `ordering` lists the most populated communes first: 'marseil' gives Marseille, then Marseillan. */
const MUNICIPALITY_SEARCH_LIST: ListSpec = {
  ...MUNICIPALITY_LIST,
  fields: { ...MUNICIPALITY_LIST.fields, population: { column: 'population', type: 'integer', orderable: true } },
  defaultOrdering: ['-population', ...MUNICIPALITY_LIST.defaultOrdering],
};

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

async function requireRead(request: FastifyRequest) {
  if (!canReadJurisdictions(request.user)) throw permissionDenied();
}

function unknownCodesError(locale: Locale, unknown: string[]): string {
  return t(locale, 'unknownInseeCodes', { codes: unknown.join(', ') });
}

const read: AccessRule = (user) => canReadJurisdictions(user);
const create: AccessRule = (user) => canCreateJurisdictions(user);
const change: AccessRule = (user, { request, id }) => canChangeJurisdiction(request.server.db, user, id);

export default async function jurisdictionRoutes(app: FastifyInstance) {
  registerEntity(app, {
    schema: jurisdictionsSchema,
    sql: {
      from: 'jurisdictions j',
      alias: 'j',
      columns: JURISDICTION_COLUMNS,
      searchColumns: ['j.display_name', 'j.codename'],
      // Whether the reader may change or delete it, as the writes' rule decides: the app offers only what is accepted.
      readerColumns: (params, request) => ({ editable: jurisdictionEditableSql(request.user, params, 'j.id') }),
    },
    write: {
      table: 'jurisdictions',
      virtual: ['municipalities'],
      unique: { jurisdictions_codename_key: 'codename' },
      // Codes known and codename free, reported together; the box goes into the row written.
      beforeWrite: async ({ client, request, id, values, row }) => {
        const errors: FieldErrors = {};
        if (Array.isArray(values.municipalities)) {
          const resolved = await resolveMunicipalities(client, values.municipalities as string[]);
          if (resolved.unknown.length > 0) errors.municipalities = [unknownCodesError(request.locale, resolved.unknown)];
          values.municipalities = resolved.known;
          Object.assign(row, boxColumns(resolved.bbox));
        }
        if (typeof values.codename === 'string' && (await codenameTaken(client, values.codename, id ?? undefined))) {
          errors.codename = [translateValidation(request.locale, 'validation.unique')];
        }
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      },
      afterWrite: async ({ client, id, values }) => {
        if (Array.isArray(values.municipalities)) await replaceJurisdictionMunicipalities(client, id, values.municipalities as string[]);
      },
      // The row lock makes an organisation or a dataset taking this territory meanwhile wait for the delete (and fail).
      beforeDestroy: async ({ client, id }) => {
        await client.query('SELECT id FROM jurisdictions WHERE id = $1 FOR UPDATE', [id]);
        const names = await attachedOrganisations(client, id);
        if (names.length > 0) {
          throw new ApiError(409, 'jurisdictionInUse', { code: 'jurisdiction-in-use' }, { names: names.join(', ') });
        }
        // Nor while it is datasets' coverage, which its deletion would empty: counted, not named
        // (they may be other groups' private datasets).
        const covered = await coveredDatasetCount(client, id);
        if (covered > 0) throw new ApiError(409, 'jurisdictionCoversDatasets', { code: 'jurisdiction-covers-datasets' }, { count: covered });
      },
    },
    access: { list: read, retrieve: read, create, update: change, destroy: change },
  });

  const readOptions = { config: { auth: 'required' as const }, preHandler: requireRead };

  async function previewBox(codes: string[], locale: Locale) {
    const resolved = await resolveMunicipalities(app.db, codes);
    if (resolved.unknown.length > 0) throw new ValidationError({ municipalities: [unknownCodesError(locale, resolved.unknown)] });
    if (resolved.known.length === 0) throw new ValidationError({ municipalities: [translateValidation(locale, 'validation.required')] });
    return { municipalities: resolved.known, municipality_count: resolved.known.length, latlon_bounding_box: resolved.bbox };
  }

  const box = {
    type: 'object',
    required: ['municipalities', 'municipality_count', 'latlon_bounding_box'],
    properties: {
      municipalities: { type: 'array', items: { type: 'string' } },
      municipality_count: { type: 'integer' },
      latlon_bounding_box: { type: ['array', 'null'], items: { type: 'number' }, minItems: 4, maxItems: 4 },
    },
  };
  const boxOfBodyDoc = {
    summary: 'The box of these communes',
    body: { type: 'object', required: ['municipalities'], properties: { municipalities: { oneOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string', description: 'Comma-separated INSEE codes' }] } } },
    response: box,
  };
  /** Body {municipalities: [codes] or "a, b"}: long lists do not fit in a URL. */
  app.post('/organisation/jurisdictions/bbox/', { ...readOptions, config: { ...readOptions.config, openapi: boxOfBodyDoc } }, async (request) => {
    const raw = (request.body as { municipalities?: unknown } | null)?.municipalities;
    const codes = typeof raw === 'string' ? raw.split(/[\s,;]+/) : Array.isArray(raw) ? raw.map(String) : [];
    return previewBox(codes, request.locale);
  });

  const boxDoc = {
    summary: 'The box of these communes',
    query: { codename__in: { type: 'string', required: true, description: 'Comma-separated INSEE codes' } },
    response: box,
  };
  app.get<{ Querystring: QueryParams }>('/organisation/municipalities/bbox/', { ...readOptions, config: { ...readOptions.config, openapi: boxDoc } }, async (request) => {
    const raw = request.query.codename__in;
    return previewBox((Array.isArray(raw) ? raw.join(',') : (raw ?? '')).split(/[\s,;]+/), request.locale);
  });

  const municipality = {
    type: 'object',
    required: ['id', 'codename', 'display_name', 'departement'],
    properties: { id: { type: 'integer' }, codename: { type: 'string', description: 'INSEE code' }, display_name: { type: 'string' }, departement: { type: 'string' } },
  };
  const municipalityList = { ...readOptions, config: { ...readOptions.config, openapi: { summary: 'The current French communes', list: MUNICIPALITY_LIST, response: municipality } } };
  app.get<{ Querystring: QueryParams }>('/organisation/municipalities/', municipalityList, async (request) => {
    const searching = !!single(request.query.search)?.trim() && !single(request.query.ordering);
    const spec = searching ? MUNICIPALITY_SEARCH_LIST : MUNICIPALITY_LIST;
    return paginatedList<Municipality>(app.db, { from: 'municipalities', select: MUNICIPALITY_SELECT }, spec, listRequest(request), {
      defaultPageSize: municipalitiesSchema.list.pageSize,
      // Any part of the name, accents and case ignored, or the start of the INSEE code.
      extraConditions: (params) => {
        const text = single(request.query.search)?.replaceAll('\u0000', '').trim();
        if (!text) return [];
        const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
        const name = params.add(`%${escaped}%`);
        const code = params.add(`${escaped.toUpperCase()}%`);
        return [`(immutable_unaccent(lower(display_name)) LIKE immutable_unaccent(${name}) OR codename LIKE ${code})`];
      },
    });
  });
}
