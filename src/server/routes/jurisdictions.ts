/**
 * Jurisdictions and municipalities, under /{locale}/organisation/ (spec, sections 2, 3, 5 and 7).
 *
 * - jurisdictions/: list (page, page_size, search, ordering, id__in), POST (201);
 *   jurisdictions/{id}/: GET, PUT, PATCH, DELETE (204). Payload: {id, display_name, codename,
 *   municipalities: [INSEE codes], latlon_bounding_box: [min_lon, min_lat, max_lon, max_lat] | null,
 *   municipality_count}; the box is computed from the communes on every write.
 * - A jurisdiction that is some organisation's territory is not deleted: 409
 *   {detail: "... cannot be deleted: <organisation names>", code: "jurisdiction-in-use"}.
 * - jurisdictions/bbox/ (POST {municipalities}) and municipalities/bbox/?codename__in=: the box of
 *   a list of codes before saving (the form's Recalculate button).
 * - municipalities/: current communes, searched by name (accent insensitive) or INSEE code prefix,
 *   filtered by codename__in, id__in or departement; page_size up to 1000.
 *
 * Reading: users who can open Accounts or Data; writing: superusers.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { municipalities as municipalitiesSchema, jurisdictions as jurisdictionsSchema } from '../../../schemas/jurisdictions.ts';
import type { Locale } from '../../../schemas/constants.ts';
import { inTransaction } from '../db/pool.ts';
import { ApiError, notFound, permissionDenied, ValidationError, type FieldErrors } from '../http/errors.ts';
import { paginatedList, type ListSpec, type QueryParams } from '../http/pagination.ts';
import { t } from '../i18n.ts';
import { canReadJurisdictions, canWriteJurisdictions } from '../jurisdictions/access.ts';
import {
  attachedOrganisations,
  codenameTaken,
  findJurisdiction,
  insertJurisdiction,
  JURISDICTION_FROM,
  JURISDICTION_SELECT,
  MUNICIPALITY_SELECT,
  resolveMunicipalities,
  updateJurisdiction,
  type Jurisdiction,
  type Municipality,
  type ResolvedMunicipalities,
} from '../jurisdictions/store.ts';
import { validateJurisdictionWrite, validationMessage, type JurisdictionWrite } from '../jurisdictions/validate.ts';

/** Orderable fields come from the shared schema; only their SQL columns are written here. */
const JURISDICTION_COLUMNS: Record<string, string> = { id: 'j.id', display_name: 'j.display_name', codename: 'j.codename' };

export const JURISDICTION_LIST: ListSpec = {
  fields: Object.fromEntries(
    Object.entries(JURISDICTION_COLUMNS).map(([name, column]) => [
      name,
      {
        column,
        type: name === 'id' ? 'integer' : 'text',
        orderable: name === 'id' || jurisdictionsSchema.list.orderable.includes(name),
        filters: name === 'id' ? ['in'] : [],
      },
    ]),
  ),
  defaultOrdering: jurisdictionsSchema.list.defaultOrdering,
  searchColumns: ['j.display_name', 'j.codename'],
};

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

function parseId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
}

async function requireRead(request: FastifyRequest) {
  if (!canReadJurisdictions(request.user)) throw permissionDenied();
}

async function requireWrite(request: FastifyRequest) {
  if (!canWriteJurisdictions(request.user)) throw permissionDenied();
}

function unknownCodesError(locale: Locale, unknown: string[]): string {
  return t(locale, 'unknownInseeCodes', { codes: unknown.join(', ') });
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23503';
}

