/**
 * The stored file of a resource's source (uploaded, downloaded from its URL or copied from the
 * FTP folder): GET /{locale}/resource/{file-upload|file-download|ftp}/{id}/file/, streamed from
 * storage, with byte ranges (`Range: bytes=a-b`, 206; outside the file, 416). Its editors and
 * whoever a dataset holding it opens to at the 'download' level may download it; others who see
 * the resource get 403, the rest 404, as does a source without a current file.
 */
import type { FastifyInstance } from 'fastify';
import { parseId } from '../crud/index.ts';
import { ApiError, notFound, permissionDenied } from '../http/errors.ts';
import type { RouteDoc } from '../openapi/route-doc.ts';
import { canDownloadResource, resourceReach } from '../resources/access.ts';
import { storageOf } from '../storage/index.ts';

const FILE_KINDS = ['file-upload', 'file-download', 'ftp'] as const;

/** The range asked by a `Range: bytes=…` header over a file of `size` bytes; null for the whole file, 'invalid' past its end. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    // The last N bytes.
    const length = Math.min(Number(match[2]), size);
    return length === 0 ? 'invalid' : { start: size - length, end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start >= size || end < start ? 'invalid' : { start, end };
}

export default async function resourceFileRoutes(app: FastifyInstance) {
  for (const kind of FILE_KINDS) {
    const openapi: RouteDoc = { summary: `Downloads the current file of a ${kind} source (byte ranges accepted)`, produces: ['application/octet-stream'], also: { 206: { description: 'The byte range asked' } } };
    app.get<{ Params: { id: string } }>(`/resource/${kind}/:id/file/`, { config: { auth: 'required', openapi } }, async (request, reply) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound();
      const { rows } = await app.db.query<{ resource_id: number; storage_key: string | null; filename: string | null }>(
        'SELECT resource_id, storage_key, filename FROM resource_sources WHERE id = $1 AND kind = $2',
        [id, kind],
      );
      const source = rows[0];
      if (!source || (await resourceReach(app.db, request.user!, source.resource_id)) === 'none' || !source.storage_key) throw notFound();
      // Seen through a dataset open at 'search' or 'consultation' only: its data is not theirs to take.
      if (!(await canDownloadResource(app.db, request.user!, source.resource_id))) throw permissionDenied();
      const storage = storageOf(app.config);
      const size = await storage.size(source.storage_key);
      if (size === null) throw notFound();
      const range = byteRange(request.headers.range, size);
      if (range === 'invalid') {
        reply.header('content-range', `bytes */${size}`);
        throw new ApiError(416, 'rangeNotSatisfiable');
      }
      const file = await storage.read(source.storage_key, range ?? {});
      if (!file) throw notFound();
      const name = (source.filename || 'file').replace(/[^\w.-]+/g, '_');
      reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff');
      if (range) {
        reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`).header('content-length', range.end - range.start + 1);
      } else {
        reply.header('content-length', size);
      }
      return reply.send(file.stream);
    });
  }
}
