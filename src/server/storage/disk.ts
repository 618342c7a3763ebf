/**
 * Resource files on local disk, under DATA_DIR/files. A file is written under a temporary name,
 * flushed to disk (fsync) and only then renamed to its key, so a crash never leaves half a file
 * under a key: a key names a complete file or nothing. Files stream in and out, never held whole.
 */
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FOLDER, isStorageKey, meter, newKey, storageKey, TEMPORARY, TEMPORARY_SUFFIX, temporaryName, type FileStorage, type ReadRange, type StoredFile, type WriteOptions } from './keys.ts';

export function storageRoot(dataDir: string): string {
  return path.join(dataDir, 'files');
}

/** The file of a key; throws on anything that is not a key (no path can be smuggled in). */
export function storagePath(dataDir: string, key: string): string {
  return path.join(storageRoot(dataDir), storageKey(key));
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

export function diskStorage(dataDir: string): FileStorage {
  const root = storageRoot(dataDir);

  async function write(source: Readable, options: WriteOptions): Promise<StoredFile> {
    const key = options.key === undefined ? newKey() : storageKey(options.key);
    const finalPath = storagePath(dataDir, key);
    const temporary = temporaryName(key);
    const temporaryPath = path.join(root, temporary);
    await mkdir(path.dirname(finalPath), { recursive: true });
    await options.onTemporary?.(temporary);
    const counter = meter(options);
    try {
      await pipeline(source, counter.stream, createWriteStream(temporaryPath, { flags: 'wx', mode: 0o640 }), { signal: options.signal });
      // fsync flushes the file itself, whichever descriptor asks.
      const handle = await open(temporaryPath, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporaryPath, finalPath);
      await syncDirectory(path.dirname(finalPath));
      return { key, ...counter.result() };
    } catch (error) {
      source.destroy();
      await rm(temporaryPath, { force: true });
      throw error;
    }
  }

  async function read(key: string, range: ReadRange = {}) {
    const file = storagePath(dataDir, key);
    try {
      const info = await stat(file);
      return { stream: createReadStream(file, range) as Readable, size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  return {
    backend: 'disk',
    write,
    read,
    async head(key, bytes) {
      const handle = await open(storagePath(dataDir, key), 'r');
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async size(key) {
      const info = await stat(storagePath(dataDir, key)).catch(() => null);
      return info ? info.size : null;
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await rm(storagePath(dataDir, key), { force: true });
    },
    async copy(key) {
      const file = await read(key);
      if (!file) throw new Error(`No stored file ${key}`);
      return write(file.stream, { maxBytes: Number.MAX_SAFE_INTEGER });
    },
    withLocalFile: async (key, use, signal) => {
      signal?.throwIfAborted();
      return use(storagePath(dataDir, key));
    },
    async removeTemporary(name) {
      if (typeof name !== 'string' || !TEMPORARY.test(name)) return;
      await rm(path.join(root, name), { force: true });
    },
    async sweep(olderThanMs = 24 * 3600 * 1000) {
      let removed = 0;
      for (const folder of await readdir(root).catch(() => [] as string[])) {
        if (!FOLDER.test(folder)) continue;
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
    },
    async *keys() {
      for (const folder of (await readdir(root).catch(() => [] as string[])).sort()) {
        if (!FOLDER.test(folder)) continue;
        for (const entry of (await readdir(path.join(root, folder))).sort()) {
          const key = `${folder}/${entry}`;
          if (isStorageKey(key)) yield key;
        }
      }
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