export default async function jurisdictionRoutes(app: FastifyInstance) {
  const config = { auth: 'required' as const };
  const read = { config, preHandler: requireRead };
  const write = { config, preHandler: requireWrite };

  /** Database checks after the schema: every code is a current commune, the codename is free. */
  async function checkWrite(values: JurisdictionWrite, locale: Locale, id?: number): Promise<ResolvedMunicipalities | null> {
    const errors: FieldErrors = {};
    let resolved: ResolvedMunicipalities | null = null;
    if (values.municipalities) {
      resolved = await resolveMunicipalities(app.db, values.municipalities);
      if (resolved.unknown.length > 0) errors.municipalities = [unknownCodesError(locale, resolved.unknown)];
    }
    if (values.codename !== undefined && (await codenameTaken(app.db, values.codename, id))) {
      errors.codename = [validationMessage(locale, 'validation.unique')];
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return resolved;
  }

  /** A codename taken between the check and the write. */
  function codenameConflict(locale: Locale) {
    return new ValidationError({ codename: [validationMessage(locale, 'validation.unique')] });
  }

  app.get<{ Querystring: QueryParams }>('/organisation/jurisdictions/', read, async (request) =>
    paginatedList<Jurisdiction>(app.db, { from: JURISDICTION_FROM, select: JURISDICTION_SELECT }, JURISDICTION_LIST, request, {
      defaultPageSize: jurisdictionsSchema.list.pageSize,
    }),
  );

  app.post('/organisation/jurisdictions/', write, async (request, reply) => {
    const values = await validateJurisdictionWrite(request.body, request.locale, false);
    const resolved = (await checkWrite(values, request.locale))!;
    let id: number;
    try {
      id = await inTransaction(app.db, (client) =>
        insertJurisdiction(client, { display_name: values.display_name!, codename: values.codename! }, resolved),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw codenameConflict(request.locale);
      throw error;
    }
    return reply.code(201).send(await findJurisdiction(app.db, id));
  });

  /** The box of a list of codes, before saving: body {municipalities: [codes] or "a, b"}. */
  app.post('/organisation/jurisdictions/bbox/', read, async (request) => {
    const body = request.body as { municipalities?: unknown } | null;
    const raw = body?.municipalities;
    const codes = typeof raw === 'string' ? raw.split(/[\s,;]+/) : Array.isArray(raw) ? raw.map(String) : null;
    if (!codes) throw new ValidationError({ municipalities: [validationMessage(request.locale, 'validation.required')] });
    return previewBox(codes, request.locale);
  });

  app.get<{ Querystring: QueryParams }>('/organisation/municipalities/bbox/', read, async (request) => {
    const raw = request.query.codename__in;
    const codes = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).split(/[\s,;]+/);
    return previewBox(codes, request.locale);
  });

  async function previewBox(codes: string[], locale: Locale) {
    const resolved = await resolveMunicipalities(app.db, codes);
    if (resolved.unknown.length > 0) throw new ValidationError({ municipalities: [unknownCodesError(locale, resolved.unknown)] });
    if (resolved.known.length === 0) throw new ValidationError({ municipalities: [validationMessage(locale, 'validation.required')] });
    return { municipalities: resolved.known, municipality_count: resolved.known.length, latlon_bounding_box: resolved.bbox };
  }

  app.get<{ Params: { id: string } }>('/organisation/jurisdictions/:id/', read, async (request) => {
    const jurisdiction = await findJurisdiction(app.db, parseId(request.params.id));
    if (!jurisdiction) throw notFound();
    return jurisdiction;
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route<{ Params: { id: string } }>({
      method,
      url: '/organisation/jurisdictions/:id/',
      ...write,
      handler: async (request) => {
        const id = parseId(request.params.id);
        if (!(await findJurisdiction(app.db, id))) throw notFound();
        const values = await validateJurisdictionWrite(request.body, request.locale, method === 'PATCH');
        const resolved = await checkWrite(values, request.locale, id);
        let found: boolean;
        try {
          found = await inTransaction(app.db, (client) => updateJurisdiction(client, id, values, resolved));
        } catch (error) {
          if (isUniqueViolation(error)) throw codenameConflict(request.locale);
          throw error;
        }
        if (!found) throw notFound();
        return findJurisdiction(app.db, id);
      },
    });
  }

  app.delete<{ Params: { id: string } }>('/organisation/jurisdictions/:id/', write, async (request, reply) => {
    const id = parseId(request.params.id);
    const inUse = async () => {
      const names = await attachedOrganisations(app.db, id);
      return new ApiError(409, 'jurisdictionInUse', { code: 'jurisdiction-in-use' }, { names: names.join(', ') });
    };
    if ((await attachedOrganisations(app.db, id)).length > 0) throw await inUse();
    let deleted: number;
    try {
      deleted = (await app.db.query('DELETE FROM jurisdictions WHERE id = $1', [id])).rowCount ?? 0;
    } catch (error) {
      // Attached between the check and the delete (usergroups.jurisdiction_id is ON DELETE RESTRICT).
      if (isForeignKeyViolation(error)) throw await inUse();
      throw error;
    }
    if (deleted === 0) throw notFound();
    return reply.code(204).send();
  });

  app.get<{ Querystring: QueryParams }>('/organisation/municipalities/', read, async (request) => {
    const searching = !!single(request.query.search)?.trim() && !single(request.query.ordering);
    const spec = searching ? MUNICIPALITY_SEARCH_LIST : MUNICIPALITY_LIST;
    return paginatedList<Municipality>(app.db, { from: 'municipalities', select: MUNICIPALITY_SELECT }, spec, request, {
      defaultPageSize: municipalitiesSchema.list.pageSize,
      // Search: any part of the name, accents and case ignored, or the start of the INSEE code.
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
