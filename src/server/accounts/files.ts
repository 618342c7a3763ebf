/**
 * Files of a usergroup or a dataset, kept in the database (tables usergroup_files, dataset_files)
 * so a deployment on an external DATABASE_URL needs no shared disk: the thumbnail (logo, JPG/PNG,
 * 2 MB) and a usergroup's convention (PDF, 10 MB). Uploads are multipart with the field `file`; their type is judged by content, and images
 * are decoded and re-encoded (uploads/images.ts).
 */
import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/pool.ts';
import { ApiError, ValidationError } from '../http/errors.ts';
import { t, type MessageKey } from '../i18n.ts';
import { translateValidation } from '../crud/validation.ts';
import { MAX_UPLOAD_BYTES, MULTIPART_OVERHEAD_BYTES } from '../plugins/multipart.ts';
import { cleanImage } from '../uploads/images.ts';
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE } from '../../../schemas/constants.ts';

export type FileKind = 'thumbnail' | 'convention';

export const CONVENTION_MAX_BYTES = MAX_UPLOAD_BYTES;
const PDF_SIGNATURE = Buffer.from('%PDF-');

export interface Upload {
  bytes: Buffer;
  filename: string;
  contentType: string;
}

function fileError(message: string): ValidationError {
  return new ValidationError({ file: [message] });
}

type FilePart = Extract<Awaited<ReturnType<FastifyRequest['file']>>, object>;

/** The whole file, or null once it goes over maxBytes (the parser cuts it there). */
async function readPart(part: FilePart): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) {
    if (part.file.truncated) return null;
    chunks.push(chunk as Buffer);
  }
  return part.file.truncated ? null : Buffer.concat(chunks);
}

/** The parser's refusals: too many parts, fields or files is a 413, anything else malformed a 400. */
function uploadError(request: FastifyRequest, error: unknown): Error {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT') return new ApiError(413, 'uploadTooManyParts');
  return fileError(t(request.locale, 'uploadMalformed'));
}

/**
 * Reads the multipart part `file`, at most maxBytes (more is a 400 "too large"); other fields are
 * skipped within the limits of plugins/multipart.ts, which also drops what follows the file.
 */
export async function readFile(request: FastifyRequest, maxBytes: number, tooLarge: string): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw fileError(t(request.locale, 'fileMissing'));
  // A declared length that cannot hold a file of at most maxBytes is refused before reading.
  if (Number(request.headers['content-length']) > maxBytes + MULTIPART_OVERHEAD_BYTES) throw fileError(tooLarge);
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') break;
      const bytes = await readPart(part);
      if (!bytes) throw fileError(tooLarge);
      return { bytes, filename: part.filename ?? '' };
    }
  } catch (error) {
    throw error instanceof ValidationError ? error : uploadError(request, error);
  }
  throw fileError(t(request.locale, 'fileMissing'));
}

/** A JPG or PNG of at most 2 MB and IMAGE_MAX_SIDE pixels a side, re-encoded ({file: [message]} otherwise). */
export async function readImageUpload(request: FastifyRequest): Promise<Upload> {
  const tooLarge = translateValidation(request.locale, 'validation.imageTooLarge');
  const { bytes, filename } = await readFile(request, IMAGE_MAX_BYTES, tooLarge);
  const image = await cleanImage(bytes);
  if ('problem' in image) throw fileError(translateValidation(request.locale, image.problem, { max: IMAGE_MAX_SIDE }));
  return { bytes: image.bytes, filename, contentType: image.type };
}

/** A PDF (starts with %PDF-) of at most 10 MB. */
export async function readPdfUpload(request: FastifyRequest): Promise<Upload> {
  const { bytes, filename } = await readFile(request, CONVENTION_MAX_BYTES, t(request.locale, 'pdfTooLarge' satisfies MessageKey));
  if (!bytes.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) throw fileError(t(request.locale, 'pdfType'));
  return { bytes, filename, contentType: 'application/pdf' };
}

const STAMP_COLUMNS: Record<FileKind, string> = { thumbnail: 'thumbnail_updated_at', convention: 'convention_updated_at' };

/** Where the files of one kind of owner live: the file table, its owner column, the owners' table (which stamps uploads). */
export interface FileStore {
  files: string;
  ownerColumn: string;
  owners: string;
}

export const USERGROUP_FILES: FileStore = { files: 'usergroup_files', ownerColumn: 'usergroup_id', owners: 'usergroups' };
export const DATASET_FILES: FileStore = { files: 'dataset_files', ownerColumn: 'dataset_id', owners: 'datasets' };

export async function storeFile(db: Db, ownerId: number, kind: FileKind, upload: Upload, store = USERGROUP_FILES): Promise<void> {
  await inTransaction(db, async (client) => {
    await client.query(
      `INSERT INTO ${store.files} (${store.ownerColumn}, kind, content, content_type, filename, size, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (${store.ownerColumn}, kind) DO UPDATE SET content = EXCLUDED.content, content_type = EXCLUDED.content_type,
         filename = EXCLUDED.filename, size = EXCLUDED.size, updated_at = EXCLUDED.updated_at`,
      [ownerId, kind, upload.bytes, upload.contentType, upload.filename.slice(0, 255), upload.bytes.length],
    );
    await client.query(`UPDATE ${store.owners} SET ${STAMP_COLUMNS[kind]} = now() WHERE id = $1`, [ownerId]);
  });
}

export async function deleteFile(db: Db, ownerId: number, kind: FileKind, store = USERGROUP_FILES): Promise<void> {
  await inTransaction(db, async (client) => {
    await client.query(`DELETE FROM ${store.files} WHERE ${store.ownerColumn} = $1 AND kind = $2`, [ownerId, kind]);
    await client.query(`UPDATE ${store.owners} SET ${STAMP_COLUMNS[kind]} = NULL WHERE id = $1`, [ownerId]);
  });
}

/** Sends the stored file with its type, or returns false when there is none. */
export async function sendFile(db: Db, reply: FastifyReply, ownerId: number, kind: FileKind, store = USERGROUP_FILES): Promise<boolean> {
  const { rows } = await db.query<{ content: Buffer; content_type: string; filename: string; updated_at: Date }>(
    `SELECT content, content_type, filename, updated_at FROM ${store.files} WHERE ${store.ownerColumn} = $1 AND kind = $2`,
    [ownerId, kind],
  );
  const file = rows[0];
  if (!file) return false;
  const name = (file.filename || `${kind}`).replace(/[^\w.-]+/g, '_');
  reply
    .header('content-type', file.content_type)
    .header('content-length', file.content.length)
    .header('last-modified', file.updated_at.toUTCString())
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

/** The URL path (under the locale) of an owner's file, versioned by its upload time, as SQL. */
export function fileUrlSql(kind: FileKind, idColumn: string, stampColumn: string, path: string): string {
  return `CASE WHEN ${stampColumn} IS NULL THEN NULL
    ELSE '${path}/' || ${idColumn} || '/${kind}/?v=' || floor(extract(epoch FROM ${stampColumn}))::bigint END`;
}
