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

/** The media types each kind of file is kept in (checked by content on upload). */
const MEDIA_TYPES: Record<FileKind, string[]> = { thumbnail: ['image/png', 'image/jpeg'], convention: ['application/pdf'] };

export function groupFileActions(kind: FileKind, readUpload: (request: FastifyRequest) => Promise<Upload>, access: FileAccess): DetailAction[] {
  const path = `${kind}/`;
  return [
    {
      method: 'GET',
      path,
      access: access.read,
      doc: { summary: `The group's ${kind}`, produces: MEDIA_TYPES[kind] },
      handler: async (request, record, reply) => {
        if (!(await sendFile(request.server.db, reply, record.id as number, kind))) throw notFound();
        return reply;
      },
    },
    {
      method: 'PUT',
      path,
      access: access.write,
      answersRecord: true,
      doc: { summary: `Replace the group's ${kind} (multipart, part \`file\`: ${MEDIA_TYPES[kind].join(' or ')})`, upload: { file: 'file' } },
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
