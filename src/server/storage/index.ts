/**
 * Resource files on local disk, under DATA_DIR/files. A file is written under a temporary name,
 * flushed to disk (fsync) and only then renamed to its key, so a crash never leaves half a file
 * under a key: a key names a complete file or nothing. Files stream in and out, never held whole.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored file's key: two hex characters (its folder), a slash, 32 hex characters. */
const KEY = /^[0-9a-f]{2}\/[0-9a-f]{32}$/;
const TEMPORARY_SUFFIX = '.partial';
/** A temporary file's name: its key, a dot, 8 hex characters and the suffix. */
const TEMPORARY = /^[0-9a-f]{2}\/[0-9a-f]{32}\.[0-9a-f]{8}\.partial$/;

export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = 'StorageLimitError';
  }
}

export function storageRoot(dataDir: string): string {
  return path.join(dataDir, 'files');
}

export function isStorageKey(key: unknown): key is string {
  return typeof key === 'string' && KEY.test(key);
}

/** The file of a key; throws on anything that is not a key (no path can be smuggled in). */
export function storagePath(dataDir: string, key: string): string {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${String(key)}`);
  return path.join(storageRoot(dataDir), key);
}

export interface WriteOptions {
  /** Refuse (StorageLimitError) past this many bytes. */
  maxBytes: number;
  /** Sees every chunk as it passes (content checks, first bytes); throwing stops the write. */
  inspect?: (chunk: Buffer) => void;
  signal?: AbortSignal;
  /** Told the temporary file's name (see removeTemporaryFile) before the first byte is written. */
  onTemporary?: (name: string) => Promise<void> | void;
}

export interface StoredFile {
  key: string;
  size: number;
}

/**
 * Streams `source` into a new file and answers its key once it is complete and on disk. On any
 * failure (source error, limit, inspection, abort) the temporary file is removed and nothing is stored.
 */
export async function writeFile(dataDir: string, source: Readable, options: WriteOptions): Promise<StoredFile> {
  const name = randomBytes(16).toString('hex');
  const key = `${name.slice(0, 2)}/${name}`;
  const finalPath = storagePath(dataDir, key);
  const temporaryName = `${key}.${randomBytes(4).toString('hex')}${TEMPORARY_SUFFIX}`;
  const temporary = path.join(storageRoot(dataDir), temporaryName);
  await mkdir(path.dirname(finalPath), { recursive: true });
  await options.onTemporary?.(temporaryName);
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > options.maxBytes) return callback(new StorageLimitError(options.maxBytes));
      try {
        options.inspect?.(chunk);
      } catch (error) {
        return callback(error as Error);
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(temporary, { flags: 'wx', mode: 0o640 }), { signal: options.signal });
    // fsync flushes the file itself, whichever descriptor asks.
    const handle = await open(temporary, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, finalPath);
    await syncDirectory(path.dirname(finalPath));
    return { key, size };
  } catch (error) {
    source.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Makes a rename durable: the directory entry itself is flushed. */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a directory; the rename is still atomic there.
  } finally {
    await handle.close();
  }
}

/** A stream of the stored file; null when the key names no file. */
export async function readFile(dataDir: string, key: string, options: { start?: number; end?: number } = {}): Promise<{ stream: Readable; size: number } | null> {
  const file = storagePath(dataDir, key);
  try {
    const info = await stat(file);
    return { stream: createReadStream(file, options), size: info.size };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The first `bytes` bytes of a stored file (content checks, column names). */
export async function readHead(dataDir: string, key: string, bytes: number): Promise<Buffer> {
  const handle = await open(storagePath(dataDir, key), 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function deleteFile(dataDir: string, key: string | null | undefined): Promise<void> {
  if (!isStorageKey(key)) return;
  await rm(storagePath(dataDir, key), { force: true });
}

/** Removes the temporary file of a write that will never end (its process stopped); names only, no path. */
export async function removeTemporaryFile(dataDir: string, name: unknown): Promise<void> {
  if (typeof name !== 'string' || !TEMPORARY.test(name)) return;
  await rm(path.join(storageRoot(dataDir), name), { force: true });
}

/** Removes temporary files older than `olderThanMs` (left by a crash); answers how many. */
export async function sweepTemporaryFiles(dataDir: string, olderThanMs = 24 * 3600 * 1000): Promise<number> {
  const root = storageRoot(dataDir);
  let removed = 0;
  let folders: string[];
  try {
    folders = await readdir(root);
  } catch {
    return 0;
  }
  for (const folder of folders) {
    if (!/^[0-9a-f]{2}$/.test(folder)) continue;
    for (const entry of await readdir(path.join(root, folder))) {
      if (!entry.endsWith(TEMPORARY_SUFFIX)) continue;
      const file = path.join(root, folder, entry);
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs >= olderThanMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
  }
  return removed;
}
