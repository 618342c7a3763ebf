/** Dataset licences (/{locale}/dataset/licenses/): read by whoever may open Data, written by superusers. */
import type { FastifyInstance } from 'fastify';
import { canAccessData, canEditLookupLists } from '../../../schemas/access.ts';
import { licences } from '../../../schemas/licences.ts';
import { registerEntity } from '../crud/index.ts';

export default async function licenceRoutes(app: FastifyInstance) {
  registerEntity(app, {
    schema: licences,
    sql: { from: 'licences l', alias: 'l', searchColumns: [`l.title || ' ' || l.alternate_title`] },
    write: { table: 'licences', unique: { licences_title_key: 'title' } },
    access: {
      list: (user) => canAccessData(user),
      retrieve: (user) => canAccessData(user),
      create: (user) => canEditLookupLists(user),
      update: (user) => canEditLookupLists(user),
      destroy: (user) => canEditLookupLists(user),
    },
  });
}
