/** The GET, PUT and DELETE routes of one file a usergroup keeps (a logo, a convention). */
import type { FastifyRequest } from 'fastify';
import { deleteFile, sendFile, storeFile, type FileKind, type Upload } from '../../accounts/files.ts';
import type { AccessRule, DetailAction } from '../../crud/index.ts';
import { notFound } from '../../http/errors.ts';

interface FileAccess {
  read: AccessRule;
  write: AccessRule;
  remove: AccessRule;
}

export function groupFileActions(kind: FileKind, readUpload: (request: FastifyRequest) => Promise<Upload>, access: FileAccess): DetailAction[] {
  const path = `${kind}/`;
  return [
    {
      method: 'GET',
      path,
      access: access.read,
      handler: async (request, record, reply) => {
        if (!(await sendFile(request.server.db, reply, record.id as number, kind))) throw notFound();
        return reply;
      },
    },
    {
      method: 'PUT',
      path,
      access: access.write,
      handler: async (request, record, _reply, groups) => {
        await storeFile(request.server.db, record.id as number, kind, await readUpload(request));
        return groups.load(request, record.id as number);
      },
    },
    {
      method: 'DELETE',
      path,
      access: access.remove,
      handler: async (request, record, reply) => {
        await deleteFile(request.server.db, record.id as number, kind);
        return reply.code(204).send();
      },
    },
  ];
}
