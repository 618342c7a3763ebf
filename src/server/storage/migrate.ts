/**
 * Moves every stored file from one backend to the other under the same key (the database names
 * files by key, so it needs no change). Resumable: a file the target already holds with the same
 * size and checksum is skipped, and writes are atomic on both backends, so a run stopped midway
 * is simply run again. Each copy is read back from the target and checked (size, SHA-256) against
 * what was read from the source; a mismatch is removed and reported. The source is left as it is.
 */
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { meter, type FileStorage } from './keys.ts';

export interface FileMigrationReport {
  copied: number;
  skipped: number;
  failed: Array<{ key: string; reason: string }>;
}

/** The size and SHA-256 of a stored file, read through; null when there is none. */
async function checksum(storage: FileStorage, key: string): Promise<{ size: number; sha256: string } | null> {
  const file = await storage.read(key);
  if (!file) return null;
  const counter = meter({ maxBytes: Number.MAX_SAFE_INTEGER });
  await pipeline(file.stream, counter.stream, new PassThrough().resume());
  return counter.result();
}

export async function migrateFiles(from: FileStorage, to: FileStorage, log: (line: string) => void = () => {}): Promise<FileMigrationReport> {
  const report: FileMigrationReport = { copied: 0, skipped: 0, failed: [] };
  for await (const key of from.keys()) {
    try {
      const size = await from.size(key);
      if (size === null) continue; // removed since listed
      if ((await to.size(key)) === size) {
        const [source, target] = await Promise.all([checksum(from, key), checksum(to, key)]);
        if (source && target && source.sha256 === target.sha256) {
          report.skipped += 1;
          continue;
        }
      }
      const file = await from.read(key);
      if (!file) continue;
      const written = await to.write(file.stream, { key, maxBytes: Number.MAX_SAFE_INTEGER });
      const copy = await checksum(to, key);
      if (written.size !== file.size || !copy || copy.size !== written.size || copy.sha256 !== written.sha256) {
        await to.delete(key);
        throw new Error(`the copy differs from the original (${copy?.size ?? 0} of ${file.size} bytes)`);
      }
      report.copied += 1;
      log(`${key}: ${written.size} bytes, sha256 ${written.sha256}`);
    } catch (error) {
      report.failed.push({ key, reason: (error as Error).message });
      log(`${key}: FAILED, ${(error as Error).message}`);
    }
  }
  return report;
}
