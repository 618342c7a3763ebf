/** Shared by the accounts tests: demo group ids by slug, multipart bodies and tiny files. */
import { IMAGE_MAX_BYTES } from '../../schemas/constants.ts';
import type { TestApp } from './helpers.ts';

export async function groupIds(t: TestApp): Promise<Record<string, number>> {
  const { rows } = await t.db.query<{ id: number; slug: string }>('SELECT id, slug FROM usergroups');
  return Object.fromEntries(rows.map((row) => [row.slug, row.id]));
}

export async function userIds(t: TestApp): Promise<Record<string, number>> {
  const { rows } = await t.db.query<{ id: number; username: string }>('SELECT id, username FROM users');
  return Object.fromEntries(rows.map((row) => [row.username, row.id]));
}

/** A multipart/form-data body holding one file (field `file` unless told). */
export function multipart(bytes: Buffer, filename: string, options: { field?: string; type?: string } = {}) {
  const boundary = `----publish${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${filename}"\r\n` +
    `Content-Type: ${options.type ?? 'application/octet-stream'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** PNG signature followed by zeros: one byte over the 2 MB limit. */
export const OVERSIZED_PNG = Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.alloc(IMAGE_MAX_BYTES + 1 - 8)]);

export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
