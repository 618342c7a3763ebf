/** Resource API: data formats (start-up list, and `?search=` on their name, codename or extension; NUL ignored, as in every search). */
import type { FastifyInstance } from 'fastify';
import type { DataFormat } from '../../../schemas/api.ts';

const strings = { type: 'array', items: { type: 'string' } };
const FORMATS_DOC = {
  summary: 'The data formats, by name',
  query: { search: { type: 'string', description: 'Part of the name or codename, or an extension' } },
  response: {
    type: 'array',
    items: {
      type: 'object',
      required: ['id', 'codename', 'display_name', 'extensions', 'mimetypes', 'is_structured', 'is_geographic'],
      properties: {
        id: { type: 'integer' },
        codename: { type: 'string' },
        display_name: { type: 'string' },
        extensions: strings,
        mimetypes: strings,
        is_structured: { type: 'boolean' },
        is_geographic: { type: 'boolean' },
      },
    },
  },
};

export default async function resourceRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { search?: string } }>('/resource/data-format/', { config: { auth: 'required', openapi: FORMATS_DOC } }, async (request) => {
    const search = typeof request.query.search === 'string' ? request.query.search.replaceAll('\u0000', '').trim().slice(0, 100).toLowerCase() : '';
    const { rows } = await app.db.query<DataFormat>(
      `SELECT id, codename, display_name, extensions, mimetypes, is_structured, is_geographic
         FROM data_formats
        WHERE $1 = '' OR strpos(lower(display_name), $1) > 0 OR strpos(codename, $1) > 0 OR $1 = ANY(extensions)
        ORDER BY lower(display_name), id`,
      [search],
    );
    return rows;
  });
}
