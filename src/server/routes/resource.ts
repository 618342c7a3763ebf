/** Resource API: data formats (start-up list). */
import type { FastifyInstance } from 'fastify';
import type { DataFormat } from '../../../schemas/api.ts';

export default async function resourceRoutes(app: FastifyInstance) {
  app.get('/resource/data-format/', { config: { auth: 'required' } }, async () => {
    const { rows } = await app.db.query<DataFormat>(
      `SELECT id, codename, display_name, extensions, mimetypes, is_structured, is_geographic
         FROM data_formats ORDER BY lower(display_name), id`,
    );
    return rows;
  });
}
