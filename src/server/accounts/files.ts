/**
 * Files of a usergroup, kept in the database (table usergroup_files) so a deployment on an external
 * DATABASE_URL needs no shared disk: the thumbnail (logo, JPG/PNG, 2 MB) and the convention (PDF,
 * 10 MB). Uploads are multipart with the field `file`; their type is judged by content.
 */
import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/pool.ts';
import { ValidationError } from '../http/errors.ts';
import { t, type MessageKey } from '../i18n.ts';
import { translateValidation } from '../crud/validation.ts';
import { checkImageUpload, detectImageType } from '../uploads/checks.ts';
import { IMAGE_MAX_BYTES } from '../../../schemas/constants.ts';

export type FileKind = 'thumbnail' | 'convention';

export const CONVENTION_MAX_BYTES = 10 * 1024 * 1024;
const PDF_SIGNATURE = Buffer.from('%PDF-');

export interface Upload {
  bytes: Buffer;
  filename: string;
  contentType: string;
}

function fileError(message: string): ValidationError {
  return new ValidationError({ file: [message] });
}

/** Reads the multipart field `file`, at most maxBytes (one byte more is a 400 "too large"). */
async function readFile(request: FastifyRequest, maxBytes: number, tooLarge: string): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw fileError(t(request.locale, 'fileMissing'));
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 }, throwFileSizeLimit: false });
  } catch {
    throw fileError(t(request.locale, 'fileMissing'));
  }
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw fileError(t(request.locale, 'fileMissing'));
  }
  const bytes = await part.toBuffer();
  if (part.file.truncated) throw fileError(tooLarge);
  return { bytes, filename: part.filename ?? '' };
}

/** A JPG or PNG of at most 2 MB, by content ({file: [message]} otherwise). */
export async function readImageUpload(request: FastifyRequest): Promise<Upload> {
  const tooLarge = translateValidation(request.locale, 'validation.imageTooLarge');
  const { bytes, filename } = await readFile(request, IMAGE_MAX_BYTES, tooLarge);
  const problem = checkImageUpload({ bytes, size: bytes.length });
  if (problem) throw fileError(translateValidation(request.locale, problem));
  return { bytes, filename, contentType: detectImageType(bytes)! };
}

/** A PDF (starts with %PDF-) of at most 10 MB. */
export async function readPdfUpload(request: FastifyRequest): Promise<Upload> {
  const { bytes, filename } = await readFile(request, CONVENTION_MAX_BYTES, t(request.locale, 'pdfTooLarge' satisfies MessageKey));
  if (!bytes.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) throw fileError(t(request.locale, 'pdfType'));
  return { bytes, filename, contentType: 'application/pdf' };
}

const STAMP_COLUMNS: Record<FileKind, string> = { thumbnail: 'thumbnail_updated_at', convention: 'convention_updated_at' };

export async function storeFile(db: Db, usergroupId: number, kind: FileKind, upload: Upload): Promise<void> {
  await inTransaction(db, async (client) => {
    await client.query(
      `INSERT INTO usergroup_files (usergroup_id, kind, content, content_type, filename, size, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (usergroup_id, kind) DO UPDATE SET content = EXCLUDED.content, content_type = EXCLUDED.content_type,
         filename = EXCLUDED.filename, size = EXCLUDED.size, updated_at = EXCLUDED.updated_at`,
      [usergroupId, kind, upload.bytes, upload.contentType, upload.filename.slice(0, 255), upload.bytes.length],
    );
    await client.query(`UPDATE usergroups SET ${STAMP_COLUMNS[kind]} = now() WHERE id = $1`, [usergroupId]);
  });
}

export async function deleteFile(db: Db, usergroupId: number, kind: FileKind): Promise<void> {
  await inTransaction(db, async (client) => {
    await client.query('DELETE FROM usergroup_files WHERE usergroup_id = $1 AND kind = $2', [usergroupId, kind]);
    await client.query(`UPDATE usergroups SET ${STAMP_COLUMNS[kind]} = NULL WHERE id = $1`, [usergroupId]);
  });
}

/** Sends the stored file with its type, or returns false when there is none. */
export async function sendFile(db: Db, reply: FastifyReply, usergroupId: number, kind: FileKind): Promise<boolean> {
  const { rows } = await db.query<{ content: Buffer; content_type: string; filename: string; updated_at: Date }>(
    'SELECT content, content_type, filename, updated_at FROM usergroup_files WHERE usergroup_id = $1 AND kind = $2',
    [usergroupId, kind],
  );
  const file = rows[0];
  if (!file) return false;
  const name = (file.filename || `${kind}`).replace(/[^\w.-]+/g, '_');
  reply
    .header('content-type', file.content_type)
    .header('content-length', file.content.length)
    .header('last-modified', file.updated_at.toUTCString())
    .header('cache-control', 'private, max-age=0, must-revalidate')
    .header('content-disposition', `${kind === 'convention' ? 'attachment' : 'inline'}; filename="${name}"`)
    .header('x-content-type-options', 'nosniff');
  await reply.send(file.content);
  return true;
}

/** Prefixes the locale to the file URL fields of a record ('usergroup/…' → '/fr/usergroup/…'). */
export function withFileUrls(fields: readonly string[]) {
  return (row: Record<string, unknown>, request: FastifyRequest): Record<string, unknown> => {
    for (const field of fields) {
      if (typeof row[field] === 'string') row[field] = `/${request.locale}/${row[field] as string}`;
    }
    return row;
  };
}

/** The URL path (under the locale) of a usergroup's file, versioned by its upload time, as SQL. */
export function fileUrlSql(kind: FileKind, idColumn: string, stampColumn: string, path: string): string {
  return `CASE WHEN ${stampColumn} IS NULL THEN NULL
    ELSE '${path}/' || ${idColumn} || '/${kind}/?v=' || floor(extract(epoch FROM ${stampColumn}))::bigint END`;
}
