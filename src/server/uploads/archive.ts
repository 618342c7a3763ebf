/**
 * Zip archives are inspected before anything opens them (the Shapefile check today, GDAL's
 * /vsizip/ tomorrow): only the central directory is read (yauzl, one entry at a time, nothing
 * inflated), so memory stays bounded whatever the archive declares. Refused, with the limit named:
 * - more than `maxEntries` entries;
 * - more than `maxBytes` uncompressed in all (ARCHIVE_MAX_BYTES);
 * - an entry expanding more than `maxRatio` times (ARCHIVE_MAX_RATIO) once it exceeds
 *   RATIO_FLOOR_BYTES, or the whole archive expanding more than that over its own size;
 * - a name that is absolute, climbs out with `..` or holds a backslash;
 * - a symbolic link.
 * Failures are ArchiveError with a message code of the API catalogue (i18n/api).
 */
import { open, stat } from 'node:fs/promises';
import yauzl from 'yauzl';
import type { MessageKey } from '../i18n.ts';

export const ARCHIVE_MAX_RATIO = 100;
/** Entries at most this large may expand more (a small, regular .dbf or .prj compresses very well). */
export const RATIO_FLOOR_BYTES = 1024 * 1024;
/** Entries an archive may hold: a Shapefile has a handful of files per layer. */
export const ARCHIVE_MAX_ENTRIES = 10_000;

export interface ArchiveLimits {
  /** Total uncompressed bytes. */
  maxBytes: number;
  maxRatio?: number;
  maxEntries?: number;
}

export interface ArchiveEntry {
  name: string;
  size: number;
  compressedSize: number;
  directory: boolean;
}

export class ArchiveError extends Error {
  constructor(
    readonly code: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'ArchiveError';
  }
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Whether the file starts as a zip archive does (local file header, or the end record of an empty one). */
/** Bytes isZip needs from the start of a file. */
export const ZIP_SIGNATURE_BYTES = 4;

/** Whether a file's first bytes are a zip archive's signature. */
export function isZip(head: Buffer): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05);
}

export async function isZipFile(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(ZIP_SIGNATURE_BYTES);
    const { bytesRead } = await file.read(head, 0, ZIP_SIGNATURE_BYTES, 0);
    return isZip(head.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

/** An entry name that would land outside the folder it is extracted to. */
export function isUnsafeEntryName(name: string): boolean {
  return name.includes('\\') || name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.split('/').includes('..');
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // strictFileNames keeps backslashes as they are, so they are refused rather than read as folders.
    yauzl.open(path, { lazyEntries: true, autoClose: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    );
  });
}

/** yauzl refuses these names itself while decoding them (its validateFileName). */
const UNSAFE_NAME_ERROR = /^(absolute path|invalid relative path|invalid characters in fileName)/;

/** The entries of the zip archive at `path`, once every limit is checked; ArchiveError otherwise. */
export async function inspectArchive(path: string, limits: ArchiveLimits): Promise<ArchiveEntry[]> {
  const maxRatio = limits.maxRatio ?? ARCHIVE_MAX_RATIO;
  const maxEntries = limits.maxEntries ?? ARCHIVE_MAX_ENTRIES;
  const archiveSize = (await stat(path)).size;
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(path);
  } catch {
    throw new ArchiveError('archive.unreadable');
  }
  if (zip.entryCount > maxEntries) {
    zip.close();
    throw new ArchiveError('archive.tooManyEntries', { max: maxEntries });
  }
  const entries: ArchiveEntry[] = [];
  let total = 0;
  return new Promise((resolve, reject) => {
    const fail = (error: ArchiveError) => {
      zip.removeAllListeners();
      zip.close();
      reject(error);
    };
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName;
      if (isUnsafeEntryName(name)) return fail(new ArchiveError('archive.unsafeName', { name }));
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
      if (mode === S_IFLNK) return fail(new ArchiveError('archive.symlink', { name }));
      total += entry.uncompressedSize;
      if (total > limits.maxBytes) return fail(new ArchiveError('archive.tooLarge', { max: limits.maxBytes }));
      if (entry.uncompressedSize > RATIO_FLOOR_BYTES && entry.uncompressedSize > maxRatio * entry.compressedSize) {
        return fail(new ArchiveError('archive.ratio', { name, max: maxRatio }));
      }
      entries.push({ name, size: entry.uncompressedSize, compressedSize: entry.compressedSize, directory: name.endsWith('/') });
      zip.readEntry();
    });
    zip.on('end', () => {
      if (total > RATIO_FLOOR_BYTES && total > maxRatio * archiveSize) return fail(new ArchiveError('archive.ratioTotal', { max: maxRatio }));
      resolve(entries);
    });
    zip.on('error', (error: Error) => {
      const name = error.message.replace(/^[^:]*: /, '');
      fail(UNSAFE_NAME_ERROR.test(error.message) ? new ArchiveError('archive.unsafeName', { name }) : new ArchiveError('archive.unreadable'));
    });
    zip.readEntry();
  });
}

/** A Shapefile: at least one .shp with its .shx and .dbf of the same name (any case, any folder). */
export function checkShapefileEntries(entries: readonly ArchiveEntry[]): void {
  const files = new Set(entries.filter((entry) => !entry.directory).map((entry) => entry.name.toLowerCase()));
  const found = [...files].some((name) => {
    if (!name.endsWith('.shp')) return false;
    const base = name.slice(0, -'.shp'.length);
    return files.has(`${base}.shx`) && files.has(`${base}.dbf`);
  });
  if (!found) throw new ArchiveError('archive.notShapefile');
}
